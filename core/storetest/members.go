package storetest

import (
	"context"
	"slices"
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
		change(t, e, u.PK, func(m *account.Member) error { return m.ChangeStatus(account.StatusInactive) })
		got, err := e.Users.ByPK(ctx, u.PK)
		if err != nil || got.Status != account.StatusInactive || got.TokenVersion == u.TokenVersion {
			t.Fatalf("status: %+v %v", got, err)
		}
		if n, err := e.Members.CountRole(ctx, permission.RoleUser); err != nil || n != 0 {
			t.Fatalf("inactive accounts do not count: %d %v", n, err)
		}
		change(t, e, u.PK, func(m *account.Member) error { return m.ChangeStatus(account.StatusActive) })
		change(t, e, u.PK, func(m *account.Member) error {
			return m.ChangeRoles([]permission.Role{permission.RoleSchoolAdmin, permission.RoleTimeIndependent}, e.Round.SchoolCode)
		})
		got, _ = e.Users.ByPK(ctx, u.PK)
		if !slices.Equal(got.Roles, []permission.Role{permission.RoleSchoolAdmin, permission.RoleTimeIndependent}) ||
			got.SchoolCode != e.Round.SchoolCode || got.TokenVersion != u.TokenVersion+3 {
			t.Fatalf("roles: %+v", got)
		}
		if st, err := e.Users.Session(ctx, "kim", "jti"); err != nil || !slices.Equal(st.Roles, got.Roles) || st.SchoolCode != e.Round.SchoolCode {
			t.Fatalf("the session sees other roles: %+v %v", st, err)
		}
		if n, err := e.Members.CountRole(ctx, permission.RoleSchoolAdmin); err != nil || n != 1 {
			t.Fatalf("count: %d %v", n, err)
		}
		if n, err := e.Members.CountRole(ctx, permission.RoleUser); err != nil || n != 0 {
			t.Fatalf("a removed role still counts: %d %v", n, err)
		}
		change(t, e, u.PK, func(m *account.Member) error { return m.ChangeRoles([]permission.Role{permission.RoleSysAdmin}, "") })
		if got, _ = e.Users.ByPK(ctx, u.PK); !slices.Equal(got.Roles, []permission.Role{permission.RoleSysAdmin}) || got.SchoolCode != "" {
			t.Fatalf("unbound: %+v", got)
		}
		if ok, err := e.Members.SchoolExists(ctx, "NOPE"); err != nil || ok {
			t.Fatalf("unknown school exists: %v %v", ok, err)
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
