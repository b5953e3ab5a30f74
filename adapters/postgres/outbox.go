package postgres

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
)

// OutboxChannel is the LISTEN/NOTIFY channel Enqueue signals on. PostgreSQL
// delivers a notification only when the writing transaction commits, so a
// listener never wakes up for a row it cannot see yet.
const OutboxChannel = "outbox"

// OutboxLease is how long ClaimPending hides a claimed row from other relays.
// A relay that dies mid-batch delays its rows by at most this long; one that
// is merely slow may relay a row twice, which the queue's task id absorbs.
const OutboxLease = time.Minute

// maxLastError bounds what MarkFailed stores; a Redis error is short, but a
// wrapped chain should not grow the table.
const maxLastError = 2000

// OutboxMessage is one job waiting to be relayed to the queue.
type OutboxMessage struct {
	ID        int64
	TaskType  string
	Payload   []byte // JSON
	CreatedAt time.Time
	Attempts  int
	LastError string
}

var outboxColumns = []string{"id", "task_type", "payload", "created_at", "attempts", "coalesce(last_error, '')"}

// Enqueue writes a job to the outbox. Called with a ctx from InTx it joins
// that transaction, so the job exists if and only if the change that caused it
// commits.
func (db *DB) Enqueue(ctx context.Context, taskType string, payload any) error {
	if taskType == "" {
		return errors.New("postgres: outbox enqueue: empty task type")
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("postgres: outbox enqueue: marshal payload: %w", err)
	}
	// One statement inserts and notifies (delivered at commit); in a
	// transaction with queued writes it goes with them.
	err = db.writeLater(ctx, Builder.Select().Column(sq.Expr("pg_notify(?, ins.id::text)", OutboxChannel)).From("ins").
		Prefix("WITH ins AS (INSERT INTO outbox (task_type, payload) VALUES (?, ?) RETURNING id)", taskType, string(body)))
	if err != nil {
		return fmt.Errorf("postgres: outbox enqueue: %w", err)
	}
	return nil
}

// ClaimPending returns up to limit due rows and leases them for OutboxLease,
// so concurrent relays (FOR UPDATE SKIP LOCKED) never get the same row. The
// lease needs no open transaction while the caller talks to the queue; the
// caller ends it with MarkRelayed, MarkFailed or Release.
func (db *DB) ClaimPending(ctx context.Context, limit int) ([]OutboxMessage, error) {
	if limit <= 0 {
		limit = 100
	}
	// The subquery keeps ? placeholders; the outer builder numbers them all.
	due := sq.Select("id").From("outbox").
		Where("relayed_at IS NULL").
		Where("next_try_at <= now()").
		OrderBy("next_try_at", "id").
		Limit(u64(limit)).
		Suffix("FOR UPDATE SKIP LOCKED")
	rows, err := db.query(ctx, Builder.Update("outbox").
		Set("next_try_at", sq.Expr("now() + make_interval(secs => ?)", OutboxLease.Seconds())).
		Where(sq.Expr("id IN (?)", due)).
		Suffix("RETURNING "+strings.Join(outboxColumns, ", ")))
	if err != nil {
		return nil, fmt.Errorf("postgres: outbox claim: %w", err)
	}
	msgs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (OutboxMessage, error) {
		var m OutboxMessage
		err := row.Scan(&m.ID, &m.TaskType, &m.Payload, &m.CreatedAt, &m.Attempts, &m.LastError)
		return m, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: outbox claim: %w", err)
	}
	// UPDATE ... RETURNING comes back in no particular order; relay oldest first.
	slices.SortFunc(msgs, func(a, b OutboxMessage) int { return cmp.Compare(a.ID, b.ID) })
	return msgs, nil
}

// MarkRelayed records that the row reached the queue and clears its
// payload: the queue holds the job now, and a relayed row is kept (for
// Retention) only as a record, not as a second copy of the mail's content.
func (db *DB) MarkRelayed(ctx context.Context, id int64) error {
	tag, err := db.exec(ctx, Builder.Update("outbox").
		Set("relayed_at", sq.Expr("now()")).
		Set("payload", sq.Expr("'{}'::jsonb")).
		Set("last_error", nil).
		Where(sq.Eq{"id": id}))
	if err != nil {
		return fmt.Errorf("postgres: outbox mark relayed: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: outbox mark relayed: no row %d", id)
	}
	return nil
}

// MarkFailed counts a failed relay attempt and schedules the next one.
func (db *DB) MarkFailed(ctx context.Context, id int64, cause error, nextTry time.Time) error {
	msg := "unknown error"
	if cause != nil {
		msg = truncate(cause.Error(), maxLastError)
	}
	_, err := db.exec(ctx, Builder.Update("outbox").
		Set("attempts", sq.Expr("attempts + 1")).
		Set("last_error", msg).
		Set("next_try_at", nextTry).
		Where(sq.Eq{"id": id}).
		Where("relayed_at IS NULL"))
	if err != nil {
		return fmt.Errorf("postgres: outbox mark failed: %w", err)
	}
	return nil
}

// Release hands claimed rows back without counting an attempt (the relay
// stopped before trying them), due again at the given time.
func (db *DB) Release(ctx context.Context, ids []int64, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := db.exec(ctx, Builder.Update("outbox").
		Set("next_try_at", at).
		Where(sq.Eq{"id": ids}).
		Where("relayed_at IS NULL"))
	if err != nil {
		return fmt.Errorf("postgres: outbox release: %w", err)
	}
	return nil
}

// DeleteRelayed removes rows relayed before the given time and reports how
// many; rows not yet relayed are never removed, however old.
func (db *DB) DeleteRelayed(ctx context.Context, before time.Time) (int64, error) {
	tag, err := db.exec(ctx, Builder.Delete("outbox").
		Where("relayed_at IS NOT NULL").
		Where(sq.Lt{"relayed_at": before}))
	if err != nil {
		return 0, fmt.Errorf("postgres: outbox cleanup: %w", err)
	}
	return tag.RowsAffected(), nil
}

// OutboxStats is what a health check or an operator wants to know.
type OutboxStats struct {
	Pending    int64
	Oldest     *time.Time // created_at of the oldest pending row; nil when none
	MaxAttempt int        // most failed relay attempts of a pending row
}

// OutboxStats counts pending rows.
func (db *DB) OutboxStats(ctx context.Context) (OutboxStats, error) {
	var s OutboxStats
	err := db.queryRow(ctx, Builder.Select("count(*)", "min(created_at)", "coalesce(max(attempts), 0)").
		From("outbox").Where("relayed_at IS NULL")).Scan(&s.Pending, &s.Oldest, &s.MaxAttempt)
	if err != nil {
		return OutboxStats{}, fmt.Errorf("postgres: outbox stats: %w", err)
	}
	return s, nil
}

// ListenOutbox calls notify for every outbox notification until ctx ends or
// the connection fails; it holds one pool connection meanwhile. The caller
// restarts it after an error.
func (db *DB) ListenOutbox(ctx context.Context, notify func()) error {
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("postgres: outbox listen: %w", err)
	}
	// A connection that was LISTENing must not go back to the pool.
	defer func() { _ = conn.Conn().Close(context.WithoutCancel(ctx)); conn.Release() }()
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{OutboxChannel}.Sanitize()); err != nil {
		return fmt.Errorf("postgres: outbox listen: %w", err)
	}
	// Rows may have been written before LISTEN took effect.
	notify()
	for {
		if _, err := conn.Conn().WaitForNotification(ctx); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("postgres: outbox listen: %w", err)
		}
		notify()
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
