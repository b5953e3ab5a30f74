package postgres

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
)

// aggregateRows says how one aggregate's rows are read and written back:
// the select, how a row becomes the aggregate, the code answered when
// there is none, and the columns an update writes. The stores of the
// officers' areas (decisions, releases, rubrics, sheets, notices, bulk
// mails) share its get, list and locked update.
type aggregateRows[T any] struct {
	table    string
	what     string // in error messages: "decision", "bulk mail"
	sel      sq.SelectBuilder
	scan     func(pgx.Row) (T, error)
	notFound string
	// values answers the columns to write back; gone reports an aggregate
	// whose row the update deletes instead (nil: never).
	values func(T) (map[string]any, error)
	gone   func(T) bool
}

// get answers the one row b selects, or notFound.
func (t aggregateRows[T]) get(ctx context.Context, db *DB, b sq.SelectBuilder) (T, error) {
	v, err := t.scan(db.queryRow(ctx, b))
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return v, apperr.NotFound(t.notFound)
	case err != nil:
		return v, fmt.Errorf("postgres: %s: %w", t.what, err)
	}
	return v, nil
}

// list answers every row b selects, in its order.
func (t aggregateRows[T]) list(ctx context.Context, db *DB, b sq.SelectBuilder) ([]T, error) {
	rows, err := db.query(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s list: %w", t.what, err)
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := t.scan(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: %s list: %w", t.what, err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// update locks the row where selects (FOR UPDATE) for fn and writes the
// aggregate back, or deletes the row when it is gone, in one transaction.
func (t aggregateRows[T]) update(ctx context.Context, db *DB, where sq.Sqlizer, fn func(ctx context.Context, v *T) error) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		v, err := t.get(ctx, db, t.sel.Where(where).Suffix("FOR UPDATE"))
		if err != nil {
			return err
		}
		if err := fn(ctx, &v); err != nil {
			return err
		}
		if err := t.write(ctx, db, where, v); err != nil {
			return fmt.Errorf("postgres: update %s: %w", t.what, err)
		}
		return nil
	})
}

// write stores v over the row where selects (or deletes it when gone).
func (t aggregateRows[T]) write(ctx context.Context, db *DB, where sq.Sqlizer, v T) error {
	if t.gone != nil && t.gone(v) {
		_, err := db.exec(ctx, Builder.Delete(t.table).Where(where))
		return err
	}
	cols, err := t.values(v)
	if err != nil {
		return err
	}
	_, err = db.exec(ctx, Builder.Update(t.table).SetMap(cols).Where(where))
	return err
}

// plainValues adapts a values function that cannot fail.
func plainValues[T any](f func(T) map[string]any) func(T) (map[string]any, error) {
	return func(v T) (map[string]any, error) { return f(v), nil }
}
