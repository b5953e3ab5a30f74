package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/privacy"
)

// Seed section 9: rejected applicants are kept 1 year, counted from the
// release of their round's results, then anonymised; an admitted one of
// the same round, and a rejected one released months ago, are untouched.
func TestRetentionAnonymisesRejectedApplicantsAYearAfterTheRelease(t *testing.T) {
	t.Parallel()
	db, _ := pgtest.New(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)
	for _, s := range []postgres.DemoSchool{
		{SchoolCode: "PAST", KorName: "지난대학원", EngName: "Past School", Slug: "past", EnterYear: 2025, RoundKor: "전기", RoundEng: "Spring",
			Opens: now.AddDate(-2, 0, 0), Closes: now.AddDate(-2, 1, 0)},
		{SchoolCode: "RECENT", KorName: "최근대학원", EngName: "Recent School", Slug: "recent", EnterYear: 2026, RoundKor: "전기", RoundEng: "Spring",
			Opens: now.AddDate(-1, 0, 0), Closes: now.AddDate(-1, 1, 0)},
	} {
		if err := postgres.InsertDemoSchool(ctx, db, s); err != nil {
			t.Fatal(err)
		}
	}
	decide := func(school string, year int, name string, kind decision.Kind) int64 {
		t.Helper()
		var n int64
		if err := db.Pool.QueryRow(ctx, `INSERT INTO application (user_id, school_code, enter_year, recruit_part_seq, status, applicant_name)
			VALUES ($1, $2, $3, 1, 'COMPLETE', $1) RETURNING appl_no`, name, school, year).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Pool.Exec(ctx, `INSERT INTO appl_basis (appl_no, gend, nationality, birth_date) VALUES ($1, 'F', '410', '1995-01-01')`, n); err != nil {
			t.Fatal(err)
		}
		h := application.Header{ApplNo: n, UserID: name, Round: application.RoundKey{SchoolCode: school, EnterYear: year, RecruitPartSeq: 1},
			State: application.State{Status: application.Complete}}
		d, err := decision.New(h, kind, 0, "admin", now.AddDate(-2, 0, 0))
		if err == nil {
			err = postgres.Decisions{DB: db}.Create(ctx, d)
		}
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	msgs := map[decision.Kind]decision.Message{decision.Admit: {Ko: "합격", En: "Admitted"}, decision.Waitlist: {Ko: "예비", En: "Waitlist"},
		decision.Reject: {Ko: "불합격", En: "Not admitted"}}
	release := func(school string, year int, at time.Time) {
		t.Helper()
		r, err := decision.NewRelease(application.RoundKey{SchoolCode: school, EnterYear: year, RecruitPartSeq: 1}, at, msgs, "admin", at)
		if err == nil {
			err = postgres.Releases{DB: db}.Create(ctx, r)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	rejected, admitted := decide("PAST", 2025, "rejectedkim", decision.Reject), decide("PAST", 2025, "admittedlee", decision.Admit)
	recent := decide("RECENT", 2026, "recentpark", decision.Reject)
	release("PAST", 2025, now.AddDate(-1, 0, -1))
	release("RECENT", 2026, now.AddDate(0, -6, 0))

	store := postgres.Retention{DB: db}
	if !store.Holds(privacy.RejectedApplicant) {
		t.Fatal("rejected applicants are not held")
	}
	job := privacy.Job{Policy: privacy.DefaultPolicy(), Store: store, Files: &deletedFiles{}, Audit: postgres.JobAudit{DB: db}, Clock: retClock{now}}
	rep, err := job.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep {
		if r.Kind == privacy.RejectedApplicant && (r.Done != 1 || r.Kept != 1 || r.Action != privacy.Anonymise) {
			t.Fatalf("rejected applicants: %+v", r)
		}
	}
	name := func(n int64) string {
		t.Helper()
		var s string
		if err := db.Pool.QueryRow(ctx, `SELECT applicant_name FROM application WHERE appl_no = $1`, n).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	if name(rejected) != "" || name(admitted) != "admittedlee" || name(recent) != "recentpark" {
		t.Fatalf("after the run: %q %q %q", name(rejected), name(admitted), name(recent))
	}
	if d, err := (postgres.Decisions{DB: db}).Get(ctx, rejected); err != nil || d.Kind() != decision.Reject {
		t.Fatalf("the decision itself is kept for the statistics: %v", err)
	}
	rep, _ = job.Run(ctx)
	for _, r := range rep {
		if r.Kind == privacy.RejectedApplicant && r.Done != 0 {
			t.Fatalf("second run: %+v", r)
		}
	}
}
