package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
)

// Periodic task types: the dormancy and retention jobs (issue 14), the
// recommendation reminders (issue 11), the follow-up of pending refunds and
// the end of the 10-day fix period of a limited membership (issue 13).
const (
	TypeDormancy        = "account:dormancy"
	TypeRetention       = "privacy:retention"
	TypeRecommendRemind = "recommend:remind"
	TypeRefunds         = "payment:refunds" // follow up refunds the provider answered pending
	TypeFixPeriod       = "account:fix_period"
)

// Periodic is a job the scheduler enqueues on a cron spec (Asia/Seoul).
// Run must be idempotent: two schedulers, a retry or a manual run must not
// do the work twice.
type Periodic struct {
	Type string
	Cron string
	Run  func(ctx context.Context) error
}

// DefaultPeriodic are the cron specs: the account jobs every night, when
// nobody applies; the reminders every morning, when recommenders read mail
// (a request is reminded once, so a second run the same day sends nothing).
var DefaultPeriodic = map[string]string{
	TypeDormancy:        "0 3 * * *",
	TypeRetention:       "30 3 * * *",
	TypeRecommendRemind: "0 9 * * *",
	TypeRefunds:         "15 * * * *", // hourly
	TypeFixPeriod:       "5 0 * * *",  // just after the fix-by day ends
}

// HandlePeriodic registers the periodic jobs' handlers on the worker's mux.
func HandlePeriodic(mux *asynq.ServeMux, jobs []Periodic, log *slog.Logger) {
	if log == nil {
		log = slog.Default()
	}
	for _, p := range jobs {
		mux.HandleFunc(p.Type, func(ctx context.Context, _ *asynq.Task) error {
			start := time.Now()
			if err := p.Run(ctx); err != nil {
				log.ErrorContext(ctx, "periodic job failed", "type", p.Type, "err", err)
				return err
			}
			log.InfoContext(ctx, "periodic job done", "type", p.Type, "took", time.Since(start).String())
			return nil
		})
	}
}

// SchedulePeriodic registers the jobs' cron specs on the worker's
// scheduler, read in Asia/Seoul.
func SchedulePeriodic(s *asynq.Scheduler, queue string, jobs []Periodic) error {
	if queue == "" {
		queue = DefaultQueue
	}
	for _, p := range jobs {
		// Unique: a second scheduler (two worker processes) adds no copy
		// while one waits; the jobs are idempotent besides.
		if _, err := s.Register("CRON_TZ=Asia/Seoul "+p.Cron, asynq.NewTask(p.Type, nil), asynq.Queue(queue), asynq.MaxRetry(3),
			asynq.Timeout(30*time.Minute), asynq.Unique(time.Hour)); err != nil {
			return fmt.Errorf("jobs: schedule %s %q: %w", p.Type, p.Cron, err)
		}
	}
	return nil
}
