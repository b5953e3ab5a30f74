package app_test

import (
	"context"
	"testing"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/jobs"
)

// The worker schedules the pending-refund follow-up hourly and each run,
// even one that finds nothing pending, is audited.
func TestRefundsTaskIsScheduledAndAudited(t *testing.T) {
	a := apptest.New(t)
	periodic, err := a.Periodic()
	if err != nil {
		t.Fatal(err)
	}
	scheduled := false
	for _, p := range periodic {
		scheduled = scheduled || p.Type == jobs.TypeRefunds && p.Cron == "15 * * * *"
	}
	if !scheduled {
		t.Fatalf("no hourly %s in %+v", jobs.TypeRefunds, periodic)
	}
	mux := asynq.NewServeMux()
	jobs.HandlePeriodic(mux, periodic, nil)
	ctx := context.Background()
	if err := mux.ProcessTask(ctx, asynq.NewTask(jobs.TypeRefunds, nil)); err != nil {
		t.Fatal(err)
	}
	var detail string
	if err := a.DB.Pool.QueryRow(ctx, `SELECT detail::text FROM audit_log WHERE action = 'job.refunds'`).Scan(&detail); err != nil {
		t.Fatalf("the run was not audited: %v", err)
	}
	if detail != `{"asked": 0, "failed": 0, "changed": 0, "pending": 0, "payments": 0}` {
		t.Fatalf("audit of an empty run: %s", detail)
	}
}
