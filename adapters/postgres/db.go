// Package postgres holds the PostgreSQL stores: one pool, one squirrel
// builder with $n placeholders, transactions and the embedded migrations.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"strings"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"github.com/gradapply/gradapply/migrations"
)

// Builder builds SQL with $n placeholders.
var Builder = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// DB is the pool every store shares.
type DB struct {
	Pool *pgxpool.Pool
}

// DefaultMaxConns is the pool size unless DATABASE_URL sets pool_max_conns:
// 4 per core, at least 20 (pgx's own default, 4 on two cores, queues
// requests in a deadline surge).
func DefaultMaxConns() int32 { return int32(max(20, 4*min(runtime.NumCPU(), 64))) } // #nosec G115 -- at most 256

// withoutPoolSettings is dsn without pgxpool's own settings (pool_max_conns
// and the other pool_* parameters): a single connection (the maintenance
// database, the migrations) would send them to PostgreSQL as run-time
// parameters, which it refuses.
func withoutPoolSettings(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.Scheme == "" {
		return dsn
	}
	q := u.Query()
	changed := false
	for k := range q {
		if strings.HasPrefix(k, "pool_") {
			q.Del(k)
			changed = true
		}
	}
	if !changed {
		return dsn
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// Open connects and pings.
func Open(ctx context.Context, dsn string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: parse url: %w", err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = DefaultMaxConns()
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: ping: %w", err)
	}
	return &DB{Pool: pool}, nil
}

// Close closes the pool.
func (db *DB) Close() { db.Pool.Close() }

// Ping reports whether the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.Pool.Ping(ctx) }

// Querier is what a pool and a transaction have in common.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type txKey struct{}

// q returns the transaction in ctx, if any, else the pool, so a store call
// joins the caller's transaction (the outbox relies on this).
func (db *DB) q(ctx context.Context) Querier {
	if tx, ok := ctx.Value(txKey{}).(pgx.Tx); ok {
		return tx
	}
	return db.Pool
}

// InTx runs fn in one transaction; stores called with the ctx it gets join it.
// A nested call joins the outer transaction.
func (db *DB) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(pgx.Tx); ok {
		return fn(ctx)
	}
	tx, err := db.Pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: begin: %w", err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres: commit: %w", err)
	}
	return nil
}

// exec runs a built statement.
func (db *DB) exec(ctx context.Context, b sq.Sqlizer) (pgconn.CommandTag, error) {
	s, args, err := b.ToSql()
	if err != nil {
		return pgconn.CommandTag{}, fmt.Errorf("postgres: build: %w", err)
	}
	if err := db.flush(ctx); err != nil {
		return pgconn.CommandTag{}, err
	}
	return db.q(ctx).Exec(ctx, s, args...)
}

// query runs a built query.
func (db *DB) query(ctx context.Context, b sq.Sqlizer) (pgx.Rows, error) {
	s, args, err := b.ToSql()
	if err != nil {
		return nil, fmt.Errorf("postgres: build: %w", err)
	}
	if err := db.flush(ctx); err != nil {
		return nil, err
	}
	return db.q(ctx).Query(ctx, s, args...)
}

// queryRow runs a built query for one row.
func (db *DB) queryRow(ctx context.Context, b sq.Sqlizer) pgx.Row {
	s, args, err := b.ToSql()
	if err != nil {
		return errRow{err}
	}
	if err := db.flush(ctx); err != nil {
		return errRow{err}
	}
	return db.q(ctx).QueryRow(ctx, s, args...)
}

// pending holds the writes of a transaction that are sent together.
type pending struct{ b pgx.Batch }

type pendingKey struct{}

// withPending returns a context in which writeLater queues statements; ctx
// must carry a transaction. The queue is sent, in order, before the next
// statement run with that context, or by flush.
func withPending(ctx context.Context) context.Context {
	return context.WithValue(ctx, pendingKey{}, &pending{})
}

// writeLater queues a write whose result is not needed when ctx has a
// queue (see withPending), else runs it now. A failure of a queued write
// is answered by the flush that sends it, so the transaction still rolls
// back.
func (db *DB) writeLater(ctx context.Context, b sq.Sqlizer) error {
	p, ok := ctx.Value(pendingKey{}).(*pending)
	if !ok {
		_, err := db.exec(ctx, b)
		return err
	}
	s, args, err := b.ToSql()
	if err != nil {
		return fmt.Errorf("postgres: build: %w", err)
	}
	p.b.Queue(s, args...)
	return nil
}

