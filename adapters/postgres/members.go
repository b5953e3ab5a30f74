package postgres

import (
	"context"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/permission"
)

// Members is what member management reads and writes besides the member:
// the membership measures (user_sanction).
type Members struct{ DB *DB }

var _ account.Members = Members{}

// CountRole counts the ACTIVE accounts holding a role.
func (s Members) CountRole(ctx context.Context, r permission.Role) (int, error) {
	var n int
	err := s.DB.queryRow(ctx, Builder.Select("count(*)").From("app_user u").Join("user_role r ON r.user_pk = u.id").
		Where(sq.Eq{"r.role": string(r), "u.status": string(account.StatusActive)})).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("postgres: count role: %w", err)
	}
	return n, nil
}

// AddSanction stores one membership measure.
func (s Members) AddSanction(ctx context.Context, sc account.Sanction) error {
	_, err := s.DB.exec(ctx, Builder.Insert("user_sanction").
		Columns("user_pk", "kind", "cause", "note", "fix_by", "created_by", "created_at").
		Values(sc.UserPK, sc.Kind, sc.Cause, sc.Note, nullIf(sc.FixBy), sc.By, sc.CreatedAt))
	if err != nil {
		return fmt.Errorf("postgres: add sanction: %w", err)
	}
	return nil
}

var sanctionColumns = []string{"id", "user_pk", "kind", "cause", "note", "coalesce(to_char(fix_by, 'YYYY-MM-DD'), '')", "created_by", "created_at",
	"resolved_at", "coalesce(resolution, '')"}

func (s Members) sanctions(ctx context.Context, b sq.SelectBuilder) ([]account.Sanction, error) {
	rows, err := s.DB.query(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("postgres: sanctions: %w", err)
	}
	defer rows.Close()
	out := []account.Sanction{}
	for rows.Next() {
		var sc account.Sanction
		if err := rows.Scan(&sc.ID, &sc.UserPK, &sc.Kind, &sc.Cause, &sc.Note, &sc.FixBy, &sc.By, &sc.CreatedAt, &sc.ResolvedAt, &sc.Resolution); err != nil {
			return nil, fmt.Errorf("postgres: sanction: %w", err)
		}
		out = append(out, sc)
	}
	return out, rows.Err()
}

// Sanctions lists an account's measures, oldest first.
func (s Members) Sanctions(ctx context.Context, pk int64) ([]account.Sanction, error) {
	return s.sanctions(ctx, Builder.Select(sanctionColumns...).From("user_sanction").Where(sq.Eq{"user_pk": pk}).OrderBy("created_at", "id"))
}

// OverdueLimits lists the open LIMITs whose fix-by day is before day.
func (s Members) OverdueLimits(ctx context.Context, day string) ([]account.Sanction, error) {
	return s.sanctions(ctx, Builder.Select(sanctionColumns...).From("user_sanction").
		Where(sq.Eq{"kind": account.SanctionLimit, "resolved_at": nil}).Where(sq.Lt{"fix_by": day}).OrderBy("fix_by", "id"))
}

// Resolve closes an open LIMIT; false when it was closed already.
func (s Members) Resolve(ctx context.Context, id int64, resolution string, at time.Time) (bool, error) {
	tag, err := s.DB.exec(ctx, Builder.Update("user_sanction").Set("resolved_at", at).Set("resolution", resolution).
		Where(sq.Eq{"id": id, "kind": account.SanctionLimit, "resolved_at": nil}))
	if err != nil {
		return false, fmt.Errorf("postgres: resolve sanction: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// SchoolExists reports whether a school code is known.
func (s Members) SchoolExists(ctx context.Context, code string) (bool, error) {
	var ok bool
	err := s.DB.queryRow(ctx, Builder.Select().Column(sq.Expr("EXISTS (SELECT 1 FROM school WHERE school_code = ?)", code))).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("postgres: school exists: %w", err)
	}
	return ok, nil
}
