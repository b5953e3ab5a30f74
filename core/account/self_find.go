package account

import (
	"context"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// Find id and find password (spec section 2): both answer the same whether
// or not an account matches, so they cannot be used to learn who has one.

// Limits of find id and find password.
const (
	FindPerAddress = 10 // find-id / find-password requests per client address in FindWindow
	FindPerTarget  = 3  // mails per address or account in FindWindow
	FindWindow     = time.Hour
)

// FindIDInput is the find-id form.
type FindIDInput struct {
	Email   string
	Captcha string
	Address string // client IP
	Locale  string
}

// FindID mails the user ids registered with an address. It answers the same
// whether or not the address has an account (no enumeration).
func (s *Service) FindID(ctx context.Context, in FindIDInput) error {
	addr, ok := NormalizeEmail(in.Email)
	if !ok {
		return fieldErr("email", CodeEmailFormat)
	}
	if err := s.findGate(ctx, in.Captcha, in.Address, "mail:"+addr); err != nil {
		return err
	}
	users, err := s.Life.ActiveByEmail(ctx, addr)
	if err != nil || len(users) == 0 {
		return err
	}
	ids := make([]string, 0, len(users))
	for _, u := range users {
		ids = append(ids, u.UserID)
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		return s.Mailer.Queue(ctx, locale(in.Locale), addr, mailmsg.UserIDFound{UserIDs: ids, LoginURL: s.url("/user/login")})
	})
}

// findGate is the captcha and the rate limits of find id and find password:
// per client address, and per target (an address or an account) so nobody
// floods one mailbox.
func (s *Service) findGate(ctx context.Context, captcha, address, target string) error {
	if !s.Captcha.Verify(ctx, captcha) {
		return fieldErr("altcha", CodeCaptcha)
	}
	n, err := s.Failures.Incr(ctx, "find:addr:"+address, FindWindow)
	if err != nil {
		return err
	}
	m, err := s.Failures.Incr(ctx, "find:"+target, FindWindow)
	if err != nil {
		return err
	}
	if n > FindPerAddress || m > FindPerTarget {
		return apperr.TooMany(CodeFindTooMany).With("minutes", int(FindWindow.Minutes()))
	}
	return nil
}

// FindPasswordInput is the find-password form.
type FindPasswordInput struct {
	UserID  string
	Email   string
	Captcha string
	Address string
	Locale  string
}

// FindPassword mails a one-time reset link when the id and the address
// belong to one active account; it answers the same otherwise.
func (s *Service) FindPassword(ctx context.Context, in FindPasswordInput) error {
	var f apperr.Fields
	userID := strings.TrimSpace(in.UserID)
	if userID == "" {
		f.Add("userId", CodeUserIDFormat)
	}
	addr, ok := NormalizeEmail(in.Email)
	if !ok {
		f.Add("email", CodeEmailFormat)
	}
	if err := f.Err(); err != nil {
		return err
	}
	if err := s.findGate(ctx, in.Captcha, in.Address, "user:"+lowerASCII(userID)); err != nil {
		return err
	}
	u, err := s.Users.ByUserID(ctx, userID)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	if u.Status != StatusActive || !strings.EqualFold(u.Email, addr) {
		return nil
	}
	exp := s.Clock.Now().Add(ResetLinkTTL)
	link := s.url(ResetPath(u.UserID, exp, s.resetHash(u, exp)))
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		return s.Mailer.Queue(ctx, u.Locale, u.Email, mailmsg.PasswordReset{UserID: u.UserID, Link: mailmsg.Secret(link),
			ValidMinutes: int(ResetLinkTTL.Minutes())})
	})
}
