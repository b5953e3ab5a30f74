package app_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/jobs"
)

type atClock struct{ t time.Time }

func (c *atClock) Now() time.Time { return c.t }

// runTask runs a periodic task as the worker does (the task its scheduler
// enqueues), times times, and answers the worker's mux.
func runTask(t *testing.T, a *apptest.App, typ string, times int) *asynq.ServeMux {
	t.Helper()
	periodic, err := a.Periodic()
	if err != nil {
		t.Fatal(err)
	}
	mux := asynq.NewServeMux()
	jobs.HandlePeriodic(mux, periodic, nil)
	for range times {
		if err := mux.ProcessTask(context.Background(), asynq.NewTask(typ, nil)); err != nil {
			t.Fatal(err)
		}
	}
	return mux
}

// The dormancy job as the worker runs it (the task its scheduler enqueues),
// on PostgreSQL with a test clock and seeded members: the member at 35
// months gets the notice (mail in the outbox), the one past 36 months is
// closed, a recent one is untouched; a second run changes nothing; both
// runs are audited.
func TestDormancyTaskOnSeededMembers(t *testing.T) {
	a := apptest.New(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)
	a.Accounts.Clock = &atClock{now}
	seed := func(id string, last time.Time) {
		t.Helper()
		if _, err := a.DB.Pool.Exec(ctx, `INSERT INTO app_user (user_id, email, password_hash, terms_agreed_at, privacy_agreed_at, last_login_at, created_at, phone)
			VALUES ($1, $1 || '@example.com', 'x', $2, $2, $2, $2, '01012345678')`, id, last); err != nil {
			t.Fatal(err)
		}
	}
	seed("sleepy", now.AddDate(0, -36, 15))
	seed("gone", now.AddDate(0, -37, 0))
	seed("awake", now.AddDate(0, -2, 0))
	mux := runTask(t, a, jobs.TypeDormancy, 2)
	state := func(id string) (status, email string, phone *string) {
		t.Helper()
		if err := a.DB.Pool.QueryRow(ctx, `SELECT status, email, phone FROM app_user WHERE user_id = $1`, id).Scan(&status, &email, &phone); err != nil {
			t.Fatal(err)
		}
		return
	}
	if st, em, ph := state("gone"); st != "WITHDRAW" || em != "" || ph != nil {
		t.Fatalf("dormant account kept: %s %q %v", st, em, ph)
	}
	for _, id := range []string{"sleepy", "awake"} {
		if st, em, ph := state(id); st != "ACTIVE" || em == "" || ph == nil {
			t.Fatalf("%s changed: %s %q %v", id, st, em, ph)
		}
	}
	var notices int
	if err := a.DB.Pool.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE payload->>'kind' = 'dormancy_notice'`).Scan(&notices); err != nil || notices != 1 {
		t.Fatalf("%d notices queued (want one, for sleepy, once): %v", notices, err)
	}
	var first, second string
	if err := a.DB.Pool.QueryRow(ctx, `SELECT (array_agg(detail::text ORDER BY id))[1], (array_agg(detail::text ORDER BY id))[2]
		FROM audit_log WHERE action = 'job.dormancy'`).Scan(&first, &second); err != nil {
		t.Fatal(err)
	}
	if first == "" || second == "" || !strings.Contains(first, `"closed": ["gone"]`) || !strings.Contains(first, `"notified": ["sleepy"]`) ||
		!strings.Contains(second, `"closed": []`) || !strings.Contains(second, `"waiting": 1`) {
		t.Fatalf("audit of the runs:\n%s\n%s", first, second)
	}
	if err := mux.ProcessTask(ctx, asynq.NewTask(jobs.TypeRetention, nil)); err != nil {
		t.Fatalf("retention task: %v", err)
	}
}

// The fix-period job as the worker runs it, on PostgreSQL with a test
// clock: a limit whose fix-by day is over ends the membership (status
// WITHDRAW, an END measure by the system, the member mailed), a limit
// staff marked fixed and one still in its period are untouched; a second
// run changes nothing; both runs are audited.
func TestFixPeriodTaskEndsUnfixedLimits(t *testing.T) {
	a := apptest.New(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 15, 5, 0, 0, time.UTC) // 00:05 on the 24th in Seoul
	a.Accounts.Clock = &atClock{now}
	limit := func(id, fixBy string, resolved bool) {
		t.Helper()
		if _, err := a.DB.Pool.Exec(ctx, `INSERT INTO app_user (user_id, email, password_hash, terms_agreed_at, privacy_agreed_at, created_at)
			VALUES ($1, $1 || '@example.com', 'x', now(), now(), now())`, id); err != nil {
			t.Fatal(err)
		}
		res := "NULL, NULL"
		if resolved {
			res = "now(), 'FIXED'"
		}
		if _, err := a.DB.Pool.Exec(ctx, `INSERT INTO user_sanction (user_pk, kind, cause, note, fix_by, created_by, resolved_at, resolution)
			SELECT id, 'LIMIT', 'FALSE_INFO', 'wrong degree', $2, 'sysadmin', `+res+` FROM app_user WHERE user_id = $1`, id, fixBy); err != nil {
			t.Fatal(err)
		}
	}
	limit("late", "2026-11-23", false)
	limit("fixed", "2026-11-23", true)
	limit("waiting", "2026-11-24", false)
	runTask(t, a, jobs.TypeFixPeriod, 2)
	status := func(id string) (st string, ends int) {
		t.Helper()
		if err := a.DB.Pool.QueryRow(ctx, `SELECT u.status, (SELECT count(*) FROM user_sanction s WHERE s.user_pk = u.id AND s.kind = 'END' AND s.created_by = 'system')
			FROM app_user u WHERE u.user_id = $1`, id).Scan(&st, &ends); err != nil {
			t.Fatal(err)
		}
		return
	}
	if st, ends := status("late"); st != "WITHDRAW" || ends != 1 {
		t.Fatalf("late: %s, %d END measures", st, ends)
	}
	for _, id := range []string{"fixed", "waiting"} {
		if st, ends := status(id); st != "ACTIVE" || ends != 0 {
			t.Fatalf("%s: %s, %d END measures", id, st, ends)
		}
	}
	var mails int
	if err := a.DB.Pool.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE payload->>'kind' = 'membership_notice' AND payload->>'to' = 'late@example.com'`).Scan(&mails); err != nil || mails != 1 {
		t.Fatalf("%d notices to the member (want one): %v", mails, err)
	}
	var first, second string
	if err := a.DB.Pool.QueryRow(ctx, `SELECT (array_agg(detail::text ORDER BY id))[1], (array_agg(detail::text ORDER BY id))[2]
		FROM audit_log WHERE action = 'job.fix_period'`).Scan(&first, &second); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first, `"ended": ["late"]`) || !strings.Contains(second, `"ended": []`) {
		t.Fatalf("audit of the runs:\n%s\n%s", first, second)
	}
}
