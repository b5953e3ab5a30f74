package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Users is the account store.
type Users struct{ DB *DB }

var _ account.Users = Users{}

const userCols = `u.id, u.user_id, u.email, u.password_hash, u.status, u.locale, coalesce(u.school_code, ''),
	u.token_version, u.last_login_at, u.created_at,
	coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM user_role r WHERE r.user_pk = u.id), '{}')`

func scanUser(row pgx.Row) (account.User, error) {
	var u account.User
	var roles []string
	var status string
	err := row.Scan(&u.PK, &u.UserID, &u.Email, &u.PasswordHash, &status, &u.Locale, &u.SchoolCode,
		&u.TokenVersion, &u.LastLoginAt, &u.CreatedAt, &roles)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, apperr.NotFound("user.not_found")
	}
	if err != nil {
		return u, fmt.Errorf("postgres: scan user: %w", err)
	}
	u.Status = account.Status(status)
	for _, r := range roles {
		if role, ok := permission.ParseRole(r); ok {
			u.Roles = append(u.Roles, role)
		}
	}
	return u, nil
}

func (s Users) selectUsers() sq.SelectBuilder {
	return Builder.Select(userCols).From("app_user u")
}

// Create stores a new account with its roles.
func (s Users) Create(ctx context.Context, n account.NewUser) (account.User, error) {
	var u account.User
	err := s.DB.InTx(ctx, func(ctx context.Context) error {
		var pk int64
		var school any
		if n.SchoolCode != "" {
			school = n.SchoolCode
		}
		err := s.DB.queryRow(ctx, Builder.Insert("app_user").
			Columns("user_id", "email", "password_hash", "locale", "school_code", "terms_agreed_at", "privacy_agreed_at").
			Values(n.UserID, n.Email, n.PasswordHash, n.Locale, school, n.AgreedAt, n.AgreedAt).
			Suffix("RETURNING id")).Scan(&pk)
		switch {
		case IsUniqueViolation(err, "app_user_user_id_key"):
			return conflict("userId", account.CodeUserIDOccupied)
		case IsUniqueViolation(err, "app_user_email_key"):
			return conflict("email", account.CodeEmailOccupied)
		case err != nil:
			return fmt.Errorf("postgres: create user: %w", err)
		}
		for _, r := range n.Roles {
			if _, err := s.DB.exec(ctx, Builder.Insert("user_role").Columns("user_pk", "role").Values(pk, string(r))); err != nil {
				return fmt.Errorf("postgres: add role: %w", err)
			}
		}
		u, err = s.ByPK(ctx, pk)
		return err
	})
	return u, err
}

func conflict(field, code string) error {
	return &apperr.Error{Kind: apperr.KindConflict, Code: code, Fields: []apperr.FieldError{{Field: field, Code: code}}}
}

// ByUserID finds an account by its user id (case-insensitive).
func (s Users) ByUserID(ctx context.Context, userID string) (account.User, error) {
	return scanUser(s.DB.queryRow(ctx, s.selectUsers().Where("lower(u.user_id) = lower(?)", userID)))
}

// ByPK finds an account by its key.
func (s Users) ByPK(ctx context.Context, pk int64) (account.User, error) {
	return scanUser(s.DB.queryRow(ctx, s.selectUsers().Where(sq.Eq{"u.id": pk})))
}

// UserIDTaken reports whether a user id is in use (withdrawn ids stay taken).
func (s Users) UserIDTaken(ctx context.Context, userID string) (bool, error) {
	var ok bool
	err := s.DB.queryRow(ctx, Builder.Select("1").Prefix("SELECT EXISTS (").
		From("app_user").Where("lower(user_id) = lower(?)", userID).Suffix(")")).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("postgres: user id taken: %w", err)
	}
	return ok, nil
}

// EmailTaken reports whether an active account uses the address.
func (s Users) EmailTaken(ctx context.Context, email string) (bool, error) {
	var ok bool
	err := s.DB.queryRow(ctx, Builder.Select("1").Prefix("SELECT EXISTS (").
		From("app_user").Where("lower(email) = lower(?) AND status <> 'WITHDRAW'", email).Suffix(")")).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("postgres: email taken: %w", err)
	}
	return ok, nil
}

