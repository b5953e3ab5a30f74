package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
)

// Confirmations stores e-mail confirmation codes.
type Confirmations struct{ DB *DB }

var _ account.Confirmations = Confirmations{}

// Put replaces the pending code of an address.
func (s Confirmations) Put(ctx context.Context, email, hash string, expires time.Time) error {
	_, err := s.DB.exec(ctx, Builder.Insert("email_confirmation").Columns("email", "code_hash", "expires_at", "created_at").
		Values(email, hash, expires, sq.Expr("now()")).
		Suffix("ON CONFLICT (email) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0, created_at = now()"))
	if err != nil {
		return fmt.Errorf("postgres: put confirmation: %w", err)
	}
	return nil
}

// Get reads the pending code of an address.
func (s Confirmations) Get(ctx context.Context, email string) (account.Confirmation, error) {
	var c account.Confirmation
	err := s.DB.queryRow(ctx, Builder.Select("code_hash", "attempts", "expires_at", "created_at").
		From("email_confirmation").Where(sq.Eq{"email": email})).Scan(&c.CodeHash, &c.Attempts, &c.ExpiresAt, &c.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, apperr.NotFound("confirmation.not_found")
	}
	if err != nil {
		return c, fmt.Errorf("postgres: get confirmation: %w", err)
	}
	return c, nil
}

// Fail counts a wrong code.
func (s Confirmations) Fail(ctx context.Context, email string) error {
	_, err := s.DB.exec(ctx, Builder.Update("email_confirmation").Set("attempts", sq.Expr("attempts + 1")).Where(sq.Eq{"email": email}))
	if err != nil {
		return fmt.Errorf("postgres: fail confirmation: %w", err)
	}
	return nil
}

// Delete removes the code once used.
func (s Confirmations) Delete(ctx context.Context, email string) error {
	_, err := s.DB.exec(ctx, Builder.Delete("email_confirmation").Where(sq.Eq{"email": email}))
	if err != nil {
		return fmt.Errorf("postgres: delete confirmation: %w", err)
	}
	return nil
}
