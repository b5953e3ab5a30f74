package app

import (
	"context"
	"slices"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/metrics"
)

// buildMetrics makes the process's registry and watches the database pool,
// the database's figures and the job queue.
func (a *App) buildMetrics() {
	a.Metrics = metrics.New()
	pool := func() metrics.Pool {
		st := a.DB.Pool.Stat()
		return metrics.Pool{Acquired: st.AcquiredConns(), Idle: st.IdleConns(), Total: st.TotalConns(), Max: st.MaxConns(),
			EmptyAcquires: st.EmptyAcquireCount()}
	}
	facts := func(ctx context.Context) (metrics.Facts, error) {
		f, err := a.DB.MetricFacts(ctx)
		return metrics.Facts{OutboxWaiting: f.OutboxWaiting, OutboxOldest: f.OutboxOldest, Submissions: f.Submissions,
			Payments: f.Payments, LettersSubmitted: f.LettersSubmitted}, err
	}
	var queue func(context.Context) (map[string]metrics.Queue, error)
	if ropt, err := jobs.RedisOpt(a.Config.RedisURL); err == nil {
		insp := asynq.NewInspector(ropt)
		a.inspector = insp
		name := a.Config.JobQueue
		if name == "" {
			name = "default"
		}
		queue = func(context.Context) (map[string]metrics.Queue, error) {
			known, err := insp.Queues()
			if err != nil {
				return nil, err
			}
			if !slices.Contains(known, name) {
				return map[string]metrics.Queue{name: {}}, nil // nothing queued yet
			}
			q, err := insp.GetQueueInfo(name)
			if err != nil {
				return nil, err
			}
			return map[string]metrics.Queue{name: {Size: q.Size, Pending: q.Pending, Active: q.Active, Retry: q.Retry,
				Archived: q.Archived, FailedToday: q.Failed}}, nil
		}
	}
	a.Metrics.Watch(pool, facts, queue)
}
