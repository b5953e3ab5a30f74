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

// Lifecycle is the account lifecycle store.
type Lifecycle struct{ *Store }

var _ account.Lifecycle = Lifecycle{}

// ActiveByEmail lists the accounts not withdrawn using the address.
func (s Lifecycle) ActiveByEmail(ctx context.Context, email string) ([]account.User, error) {
	var out []account.User
	err := s.do(ctx, func(d *data) error {
		for _, u := range d.users {
			if strings.EqualFold(u.Email, email) && u.Status != account.StatusWithdraw {
				out = append(out, cloneUser(u.User))
			}
		}
		return nil
	})
	slices.SortFunc(out, func(a, b account.User) int { return cmp.Compare(a.PK, b.PK) })
	return out, err
}

func (s Lifecycle) read(ctx context.Context, pk int64, fn func(d *data, u account.MemberRecord)) error {
	return s.do(ctx, func(d *data) error {
		u, ok := d.users[pk]
		if !ok {
			return apperr.NotFound(account.CodeUserNotFound)
		}
		fn(d, u)
		return nil
	})
}

// Profile reads the phone number.
func (s Lifecycle) Profile(ctx context.Context, pk int64) (account.Profile, error) {
	var p account.Profile
	err := s.read(ctx, pk, func(_ *data, u account.MemberRecord) { p.Phone = u.Phone })
	return p, err
}

// PaymentInFlight: an application of the account waits for its deposit.
func (s Lifecycle) PaymentInFlight(ctx context.Context, pk int64) (bool, error) {
	var busy bool
	err := s.read(ctx, pk, func(d *data, u account.MemberRecord) {
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
	})
	return busy, err
}

// Detach removes what a closing account leaves, like the PostgreSQL store:
// drafts deleted with their documents, submitted applications unlinked.
func (s Lifecycle) Detach(ctx context.Context, pk int64) (account.Closed, error) {
	var c account.Closed
	err := s.read(ctx, pk, func(d *data, u account.MemberRecord) {
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
			if n := u.NotifiedAt; n != nil {
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
