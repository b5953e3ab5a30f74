package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/recommendation"
)

// Recommendations is every port of the recommendation store.
type Recommendations interface {
	recommendation.Store
	recommendation.Profiles
	recommendation.Templates
}

// RunRecommendations checks requests (lookup by key, lists, row updates
// that roll back with their transaction, the key's uniqueness), profiles
// and template versions.
func RunRecommendations(t *testing.T, newEnv New) {
	ctx := context.Background()
	setup := func(t *testing.T) (Env, int64) {
		e := newEnv(t)
		if e.Recs == nil {
			t.Skip("no recommendation store")
		}
		return e, app(t, e, "reqowner")
	}
	newReq := func(applNo int64, e Env, email string) recommendation.Req {
		return recommendation.Req{ApplNo: applNo, Round: e.Round, ApplicantUserID: "reqowner", ApplicantName: "김지원",
			Request: recommendation.Request{ProfName: "Prof Lee", Email: email, Institution: "KU", Position: "Professor"},
			Locale:  "en", Status: recommendation.Sent, CreatedAt: base}
	}

	t.Run("create, key lookup, lists", func(t *testing.T) {
		e, applNo := setup(t)
		a, err := e.Recs.Create(ctx, newReq(applNo, e, "lee@example.com"))
		if err != nil || a.No == 0 {
			t.Fatalf("create: %+v %v", a, err)
		}
		b, _ := e.Recs.Create(ctx, newReq(applNo, e, "park@example.com"))
		if err := e.Recs.Update(ctx, a.No, func(_ context.Context, r *recommendation.Req) error {
			r.KeyHashes = []string{"hash-0", "hash-a"}
			r.Letter = recommendation.Letter{Answers: map[string]string{"rec_form_q2": "first\n\nsecond"}, ProfSign: "Lee"}
			r.Status = recommendation.Creating
			at := base.Add(time.Hour)
			r.SavedAt = &at
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		got, err := e.Recs.ByKey(ctx, "hash-a")
		if err != nil || got.No != a.No || got.Letter.Answers["rec_form_q2"] != "first\n\nsecond" || got.Status != recommendation.Creating ||
			got.SavedAt == nil || !got.SavedAt.Equal(base.Add(time.Hour)) || got.Request.Email != "lee@example.com" {
			t.Fatalf("by key: %+v %v", got, err)
		}
		if _, err := e.Recs.ByKey(ctx, "other"); apperr.CodeOf(err) != recommendation.CodeNoRequest {
			t.Fatalf("unknown key: %v", err)
		}
		if _, err := e.Recs.ByKey(ctx, ""); apperr.KindOf(err) != apperr.KindNotFound {
			t.Fatalf("empty key: %v", err)
		}
		list, _ := e.Recs.ForApplication(ctx, applNo)
		if len(list) != 2 || list[0].No != a.No || list[1].No != b.No {
			t.Fatalf("for application: %+v", list)
		}
		mine, _ := e.Recs.ForEmail(ctx, "park@example.com")
		if len(mine) != 1 || mine[0].No != b.No {
			t.Fatalf("for email: %+v", mine)
		}
		if err := e.Recs.Update(ctx, b.No, func(_ context.Context, r *recommendation.Req) error { r.Cancelled = true; return nil }); err != nil {
			t.Fatal(err)
		}
		list, _ = e.Recs.ForApplication(ctx, applNo)
		if mine, _ = e.Recs.ForEmail(ctx, "park@example.com"); len(list) != 1 || len(mine) != 0 {
			t.Fatalf("cancelled still listed: %+v %+v", list, mine)
		}
		open, _ := e.Recs.Unfinished(ctx)
		if len(open) != 1 || open[0].No != a.No {
			t.Fatalf("unfinished: %+v", open)
		}
		if _, err := e.Recs.Get(ctx, 99999); apperr.CodeOf(err) != recommendation.CodeNoRequest {
			t.Fatalf("unknown number: %v", err)
		}
	})

	t.Run("a failed update leaves the row as it was; a key is unique", func(t *testing.T) {
		e, applNo := setup(t)
		a, _ := e.Recs.Create(ctx, newReq(applNo, e, "lee@example.com"))
		b, _ := e.Recs.Create(ctx, newReq(applNo, e, "park@example.com"))
		err := e.Recs.Update(ctx, a.No, func(_ context.Context, r *recommendation.Req) error {
			r.Status = recommendation.Completed
			return errBoom
		})
		if !errors.Is(err, errBoom) {
			t.Fatal(err)
		}
		if got, _ := e.Recs.Get(ctx, a.No); got.Status != recommendation.Sent {
			t.Fatalf("rolled back change kept: %v", got.Status)
		}
		_ = e.Recs.Update(ctx, a.No, func(_ context.Context, r *recommendation.Req) error { r.KeyHashes = []string{"same"}; return nil })
		err = e.Recs.Update(ctx, b.No, func(_ context.Context, r *recommendation.Req) error { r.KeyHashes = []string{"x", "same"}; return nil })
		if apperr.KindOf(err) != apperr.KindConflict {
			t.Fatalf("duplicate key hash: %v", err)
		}
		// An outbox row written in the failed update's transaction is gone too.
		before := pending(t, e)
		_ = e.Tx.InTx(ctx, func(ctx context.Context) error {
			return e.Recs.Update(ctx, a.No, func(ctx context.Context, r *recommendation.Req) error {
				if err := e.Outbox.Enqueue(ctx, "mail:send", map[string]any{"n": 1}); err != nil {
					return err
				}
				return errBoom
			})
		})
		if pending(t, e) != before {
			t.Fatal("outbox row of a rolled back update kept")
		}
	})

	t.Run("profiles and template versions", func(t *testing.T) {
		e, applNo := setup(t)
		if _, ok, err := e.Recs.Profile(ctx, "lee@example.com"); ok || err != nil {
			t.Fatalf("unknown profile: %v %v", ok, err)
		}
		p := recommendation.Profile{Email: "lee@example.com", Name: "Lee", Institution: "KU", Position: "Professor", Phone: "010-1234-5678"}
		_ = e.Recs.PutProfile(ctx, p)
		p.Position = "Dean"
		_ = e.Recs.PutProfile(ctx, p)
		if got, ok, _ := e.Recs.Profile(ctx, "lee@example.com"); !ok || got != p {
			t.Fatalf("profile: %+v", got)
		}
		if _, ok, err := e.Recs.Latest(ctx, e.Round); ok || err != nil {
			t.Fatalf("no template yet: %v %v", ok, err)
		}
		t1 := recommendation.DefaultTemplate(e.Round)
		t1.Version = 1
		t2 := t1
		t2.Version, t2.Letters, t2.FileRequired = 2, 3, true
		for _, x := range []recommendation.Template{t1, t2} {
			if err := e.Recs.PutTemplate(ctx, x); err != nil {
				t.Fatal(err)
			}
		}
		got, ok, _ := e.Recs.Latest(ctx, e.Round)
		if !ok || got.Version != 2 || got.Letters != 3 || !got.FileRequired || !got.Same(t2) {
			t.Fatalf("latest: %+v", got)
		}
		if v1, err := e.Recs.Version(ctx, e.Round, 1); err != nil || !v1.Same(t1) {
			t.Fatalf("version 1: %+v %v", v1, err)
		}
		if _, err := e.Recs.Version(ctx, e.Round, 7); apperr.KindOf(err) != apperr.KindNotFound {
			t.Fatalf("unknown version: %v", err)
		}
		if used, _ := e.Recs.UsesTemplate(ctx, e.Round, 2); used {
			t.Fatal("unused version in use")
		}
		r, _ := e.Recs.Create(ctx, newReq(applNo, e, "lee@example.com"))
		_ = e.Recs.Update(ctx, r.No, func(_ context.Context, x *recommendation.Req) error { x.TemplateVersion = 2; return nil })
		if used, _ := e.Recs.UsesTemplate(ctx, e.Round, 2); !used {
			t.Fatal("version 2 not in use")
		}
	})
}
