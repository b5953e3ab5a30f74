package jobs_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/core/payment"
)

type sweeper struct {
	olderThan time.Duration
	calls     []string
	err       error
}

func (s *sweeper) Reconcile(_ context.Context, olderThan time.Duration, _ int) (payment.Swept, error) {
	s.olderThan = olderThan
	s.calls = append(s.calls, "reconcile")
	return payment.Swept{Asked: 1}, s.err
}

func (s *sweeper) ExpireVbanks(context.Context, int) (payment.Swept, error) {
	s.calls = append(s.calls, "expire")
	return payment.Swept{}, s.err
}

func TestPayTasksRunTheSweeps(t *testing.T) {
	t.Parallel()
	s := &sweeper{}
	mux := asynq.NewServeMux()
	jobs.HandlePay(mux, s, slog.New(slog.DiscardHandler))
	ctx := context.Background()
	if err := mux.ProcessTask(ctx, jobs.NewPayReconcileTask()); err != nil {
		t.Fatal(err)
	}
	if err := mux.ProcessTask(ctx, jobs.NewVbankExpireTask()); err != nil {
		t.Fatal(err)
	}
	if len(s.calls) != 2 || s.calls[0] != "reconcile" || s.calls[1] != "expire" || s.olderThan != jobs.PayStuckAfter {
		t.Fatalf("calls %v older than %v", s.calls, s.olderThan)
	}
	// A failing run is an error (asynq logs it; the next run tries again).
	s.err = errors.New("db down")
	if err := mux.ProcessTask(ctx, jobs.NewPayReconcileTask()); err == nil {
		t.Fatal("a failed sweep answered nil")
	}
	// Both are registered on the scheduler every PaySweepEvery.
	sched := asynq.NewScheduler(asynq.RedisClientOpt{Addr: "127.0.0.1:1"}, nil)
	if err := jobs.PaySchedule(sched, "q"); err != nil {
		t.Fatal(err)
	}
}
