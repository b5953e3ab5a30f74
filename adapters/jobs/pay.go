package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/core/payment"
)

// Payment task types (issue 9).
const (
	TypePayReconcile  = "payment:reconcile" // ask the provider about attempts stuck in PROCEEDING
	TypeVbankExpire   = "vbank:expire"      // end virtual accounts past their deadline
	PaySweepEvery     = 5 * time.Minute     // how often both run
	PayStuckAfter     = 10 * time.Minute    // an attempt this old without an answer is asked about
	paySweepBatch     = 200                 // attempts per run; the next run takes the rest
	paySweepUniqueFor = PaySweepEvery - 30*time.Second
)

// PaySweeper is core's payment service as the jobs use it.
type PaySweeper interface {
	Reconcile(ctx context.Context, olderThan time.Duration, limit int) (payment.Swept, error)
	ExpireVbanks(ctx context.Context, limit int) (payment.Swept, error)
}

// NewPayReconcileTask and NewVbankExpireTask carry no payload: each run
// reads what is due from the database.
func NewPayReconcileTask() *asynq.Task { return asynq.NewTask(TypePayReconcile, nil) }

// NewVbankExpireTask is the virtual-account expiry run.
func NewVbankExpireTask() *asynq.Task { return asynq.NewTask(TypeVbankExpire, nil) }

// HandlePay registers the payment jobs on a worker's mux. Both are
// idempotent: a second run finds nothing left to change, and neither ends
// an attempt without the provider's answer.
func HandlePay(mux *asynq.ServeMux, svc PaySweeper, log *slog.Logger) {
	mux.HandleFunc(TypePayReconcile, func(ctx context.Context, _ *asynq.Task) error {
		sw, err := svc.Reconcile(ctx, PayStuckAfter, paySweepBatch)
		if err != nil {
			return fmt.Errorf("jobs: pay reconcile: %w", err)
		}
		if sw.Asked > 0 || sw.Failed > 0 {
			log.InfoContext(ctx, "payments reconciled", "asked", sw.Asked, "changed", sw.Changed, "unanswered", sw.Failed)
		}
		return nil
	})
	mux.HandleFunc(TypeVbankExpire, func(ctx context.Context, _ *asynq.Task) error {
		sw, err := svc.ExpireVbanks(ctx, paySweepBatch)
		if err != nil {
			return fmt.Errorf("jobs: vbank expire: %w", err)
		}
		if sw.Asked > 0 || sw.Failed > 0 {
			log.InfoContext(ctx, "virtual accounts expired", "asked", sw.Asked, "changed", sw.Changed, "unanswered", sw.Failed)
		}
		return nil
	})
}

// PaySchedule registers both runs every PaySweepEvery on a scheduler; the
// unique option keeps two workers' schedulers from queueing one run twice.
func PaySchedule(s *asynq.Scheduler, queue string) error {
	for _, t := range []*asynq.Task{NewPayReconcileTask(), NewVbankExpireTask()} {
		if _, err := s.Register(fmt.Sprintf("@every %s", PaySweepEvery), t, asynq.Queue(queue),
			asynq.Unique(paySweepUniqueFor), asynq.MaxRetry(0)); err != nil {
			return fmt.Errorf("jobs: schedule %s: %w", t.Type(), err)
		}
	}
	return nil
}