// RecordLogin notes a successful login (dormancy counts from it).
func (s Users) RecordLogin(ctx context.Context, pk int64, at time.Time, locale string) error {
	_, err := s.DB.exec(ctx, Builder.Update("app_user").Set("last_login_at", at).Set("dormancy_notified_at", nil).
		Set("locale", locale).Where(sq.Eq{"id": pk}))
	if err != nil {
		return fmt.Errorf("postgres: record login: %w", err)
	}
	return nil
}

// Session reads what a token is checked against, in one round trip.
func (s Users) Session(ctx context.Context, userID, jti string) (account.SessionState, error) {
	var st account.SessionState
	var status string
	var roles []string
	err := s.DB.queryRow(ctx, Builder.Select("u.status", "u.token_version", "coalesce(u.school_code, '')").
		Column(sq.Expr("EXISTS (SELECT 1 FROM revoked_token WHERE jti = ?)", jti)).
		Column("coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM user_role r WHERE r.user_pk = u.id), '{}')").
		From("app_user u").
		Where("lower(u.user_id) = lower(?)", userID)).Scan(&status, &st.TokenVersion, &st.SchoolCode, &st.Revoked, &roles)
	if errors.Is(err, pgx.ErrNoRows) {
		return st, apperr.NotFound("user.not_found")
	}
	if err != nil {
		return st, fmt.Errorf("postgres: session: %w", err)
	}
	st.Status = account.Status(status)
	for _, r := range roles {
		if role, ok := permission.ParseRole(r); ok {
			st.Roles = append(st.Roles, role)
		}
	}
	return st, nil
}

// Revoke blocks one token id until it expires.
func (s Users) Revoke(ctx context.Context, jti string, until time.Time) error {
	_, err := s.DB.exec(ctx, Builder.Insert("revoked_token").Columns("jti", "expires_at").Values(jti, until).
		Suffix("ON CONFLICT (jti) DO NOTHING"))
	if err != nil {
		return fmt.Errorf("postgres: revoke: %w", err)
	}
	return nil
}

// RevokeAll invalidates every token of an account.
func (s Users) RevokeAll(ctx context.Context, pk int64) error {
	_, err := s.DB.exec(ctx, Builder.Update("app_user").Set("token_version", sq.Expr("token_version + 1")).Where(sq.Eq{"id": pk}))
	if err != nil {
		return fmt.Errorf("postgres: revoke all: %w", err)
	}
	return nil
}

var userSortColumns = map[string]string{
	"id": "u.id", "userId": "u.user_id", "email": "u.email", "status": "u.status",
	"createdAt": "u.created_at", "lastLoginAt": "u.last_login_at",
}

// List returns one page of users and the total.
func (s Users) List(ctx context.Context, q account.ListQuery) ([]account.User, int, error) {
	where := sq.And{}
	if q.Search != "" {
		like := "%" + escapeLike(q.Search) + "%"
		where = append(where, sq.Or{sq.ILike{"u.user_id": like}, sq.ILike{"u.email": like}})
	}
	if q.Status != "" {
		where = append(where, sq.Eq{"u.status": q.Status})
	}
	if q.Role != "" {
		where = append(where, sq.Expr("EXISTS (SELECT 1 FROM user_role r WHERE r.user_pk = u.id AND r.role = ?)", q.Role))
	}
	if q.Member != "" {
		where = append(where, sq.Expr("EXISTS (SELECT 1 FROM user_role m WHERE m.user_pk = u.id AND m.role = ?)", string(q.Member)))
	}
	if q.AppliedTo != "" {
		where = append(where, sq.Expr("EXISTS (SELECT 1 FROM application a WHERE a.user_pk = u.id AND a.school_code = ?)", q.AppliedTo))
	}
	if q.PK != 0 {
		where = append(where, sq.Eq{"u.id": q.PK})
	}
	var total int
	if err := s.DB.queryRow(ctx, Builder.Select("count(*)").From("app_user u").Where(where)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: count users: %w", err)
	}
	col, ok := userSortColumns[q.Sort]
	if !ok {
		col = "u.id"
	}
	dir := " ASC"
	if q.Desc {
		dir = " DESC"
	}
	rows, err := s.DB.query(ctx, s.selectUsers().Where(where).OrderBy(col+dir+" NULLS LAST", "u.id"+dir).
		Offset(uint64(q.Offset)).Limit(uint64(q.Limit)))
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: list users: %w", err)
	}
	defer rows.Close()
	var out []account.User
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, u)
	}
	return out, total, rows.Err()
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