// flush sends the queued writes of ctx as one batch (one round trip).
func (db *DB) flush(ctx context.Context) error {
	p, ok := ctx.Value(pendingKey{}).(*pending)
	if !ok || p.b.Len() == 0 {
		return nil
	}
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	if !ok {
		return errors.New("postgres: queued writes outside a transaction")
	}
	b := p.b
	p.b = pgx.Batch{}
	if err := tx.SendBatch(ctx, &b).Close(); err != nil {
		return fmt.Errorf("postgres: write: %w", err)
	}
	return nil
}

// rowRead is one read of readTogether: a query of one row and where its
// columns go.
type rowRead struct {
	b    sq.Sqlizer
	dest []any
}

func read(b sq.Sqlizer, dest ...any) rowRead { return rowRead{b: b, dest: dest} }

// readTogether runs reads in order in one round trip, after the writes
// queued before them (see writeLater) in the same batch. Outside a
// transaction each read runs on its own.
func (db *DB) readTogether(ctx context.Context, reads ...rowRead) error {
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	if !ok {
		for _, r := range reads {
			if err := db.queryRow(ctx, r.b).Scan(r.dest...); err != nil {
				return err
			}
		}
		return nil
	}
	var b pgx.Batch
	writes := 0
	if p, ok := ctx.Value(pendingKey{}).(*pending); ok {
		b, writes = p.b, p.b.Len()
		p.b = pgx.Batch{}
	}
	for _, r := range reads {
		q, args, err := r.b.ToSql()
		if err != nil {
			return fmt.Errorf("postgres: build: %w", err)
		}
		b.Queue(q, args...)
	}
	br := tx.SendBatch(ctx, &b)
	for range writes {
		if _, err := br.Exec(); err != nil {
			_ = br.Close()
			return fmt.Errorf("postgres: write: %w", err)
		}
	}
	for _, r := range reads {
		if err := br.QueryRow().Scan(r.dest...); err != nil {
			_ = br.Close()
			return err
		}
	}
	return br.Close()
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return fmt.Errorf("postgres: build: %w", r.err) }

// IsUniqueViolation reports a unique-constraint failure, optionally on one constraint.
func IsUniqueViolation(err error, constraint string) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return constraint == "" || pe.ConstraintName == constraint
	}
	return false
}

// Migrate applies every pending migration.
func Migrate(ctx context.Context, dsn string) error {
	cfg, err := pgx.ParseConfig(withoutPoolSettings(dsn))
	if err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	sqldb := stdlib.OpenDB(*cfg)
	defer sqldb.Close()
	return migrateDB(ctx, sqldb)
}

func migrateDB(ctx context.Context, sqldb *sql.DB) error {
	// Areas number their migrations in ranges of their own (payments 001xx,
	// letters 002xx, ...), so a database migrated before a lower-numbered
	// file landed must still take it: out-of-order is allowed.
	provider, err := goose.NewProvider(goose.DialectPostgres, sqldb, migrations.FS, goose.WithAllowOutofOrder(true))
	if err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	return nil
}

// EnsureDatabase creates the database named in dsn if it does not exist,
// connecting to the server's "postgres" database to do so.
func EnsureDatabase(ctx context.Context, dsn string) error {
	u, err := url.Parse(withoutPoolSettings(dsn))
	if err != nil {
		return fmt.Errorf("postgres: parse url: %w", err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	if name == "" {
		return errors.New("postgres: no database name in DATABASE_URL")
	}
	admin := *u
	admin.Path = "/postgres"
	conn, err := pgx.Connect(ctx, admin.String())
	if err != nil {
		return fmt.Errorf("postgres: connect: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return fmt.Errorf("postgres: check database: %w", err)
	}
	if exists {
		return nil
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	if err != nil && !IsUniqueViolation(err, "") {
		return fmt.Errorf("postgres: create database: %w", err)
	}
	return nil
}

// DropDatabase removes a database (tests only).
func DropDatabase(ctx context.Context, dsn string) error {
	u, err := url.Parse(withoutPoolSettings(dsn))
	if err != nil {
		return err
	}
	name := strings.TrimPrefix(u.Path, "/")
	admin := *u
	admin.Path = "/postgres"
	conn, err := pgx.Connect(ctx, admin.String())
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	return err
}

// IsForeignKeyViolation reports a reference to a row that does not exist.
func IsForeignKeyViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23503"
}
