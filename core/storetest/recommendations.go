package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
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

// addReq asks for a letter of applNo to email through the store's Add (a
// round asking for letters letters), its first key being keyHash.
func addReq(ctx context.Context, e Env, applNo int64, email, keyHash string, letters int) (recommendation.Req, error) {
	return e.Recs.Add(ctx, applNo, func(live []recommendation.Req) (*recommendation.Req, error) {
		return recommendation.NewReq(recommendation.Ask{ApplNo: applNo, Round: e.Round, ApplicantUserID: "reqowner", ApplicantName: "김지원",
			Request: recommendation.Request{ProfName: "Prof Lee", Email: email, Institution: "KU", Position: "Professor"},
			Locale:  "en"}, live, letters, keyHash, base)
	})
}

func mustAdd(t *testing.T, e Env, applNo int64, email string) recommendation.Req {
	t.Helper()
	r, err := addReq(context.Background(), e, applNo, email, "first-"+email, 5)
	if err != nil || r.No() == 0 || r.Status() != recommendation.Sent {
		t.Fatalf("add %s: %+v %v", email, r, err)
	}
	return r
}

func update(t *testing.T, e Env, no int64, fn func(r *recommendation.Req) error) {
	t.Helper()
	if err := e.Recs.Update(context.Background(), no, func(_ context.Context, r *recommendation.Req) error { return fn(r) }); err != nil {
		t.Fatal(err)
	}
}

var (
	letterQ2 = recommendation.Letter{Answers: map[string]string{"rec_form_q2": "first\n\nsecond"}, ProfSign: "Lee"}
	profLee  = recommendation.Profile{Email: "lee@example.com", Name: "Lee", Institution: "KU", Position: "Professor", Phone: "010-1234-5678"}
)

func sameTime(a *time.Time, b time.Time) bool { return a != nil && a.Equal(b) }

