package postgres

import (
	"context"
	"fmt"
	"time"
)

// MetricFacts are the figures the metrics read at each scrape.
type MetricFacts struct {
	OutboxWaiting    int
	OutboxOldest     time.Duration
	Submissions      int
	Payments         map[[2]string]int // provider, result
	LettersSubmitted int
}

// MetricFacts reads them in one round trip and one small grouped query.
func (db *DB) MetricFacts(ctx context.Context) (MetricFacts, error) {
	f := MetricFacts{Payments: map[[2]string]int{}}
	var oldest float64
	err := db.q(ctx).QueryRow(ctx, `SELECT
		(SELECT count(*) FROM outbox WHERE relayed_at IS NULL),
		coalesce((SELECT extract(epoch FROM now() - min(created_at)) FROM outbox WHERE relayed_at IS NULL), 0),
		(SELECT count(*) FROM application WHERE status = 'COMPLETE'),
		(SELECT count(*) FROM recommend_request WHERE status = '00040')`).Scan(&f.OutboxWaiting, &oldest, &f.Submissions, &f.LettersSubmitted)
	if err != nil {
		return f, fmt.Errorf("postgres: metric facts: %w", err)
	}
	f.OutboxOldest = time.Duration(oldest * float64(time.Second))
	rows, err := db.q(ctx).Query(ctx, "SELECT provider, result, count(*) FROM pay_attempt GROUP BY provider, result")
	if err != nil {
		return f, fmt.Errorf("postgres: metric facts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p, r string
		var n int
		if err := rows.Scan(&p, &r, &n); err != nil {
			return f, fmt.Errorf("postgres: metric facts: %w", err)
		}
		f.Payments[[2]string{p, r}] = n
	}
	return f, rows.Err()
}
