package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/permission"
)

// advance moves an application with no required steps to status to.
func advance(t *testing.T, e Env, applNo int64, to ...application.Status) {
	t.Helper()
	steps, _ := application.NewSteps()
	err := e.Apps.Update(context.Background(), applNo, func(_ context.Context, a *application.Application) error {
		for _, s := range to {
			var err error
			switch s {
			case application.Submit:
				err = a.Submit(steps, base)
			case application.VbankIssue:
				err = a.IssueVirtualAccount(steps, base)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("advance %d to %v: %v", applNo, to, err)
	}
}

// change runs a member's change through Users.Update and fails the test on
// an error.
func change(t *testing.T, e Env, pk int64, fn func(m *account.Member) error) {
	t.Helper()
	if err := e.Users.Update(context.Background(), pk, func(_ context.Context, m *account.Member) error { return fn(m) }); err != nil {
		t.Fatalf("update member %d: %v", pk, err)
	}
}

// closeAccount closes an account as the use cases do: the member closed and
// what it leaves detached, in one transaction.
func closeAccount(e Env, pk int64) (account.Closed, error) {
	var c account.Closed
	err := e.Users.Update(context.Background(), pk, func(ctx context.Context, m *account.Member) error {
		if err := m.Close(base); err != nil {
			return err
		}
		var err error
		c, err = e.Life.Detach(ctx, pk)
		return err
	})
	return c, err
}

// RunLifecycle checks the account lifecycle store.
func RunLifecycle(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("by e-mail and profile", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		kim, lee := user(t, e, "kim"), user(t, e, "lee")
		if got, err := e.Life.ActiveByEmail(ctx, "KIM@example.com"); err != nil || len(got) != 1 || got[0].PK != kim.PK {
			t.Fatalf("by e-mail: %+v %v", got, err)
		}
		if got, _ := e.Life.ActiveByEmail(ctx, "nobody@example.com"); len(got) != 0 {
			t.Fatalf("unknown address found %+v", got)
		}
		if p, err := e.Life.Profile(ctx, lee.PK); err != nil || p.Phone != "" {
			t.Fatalf("new profile: %+v %v", p, err)
		}
		change(t, e, lee.PK, func(m *account.Member) error { return m.ChangePhone("010-1234-5678") })
		if p, _ := e.Life.Profile(ctx, lee.PK); p.Phone != "01012345678" {
			t.Fatalf("phone: %+v", p)
		}
		if p, _ := e.Life.Profile(ctx, kim.PK); p.Phone != "" {
			t.Fatalf("another account's phone: %+v", p)
		}
		_, err := e.Life.Profile(ctx, kim.PK+1000)
		wantCode(t, err, apperr.KindNotFound, account.CodeUserNotFound)
		_, err = e.Life.Detach(ctx, kim.PK+1000)
		wantCode(t, err, apperr.KindNotFound, account.CodeUserNotFound)
	})
	t.Run("close keeps submitted applications unlinked and deletes drafts", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		sub, draft, busy := app(t, e, "kim"), app(t, e, "lee"), app(t, e, "park")
		advance(t, e, sub, application.Submit)
		advance(t, e, busy, application.Submit, application.VbankIssue)
		kim, _ := e.Users.ByUserID(ctx, "kim")
		lee, _ := e.Users.ByUserID(ctx, "lee")
		park, _ := e.Users.ByUserID(ctx, "park")
		for _, c := range []struct {
			u    account.User
			want bool
		}{{kim, false}, {lee, false}, {park, true}} {
			if got, err := e.Life.PaymentInFlight(ctx, c.u.PK); err != nil || got != c.want {
				t.Fatalf("payment in flight of %s: %v %v", c.u.UserID, got, err)
			}
		}
		if e.Payments != nil {
			// A card payment still proceeding holds the withdrawal too.
			n := app(t, e, "choi")
			if err := e.Payments.Insert(ctx, attempt("gl-1", n, "choi", base)); err != nil {
				t.Fatal(err)
			}
			choi, _ := e.Users.ByUserID(ctx, "choi")
			if got, err := e.Life.PaymentInFlight(ctx, choi.PK); err != nil || !got {
				t.Fatalf("a proceeding attempt is not in flight: %v %v", got, err)
			}
		}
		change(t, e, kim.PK, func(m *account.Member) error { return m.ChangePhone("01012345678") })
		for _, d := range []document.Document{doc(sub, "kim-1", "00001", 0), doc(draft, "lee-2", "00003", 0), doc(draft, "lee-1", "00001", 0)} {
			if _, _, err := e.Docs.Put(ctx, d); err != nil {
				t.Fatal(err)
			}
		}
		roleUsers := 0
		if e.Members != nil {
			roleUsers, _ = e.Members.CountRole(ctx, permission.RoleUser)
		}
		c, err := closeAccount(e, kim.PK)
		if err != nil || c.Unlinked != 1 || c.Drafts != 0 || len(c.Files) != 0 {
			t.Fatalf("close kim: %+v, %v", c, err)
		}
		h, err := e.Apps.Get(ctx, sub)
		if err != nil || h.UserID != "" || h.State.Status != application.Submit {
			t.Fatalf("submitted application after withdrawal: %+v %v", h, err)
		}
		u, _ := e.Users.ByPK(ctx, kim.PK)
		if u.Status != account.StatusWithdraw || u.Email != "" || u.PasswordHash != "" || len(u.Roles) != 0 ||
			u.TokenVersion != kim.TokenVersion+1 || u.LastLoginAt != nil || u.SchoolCode != "" {
			t.Fatalf("closed account keeps data: %+v", u)
		}
		if e.Members != nil {
			if n, err := e.Members.CountRole(ctx, permission.RoleUser); err != nil || n != roleUsers-1 {
				t.Fatalf("a closed account keeps its role: %d of %d %v", n, roleUsers, err)
			}
		}
		var closedAt *time.Time
		change(t, e, kim.PK, func(m *account.Member) error { closedAt = m.ClosedAt(); return nil })
		if closedAt == nil || !closedAt.Equal(base) {
			t.Fatalf("closed at: %v", closedAt)
		}
		if p, _ := e.Life.Profile(ctx, kim.PK); p.Phone != "" {
			t.Fatalf("closed account keeps its phone: %+v", p)
		}
		if taken, _ := e.Users.UserIDTaken(ctx, "kim"); !taken {
			t.Fatal("a closed account's id is free for someone else")
		}
		if list, _ := e.Apps.ListByUser(ctx, "kim"); len(list) != 0 {
			t.Fatalf("still listed under the old id: %+v", list)
		}
		c, err = closeAccount(e, lee.PK)
		if err != nil || c.Unlinked != 0 || c.Drafts != 1 || !slices.Equal(c.Files, []string{"stored-lee-1", "stored-lee-2"}) {
			t.Fatalf("close lee: %+v, %v", c, err)
		}
		_, err = e.Apps.Get(ctx, draft)
		wantCode(t, err, apperr.KindNotFound, application.CodeNotFound)
		if got, _ := e.Life.ActiveByEmail(ctx, "kim@example.com"); len(got) != 0 {
			t.Fatalf("closed account found by e-mail: %+v", got)
		}
	})
	t.Run("dormancy candidates", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		old, recent, gone := user(t, e, "old"), user(t, e, "recent"), user(t, e, "gone")
		change(t, e, old.PK, func(m *account.Member) error { return m.RecordLogin(base.AddDate(-3, 0, 0), "en") })
		change(t, e, recent.PK, func(m *account.Member) error { return m.RecordLogin(base.AddDate(0, 0, -1), "ko") })
		change(t, e, gone.PK, func(m *account.Member) error { return m.RecordLogin(base.AddDate(-4, 0, 0), "ko") })
		if _, err := closeAccount(e, gone.PK); err != nil {
			t.Fatal(err)
		}
		got, err := e.Life.DormancyCandidates(ctx, base.AddDate(-1, 0, 0), 10)
		if err != nil || len(got) != 1 || got[0].UserID != "old" || !got[0].LastActive.Equal(base.AddDate(-3, 0, 0)) ||
			got[0].Email != "old@example.com" || got[0].Locale != "en" || got[0].NotifiedAt != nil {
			t.Fatalf("candidates: %+v %v", got, err)
		}
		change(t, e, old.PK, func(m *account.Member) error { return m.NoteDormancyNotice(base) })
		got, _ = e.Life.DormancyCandidates(ctx, base.AddDate(-1, 0, 0), 10)
		if len(got) != 1 || got[0].NotifiedAt == nil || !got[0].NotifiedAt.Equal(base) {
			t.Fatalf("notice not recorded: %+v", got)
		}
		if got, _ := e.Life.DormancyCandidates(ctx, base.AddDate(-1, 0, 0), 0); len(got) != 0 {
			t.Fatalf("limit ignored: %+v", got)
		}
		// A sign-in after the notice: the member is no longer a candidate,
		// and the notice no longer stands.
		change(t, e, old.PK, func(m *account.Member) error { return m.RecordLogin(base, "en") })
		if got, _ := e.Life.DormancyCandidates(ctx, base.AddDate(-1, 0, 0), 10); len(got) != 0 {
			t.Fatalf("signed in yet a candidate: %+v", got)
		}
		var notified *time.Time
		change(t, e, old.PK, func(m *account.Member) error { notified = m.NotifiedAt(); return nil })
		if notified != nil {
			t.Fatalf("the notice outlives a sign-in: %v", notified)
		}
	})
}
