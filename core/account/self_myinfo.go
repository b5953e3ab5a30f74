package account

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// My Info: the member types the password again and gets a ticket that
// opens their own data for a while.

// Limits of the ticket.
const (
	TicketTTL     = 15 * time.Minute
	ConfirmLockAt = 5 // wrong passwords on /user/confirm/pwd in FailWindow before 429
)

// Ticket is the proof that the member typed the password again on
// /user/confirm/pwd (type MODIPY): My Info's reads and changes need it. It
// dies after TicketTTL and with any session revocation.
type Ticket struct {
	Value     string
	ExpiresAt time.Time
}

// ConfirmPassword checks the password of the signed-in member and gives a ticket.
func (s *Service) ConfirmPassword(ctx context.Context, p permission.Principal, password string) (Ticket, error) {
	u, err := s.Me(ctx, p)
	if err != nil {
		return Ticket{}, err
	}
	key := "confirm:" + lowerASCII(u.UserID)
	n, err := s.Failures.Count(ctx, key)
	if err != nil {
		return Ticket{}, err
	}
	if n >= ConfirmLockAt {
		return Ticket{}, apperr.TooMany(CodeConfirmLocked).With("minutes", int(FailWindow.Minutes()))
	}
	if !s.Passwords.Verify(u.PasswordHash, password) {
		if _, err := s.Failures.Incr(ctx, key, FailWindow); err != nil {
			return Ticket{}, err
		}
		return Ticket{}, fieldErr("password", CodeConfirmFailed)
	}
	if err := s.Failures.Reset(ctx, key); err != nil {
		return Ticket{}, err
	}
	exp := s.Clock.Now().Add(TicketTTL)
	sec := strconv.FormatInt(exp.Unix(), 10)
	return Ticket{Value: sec + "." + s.ticketSig(u, sec), ExpiresAt: exp}, nil
}

// ticketSig signs a ticket for the member's current token version, so any
// session revocation ends it.
func (s *Service) ticketSig(u User, sec string) string {
	return s.sign("ticket", u.UserID, strconv.Itoa(u.TokenVersion), sec)
}

// ticketUser is the member behind a valid ticket.
func (s *Service) ticketUser(ctx context.Context, p permission.Principal, ticket string) (User, error) {
	u, err := s.Me(ctx, p)
	if err != nil {
		return User{}, err
	}
	sec, sig, _ := strings.Cut(ticket, ".")
	n, err := strconv.ParseInt(sec, 10, 64)
	if err != nil || !s.Clock.Now().Before(time.Unix(n, 0)) || !SameSecret(sig, s.ticketSig(u, sec)) {
		return User{}, apperr.Forbidden(CodeTicketRequired)
	}
	return u, nil
}

// updateWithTicket changes the member behind a valid ticket: fn runs on the
// locked member, the ticket checked again against it.
func (s *Service) updateWithTicket(ctx context.Context, p permission.Principal, ticket string, fn func(ctx context.Context, m *Member) error) error {
	u, err := s.ticketUser(ctx, p, ticket)
	if err != nil {
		return err
	}
	sec, sig, _ := strings.Cut(ticket, ".")
	return s.Users.Update(ctx, u.PK, func(ctx context.Context, m *Member) error {
		if !SameSecret(sig, s.ticketSig(m.User(), sec)) {
			return apperr.Forbidden(CodeTicketRequired)
		}
		return fn(ctx, m)
	})
}

// MyInfo is what My Info shows.
type MyInfo struct {
	User
	Profile
}

// Info returns the member's own data (needs a ticket).
func (s *Service) Info(ctx context.Context, p permission.Principal, ticket string) (MyInfo, error) {
	u, err := s.ticketUser(ctx, p, ticket)
	if err != nil {
		return MyInfo{}, err
	}
	pr, err := s.Life.Profile(ctx, u.PK)
	return MyInfo{User: u, Profile: pr}, err
}

// UpdateProfile changes the phone number (empty clears it).
func (s *Service) UpdateProfile(ctx context.Context, p permission.Principal, ticket string, pr Profile) (Profile, error) {
	var out Profile
	err := s.updateWithTicket(ctx, p, ticket, func(_ context.Context, m *Member) error {
		if err := m.ChangePhone(pr.Phone); err != nil {
			return err
		}
		out.Phone = m.Phone()
		return nil
	})
	return out, err
}
