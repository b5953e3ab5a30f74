package audit

import (
	"context"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// reader answers two rows and remembers the query it was asked.
type reader struct{ asked *Query }

func (r reader) List(_ context.Context, q Query) ([]Entry, int, error) {
	*r.asked = q
	return []Entry{{ID: 2, Actor: "admin", Action: "application.read", Target: "application:12"},
		{ID: 1, Actor: "admin", Action: "member.status", Target: "u1"}}, 2, nil
}

// Only a system admin reads the access log: every other role, school-bound
// or not, and an anonymous caller get 403 and the reader is never asked.
func TestLogListOnlySystemAdmin(t *testing.T) {
	t.Parallel()
	for _, p := range []permission.Principal{
		{},
		{UserID: "u1", Roles: []permission.Role{permission.RoleUser}},
		{UserID: "s1", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S1"},
		{UserID: "s2", Roles: []permission.Role{permission.RoleSetAdmin}, SchoolCode: "S1"},
		{UserID: "s3", Roles: []permission.Role{permission.RoleSettleAdmin}},
		{UserID: "s4", Roles: []permission.Role{permission.RoleCloseAdmin}},
		{UserID: "s5", Roles: []permission.Role{permission.RoleTimeIndependent}},
	} {
		asked := Query{Actor: "untouched"}
		_, _, err := Log{Reader: reader{&asked}}.List(context.Background(), p, Query{})
		if apperr.KindOf(err) != apperr.KindForbidden || apperr.CodeOf(err) != "auth.forbidden" {
			t.Errorf("%v: %v, want 403 auth.forbidden", p.Roles, err)
		}
		if asked.Actor != "untouched" {
			t.Errorf("%v: the log was read", p.Roles)
		}
	}
}

// A page holds 1 to 100 rows: a missing or oversized limit becomes 25, a
// negative offset 0; the filters reach the reader unchanged.
func TestLogListPageBounds(t *testing.T) {
	t.Parallel()
	admin := permission.Principal{UserID: "admin", Roles: []permission.Role{permission.RoleSysAdmin}}
	from := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name                string
		limit, offset       int
		wantLimit, wantOffs int
	}{
		{"no limit", 0, 0, 25, 0},
		{"negative limit", -5, 10, 25, 10},
		{"one row", 1, 0, 1, 0},
		{"the maximum", 100, 200, 100, 200},
		{"over the maximum", 101, 0, 25, 0},
		{"negative offset", 10, -3, 10, 0},
	} {
		var asked Query
		q := Query{Actor: "admin", Target: "application:12", Action: "application.", From: from, To: from.AddDate(0, 1, 0),
			Sort: "createdAt", Desc: true, Limit: tc.limit, Offset: tc.offset}
		rows, total, err := Log{Reader: reader{&asked}}.List(context.Background(), admin, q)
		if err != nil || total != 2 || len(rows) != 2 || rows[0].ID != 2 {
			t.Fatalf("%s: %v %d %v", tc.name, rows, total, err)
		}
		if asked.Limit != tc.wantLimit || asked.Offset != tc.wantOffs {
			t.Errorf("%s: limit %d offset %d, want %d %d", tc.name, asked.Limit, asked.Offset, tc.wantLimit, tc.wantOffs)
		}
		if asked.Actor != "admin" || asked.Target != "application:12" || asked.Action != "application." ||
			!asked.From.Equal(from) || !asked.To.Equal(from.AddDate(0, 1, 0)) || asked.Sort != "createdAt" || !asked.Desc {
			t.Errorf("%s: filters changed: %+v", tc.name, asked)
		}
	}
}

// A route that names an application section last (no parameter after it)
// still records that section.
func TestSectionAtTheEndOfTheRoute(t *testing.T) {
	t.Parallel()
	if s := (Request{Route: "GET /apply/api-auth/appl/print"}).Detail()["section"]; s != "print" {
		t.Fatalf("section %v", s)
	}
}
