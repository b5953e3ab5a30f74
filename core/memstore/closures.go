package memstore

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/round"
)

// Closures keeps rounds' early closes (round.Closures); Reference.Round
// applies them.
type Closures struct{ *Store }

var _ round.Closures = Closures{}

// Closure answers a round's close, nil when it is open.
func (s Closures) Closure(ctx context.Context, k application.RoundKey) (*application.Closure, error) {
	var out *application.Closure
	err := s.do(ctx, func(d *data) error {
		if c, ok := d.closures[k]; ok {
			out = &c
		}
		return nil
	})
	return out, err
}

// Close stores a close; a closed round is a conflict.
func (s Closures) Close(ctx context.Context, k application.RoundKey, c application.Closure) error {
	return s.do(ctx, func(d *data) error {
		if _, ok := d.closures[k]; ok {
			return apperr.Conflict(round.CodeAlreadyClosed)
		}
		if _, ok := d.rounds[k]; !ok {
			return apperr.NotFound(round.CodeNotFound)
		}
		d.closures[k] = c
		return nil
	})
}

// Reopen removes a close; an open round is a conflict.
func (s Closures) Reopen(ctx context.Context, k application.RoundKey) error {
	return s.do(ctx, func(d *data) error {
		if _, ok := d.closures[k]; !ok {
			return apperr.Conflict(round.CodeNotClosed)
		}
		delete(d.closures, k)
		return nil
	})
}
