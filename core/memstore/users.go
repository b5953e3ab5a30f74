package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Users is the account store.
type Users struct{ *Store }

var _ account.Users = Users{}

func conflict(field, code string) error {
	return &apperr.Error{Kind: apperr.KindConflict, Code: code, Fields: []apperr.FieldError{{Field: field, Code: code}}}
}

func sortedRoles(r []permission.Role) []permission.Role {
	out := slices.Clone(r)
	slices.Sort(out)
	return slices.Compact(out)
}

// Create stores a new account; user ids are unique without regard to case
// (withdrawn ones included), addresses among accounts not withdrawn.
func (s Users) Create(ctx context.Context, m *account.Member) (account.User, error) {
	var u account.User
	err := s.do(ctx, func(d *data) error {
		r := m.Record()
		for _, o := range d.users {
			if strings.EqualFold(o.UserID, r.UserID) {
				return conflict("userId", account.CodeUserIDOccupied)
			}
		}
		if emailTaken(d, 0, r.Email) {
			return conflict("email", account.CodeEmailOccupied)
		}
		d.nextUserPK++
		r.PK, r.CreatedAt = d.nextUserPK, s.now()
		d.users[r.PK] = r
		u = r.User
		return nil
	})
	return cloneUser(u), err
}

// emailTaken reports whether an account not withdrawn, other than pk, uses
// the address.
func emailTaken(d *data, pk int64, email string) bool {
	for _, o := range d.users {
		if o.PK != pk && strings.EqualFold(o.Email, email) && o.Status != account.StatusWithdraw {
			return true
		}
	}
	return false
}

// Update is the only way a stored member changes: in the transaction of
// ctx (or its own) it rebuilds the aggregate, calls fn and writes back what
// fn changed. An address another live account uses is a conflict.
func (s Users) Update(ctx context.Context, pk int64, fn func(ctx context.Context, m *account.Member) error) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		r, ok := ctx.Value(txKey{}).(*tx).d.users[pk]
		if !ok {
			return apperr.NotFound(account.CodeUserNotFound)
		}
		m, err := account.UnmarshalMemberFromDatabase(r)
		if err != nil {
			return fmt.Errorf("memstore: member %d: %w", pk, err)
		}
		if err := fn(ctx, m); err != nil {
			return err
		}
		if !m.Changed() {
			return nil
		}
		d := ctx.Value(txKey{}).(*tx).d
		r = m.Record()
		if r.Status != account.StatusWithdraw && emailTaken(d, pk, r.Email) {
			return conflict("email", account.CodeEmailOccupied)
		}
		r.Roles = sortedRoles(r.Roles)
		d.users[pk] = r
		return nil
	})
}

func cloneUser(u account.User) account.User {
	u.Roles = slices.Clone(u.Roles)
	if u.LastLoginAt != nil {
		t := *u.LastLoginAt
		u.LastLoginAt = &t
	}
	return u
}

func (d *data) byUserID(userID string) (account.User, bool) {
	for _, u := range d.users {
		if strings.EqualFold(u.UserID, userID) {
			return u.User, true
		}
	}
	return account.User{}, false
}

// ByUserID finds an account by its user id (case-insensitive).
func (s Users) ByUserID(ctx context.Context, userID string) (account.User, error) {
	var u account.User
	err := s.do(ctx, func(d *data) error {
		var ok bool
		if u, ok = d.byUserID(userID); !ok {
			return apperr.NotFound(account.CodeUserNotFound)
		}
		return nil
	})
	return cloneUser(u), err
}

// ByPK finds an account by its key.
func (s Users) ByPK(ctx context.Context, pk int64) (account.User, error) {
	var u account.User
	err := s.do(ctx, func(d *data) error {
		r, ok := d.users[pk]
		if !ok {
			return apperr.NotFound(account.CodeUserNotFound)
		}
		u = r.User
		return nil
	})
	return cloneUser(u), err
}

