package account

import (
	"context"
	"strconv"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
)

// A forgotten password is reset from the one-time link FindPassword mails.

// ResetLinkTTL is how long a reset link works.
const ResetLinkTTL = 30 * time.Minute

// ResetPath is the page a reset mail links to (spec section 2):
// /user/modify/pwd/{userId}/{expireDate}/{hash}, the expiry in Unix seconds.
func ResetPath(userID string, exp time.Time, hash string) string {
	return "/user/modify/pwd/" + userID + "/" + strconv.FormatInt(exp.Unix(), 10) + "/" + hash
}

// resetHash signs the user, the expiry and the current password hash: a
// link stops working when it expires or once the password has changed
// (by this link or any other way).
func (s *Service) resetHash(u User, exp time.Time) string {
	return s.sign("reset", u.UserID, strconv.FormatInt(exp.Unix(), 10), u.PasswordHash)
}

// resetLinkValid reports whether a reset link is for this account as it
// is now: active, not expired, signed over its current password hash.
func (s *Service) resetLinkValid(u User, exp time.Time, hash string) bool {
	return u.Status == StatusActive && s.Clock.Now().Before(exp) && SameSecret(s.resetHash(u, exp), hash)
}

// resetUser finds the account a reset link is for, or answers that the
// link is not valid (unknown user, bad hash, expired, already used).
func (s *Service) resetUser(ctx context.Context, userID, expire, hash string) (User, time.Time, error) {
	bad := apperr.Invalid(CodeResetLinkInvalid)
	sec, err := strconv.ParseInt(expire, 10, 64)
	if err != nil {
		return User{}, time.Time{}, bad
	}
	exp := time.Unix(sec, 0)
	u, err := s.Users.ByUserID(ctx, userID)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return User{}, exp, bad
	}
	if err != nil {
		return User{}, exp, err
	}
	if !s.resetLinkValid(u, exp, hash) {
		return User{}, exp, bad
	}
	return u, exp, nil
}

// CheckResetLink tells the reset page whether its link still works.
func (s *Service) CheckResetLink(ctx context.Context, userID, expire, hash string) error {
	_, _, err := s.resetUser(ctx, userID, expire, hash)
	return err
}

// ResetPassword sets a new password from a reset link; every session of the
// account ends and the link dies with the old password hash. The link is
// checked again on the locked member, so it works once even when used
// twice at the same moment.
func (s *Service) ResetPassword(ctx context.Context, userID, expire, hash, password string) error {
	u, exp, err := s.resetUser(ctx, userID, expire, hash)
	if err != nil {
		return err
	}
	if c := ValidatePassword(password); c != "" {
		return fieldErr("password", c)
	}
	return s.Users.Update(ctx, u.PK, func(ctx context.Context, m *Member) error {
		if !s.resetLinkValid(m.User(), exp, hash) {
			return apperr.Invalid(CodeResetLinkInvalid)
		}
		if err := m.ResetPassword(s.Passwords, password); err != nil {
			return err
		}
		if err := s.Failures.Reset(ctx, "login:acct:"+lowerASCII(m.UserID())); err != nil {
			return err
		}
		return s.Access.Record(ctx, m.UserID(), "account.password_reset", m.UserID(), nil)
	})
}
