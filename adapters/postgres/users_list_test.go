package postgres_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/permission"
)

// Defect 2: the back-office applicant list holds applicants (ROLE_USER), and
// for a school only those with an application to it; staff bound to the
// school are not applicants.
func TestUserListApplicantsOfASchool(t *testing.T) {
	t.Parallel()
	db, _ := pgtest.New(t)
	ctx := context.Background()
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	users := postgres.Users{DB: db}
	for _, code := range []string{"S1", "S2"} {
		if err := postgres.InsertDemoSchool(ctx, db, postgres.DemoSchool{SchoolCode: code, KorName: "대학원 " + code, EngName: "School " + code,
			Slug: "s-" + code, EnterYear: 2027, RoundKor: "1차", RoundEng: "Round 1", Opens: now, Closes: now.AddDate(0, 1, 0)}); err != nil {
			t.Fatal(err)
		}
	}
	pk := map[string]int64{}
	for _, u := range []struct {
		id, school string
		role       permission.Role
	}{
		{"staff1", "S1", permission.RoleSchoolAdmin}, {"setter1", "S1", permission.RoleSetAdmin}, {"root", "", permission.RoleSysAdmin},
		{"kim", "", permission.RoleUser}, {"lee", "", permission.RoleUser}, {"park", "", permission.RoleUser},
	} {
		m, err := account.NewMember(account.NewUser{UserID: u.id, Email: u.id + "@example.com", PasswordHash: "x",
			Roles: []permission.Role{u.role}, SchoolCode: u.school, Locale: "ko", AgreedAt: now})
		if err != nil {
			t.Fatal(err)
		}
		created, err := users.Create(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		pk[u.id] = created.PK
	}
	// kim applied to S1 (twice: listed once), lee to S2, park nowhere.
	for _, a := range []struct {
		user, school, status string
	}{{"kim", "S1", "SUBMIT"}, {"kim", "S1", "CANCEL"}, {"lee", "S2", "BASIS_SAVE"}} {
		if _, err := db.Pool.Exec(ctx, `INSERT INTO application (user_pk, user_id, school_code, enter_year, recruit_part_seq, status)
			VALUES ($1, $2, $3, 2027, 1, $4)`, pk[a.user], a.user, a.school, a.status); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(q account.ListQuery) ([]string, int) {
		t.Helper()
		q.Limit = 100
		list, total, err := users.List(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, u := range list {
			out = append(out, u.UserID)
		}
		return out, total
	}
	cases := []struct {
		name string
		q    account.ListQuery
		want []string
	}{
		{"every applicant, no staff", account.ListQuery{Member: permission.RoleUser}, []string{"kim", "lee", "park"}},
		{"applicants of S1, not its staff", account.ListQuery{Member: permission.RoleUser, AppliedTo: "S1"}, []string{"kim"}},
		{"applicants of S2", account.ListQuery{Member: permission.RoleUser, AppliedTo: "S2"}, []string{"lee"}},
		{"one applicant of S1 by key", account.ListQuery{Member: permission.RoleUser, AppliedTo: "S1", PK: pk["kim"]}, []string{"kim"}},
		{"another school's applicant by key", account.ListQuery{Member: permission.RoleUser, AppliedTo: "S1", PK: pk["lee"]}, nil},
		{"staff by key", account.ListQuery{Member: permission.RoleUser, PK: pk["staff1"]}, nil},
		{"search within the scope", account.ListQuery{Member: permission.RoleUser, AppliedTo: "S2", Search: "LE"}, []string{"lee"}},
	}
	for _, c := range cases {
		c.q.Sort = "userId"
		got, total := ids(c.q)
		if !slices.Equal(got, c.want) || total != len(c.want) {
			t.Errorf("%s: got %v (total %d), want %v", c.name, got, total, c.want)
		}
	}
}
