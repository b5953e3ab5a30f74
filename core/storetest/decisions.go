package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
)

// DecisionEnv is a fresh Env (with Apps and Users, which decisions refer
// to) and the decision stores on the same database.
type DecisionEnv struct {
	Env
	Decisions decision.Decisions
	Releases  decision.Releases
}

var messages = map[decision.Kind]decision.Message{
	decision.Admit:    {Ko: "합격을 축하합니다.", En: "Congratulations."},
	decision.Waitlist: {Ko: "예비 합격입니다.", En: "You are on the waitlist."},
	decision.Reject:   {Ko: "아쉽게도 불합격입니다.", En: "We regret."},
}

// decided stores an application of userID and its decision.
func decided(t *testing.T, e DecisionEnv, userID string, kind decision.Kind, rank int) int64 {
	t.Helper()
	ctx := context.Background()
	n := app(t, e.Env, userID)
	h, err := e.Apps.Get(ctx, n)
	if err != nil {
		t.Fatal(err)
	}
	h.State = application.State{Status: application.Complete}
	d, err := decision.New(h, kind, rank, "admin", base)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Decisions.Create(ctx, d); err != nil {
		t.Fatal(err)
	}
	return n
}

// RunDecisions checks the decision and release stores.
func RunDecisions(t *testing.T, newEnv func(t *testing.T) DecisionEnv) {
	t.Run("a decision is created once and changed only through Update", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		ctx := context.Background()
		_, err := e.Decisions.Get(ctx, 1)
		wantCode(t, err, apperr.KindNotFound, decision.CodeNoDecision)
		wantCode(t, e.Decisions.Update(ctx, 1, func(context.Context, *decision.Decision) error { return nil }),
			apperr.KindNotFound, decision.CodeNoDecision)
		n := decided(t, e, "applicant1", decision.Waitlist, 3)
		d, err := e.Decisions.Get(ctx, n)
		if err != nil || d.Kind() != decision.Waitlist || d.Rank() != 3 || d.UserID() != "applicant1" || d.Round() != e.Round ||
			d.DecidedBy() != "admin" || !d.DecidedAt().Equal(base) || d.MailedAt() != nil {
			t.Fatalf("read back %+v %v", d.Data(), err)
		}
		wantCode(t, e.Decisions.Create(ctx, d), apperr.KindConflict, decision.CodeExists)
		if err := e.Decisions.Update(ctx, n, func(_ context.Context, d *decision.Decision) error {
			_ = d.Change(decision.Admit, 0, "x", base)
			return errBoom
		}); err != errBoom {
			t.Fatal(err)
		}
		if err := e.Decisions.Update(ctx, n, func(_ context.Context, d *decision.Decision) error {
			d.MarkMailed(base.Add(time.Hour))
			return d.Change(decision.Admit, 0, "admin2", base.Add(time.Minute))
		}); err != nil {
			t.Fatal(err)
		}
		d, _ = e.Decisions.Get(ctx, n)
		if d.Kind() != decision.Admit || d.Rank() != 0 || d.DecidedBy() != "admin2" || !d.MailedAt().Equal(base.Add(time.Hour)) {
			t.Fatalf("after update %+v", d.Data())
		}
	})

	t.Run("result mails go in batches, each decision once", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		ctx := context.Background()
		a := decided(t, e, "applicant1", decision.Admit, 0)
		b := decided(t, e, "applicant2", decision.Reject, 0)
		c := decided(t, e, "applicant3", decision.Waitlist, 1)
		if list, err := e.Decisions.ForRound(ctx, e.Round); err != nil || len(list) != 3 || list[0].ApplNo() != a || list[2].ApplNo() != c {
			t.Fatalf("for round %d %v", len(list), err)
		}
		if list, _ := e.Decisions.ForRound(ctx, e.Unknown); len(list) != 0 {
			t.Fatalf("another round has %d", len(list))
		}
		mark := func(ctx context.Context, list []*decision.Decision) error {
			for _, d := range list {
				d.MarkMailed(base)
			}
			return nil
		}
		if _, err := e.Decisions.MailBatch(ctx, e.Round, 2, func(ctx context.Context, list []*decision.Decision) error {
			_ = mark(ctx, list)
			return errBoom
		}); err != errBoom {
			t.Fatal(err)
		}
		var got []int64
		n, err := e.Decisions.MailBatch(ctx, e.Round, 2, func(ctx context.Context, list []*decision.Decision) error {
			for _, d := range list {
				got = append(got, d.ApplNo())
			}
			return mark(ctx, list)
		})
		if err != nil || n != 2 || len(got) != 2 || got[0] != a || got[1] != b {
			t.Fatalf("first batch %d %v %v", n, got, err)
		}
		if n, err := e.Decisions.MailBatch(ctx, e.Round, 2, mark); err != nil || n != 1 {
			t.Fatalf("second batch %d %v", n, err)
		}
		if n, err := e.Decisions.MailBatch(ctx, e.Round, 2, mark); err != nil || n != 0 {
			t.Fatalf("third batch %d %v", n, err)
		}
		if d, _ := e.Decisions.Get(ctx, c); d.MailedAt() == nil {
			t.Fatal("not marked mailed")
		}
	})

	t.Run("a release is created once, changed through Update, and due once released with mails left", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		ctx := context.Background()
		_, err := e.Releases.Get(ctx, e.Round)
		wantCode(t, err, apperr.KindNotFound, decision.CodeNoRelease)
		wantCode(t, e.Releases.Update(ctx, e.Round, func(context.Context, *decision.Release) error { return nil }),
			apperr.KindNotFound, decision.CodeNoRelease)
		at := base.Add(24 * time.Hour)
		r, err := decision.NewRelease(e.Round, at, messages, "admin", base)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Releases.Create(ctx, r); err != nil {
			t.Fatal(err)
		}
		wantCode(t, e.Releases.Create(ctx, r), apperr.KindConflict, decision.CodeReleaseExists)
		got, err := e.Releases.Get(ctx, e.Round)
		if err != nil || !got.At().Equal(at) || got.Message(decision.Reject) != messages[decision.Reject] || got.SetBy() != "admin" ||
			!got.SetAt().Equal(base) || got.Round() != e.Round {
			t.Fatalf("read back %+v %v", got.Data(), err)
		}
		due := func(now time.Time) int {
			t.Helper()
			list, err := e.Releases.Due(ctx, now)
			if err != nil {
				t.Fatal(err)
			}
			return len(list)
		}
		if due(at) != 0 {
			t.Fatal("due without decisions")
		}
		decided(t, e, "applicant1", decision.Admit, 0)
		if due(at.Add(-time.Second)) != 0 || due(at) != 1 {
			t.Fatal("due before or not at the release time")
		}
		later := at.Add(time.Hour)
		if err := e.Releases.Update(ctx, e.Round, func(_ context.Context, r *decision.Release) error {
			return r.Reschedule(later, messages, "admin2", base)
		}); err != nil {
			t.Fatal(err)
		}
		if got, _ := e.Releases.Get(ctx, e.Round); !got.At().Equal(later) || got.SetBy() != "admin2" {
			t.Fatalf("after update %+v", got.Data())
		}
		if _, err := e.Decisions.MailBatch(ctx, e.Round, 10, func(_ context.Context, l []*decision.Decision) error {
			l[0].MarkMailed(later)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if due(later) != 0 {
			t.Fatal("due with every mail queued")
		}
	})
}