// RunRecommendations checks requests (Add under the application's lock,
// lookup by key, lists, Update writing back every change a method makes
// and rolling back with its transaction, the key's uniqueness), profiles
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

	t.Run("add, key lookup, lists", func(t *testing.T) {
		e, applNo := setup(t)
		a := mustAdd(t, e, applNo, "lee@example.com")
		b := mustAdd(t, e, applNo, "park@example.com")
		if a.ApplNo() != applNo || a.Round() != e.Round || a.ApplicantName() != "김지원" || a.Locale() != "en" ||
			!a.CreatedAt().Equal(base) || !slices.Equal(a.KeyHashes(), []string{"first-lee@example.com"}) || b.No() <= a.No() {
			t.Fatalf("added: %+v %+v", a.Data(), b.Data())
		}
		update(t, e, a.No(), func(r *recommendation.Req) error {
			if err := r.Resend("hash-a"); err != nil {
				return err
			}
			return r.SaveDraft(letterQ2, profLee, base.Add(time.Hour))
		})
		for _, h := range []string{"hash-a", "first-lee@example.com"} {
			got, err := e.Recs.ByKey(ctx, h)
			if err != nil || got.No() != a.No() || got.Letter().Answers["rec_form_q2"] != "first\n\nsecond" || got.Letter().ProfSign != "Lee" ||
				got.Status() != recommendation.Creating || !sameTime(got.SavedAt(), base.Add(time.Hour)) || got.Email() != "lee@example.com" ||
				got.Profile() != profLee {
				t.Fatalf("by key %s: %+v %v", h, got.Data(), err)
			}
		}
		if _, err := e.Recs.ByKey(ctx, "other"); apperr.CodeOf(err) != recommendation.CodeNoRequest {
			t.Fatalf("unknown key: %v", err)
		}
		if _, err := e.Recs.ByKey(ctx, ""); apperr.KindOf(err) != apperr.KindNotFound {
			t.Fatalf("empty key: %v", err)
		}
		list, _ := e.Recs.ForApplication(ctx, applNo)
		if len(list) != 2 || list[0].No() != a.No() || list[1].No() != b.No() {
			t.Fatalf("for application: %+v", list)
		}
		mine, _ := e.Recs.ForEmail(ctx, "park@example.com")
		if len(mine) != 1 || mine[0].No() != b.No() {
			t.Fatalf("for email: %+v", mine)
		}
		update(t, e, b.No(), func(r *recommendation.Req) error { return r.Cancel(recommendation.ByApplicant) })
		if got, _ := e.Recs.Get(ctx, b.No()); !got.Cancelled() || len(got.KeyHashes()) != 0 {
			t.Fatalf("cancelled: %+v", got.Data())
		}
		if _, err := e.Recs.ByKey(ctx, "first-park@example.com"); apperr.CodeOf(err) != recommendation.CodeNoRequest {
			t.Fatalf("a cancelled request's key: %v", err)
		}
		list, _ = e.Recs.ForApplication(ctx, applNo)
		if mine, _ = e.Recs.ForEmail(ctx, "park@example.com"); len(list) != 1 || len(mine) != 0 {
			t.Fatalf("cancelled still listed: %+v %+v", list, mine)
		}
		open, _ := e.Recs.Unfinished(ctx)
		if len(open) != 1 || open[0].No() != a.No() {
			t.Fatalf("unfinished: %+v", open)
		}
		if _, err := e.Recs.Get(ctx, 99999); apperr.CodeOf(err) != recommendation.CodeNoRequest {
			t.Fatalf("unknown number: %v", err)
		}
		err := e.Recs.Update(ctx, 99999, func(context.Context, *recommendation.Req) error { return nil })
		if apperr.CodeOf(err) != recommendation.CodeNoRequest {
			t.Fatalf("update of an unknown number: %v", err)
		}
	})

	t.Run("update writes back what each method changed", func(t *testing.T) {
		e, applNo := setup(t)
		a := mustAdd(t, e, applNo, "lee@example.com")
		at := func(h int) time.Time { return base.Add(time.Duration(h) * time.Hour) }
		update(t, e, a.No(), func(r *recommendation.Req) error { r.MailRefused("550 no such user", at(1)); return nil })
		if got, _ := e.Recs.Get(ctx, a.No()); !sameTime(got.MailRefusedAt(), at(1)) || got.MailSentAt() != nil || got.MailError() != "550 no such user" {
			t.Fatalf("refused: %+v", got.Data())
		}
		update(t, e, a.No(), func(r *recommendation.Req) error { r.MailTaken(at(2)); return nil })
		update(t, e, a.No(), func(r *recommendation.Req) error { return r.Open(3, at(3)) })
		update(t, e, a.No(), func(r *recommendation.Req) error {
			_, err := r.AttachFile("추천서.pdf", "stored-1", 1234)
			return err
		})
		update(t, e, a.No(), func(r *recommendation.Req) error {
			if sent, err := r.Remind("hash-remind", at(4)); !sent || err != nil {
				return fmt.Errorf("remind: %v %v", sent, err)
			}
			return nil
		})
		update(t, e, a.No(), func(r *recommendation.Req) error { return r.Submit(letterQ2, profLee, "pdf-1", at(5)) })
		got, err := e.Recs.Get(ctx, a.No())
		if err != nil || !sameTime(got.MailSentAt(), at(2)) || got.MailRefusedAt() != nil || got.MailError() != "" ||
			!sameTime(got.OpenedAt(), at(3)) || got.TemplateVersion() != 3 || got.FileName() != "추천서.pdf" || got.FileStored() != "stored-1" ||
			got.FileSize() != 1234 || !sameTime(got.RemindedAt(), at(4)) || !got.HasKey("hash-remind") || !got.HasKey("first-lee@example.com") ||
			got.Status() != recommendation.Completed || !sameTime(got.SubmittedAt(), at(5)) || !sameTime(got.SavedAt(), at(5)) ||
			got.PDFStored() != "pdf-1" || got.Profile() != profLee || got.Letter().ProfSign != "Lee" {
			t.Fatalf("after the letter's life: %+v %v", got.Data(), err)
		}
		if open, _ := e.Recs.Unfinished(ctx); len(open) != 0 {
			t.Fatalf("a completed letter is unfinished: %+v", open)
		}
		// A rule that changes nothing writes nothing and fails nothing.
		update(t, e, a.No(), func(r *recommendation.Req) error {
			if sent, err := r.Remind("hash-again", at(6)); sent || err != nil {
				return fmt.Errorf("second reminder: %v %v", sent, err)
			}
			return nil
		})
		if again, _ := e.Recs.Get(ctx, a.No()); again.HasKey("hash-again") || !sameTime(again.RemindedAt(), at(4)) {
			t.Fatalf("no-op update changed the row: %+v", again.Data())
		}
	})

	t.Run("add holds the application's lock: the round's limit holds under concurrency", func(t *testing.T) {
		e, applNo := setup(t)
		const tries = 6
		var wg sync.WaitGroup
		errs := make([]error, tries)
		for i := range tries {
			wg.Go(func() {
				_, errs[i] = addReq(ctx, e, applNo, fmt.Sprintf("r%d@example.com", i), fmt.Sprintf("key-%d", i), 2)
			})
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case apperr.CodeOf(err) != recommendation.CodeEnough:
				t.Fatalf("concurrent add: %v", err)
			}
		}
		list, _ := e.Recs.ForApplication(ctx, applNo)
		if ok != 2 || len(list) != 2 {
			t.Fatalf("%d adds passed a limit of 2, %d stored", ok, len(list))
		}
		// A cancelled request frees its place; fn's error stores nothing.
		update(t, e, list[0].No(), func(r *recommendation.Req) error { return r.Cancel(recommendation.BySupport) })
		_, err := e.Recs.Add(ctx, applNo, func(live []recommendation.Req) (*recommendation.Req, error) {
			if len(live) != 1 || live[0].No() != list[1].No() {
				return nil, fmt.Errorf("live: %+v", live)
			}
			return nil, errBoom
		})
		if !errors.Is(err, errBoom) {
			t.Fatal(err)
		}
		if _, err := addReq(ctx, e, applNo, list[1].Email(), "key-dup", 2); apperr.KindOf(err) != apperr.KindInvalid {
			t.Fatalf("the same address twice: %v", err)
		}
		if _, err := addReq(ctx, e, applNo, "new@example.com", "key-new", 2); err != nil {
			t.Fatalf("after a cancel: %v", err)
		}
		if _, err := addReq(ctx, e, 99999, "x@example.com", "key-x", 2); err == nil {
			t.Fatal("a request added to an application that does not exist")
		}
	})

	t.Run("a failed update leaves the row as it was; a key is unique", func(t *testing.T) {
		e, applNo := setup(t)
		a := mustAdd(t, e, applNo, "lee@example.com")
		b := mustAdd(t, e, applNo, "park@example.com")
		err := e.Recs.Update(ctx, a.No(), func(_ context.Context, r *recommendation.Req) error {
			if err := r.Submit(letterQ2, profLee, "", base); err != nil {
				return err
			}
			return errBoom
		})
		if !errors.Is(err, errBoom) {
			t.Fatal(err)
		}
		if got, _ := e.Recs.Get(ctx, a.No()); got.Status() != recommendation.Sent || got.SubmittedAt() != nil {
			t.Fatalf("rolled back change kept: %+v", got.Data())
		}
		update(t, e, a.No(), func(r *recommendation.Req) error { return r.Resend("same") })
		err = e.Recs.Update(ctx, b.No(), func(_ context.Context, r *recommendation.Req) error { return r.Resend("same") })
		if apperr.KindOf(err) != apperr.KindConflict {
			t.Fatalf("duplicate key hash: %v", err)
		}
		if got, _ := e.Recs.Get(ctx, b.No()); got.HasKey("same") {
			t.Fatal("a refused key kept")
		}
		if _, err := addReq(ctx, e, applNo, "choi@example.com", "same", 5); apperr.KindOf(err) != apperr.KindConflict {
			t.Fatalf("a new request with a key in use: %v", err)
		}
		// An outbox row written in the failed update's transaction is gone too.
		before := pending(t, e)
		_ = e.Tx.InTx(ctx, func(ctx context.Context) error {
			return e.Recs.Update(ctx, a.No(), func(ctx context.Context, r *recommendation.Req) error {
				if err := e.Outbox.Enqueue(ctx, "mail:send", map[string]any{"n": 1}); err != nil {
					return err
				}
				return errBoom
			})
		})
		if pending(t, e) != before {
			t.Fatal("outbox row of a rolled back update kept")
		}
		// And one written with an Add that fails with its transaction.
		_ = e.Tx.InTx(ctx, func(ctx context.Context) error {
			if _, err := addReq(ctx, e, applNo, "kang@example.com", "key-kang", 5); err != nil {
				return err
			}
			if err := e.Outbox.Enqueue(ctx, "mail:send", map[string]any{"n": 2}); err != nil {
				return err
			}
			return errBoom
		})
		if list, _ := e.Recs.ForApplication(ctx, applNo); len(list) != 2 || pending(t, e) != before {
			t.Fatalf("a rolled back add kept: %d requests", len(list))
		}
	})

	t.Run("profiles and template versions", func(t *testing.T) {
		e, applNo := setup(t)
		if _, ok, err := e.Recs.Profile(ctx, "lee@example.com"); ok || err != nil {
			t.Fatalf("unknown profile: %v %v", ok, err)
		}
		p := profLee
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
		if !ok || got.Version != 2 || got.Letters != 3 || !got.FileRequired || !got.Same(t2) || got.Round != e.Round {
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
		r := mustAdd(t, e, applNo, "lee@example.com")
		update(t, e, r.No(), func(x *recommendation.Req) error { return x.Open(2, base) })
		if used, _ := e.Recs.UsesTemplate(ctx, e.Round, 2); !used {
			t.Fatal("version 2 not in use")
		}
	})
}
