package memstore

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
)

// lifeRow is what the lifecycle adds to an account.
type lifeRow struct {
	phone    string
	notified *time.Time
	closed   *time.Time
}

// Lifecycle is the account lifecycle store.
type Lifecycle struct{ *Store }

var _ account.Lifecycle = Lifecycle{}

// ActiveByEmail lists the accounts not withdrawn using the address.
func (s Lifecycle) ActiveByEmail(ctx context.Context, email string) ([]account.User, error) {
	var out []account.User
	err := s.do(ctx, func(d *data) error {
		for _, u := range d.users {
			if strings.EqualFold(u.Email, email) && u.Status != account.StatusWithdraw {
				out = append(out, cloneUser(u))
			}
		}
		return nil
	})
	slices.SortFunc(out, func(a, b account.User) int { return cmp.Compare(a.PK, b.PK) })
	return out, err
}

func (s Lifecycle) change(ctx context.Context, pk int64, fn func(d *data, u *account.User) error) error {
	return s.do(ctx, func(d *data) error {
		u, ok := d.users[pk]
		if !ok {
			return apperr.NotFound("user.not_found")
		}
		if err := fn(d, &u); err != nil {
			return err
		}
		d.users[pk] = u
		return nil
	})
}

// SetPassword stores a new hash and revokes every token.
func (s Lifecycle) SetPassword(ctx context.Context, pk int64, hash string) error {
	return s.change(ctx, pk, func(_ *data, u *account.User) error {
		u.PasswordHash = hash
		u.TokenVersion++
		return nil
	})
}

// SetEmail changes the address; conflict when another live account has it.
func (s Lifecycle) SetEmail(ctx context.Context, pk int64, email string) error {
	return s.change(ctx, pk, func(d *data, u *account.User) error {
		for _, o := range d.users {
			if o.PK != pk && strings.EqualFold(o.Email, email) && o.Status != account.StatusWithdraw {
				return conflict("email", account.CodeEmailOccupied)
			}
		}
		u.Email = email
		return nil
	})
}

// Profile reads the phone number.
func (s Lifecycle) Profile(ctx context.Context, pk int64) (account.Profile, error) {
	var p account.Profile
	err := s.change(ctx, pk, func(d *data, _ *account.User) error { p.Phone = d.life[pk].phone; return nil })
	return p, err
}

// SetProfile stores the phone number.
func (s Lifecycle) SetProfile(ctx context.Context, pk int64, p account.Profile) error {
	return s.change(ctx, pk, func(d *data, _ *account.User) error {
		r := d.life[pk]
		r.phone = p.Phone
		d.life[pk] = r
		return nil
	})
}

// PaymentInFlight: an application of the account waits for its deposit.
func (s Lifecycle) PaymentInFlight(ctx context.Context, pk int64) (bool, error) {
	var busy bool
	err := s.change(ctx, pk, func(d *data, u *account.User) error {
		for no, h := range d.apps {
			if h.UserID == u.UserID && h.State.Status == "VBANK_ISSUE" {
				busy = true
			}
			for _, a := range d.payments {
				if a.ApplNo() == no && h.UserID == u.UserID && a.Result().InFlight() {
					busy = true
				}
			}
		}
		return nil
	})
	return busy, err
}

// Close ends an account like the PostgreSQL store does.
func (s Lifecycle) Close(ctx context.Context, pk int64, at time.Time) (account.Closed, error) {
	var c account.Closed
	err := s.change(ctx, pk, func(d *data, u *account.User) error {
		for no, h := range d.apps {
			if h.UserID != u.UserID {
				continue
			}
			if h.State.Status.Submitted() || h.State.Status == "CANCEL" {
				h.UserID = ""
				d.apps[no] = h
				c.Unlinked++
				continue
			}
			for _, doc := range d.docs[no] {
				c.Files = append(c.Files, doc.StoredName)
			}
			delete(d.docs, no)
			delete(d.apps, no)
			c.Drafts++
		}
		u.Status, u.Email, u.PasswordHash, u.Roles, u.SchoolCode, u.LastLoginAt = account.StatusWithdraw, "", "", nil, "", nil
		u.TokenVersion++
		d.life[pk] = lifeRow{closed: &at}
		return nil
	})
	slices.Sort(c.Files)
	return c, err
}

// DormancyCandidates lists live members whose last activity is at or before lastActive.
func (s Lifecycle) DormancyCandidates(ctx context.Context, lastActive time.Time, limit int) ([]account.Dormant, error) {
	var out []account.Dormant
	err := s.do(ctx, func(d *data) error {
		for _, u := range d.users {
			last := u.CreatedAt
			if u.LastLoginAt != nil {
				last = *u.LastLoginAt
			}
			if u.Status == account.StatusWithdraw || last.After(lastActive) {
				continue
			}
			dm := account.Dormant{PK: u.PK, UserID: u.UserID, Email: u.Email, Locale: u.Locale, LastActive: last}
			if n := d.life[u.PK].notified; n != nil {
				t := *n
				dm.NotifiedAt = &t
			}
			out = append(out, dm)
		}
		return nil
	})
	slices.SortFunc(out, func(a, b account.Dormant) int {
		return cmp.Or(a.LastActive.Compare(b.LastActive), cmp.Compare(a.PK, b.PK))
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, err
}

// MarkDormancyNotified notes when the notice went out.
func (s Lifecycle) MarkDormancyNotified(ctx context.Context, pk int64, at time.Time) error {
	return s.change(ctx, pk, func(d *data, _ *account.User) error {
		r := d.life[pk]
		r.notified = &at
		d.life[pk] = r
		return nil
	})
}