// UserIDTaken reports whether a user id is in use (withdrawn ids stay taken).
func (s Users) UserIDTaken(ctx context.Context, userID string) (bool, error) {
	var ok bool
	err := s.do(ctx, func(d *data) error { _, ok = d.byUserID(userID); return nil })
	return ok, err
}

// EmailTaken reports whether an account not withdrawn uses the address.
func (s Users) EmailTaken(ctx context.Context, email string) (bool, error) {
	var ok bool
	err := s.do(ctx, func(d *data) error {
		ok = emailTaken(d, 0, email)
		return nil
	})
	return ok, err
}

// Session answers what a token is checked against.
func (s Users) Session(ctx context.Context, userID, jti string) (account.SessionState, error) {
	var st account.SessionState
	err := s.do(ctx, func(d *data) error {
		u, ok := d.byUserID(userID)
		if !ok {
			return apperr.NotFound("user.not_found")
		}
		_, revoked := d.revoked[jti]
		st = account.SessionState{Status: u.Status, TokenVersion: u.TokenVersion, Revoked: revoked,
			Roles: slices.Clone(u.Roles), SchoolCode: u.SchoolCode}
		return nil
	})
	return st, err
}

// Revoke blocks one token id until it expires (the first revocation stands).
func (s Users) Revoke(ctx context.Context, jti string, until time.Time) error {
	return s.do(ctx, func(d *data) error {
		if _, ok := d.revoked[jti]; !ok {
			d.revoked[jti] = until
		}
		return nil
	})
}

// List returns one page of users and the total.
func (s Users) List(ctx context.Context, q account.ListQuery) ([]account.User, int, error) {
	var out []account.User
	err := s.do(ctx, func(d *data) error {
		search := strings.ToLower(q.Search)
		for _, u := range d.users {
			if search != "" && !strings.Contains(strings.ToLower(u.UserID), search) && !strings.Contains(strings.ToLower(u.Email), search) {
				continue
			}
			if q.Status != "" && string(u.Status) != q.Status {
				continue
			}
			if q.Role != "" && !slices.Contains(u.Roles, permission.Role(q.Role)) {
				continue
			}
			if q.Member != "" && !slices.Contains(u.Roles, q.Member) {
				continue
			}
			if q.PK != 0 && u.PK != q.PK {
				continue
			}
			if q.AppliedTo != "" && !appliedTo(d, u.UserID, q.AppliedTo) {
				continue
			}
			out = append(out, cloneUser(u.User))
		}
		return nil
	})
	slices.SortFunc(out, func(a, b account.User) int {
		c := compareUsers(a, b, q.Sort, q.Desc)
		if c == 0 {
			c = cmp.Compare(a.PK, b.PK)
			if q.Desc {
				c = -c
			}
		}
		return c
	})
	total := len(out)
	lo := min(max(q.Offset, 0), total)
	hi := total
	if q.Limit > 0 {
		hi = min(lo+q.Limit, total)
	}
	return out[lo:hi], total, err
}

// compareUsers orders by one sort field; a missing last login sorts last
// either way (NULLS LAST).
func compareUsers(a, b account.User, field string, desc bool) int {
	var c int
	switch field {
	case "userId":
		c = cmp.Compare(a.UserID, b.UserID)
	case "email":
		c = cmp.Compare(a.Email, b.Email)
	case "status":
		c = cmp.Compare(a.Status, b.Status)
	case "createdAt":
		c = a.CreatedAt.Compare(b.CreatedAt)
	case "lastLoginAt":
		switch {
		case a.LastLoginAt == nil && b.LastLoginAt == nil:
			return 0
		case a.LastLoginAt == nil:
			return 1
		case b.LastLoginAt == nil:
			return -1
		}
		c = a.LastLoginAt.Compare(*b.LastLoginAt)
	default:
		c = cmp.Compare(a.PK, b.PK)
	}
	if desc {
		c = -c
	}
	return c
}

// appliedTo reports whether the user has an application to the school.
func appliedTo(d *data, userID, school string) bool {
	for _, a := range d.apps {
		if a.UserID == userID && a.Round.SchoolCode == school {
			return true
		}
	}
	return false
}
