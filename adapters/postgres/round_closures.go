package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/round"
)

// Closures keeps rounds' early closes in round_closure (round.Closures);
// Reference.Round applies them.
type Closures struct{ DB *DB }

var _ round.Closures = Closures{}

// Closure answers a round's close, nil when it is open.
func (s Closures) Closure(ctx context.Context, k application.RoundKey) (*application.Closure, error) {
	var c application.Closure
	err := s.DB.queryRow(ctx, Builder.Select("closed_at", "closed_by", "reason").From("round_closure").Where(roundWhere(k))).
		Scan(&c.At, &c.By, &c.Reason)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("postgres: round closure: %w", err)
	}
	return &c, nil
}

// Close stores a close; a closed round is a conflict, an unknown one not found.
func (s Closures) Close(ctx context.Context, k application.RoundKey, c application.Closure) error {
	_, err := s.DB.exec(ctx, Builder.Insert("round_closure").
		Columns("school_code", "enter_year", "recruit_part_seq", "closed_at", "closed_by", "reason").
		Values(k.SchoolCode, k.EnterYear, k.RecruitPartSeq, c.At, c.By, c.Reason))
	var pe *pgconn.PgError
	switch {
	case IsUniqueViolation(err, ""):
		return apperr.Conflict(round.CodeAlreadyClosed)
	case errors.As(err, &pe) && pe.Code == "23503": // no such round
		return apperr.NotFound(round.CodeNotFound)
	case err != nil:
		return fmt.Errorf("postgres: close round: %w", err)
	}
	return nil
}

// Reopen removes a close; an open round is a conflict.
func (s Closures) Reopen(ctx context.Context, k application.RoundKey) error {
	tag, err := s.DB.exec(ctx, Builder.Delete("round_closure").Where(roundWhere(k)))
	if err != nil {
		return fmt.Errorf("postgres: reopen round: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return apperr.Conflict(round.CodeNotClosed)
	}
	return nil
}
