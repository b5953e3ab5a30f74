package memstore

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Members is what member management reads and writes besides the member
// (account.Members): the membership measures.
type Members struct{ *Store }

var _ account.Members = Members{}

// CountRole counts the ACTIVE accounts holding a role.
func (s Members) CountRole(ctx context.Context, r permission.Role) (int, error) {
	n := 0
	err := s.do(ctx, func(d *data) error {
		for _, u := range d.users {
			if u.Status == account.StatusActive && slices.Contains(u.Roles, r) {
				n++
			}
		}
		return nil
	})
	return n, err
}

// AddSanction stores one membership measure.
func (s Members) AddSanction(ctx context.Context, sc account.Sanction) error {
	return s.do(ctx, func(d *data) error {
		if _, ok := d.users[sc.UserPK]; !ok {
			return apperr.NotFound(account.CodeUserNotFound)
		}
		sc.ID = int64(len(d.sanctions) + 1)
		sc.ResolvedAt, sc.Resolution = nil, ""
		d.sanctions = append(d.sanctions, sc)
		return nil
	})
}

func (s Members) pick(ctx context.Context, keep func(account.Sanction) bool) ([]account.Sanction, error) {
	out := []account.Sanction{}
	err := s.do(ctx, func(d *data) error {
		for _, sc := range d.sanctions {
			if keep(sc) {
				out = append(out, sc)
			}
		}
		return nil
	})
	return out, err
}

// Sanctions lists an account's measures, oldest first.
func (s Members) Sanctions(ctx context.Context, pk int64) ([]account.Sanction, error) {
	list, err := s.pick(ctx, func(sc account.Sanction) bool { return sc.UserPK == pk })
	slices.SortStableFunc(list, func(a, b account.Sanction) int { return a.CreatedAt.Compare(b.CreatedAt) })
	return list, err
}

// OverdueLimits lists the open LIMITs whose fix-by day is before day.
func (s Members) OverdueLimits(ctx context.Context, day string) ([]account.Sanction, error) {
	list, err := s.pick(ctx, func(sc account.Sanction) bool { return sc.Open() && sc.FixBy != "" && sc.FixBy < day })
	slices.SortStableFunc(list, func(a, b account.Sanction) int { return strings.Compare(a.FixBy, b.FixBy) })
	return list, err
}

// Resolve closes an open LIMIT; false when it was closed already.
func (s Members) Resolve(ctx context.Context, id int64, resolution string, at time.Time) (bool, error) {
	ok := false
	err := s.do(ctx, func(d *data) error {
		i := int(id - 1)
		if i < 0 || i >= len(d.sanctions) || !d.sanctions[i].Open() {
			return nil
		}
		sc := d.sanctions[i]
		sc.ResolvedAt, sc.Resolution = &at, resolution
		d.sanctions[i] = sc
		ok = true
		return nil
	})
	return ok, err
}

// SchoolExists reports whether a school code is known.
func (s Members) SchoolExists(ctx context.Context, code string) (bool, error) {
	ok := false
	err := s.do(ctx, func(d *data) error {
		for _, sc := range d.schools {
			if sc.SchoolCode == code {
				ok = true
			}
		}
		return nil
	})
	return ok, err
}
