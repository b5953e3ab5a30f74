package account

import (
	"context"
	"strconv"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
)

// A member changes the address on My Info: a code goes to the new address,
// and the address changes once the code comes back.

func changeKey(pk int64, addr string) string {
	return "change:" + strconv.FormatInt(pk, 10) + ":" + addr
}

// RequestEmailChange mails a code to the new address.
func (s *Service) RequestEmailChange(ctx context.Context, p permission.Principal, ticket, email, loc string) error {
	u, err := s.ticketUser(ctx, p, ticket)
	if err != nil {
		return err
	}
	addr, ok := NormalizeEmail(email)
	if !ok {
		return fieldErr("email", CodeEmailFormat)
	}
	if strings.EqualFold(addr, u.Email) {
		return fieldErr("email", CodeEmailSame)
	}
	n, err := s.Failures.Incr(ctx, "email-change:"+lowerASCII(u.UserID), EmailCodeWindow)
	if err != nil {
		return err
	}
	if n > FindPerAddress {
		return apperr.TooMany(CodeCodeTooMany).With("minutes", int(EmailCodeWindow.Minutes()))
	}
	key := changeKey(u.PK, addr)
	now := s.Clock.Now()
	if err := s.resendPause(ctx, key, now); err != nil {
		return err
	}
	if taken, err := s.Users.EmailTaken(ctx, addr); err != nil {
		return err
	} else if taken {
		return conflictField("email", CodeEmailOccupied)
	}
	code := s.code()
	hash, err := s.Codes.Hash(key + ":" + code)
	if err != nil {
		return err
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Confirmations.Put(ctx, key, hash, now.Add(CodeTTL)); err != nil {
			return err
		}
		return s.Mailer.Queue(ctx, locale(loc), addr, mailmsg.EmailChangeCode{Code: mailmsg.Secret(code), ValidMinutes: int(CodeTTL.Minutes())})
	})
}

// ConfirmEmailChange sets the new address once its code matches.
func (s *Service) ConfirmEmailChange(ctx context.Context, p permission.Principal, ticket, email, code string) (string, error) {
	u, err := s.ticketUser(ctx, p, ticket)
	if err != nil {
		return "", err
	}
	addr, ok := NormalizeEmail(email)
	if !ok {
		return "", fieldErr("email", CodeEmailFormat)
	}
	key := changeKey(u.PK, addr)
	if err := s.checkCode(ctx, key, code); err != nil {
		return "", err
	}
	err = s.updateWithTicket(ctx, p, ticket, func(ctx context.Context, m *Member) error {
		if err := m.ChangeEmail(addr); err != nil {
			return err
		}
		if err := s.Confirmations.Delete(ctx, key); err != nil {
			return err
		}
		return s.Access.Record(ctx, m.UserID(), "account.email_change", m.UserID(), nil)
	})
	return addr, err
}
