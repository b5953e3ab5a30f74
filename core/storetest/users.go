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
		_, err = e.Users.Create(ctx, account.NewUser{UserID: "KIM01", Email: "other@example.com", PasswordHash: "h", Locale: "ko"})
		wantField(t, err, "userId", account.CodeUserIDOccupied)
		_, err = e.Users.Create(ctx, account.NewUser{UserID: "other", Email: "KIM01@EXAMPLE.COM", PasswordHash: "h", Locale: "ko"})
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
		if err := e.Users.RevokeAll(ctx, u.PK); err != nil {
			t.Fatal(err)
		}
		if st, _ := e.Users.Session(ctx, "kim", "jti-2"); st.TokenVersion != 1 {
			t.Fatalf("token version: %+v", st)
		}
		_, err = e.Users.Session(ctx, "nobody", "jti-1")
		wantCode(t, err, apperr.KindNotFound, "user.not_found")
		if err := e.Users.RecordLogin(ctx, u.PK, base, "en"); err != nil {
			t.Fatal(err)
		}
		if got, _ := e.Users.ByPK(ctx, u.PK); got.LastLoginAt == nil || !got.LastLoginAt.Equal(base) || got.Locale != "en" {
			t.Fatalf("after login: %+v", got)
		}
	})
	t.Run("list", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		for _, id := range []string{"amy", "bob", "cho", "dan"} {
			user(t, e, id)
		}
		if _, err := e.Users.Create(ctx, account.NewUser{UserID: "admin1", Email: "admin1@school.kr", PasswordHash: "h", Locale: "ko",
			Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: e.Round.SchoolCode}); err != nil {
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
