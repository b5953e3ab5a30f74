package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
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
		return u, apperr.NotFound(account.CodeUserNotFound)
	}
	if err != nil {
		return u, fmt.Errorf("postgres: scan user: %w", err)
	}
	u.Status, u.Roles = account.Status(status), parseRoles(roles)
	return u, nil
}

func (s Users) selectUsers() sq.SelectBuilder {
	return Builder.Select(userCols).From("app_user u")
}

// Create stores a new account with its roles.
func (s Users) Create(ctx context.Context, m *account.Member) (account.User, error) {
	var u account.User
	err := s.DB.InTx(ctx, func(ctx context.Context) error {
		r := m.Record()
		var pk int64
		err := s.DB.queryRow(ctx, Builder.Insert("app_user").
			Columns("user_id", "email", "password_hash", "locale", "school_code", "terms_agreed_at", "privacy_agreed_at").
			Values(r.UserID, r.Email, r.PasswordHash, r.Locale, nullIf(r.SchoolCode), r.AgreedAt, r.AgreedAt).
			Suffix("RETURNING id")).Scan(&pk)
		switch {
		case IsUniqueViolation(err, "app_user_user_id_key"):
			return conflict("userId", account.CodeUserIDOccupied)
		case IsUniqueViolation(err, "app_user_email_key"):
			return conflict("email", account.CodeEmailOccupied)
		case err != nil:
			return fmt.Errorf("postgres: create user: %w", err)
		}
		if err := s.insertRoles(ctx, pk, r.Roles); err != nil {
			return err
		}
		u, err = s.ByPK(ctx, pk)
		return err
	})
	return u, err
}

func (s Users) insertRoles(ctx context.Context, pk int64, roles []permission.Role) error {
	if len(roles) == 0 {
		return nil
	}
	b := Builder.Insert("user_role").Columns("user_pk", "role")
	for _, r := range roles {
		b = b.Values(pk, string(r))
	}
	if _, err := s.DB.exec(ctx, b); err != nil {
		return fmt.Errorf("postgres: add roles: %w", err)
	}
	return nil
}

// memberCols are the columns of a member beyond the read view.
const memberCols = `coalesce(u.phone, ''), u.terms_agreed_at, u.dormancy_notified_at, u.closed_at`

// Update locks the member's row, rebuilds the aggregate, calls fn and
// writes back what fn changed: the row, and the roles when they changed.
func (s Users) Update(ctx context.Context, pk int64, fn func(ctx context.Context, m *account.Member) error) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		var r account.MemberRecord
		var roles []string
		var status string
		err := s.DB.queryRow(ctx, Builder.Select(userCols, memberCols).From("app_user u").Where(sq.Eq{"u.id": pk}).Suffix("FOR UPDATE OF u")).
			Scan(&r.PK, &r.UserID, &r.Email, &r.PasswordHash, &status, &r.Locale, &r.SchoolCode, &r.TokenVersion, &r.LastLoginAt,
				&r.CreatedAt, &roles, &r.Phone, &r.AgreedAt, &r.NotifiedAt, &r.ClosedAt)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound(account.CodeUserNotFound)
		}
		if err != nil {
			return fmt.Errorf("postgres: lock member: %w", err)
		}
		r.Status, r.Roles = account.Status(status), parseRoles(roles)
		m, err := account.UnmarshalMemberFromDatabase(r)
		if err != nil {
			return fmt.Errorf("postgres: member %d: %w", pk, err)
		}
		if err := fn(ctx, m); err != nil {
			return err
		}
		if !m.Changed() {
			return nil
		}
		w := m.Record()
		_, err = s.DB.exec(ctx, Builder.Update("app_user").Set("email", w.Email).Set("password_hash", w.PasswordHash).
			Set("status", string(w.Status)).Set("locale", w.Locale).Set("school_code", nullIf(w.SchoolCode)).
			Set("phone", nullIf(w.Phone)).Set("last_login_at", w.LastLoginAt).Set("dormancy_notified_at", w.NotifiedAt).
			Set("closed_at", w.ClosedAt).Set("token_version", w.TokenVersion).Set("updated_at", sq.Expr("now()")).
			Where(sq.Eq{"id": pk}))
		if IsUniqueViolation(err, "app_user_email_key") {
			return conflict("email", account.CodeEmailOccupied)
		}
		if err != nil {
			return fmt.Errorf("postgres: update member: %w", err)
		}
		if slices.Equal(r.Roles, w.Roles) {
			return nil
		}
		if _, err := s.DB.exec(ctx, Builder.Delete("user_role").Where(sq.Eq{"user_pk": pk})); err != nil {
			return fmt.Errorf("postgres: clear roles: %w", err)
		}
		return s.insertRoles(ctx, pk, w.Roles)
	})
}

func parseRoles(names []string) []permission.Role {
	var out []permission.Role
	for _, r := range names {
		if role, ok := permission.ParseRole(r); ok {
			out = append(out, role)
		}
	}
	return out
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
	st.Status, st.Roles = account.Status(status), parseRoles(roles)
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
		Offset(u64(q.Offset)).Limit(u64(q.Limit)))
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
