package postgres_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/core/privacy"
)

type retClock struct{ t time.Time }

func (c retClock) Now() time.Time { return c.t }

type deletedFiles []string

func (d *deletedFiles) Delete(_ context.Context, name string) error {
	*d = append(*d, name)
	return nil
}

// The retention job on seeded records with a test clock: an application
// whose round ended more than 10 years ago loses its personal parts and
// its files, a newer one keeps them; payments older than 5 years and
// audit entries older than 2 go; a second run does nothing; both runs are
// in the audit log.
func TestRetentionJob(t *testing.T) {
	t.Parallel()
	db, _ := pgtest.New(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)
	for _, s := range []postgres.DemoSchool{
		{SchoolCode: "OLD", KorName: "옛대학원", EngName: "Old School", Slug: "old", EnterYear: 2016, RoundKor: "전기", RoundEng: "Spring",
			Opens: time.Date(2015, 10, 1, 0, 0, 0, 0, time.UTC), Closes: time.Date(2015, 11, 1, 0, 0, 0, 0, time.UTC)},
		{SchoolCode: "NEW", KorName: "새대학원", EngName: "New School", Slug: "new", EnterYear: 2020, RoundKor: "전기", RoundEng: "Spring",
			Opens: time.Date(2019, 10, 1, 0, 0, 0, 0, time.UTC), Closes: time.Date(2019, 11, 1, 0, 0, 0, 0, time.UTC)},
	} {
		if err := postgres.InsertDemoSchool(ctx, db, s); err != nil {
			t.Fatal(err)
		}
	}
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := db.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	appl := func(school string, year int, name string, paid time.Time) int64 {
		t.Helper()
		var n int64
		if err := db.Pool.QueryRow(ctx, `INSERT INTO application (user_id, school_code, enter_year, recruit_part_seq, status, applicant_name)
			VALUES ($1, $2, $3, 1, 'COMPLETE', $4) RETURNING appl_no`, name, school, year, name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		exec(`INSERT INTO appl_basis (appl_no, gend, nationality, birth_date) VALUES ($1, 'M', '410', '1990-01-01')`, n)
		exec(`INSERT INTO appl_acad (appl_no, seq, school_code, country_code, enter_day, grade_form) VALUES ($1, 1, '236', '410', '2010-03-01', '00001')`, n)
		exec(`INSERT INTO appl_document (file_key, appl_no, item_code, file_name, stored_name, ext, size, uploaded_at)
			VALUES ($1, $2, 'PHOTO', 'photo.jpg', $3, 'jpg', 10, now())`, "k-"+name, n, "stored-"+name)
		exec(`INSERT INTO pay_attempt (payment_id, appl_no, user_id, school_code, provider, pay_type, currency, fee, surcharge, total,
			result, status, paid, created_at, updated_at, paid_at) VALUES ('p-' || $3, $1, $3, $4, 'testpg', 'card', 'KRW', 1, 0, 1, 'PAID', 'COMPLETE', 1, $2, $2, $2)`,
			n, paid, name, school)
		return n
	}
	old, recent := appl("OLD", 2016, "oldkim", now.AddDate(-6, 0, 0)), appl("NEW", 2020, "newlee", now.AddDate(-1, 0, 0))
	exec(`INSERT INTO audit_log (actor, action, target, created_at) VALUES ('admin', 'user.read', 'x', $1), ('admin', 'user.read', 'y', $2)`,
		now.AddDate(-3, 0, 0), now.AddDate(0, -1, 0))
	// Audit entries that explain money are payment records: 5 years, not 2.
	exec(`INSERT INTO audit_log (actor, action, target, created_at) VALUES ('admin', 'payment.cancel', 'pay:3y', $1),
		('admin', 'refund_request.approve', 'refund:6y', $2)`, now.AddDate(-3, 0, 0), now.AddDate(-6, 0, 0))
	// Inquiries are complaint records: 3 years from their last answer or follow-up.
	exec(`INSERT INTO inquiry (user_id, type, title, body, status, file_name, file_stored, created_at, updated_at) VALUES
		('oldkim', 'payment', '환불 문의', '본문', 'closed', 'receipt.pdf', 'stored-inquiry-old', $1, $1),
		('newlee', 'other', '문의', '본문', 'answered', '', '', $1, $2)`, now.AddDate(-4, 0, 0), now.AddDate(-2, -11, 0))

	var files deletedFiles
	job := privacy.Job{Policy: privacy.DefaultPolicy(), Store: postgres.Retention{DB: db}, Files: &files,
		Audit: postgres.JobAudit{DB: db}, Clock: retClock{now}}
	rep, err := job.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	by := map[privacy.Kind]privacy.KindReport{}
	for _, r := range rep {
		by[r.Kind] = r
	}
	if r := by[privacy.Application]; r.Done != 1 || r.Kept != 1 || r.Action != privacy.Anonymise {
		t.Fatalf("applications: %+v", r)
	}
	if r := by[privacy.Payment]; r.Done != 2 || r.Kept != 2 {
		t.Fatalf("payments (attempts and their audit entries): %+v", r)
	}
	var refundAudit, cancelAudit int
	_ = db.Pool.QueryRow(ctx, "SELECT count(*) FILTER (WHERE target = 'refund:6y'), count(*) FILTER (WHERE target = 'pay:3y') FROM audit_log").Scan(&refundAudit, &cancelAudit)
	if refundAudit != 0 || cancelAudit != 1 {
		t.Fatalf("money audit entries after the run: 6 years old %d (want 0), 3 years old %d (want 1: it explains a payment kept 5 years)", refundAudit, cancelAudit)
	}
	if r := by[privacy.AccessLog]; r.Done != 1 || r.Kept != 1 {
		t.Fatalf("audit log: %+v", r)
	}
	if r := by[privacy.Academic]; r.Done != 0 || r.Kept != 2 || r.Action != privacy.Keep {
		t.Fatalf("academic records: %+v", r)
	}
	if r := by[privacy.Complaint]; !r.Held || r.Done != 1 || r.Kept != 1 {
		t.Fatalf("complaints: %+v", r)
	}
	var left string
	if err := db.Pool.QueryRow(ctx, `SELECT string_agg(user_id, ',') FROM inquiry`).Scan(&left); err != nil || left != "newlee" {
		t.Fatalf("inquiries left: %q %v", left, err)
	}
	slices.Sort(files)
	if !slices.Equal(files, deletedFiles{"stored-inquiry-old", "stored-oldkim"}) {
		t.Fatalf("files deleted: %v", files)
	}
	var name string
	var user *string
	var basis, docs int
	row := `SELECT applicant_name, user_id, (SELECT count(*) FROM appl_basis b WHERE b.appl_no = a.appl_no),
		(SELECT count(*) FROM appl_document d WHERE d.appl_no = a.appl_no) FROM application a WHERE appl_no = $1`
	if err := db.Pool.QueryRow(ctx, row, old).Scan(&name, &user, &basis, &docs); err != nil || name != "" || user != nil || basis != 0 || docs != 0 {
		t.Fatalf("old application not anonymised: %q %v %d %d %v", name, user, basis, docs, err)
	}
	if err := db.Pool.QueryRow(ctx, row, recent).Scan(&name, &user, &basis, &docs); err != nil || name != "newlee" || user == nil || basis != 1 || docs != 1 {
		t.Fatalf("recent application touched: %q %v %d %d %v", name, user, basis, docs, err)
	}
	var status string
	if err := db.Pool.QueryRow(ctx, `SELECT status FROM application WHERE appl_no = $1`, old).Scan(&status); err != nil || status != "COMPLETE" {
		t.Fatalf("the anonymised application is gone: %q %v", status, err)
	}

	rep, err = job.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep {
		if r.Done != 0 {
			t.Fatalf("second run changed %s: %+v", r.Kind, r)
		}
	}
	rows, err := db.Pool.Query(ctx, `SELECT detail FROM audit_log WHERE action = 'job.retention' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var runs []map[string]any
	for rows.Next() {
		var d []byte
		var m map[string]any
		if err := rows.Scan(&d); err != nil || json.Unmarshal(d, &m) != nil {
			t.Fatal(err)
		}
		runs = append(runs, m)
	}
	if len(runs) != 2 {
		t.Fatalf("%d runs audited", len(runs))
	}
	first := runs[0]["kinds"].([]any)[0].(map[string]any)
	if first["kind"] != "application" || first["done"] != 1.0 || first["kept"] != 1.0 {
		t.Fatalf("audit of the first run: %v", first)
	}
}
