package postgres

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
)

// Emails reads users' addresses.
type Emails struct{ DB *DB }

// Email answers a user's e-mail address.
func (s Emails) Email(ctx context.Context, userID string) (string, error) {
	var e string
	err := s.DB.queryRow(ctx, Builder.Select("email").From("app_user").Where(sq.Eq{"user_id": userID})).Scan(&e)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", apperr.NotFound("user.not_found")
	}
	if err != nil {
		return "", fmt.Errorf("postgres: email: %w", err)
	}
	return e, nil
}
