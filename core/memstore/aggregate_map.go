package memstore

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
)

// aggregateMap is one aggregate kind held as its stored data in a map of
// the store, keyed as its PostgreSQL table is: get, and a locked update
// that writes the aggregate back or deletes it when gone. The officers'
// stores (decisions, releases, rubrics, sheets, notices, bulk mails)
// share it, as adapters/postgres shares aggregateRows.
type aggregateMap[K comparable, D, T any] struct {
	rows     func(*data) map[K]D
	notFound string
	load     func(D) (T, error)
	save     func(T) D
	gone     func(T) bool // nil: never deleted by an update
}

// get answers the aggregate under key, or notFound.
func (m aggregateMap[K, D, T]) get(ctx context.Context, s *Store, key K) (T, error) {
	var out T
	err := s.do(ctx, func(d *data) error {
		row, ok := m.rows(d)[key]
		if !ok {
			return apperr.NotFound(m.notFound)
		}
		var err error
		out, err = m.load(row)
		return err
	})
	return out, err
}

// update runs fn on the aggregate under key in a transaction and writes it
// back (or deletes it when gone).
func (m aggregateMap[K, D, T]) update(ctx context.Context, s *Store, key K, fn func(ctx context.Context, v *T) error) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		v, err := m.get(ctx, s, key)
		if err != nil {
			return err
		}
		if err := fn(ctx, &v); err != nil {
			return err
		}
		return s.do(ctx, func(d *data) error {
			if m.gone != nil && m.gone(v) {
				delete(m.rows(d), key)
			} else {
				m.rows(d)[key] = m.save(v)
			}
			return nil
		})
	})
}
