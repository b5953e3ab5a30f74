package storetest

import (
	"context"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// RunUsers checks the account store.
func RunUsers(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("create, find, conflicts", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		u := user(t, e, "Kim01")
		if u.PK == 0 || u.Status != account.StatusActive || u.TokenVersion != 0 || u.LastLoginAt != nil ||
			!slices.Equal(u.Roles, []permission.Role{permission.RoleUser}) || u.Locale != "ko" {
			t.Fatalf("created: %+v", u)
		}
		for _, id := range []string{"kim01", "KIM01"} {
			got, err := e.Users.ByUserID(ctx, id)
			if err != nil || got.PK != u.PK {
				t.Fatalf("by user id %s, any case: %+v %v", id, got, err)
			}
		}
		if got, err := e.Users.ByPK(ctx, u.PK); err != nil || got.UserID != "Kim01" || got.Email != "Kim01@example.com" {
			t.Fatalf("by key: %+v %v", got, err)
		}
		_, err := e.Users.ByUserID(ctx, "nobody")
		wantCode(t, err, apperr.KindNotFound, "user.not_found")
		_, err = e.Users.ByPK(ctx, u.PK+1000)
		wantCode(t, err, apperr.KindNotFound, "user.not_found")
		_, err = e.Users.Create(ctx, member(t, account.NewUser{UserID: "KIM01", Email: "other@example.com", PasswordHash: "h", Locale: "ko",
			Roles: []permission.Role{permission.RoleUser}}))
		wantField(t, err, "userId", account.CodeUserIDOccupied)
		_, err = e.Users.Create(ctx, member(t, account.NewUser{UserID: "other", Email: "KIM01@EXAMPLE.COM", PasswordHash: "h", Locale: "ko",
			Roles: []permission.Role{permission.RoleUser}}))
		wantField(t, err, "email", account.CodeEmailOccupied)
		if ok, err := e.Users.UserIDTaken(ctx, "kIm01"); !ok || err != nil {
			t.Fatalf("user id taken: %v %v", ok, err)
		}
		if ok, err := e.Users.EmailTaken(ctx, "kim01@example.com"); !ok || err != nil {
			t.Fatalf("email taken: %v %v", ok, err)
		}
		if ok, _ := e.Users.UserIDTaken(ctx, "free"); ok {
			t.Fatal("a free id is taken")
		}
	})
	t.Run("sessions and logins", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		u := user(t, e, "kim")
		st, err := e.Users.Session(ctx, "KIM", "jti-1")
		if err != nil || st.Revoked || st.TokenVersion != 0 || st.Status != account.StatusActive || !slices.Equal(st.Roles, u.Roles) {
			t.Fatalf("session: %+v %v", st, err)
		}
		if err := e.Users.Revoke(ctx, "jti-1", base); err != nil {
			t.Fatal(err)
		}
		if err := e.Users.Revoke(ctx, "jti-1", base); err != nil {
			t.Fatalf("revoking twice: %v", err)
		}
		if st, _ := e.Users.Session(ctx, "kim", "jti-1"); !st.Revoked {
			t.Fatal("revoked token honoured")
		}
		if st, _ := e.Users.Session(ctx, "kim", "jti-2"); st.Revoked {
			t.Fatal("another token revoked")
		}
		change(t, e, u.PK, func(m *account.Member) error { return m.ResetPassword(hasher{}, "Newpass22") })
		if st, _ := e.Users.Session(ctx, "kim", "jti-2"); st.TokenVersion != 1 {
			t.Fatalf("token version: %+v", st)
		}
		_, err = e.Users.Session(ctx, "nobody", "jti-1")
		wantCode(t, err, apperr.KindNotFound, "user.not_found")
		change(t, e, u.PK, func(m *account.Member) error { return m.RecordLogin(base, "en") })
		if got, _ := e.Users.ByPK(ctx, u.PK); got.LastLoginAt == nil || !got.LastLoginAt.Equal(base) || got.Locale != "en" ||
			got.TokenVersion != 1 || got.PasswordHash != "h:Newpass22" {
			t.Fatalf("after login: %+v", got)
		}
	})
	t.Run("update", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		kim, lee := user(t, e, "kim"), user(t, e, "lee")
		// What fn changes is written back; a new read sees it.
		change(t, e, kim.PK, func(m *account.Member) error {
			if m.PK() != kim.PK || m.UserID() != "kim" || m.Email() != "kim@example.com" || m.Status() != account.StatusActive ||
				m.Locale() != "ko" || !m.AgreedAt().Equal(base) || m.CreatedAt().IsZero() || m.Changed() {
				t.Fatalf("loaded member: %+v", m.Record())
			}
			return m.ChangeEmail("Kim.New@Example.com")
		})
		if got, _ := e.Users.ByPK(ctx, kim.PK); got.Email != "kim.new@example.com" || got.TokenVersion != kim.TokenVersion {
			t.Fatalf("e-mail: %+v", got)
		}
		if taken, _ := e.Users.EmailTaken(ctx, "kim@example.com"); taken {
			t.Fatal("the old address is still taken")
		}
		// Another live account's address is refused, whatever its case.
		err := e.Users.Update(ctx, kim.PK, func(_ context.Context, m *account.Member) error { return m.ChangeEmail("LEE@example.com") })
		wantField(t, err, "email", account.CodeEmailOccupied)
		// fn's error writes nothing, nor what fn staged with its context.
		err = e.Users.Update(ctx, lee.PK, func(ctx context.Context, m *account.Member) error {
			if err := m.ChangeStatus(account.StatusInactive); err != nil {
				return err
			}
			if e.Members != nil {
				if err := e.Members.AddSanction(ctx, account.Sanction{UserPK: lee.PK, Kind: account.SanctionSuspend,
					Cause: account.CauseOther, Note: "n", By: "admin", CreatedAt: base}); err != nil {
					return err
				}
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatalf("fn's error: %v", err)
		}
		if got, _ := e.Users.ByPK(ctx, lee.PK); got.Status != account.StatusActive || got.TokenVersion != lee.TokenVersion {
			t.Fatalf("a refused change was written: %+v", got)
		}
		if e.Members != nil {
			if list, _ := e.Members.Sanctions(ctx, lee.PK); len(list) != 0 {
				t.Fatalf("a staged write survived: %+v", list)
			}
		}
		// Update joins the caller's transaction and rolls back with it.
		err = e.Tx.InTx(ctx, func(ctx context.Context) error {
			if err := e.Users.Update(ctx, lee.PK, func(_ context.Context, m *account.Member) error {
				return m.ChangeStatus(account.StatusInactive)
			}); err != nil {
				return err
			}
			return errBoom
		})
		if got, _ := e.Users.ByPK(ctx, lee.PK); err != errBoom || got.Status != account.StatusActive {
			t.Fatalf("the caller's rollback kept the change: %+v %v", got, err)
		}
		// A rule refusing a change: nothing written.
		err = e.Users.Update(ctx, lee.PK, func(_ context.Context, m *account.Member) error { return m.ChangeStatus(account.StatusActive) })
		wantCode(t, err, apperr.KindConflict, account.CodeStatusChange)
		err = e.Users.Update(ctx, kim.PK+1000, func(context.Context, *account.Member) error {
			t.Fatal("fn called for an unknown account")
			return nil
		})
		wantCode(t, err, apperr.KindNotFound, account.CodeUserNotFound)
		// A withdrawn account's address is free; the account keeps it.
		change(t, e, lee.PK, func(m *account.Member) error { return m.ChangeStatus(account.StatusWithdraw) })
		change(t, e, kim.PK, func(m *account.Member) error { return m.ChangeEmail("lee@example.com") })
		if got, _ := e.Users.ByPK(ctx, lee.PK); got.Email != "lee@example.com" || got.Status != account.StatusWithdraw {
			t.Fatalf("withdrawn: %+v", got)
		}
	})
	t.Run("list", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		for _, id := range []string{"amy", "bob", "cho", "dan"} {
			user(t, e, id)
		}
		if _, err := e.Users.Create(ctx, member(t, account.NewUser{UserID: "admin1", Email: "admin1@school.kr", PasswordHash: "h", Locale: "ko",
			Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: e.Round.SchoolCode})); err != nil {
			t.Fatal(err)
		}
		list, total, err := e.Users.List(ctx, account.ListQuery{Search: "EXAMPLE", Sort: "userId", Desc: true, Offset: 1, Limit: 2})
		if err != nil || total != 4 || len(list) != 2 || list[0].UserID != "cho" || list[1].UserID != "bob" {
			t.Fatalf("search, sort, page: %d %+v %v", total, ids(list), err)
		}
		list, total, _ = e.Users.List(ctx, account.ListQuery{Role: string(permission.RoleSchoolAdmin), Limit: 10})
		if total != 1 || len(list) != 1 || list[0].SchoolCode != e.Round.SchoolCode {
			t.Fatalf("by role: %+v", ids(list))
		}
		// Defect 2: the applicant list is accounts with ROLE_USER; by school, those who applied to it.
		if _, total, _ := e.Users.List(ctx, account.ListQuery{Member: permission.RoleUser, Limit: 10}); total != 4 {
			t.Fatalf("members: %d", total)
		}
		if _, total, _ := e.Users.List(ctx, account.ListQuery{Member: permission.RoleUser, AppliedTo: e.Round.SchoolCode, Limit: 10}); total != 0 {
			t.Fatalf("applied to the school (nobody has): %d", total)
		}
		admin, _ := e.Users.ByUserID(ctx, "admin1")
		if _, total, _ := e.Users.List(ctx, account.ListQuery{Member: permission.RoleUser, PK: admin.PK, Limit: 10}); total != 0 {
			t.Fatalf("staff by key: %d", total)
		}
		if _, total, _ := e.Users.List(ctx, account.ListQuery{Search: "%", Limit: 10}); total != 0 {
			t.Fatalf("a search for %% matches it literally: %d", total)
		}
	})
}

func ids(us []account.User) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.UserID)
	}
	return out
}

func wantField(t *testing.T, err error, field, code string) {
	t.Helper()
	var ae *apperr.Error
	if !asErr(err, &ae) || ae.Kind != apperr.KindConflict || len(ae.Fields) != 1 || ae.Fields[0].Field != field || ae.Fields[0].Code != code {
		t.Fatalf("want conflict on %s (%s), got %v", field, code, err)
	}
}

// hasher is a password hasher for the contract suites.
type hasher struct{}

func (hasher) Hash(s string) (string, error) { return "h:" + s, nil }
func (hasher) Verify(h, s string) bool       { return h == "h:"+s }
