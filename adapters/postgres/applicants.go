package postgres

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/submission"
)

// Applicants reads applicants' contact data and completed applications.
type Applicants struct{ DB *DB }

// Contact answers a user's e-mail and locale.
func (s Applicants) Recipient(ctx context.Context, userID string) (port.Recipient, error) {
	var c port.Recipient
	err := s.DB.queryRow(ctx, Builder.Select("email", "locale").From("app_user").Where(sq.Eq{"user_id": userID})).Scan(&c.Email, &c.Locale)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, apperr.NotFound("user.not_found")
	}
	if err != nil {
		return c, fmt.Errorf("postgres: contact: %w", err)
	}
	return c, nil
}

// Buyer answers who pays for an application of the user, for the payment
// provider's window: the applicant's name on the application, the
// account's e-mail, and the application's mobile number (else its phone,
// else the account's phone). An application of another user adds nothing.
func (s Applicants) Buyer(ctx context.Context, userID string, applNo int64) (payment.Buyer, error) {
	var b payment.Buyer
	err := s.DB.queryRow(ctx, Builder.Select("coalesce(a.applicant_name, '')", "u.email",
		"coalesce(nullif(b.mobile, ''), nullif(b.phone, ''), u.phone, '')").
		From("app_user u").
		LeftJoin("application a ON a.user_pk = u.id AND a.appl_no = ?", applNo).
		LeftJoin("appl_basis b ON b.appl_no = a.appl_no").
		Where(sq.Eq{"u.user_id": userID})).Scan(&b.Name, &b.Email, &b.Phone)
	if errors.Is(err, pgx.ErrNoRows) {
		return b, apperr.NotFound("user.not_found")
	}
	if err != nil {
		return b, fmt.Errorf("postgres: buyer: %w", err)
	}
	return b, nil
}

// CompletedByEmail lists the COMPLETE applications of the accounts using
// an address (compared case-insensitively).
func (s Applicants) CompletedByEmail(ctx context.Context, email string) ([]submission.Completed, error) {
	rows, err := s.DB.query(ctx, Builder.Select("sc.kor_name", "sc.eng_name", "p.kor_name", "p.eng_name", "a.appl_id", "u.locale").
		From("app_user u").
		Join("application a ON a.user_pk = u.id").
		Join("recruit_part p ON p.school_code = a.school_code AND p.enter_year = a.enter_year AND p.recruit_part_seq = a.recruit_part_seq").
		Join("school sc ON sc.school_code = a.school_code").
		Where(sq.Eq{"lower(u.email)": email, "a.status": "COMPLETE"}).Where("a.appl_id IS NOT NULL").
		OrderBy("a.completed_at", "a.appl_no"))
	if err != nil {
		return nil, fmt.Errorf("postgres: completed by email: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (submission.Completed, error) {
		var c submission.Completed
		return c, r.Scan(&c.SchoolKorName, &c.SchoolEngName, &c.RoundKorName, &c.RoundEngName, &c.ApplID, &c.Locale)
	})
}
