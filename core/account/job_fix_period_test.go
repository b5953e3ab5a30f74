package account_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
)

type noticeMails struct{ sent []mailmsg.MembershipNotice }

func (m *noticeMails) Queue(_ context.Context, _, _ string, msg mailmsg.Message) error {
	m.sent = append(m.sent, msg.(mailmsg.MembershipNotice))
	return nil
}

// A limit not fixed by the end of its fix-by day ends membership when the
// daily job runs (audited, mailed, sessions revoked); running it again does
// nothing more; a limit staff marked fixed is left alone.
func TestFixPeriodEndsUnfixedLimits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := memstore.New()
	clk := &fixedClock{t: time.Date(2026, 3, 10, 3, 0, 0, 0, time.UTC)} // 12:00 in Seoul
	users := &userStore{Users: memstore.Users{Store: store}}
	m := &noticeMails{}
	s := &account.Service{Users: users, Members: memstore.Members{Store: store}, Mailer: m, Tx: store, Clock: clk, Access: users}
	for _, id := range []string{"admin", "kim", "lee"} {
		roles := []permission.Role{permission.RoleUser}
		if id == "admin" {
			roles = []permission.Role{permission.RoleSysAdmin}
		}
		users.add(t, account.NewUser{UserID: id, Email: id + "@example.com", PasswordHash: "h", Roles: roles, Locale: "en", AgreedAt: clk.t})
	}
	admin := permission.Principal{UserID: "admin", Roles: []permission.Role{permission.RoleSysAdmin}}
	for _, id := range []string{"kim", "lee"} {
		sc, err := s.Sanction(ctx, admin, id, account.SanctionInput{Kind: account.SanctionLimit, Cause: account.CauseFalseInfo, Note: "wrong degree"})
		if err != nil || sc.FixBy != "2026-03-20" {
			t.Fatalf("limit %s: %+v %v", id, sc, err)
		}
	}
	if _, err := s.MarkFixed(ctx, admin, "lee", "diploma corrected"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.MarkFixed(ctx, admin, "lee", "again"); apperr.CodeOf(err) != account.CodeNoOpenLimit {
		t.Fatalf("fixed twice: %v", err)
	}
	run := func(at time.Time) account.FixPeriodReport {
		t.Helper()
		clk.t = at
		r, err := s.RunFixPeriod(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// The whole fix-by day (Seoul) is still the member's.
	if r := run(time.Date(2026, 3, 20, 14, 59, 0, 0, time.UTC)); len(r.Ended) != 0 {
		t.Fatalf("on the last day: %+v", r)
	}
	mailsBefore := len(m.sent)
	r := run(time.Date(2026, 3, 20, 15, 0, 0, 0, time.UTC)) // 00:00 on the 21st in Seoul
	if !slices.Equal(r.Ended, []string{"kim"}) {
		t.Fatalf("after the fix-by day: %+v", r)
	}
	kim, _ := users.ByUserID(ctx, "kim")
	lee, _ := users.ByUserID(ctx, "lee")
	if kim.Status != account.StatusWithdraw || lee.Status != account.StatusActive {
		t.Fatalf("statuses: kim %s, lee %s", kim.Status, lee.Status)
	}
	if len(m.sent) != mailsBefore+1 || !m.sent[len(m.sent)-1].Ended || m.sent[len(m.sent)-1].UserID != "kim" {
		t.Fatalf("kim is mailed: %+v", m.sent)
	}
	list, _ := s.Members.Sanctions(ctx, kim.PK)
	if len(list) != 2 || list[0].Resolution != account.ResolutionEnded || list[1].Kind != account.SanctionEnd || list[1].By != account.SystemActor {
		t.Fatalf("kim's measures: %+v", list)
	}
	// Idempotent: a second run ends nobody and mails nobody, and is audited too.
	if r := run(time.Date(2026, 3, 21, 15, 0, 0, 0, time.UTC)); len(r.Ended) != 0 || len(m.sent) != mailsBefore+1 {
		t.Fatalf("second run: %+v", r)
	}
	runs := 0
	for _, e := range users.access {
		if e.Action == "job.fix_period" && e.Actor == account.SystemActor {
			runs++
		}
	}
	if runs != 3 {
		t.Fatalf("every run is audited: %d", runs)
	}
}
