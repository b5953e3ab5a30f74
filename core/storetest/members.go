package storetest

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/permission"
)

// RunMembers checks member management's store (account.Members): status
// and roles revoke the sessions, the measures are kept in order, and a
// LIMIT is resolved once and then no longer overdue.
func RunMembers(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("status, roles and role count", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Members == nil {
			t.Skip("no members store")
		}
		u := user(t, e, "kim")
		if err := e.Members.SetStatus(ctx, u.PK, account.StatusInactive); err != nil {
			t.Fatal(err)
		}
		got, err := e.Users.ByPK(ctx, u.PK)
		if err != nil || got.Status != account.StatusInactive || got.TokenVersion == u.TokenVersion {
			t.Fatalf("status: %+v %v", got, err)
		}
		if n, err := e.Members.CountRole(ctx, permission.RoleUser); err != nil || n != 0 {
			t.Fatalf("inactive accounts do not count: %d %v", n, err)
		}
		if err := e.Members.SetStatus(ctx, u.PK, account.StatusActive); err != nil {
			t.Fatal(err)
		}
		if err := e.Members.SetRoles(ctx, u.PK, []permission.Role{permission.RoleSchoolAdmin}, e.Round.SchoolCode); err != nil {
			t.Fatal(err)
		}
		got, _ = e.Users.ByPK(ctx, u.PK)
		if len(got.Roles) != 1 || got.Roles[0] != permission.RoleSchoolAdmin || got.SchoolCode != e.Round.SchoolCode {
			t.Fatalf("roles: %+v", got)
		}
		if n, err := e.Members.CountRole(ctx, permission.RoleSchoolAdmin); err != nil || n != 1 {
			t.Fatalf("count: %d %v", n, err)
		}
	})
	t.Run("measures and the fix period", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Members == nil {
			t.Skip("no members store")
		}
		u := user(t, e, "kim")
		if err := e.Members.AddSanction(ctx, account.Sanction{UserPK: u.PK, Kind: account.SanctionLimit, Cause: account.CauseFalseInfo,
			Note: "n", FixBy: "2026-03-20", By: "admin", CreatedAt: base}); err != nil {
			t.Fatal(err)
		}
		if err := e.Members.AddSanction(ctx, account.Sanction{UserPK: u.PK, Kind: account.SanctionSuspend, Cause: account.CauseOther,
			Note: "n", By: "admin", CreatedAt: base.Add(1e9)}); err != nil {
			t.Fatal(err)
		}
		list, err := e.Members.Sanctions(ctx, u.PK)
		if err != nil || len(list) != 2 || list[0].Kind != account.SanctionLimit || list[0].FixBy != "2026-03-20" || !list[0].Open() ||
			list[0].ID == 0 || list[1].Open() {
			t.Fatalf("sanctions: %+v %v", list, err)
		}
		if due, err := e.Members.OverdueLimits(ctx, "2026-03-20"); err != nil || len(due) != 0 {
			t.Fatalf("on the fix-by day: %+v %v", due, err)
		}
		due, err := e.Members.OverdueLimits(ctx, "2026-03-21")
		if err != nil || len(due) != 1 || due[0].ID != list[0].ID {
			t.Fatalf("overdue: %+v %v", due, err)
		}
		if ok, err := e.Members.Resolve(ctx, due[0].ID, account.ResolutionEnded, base); err != nil || !ok {
			t.Fatalf("resolve: %v %v", ok, err)
		}
		if ok, err := e.Members.Resolve(ctx, due[0].ID, account.ResolutionFixed, base); err != nil || ok {
			t.Fatalf("resolve twice: %v %v", ok, err)
		}
		if due, _ := e.Members.OverdueLimits(ctx, "2026-03-21"); len(due) != 0 {
			t.Fatalf("a resolved limit is not overdue: %+v", due)
		}
		list, _ = e.Members.Sanctions(ctx, u.PK)
		if list[0].Resolution != account.ResolutionEnded || list[0].ResolvedAt == nil || !list[0].ResolvedAt.Equal(base) {
			t.Fatalf("resolved: %+v", list[0])
		}
	})
}
