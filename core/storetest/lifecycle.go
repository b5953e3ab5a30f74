package storetest

import (
	"context"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
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

// RunLifecycle checks the account lifecycle store.
func RunLifecycle(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("password, e-mail, phone", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		kim, lee := user(t, e, "kim"), user(t, e, "lee")
		if got, err := e.Life.ActiveByEmail(ctx, "KIM@example.com"); err != nil || len(got) != 1 || got[0].PK != kim.PK {
			t.Fatalf("by e-mail: %+v %v", got, err)
		}
		if got, _ := e.Life.ActiveByEmail(ctx, "nobody@example.com"); len(got) != 0 {
			t.Fatalf("unknown address found %+v", got)
		}
		if err := e.Life.SetPassword(ctx, kim.PK, "new-hash"); err != nil {
			t.Fatal(err)
		}
		if u, _ := e.Users.ByPK(ctx, kim.PK); u.PasswordHash != "new-hash" || u.TokenVersion != kim.TokenVersion+1 {
			t.Fatalf("password change kept the sessions or the hash: %+v", u)
		}
		wantField(t, e.Life.SetEmail(ctx, kim.PK, "LEE@example.com"), "email", account.CodeEmailOccupied)
		if err := e.Life.SetEmail(ctx, kim.PK, "kim.new@example.com"); err != nil {
			t.Fatal(err)
		}
		if u, _ := e.Users.ByPK(ctx, kim.PK); u.Email != "kim.new@example.com" {
			t.Fatalf("e-mail not changed: %+v", u)
		}
		if p, err := e.Life.Profile(ctx, lee.PK); err != nil || p.Phone != "" {
			t.Fatalf("new profile: %+v %v", p, err)
		}
		if err := e.Life.SetProfile(ctx, lee.PK, account.Profile{Phone: "01012345678"}); err != nil {
			t.Fatal(err)
		}
		if p, _ := e.Life.Profile(ctx, lee.PK); p.Phone != "01012345678" {
			t.Fatalf("phone: %+v", p)
		}
		if p, _ := e.Life.Profile(ctx, kim.PK); p.Phone != "" {
			t.Fatalf("another account's phone: %+v", p)
		}
		_, err := e.Life.Profile(ctx, kim.PK+1000)
		wantCode(t, err, apperr.KindNotFound, "user.not_found")
		wantCode(t, e.Life.SetPassword(ctx, kim.PK+1000, "h"), apperr.KindNotFound, "user.not_found")
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
		if err := e.Life.SetProfile(ctx, kim.PK, account.Profile{Phone: "01012345678"}); err != nil {
			t.Fatal(err)
		}
		for _, d := range []document.Document{doc(sub, "kim-1", "00001", 0), doc(draft, "lee-2", "00003", 0), doc(draft, "lee-1", "00001", 0)} {
			if _, _, err := e.Docs.Put(ctx, d); err != nil {
				t.Fatal(err)
			}
		}
		c, err := e.Life.Close(ctx, kim.PK, base)
		if err != nil || c.Unlinked != 1 || c.Drafts != 0 || len(c.Files) != 0 {
			t.Fatalf("close kim: %+v, %v", c, err)
		}
		h, err := e.Apps.Get(ctx, sub)
		if err != nil || h.UserID != "" || h.State.Status != application.Submit {
			t.Fatalf("submitted application after withdrawal: %+v %v", h, err)
		}
		u, _ := e.Users.ByPK(ctx, kim.PK)
		if u.Status != account.StatusWithdraw || u.Email != "" || u.PasswordHash != "" || len(u.Roles) != 0 ||
			u.TokenVersion != kim.TokenVersion+1 || u.LastLoginAt != nil {
			t.Fatalf("closed account keeps data: %+v", u)
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
		c, err = e.Life.Close(ctx, lee.PK, base)
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
		if err := e.Users.RecordLogin(ctx, old.PK, base.AddDate(-3, 0, 0), "en"); err != nil {
			t.Fatal(err)
		}
		if err := e.Users.RecordLogin(ctx, recent.PK, base.AddDate(0, 0, -1), "ko"); err != nil {
			t.Fatal(err)
		}
		if err := e.Users.RecordLogin(ctx, gone.PK, base.AddDate(-4, 0, 0), "ko"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Life.Close(ctx, gone.PK, base); err != nil {
			t.Fatal(err)
		}
		got, err := e.Life.DormancyCandidates(ctx, base.AddDate(-1, 0, 0), 10)
		if err != nil || len(got) != 1 || got[0].UserID != "old" || !got[0].LastActive.Equal(base.AddDate(-3, 0, 0)) ||
			got[0].Email != "old@example.com" || got[0].Locale != "en" || got[0].NotifiedAt != nil {
			t.Fatalf("candidates: %+v %v", got, err)
		}
		if err := e.Life.MarkDormancyNotified(ctx, old.PK, base); err != nil {
			t.Fatal(err)
		}
		got, _ = e.Life.DormancyCandidates(ctx, base.AddDate(-1, 0, 0), 10)
		if len(got) != 1 || got[0].NotifiedAt == nil || !got[0].NotifiedAt.Equal(base) {
			t.Fatalf("notice not recorded: %+v", got)
		}
		if got, _ := e.Life.DormancyCandidates(ctx, base.AddDate(-1, 0, 0), 0); len(got) != 0 {
			t.Fatalf("limit ignored: %+v", got)
		}
	})
}
