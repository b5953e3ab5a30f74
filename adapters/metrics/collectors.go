package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Pool is what the database pool tells of itself.
type Pool struct {
	Acquired, Idle, Total, Max int32
	// EmptyAcquires counts acquires that had to wait for a connection.
	EmptyAcquires int64
}

// Facts are the figures read from the database at each scrape: shared by
// every replica, so they are the same whichever replica is scraped.
type Facts struct {
	OutboxWaiting int
	OutboxOldest  time.Duration // age of the oldest waiting row (0: none)
	Submissions   int           // applications completed
	// Payments counts payment attempts by provider and result.
	Payments         map[[2]string]int
	LettersSubmitted int
}

// Queue is one job queue's state.
type Queue struct {
	Size, Pending, Active, Retry, Archived int
	FailedToday                            int
}

var (
	poolAcquired   = prometheus.NewDesc("gradapply_db_pool_acquired_connections", "Database connections in use.", nil, nil)
	poolIdle       = prometheus.NewDesc("gradapply_db_pool_idle_connections", "Database connections idle in the pool.", nil, nil)
	poolTotal      = prometheus.NewDesc("gradapply_db_pool_total_connections", "Database connections open.", nil, nil)
	poolMax        = prometheus.NewDesc("gradapply_db_pool_max_connections", "The pool's size.", nil, nil)
	poolWaited     = prometheus.NewDesc("gradapply_db_pool_empty_acquires_total", "Acquires that waited for a free connection.", nil, nil)
	outboxWaiting  = prometheus.NewDesc("gradapply_outbox_waiting", "Outbox rows not yet relayed to the job queue.", nil, nil)
	outboxOldest   = prometheus.NewDesc("gradapply_outbox_oldest_seconds", "Age of the oldest outbox row not yet relayed.", nil, nil)
	submissions    = prometheus.NewDesc("gradapply_submissions_total", "Applications completed.", nil, nil)
	payments       = prometheus.NewDesc("gradapply_payments_total", "Payment attempts by provider and result.", []string{"provider", "result"}, nil)
	letters        = prometheus.NewDesc("gradapply_letters_submitted_total", "Recommendation letters submitted.", nil, nil)
	queueSize      = prometheus.NewDesc("gradapply_queue_tasks", "Job queue tasks by state.", []string{"queue", "state"}, nil)
	queueFailed    = prometheus.NewDesc("gradapply_queue_failed_today", "Job queue tasks failed today.", []string{"queue"}, nil)
	scrapeFailures = prometheus.NewDesc("gradapply_metrics_read_errors", "1 when the last scrape could not read a source.", []string{"source"}, nil)
)

type collector struct {
	pool  func() Pool
	facts func(context.Context) (Facts, error)
	queue func(context.Context) (map[string]Queue, error)
}

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{poolAcquired, poolIdle, poolTotal, poolMax, poolWaited, outboxWaiting, outboxOldest,
		submissions, payments, letters, queueSize, queueFailed, scrapeFailures} {
		ch <- d
	}
}

func (c collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	failed := func(source string, err error) {
		v := 0.0
		if err != nil {
			v = 1
			slog.Warn("metrics: read failed", "source", source, "err", err)
		}
		ch <- prometheus.MustNewConstMetric(scrapeFailures, prometheus.GaugeValue, v, source)
	}
	if c.pool != nil {
		p := c.pool()
		ch <- prometheus.MustNewConstMetric(poolAcquired, prometheus.GaugeValue, float64(p.Acquired))
		ch <- prometheus.MustNewConstMetric(poolIdle, prometheus.GaugeValue, float64(p.Idle))
		ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(p.Total))
		ch <- prometheus.MustNewConstMetric(poolMax, prometheus.GaugeValue, float64(p.Max))
		ch <- prometheus.MustNewConstMetric(poolWaited, prometheus.CounterValue, float64(p.EmptyAcquires))
	}
	if c.facts != nil {
		f, err := c.facts(ctx)
		failed("database", err)
		if err == nil {
			ch <- prometheus.MustNewConstMetric(outboxWaiting, prometheus.GaugeValue, float64(f.OutboxWaiting))
			ch <- prometheus.MustNewConstMetric(outboxOldest, prometheus.GaugeValue, f.OutboxOldest.Seconds())
			ch <- prometheus.MustNewConstMetric(submissions, prometheus.CounterValue, float64(f.Submissions))
			ch <- prometheus.MustNewConstMetric(letters, prometheus.CounterValue, float64(f.LettersSubmitted))
			for k, n := range f.Payments {
				ch <- prometheus.MustNewConstMetric(payments, prometheus.CounterValue, float64(n), k[0], k[1])
			}
		}
	}
	if c.queue != nil {
		qs, err := c.queue(ctx)
		failed("queue", err)
		for name, q := range qs {
			for state, n := range map[string]int{"all": q.Size, "pending": q.Pending, "active": q.Active, "retry": q.Retry, "archived": q.Archived} {
				ch <- prometheus.MustNewConstMetric(queueSize, prometheus.GaugeValue, float64(n), name, state)
			}
			ch <- prometheus.MustNewConstMetric(queueFailed, prometheus.GaugeValue, float64(q.FailedToday), name)
		}
	}
}

// Watch registers the pool, the database's figures and the job queue; a
// nil source is left out.
func (m *Metrics) Watch(pool func() Pool, facts func(context.Context) (Facts, error), queue func(context.Context) (map[string]Queue, error)) {
	m.Registry.MustRegister(collector{pool: pool, facts: facts, queue: queue})
}
