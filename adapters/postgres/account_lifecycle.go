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

// missing maps "no row" to a not-found error with the code.
func missing(err error, code, what string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.NotFound(code)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// Lifecycle is the store of the account lifecycle (issue 14).
type Lifecycle struct{ DB *DB }

var _ account.Lifecycle = Lifecycle{}

// submitted are the application statuses kept when an account closes.
var submitted = []string{"SUBMIT", "VBANK_ISSUE", "COMPLETE", "CANCEL"}

// ActiveByEmail lists the accounts not withdrawn that use the address.
func (s Lifecycle) ActiveByEmail(ctx context.Context, email string) ([]account.User, error) {
	rows, err := s.DB.query(ctx, Users(s).selectUsers().
		Where("lower(u.email) = lower(?) AND u.status <> 'WITHDRAW'", email).OrderBy("u.id"))
	if err != nil {
		return nil, fmt.Errorf("postgres: users by email: %w", err)
	}
	defer rows.Close()
	var out []account.User
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// Profile reads the phone number.
func (s Lifecycle) Profile(ctx context.Context, pk int64) (account.Profile, error) {
	var p account.Profile
	err := s.DB.queryRow(ctx, Builder.Select("coalesce(phone, '')").From("app_user").Where(sq.Eq{"id": pk})).Scan(&p.Phone)
	if err != nil {
		return p, missing(err, account.CodeUserNotFound, "postgres: profile")
	}
	return p, nil
}

// PaymentInFlight: a virtual account issued and not paid, or a payment
// attempt still proceeding.
func (s Lifecycle) PaymentInFlight(ctx context.Context, pk int64) (bool, error) {
	var busy bool
	err := s.DB.queryRow(ctx, Builder.Select().Column(sq.Expr(`EXISTS (SELECT 1 FROM application a WHERE a.user_pk = ? AND (a.status = 'VBANK_ISSUE'
		OR (SELECT am.in_flight FROM appl_money am WHERE am.appl_no = a.appl_no)))`, pk))).Scan(&busy)
	if err != nil {
		return false, fmt.Errorf("postgres: payment in flight: %w", err)
	}
	return busy, nil
}

// Detach removes what a closing account leaves in other areas: drafts
// deleted, submitted applications and survey answers unlinked, pending
// address-change codes deleted. The member row is closed by Users.Update.
func (s Lifecycle) Detach(ctx context.Context, pk int64) (account.Closed, error) {
	var c account.Closed
	err := s.DB.InTx(ctx, func(ctx context.Context) error {
		var userID string
		if err := s.DB.queryRow(ctx, Builder.Select("user_id").From("app_user").Where(sq.Eq{"id": pk}).Suffix("FOR UPDATE")).Scan(&userID); err != nil {
			return missing(err, account.CodeUserNotFound, "postgres: close account")
		}
		drafts := Builder.Select("appl_no").From("application").Where(sq.Eq{"user_pk": pk}).Where(sq.NotEq{"status": submitted})
		rows, err := s.DB.query(ctx, Builder.Select("stored_name").From("appl_document").Where(drafts.Prefix("appl_no IN (").Suffix(")")).OrderBy("stored_name"))
		if err != nil {
			return fmt.Errorf("postgres: drafts' files: %w", err)
		}
		for rows.Next() {
			var f string
			if err := rows.Scan(&f); err != nil {
				rows.Close()
				return fmt.Errorf("postgres: drafts' files: %w", err)
			}
			c.Files = append(c.Files, f)
		}
		rows.Close()
		tag, err := s.DB.exec(ctx, Builder.Delete("application").Where(sq.Eq{"user_pk": pk}).Where(sq.NotEq{"status": submitted}))
		if err != nil {
			return fmt.Errorf("postgres: delete drafts: %w", err)
		}
		c.Drafts = int(tag.RowsAffected())
		if tag, err = s.DB.exec(ctx, Builder.Update("application").Set("user_pk", nil).Set("user_id", nil).
			Where(sq.Eq{"user_pk": pk})); err != nil {
			return fmt.Errorf("postgres: unlink applications: %w", err)
		}
		c.Unlinked = int(tag.RowsAffected())
		// Survey answers stay in the results, no longer linked to the member.
		if _, err := s.DB.exec(ctx, Builder.Update("site_survey_response").Set("user_id", sq.Expr("'closed:' || gen_random_uuid()")).
			Where(sq.Eq{"user_id": userID})); err != nil {
			return fmt.Errorf("postgres: unlink survey answers: %w", err)
		}
		if _, err := s.DB.exec(ctx, Builder.Delete("email_confirmation").Where("email LIKE ?", fmt.Sprintf("change:%d:%%", pk))); err != nil {
			return fmt.Errorf("postgres: delete codes: %w", err)
		}
		return nil
	})
	return c, err
}

// DormancyCandidates lists members whose last activity is at or before lastActive.
func (s Lifecycle) DormancyCandidates(ctx context.Context, lastActive time.Time, limit int) ([]account.Dormant, error) {
	rows, err := s.DB.query(ctx, Builder.Select("id", "user_id", "email", "locale", "coalesce(last_login_at, created_at)", "dormancy_notified_at").
		From("app_user").Where("status <> 'WITHDRAW' AND coalesce(last_login_at, created_at) <= ?", lastActive).
		OrderBy("coalesce(last_login_at, created_at)", "id").Limit(u64(limit)))
	if err != nil {
		return nil, fmt.Errorf("postgres: dormancy candidates: %w", err)
	}
	defer rows.Close()
	var out []account.Dormant
	for rows.Next() {
		var d account.Dormant
		if err := rows.Scan(&d.PK, &d.UserID, &d.Email, &d.Locale, &d.LastActive, &d.NotifiedAt); err != nil {
			return nil, fmt.Errorf("postgres: dormancy candidates: %w", err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}
