package account

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
)

// Sign-up (spec section 5): an address confirmed by a mailed code, then the
// account.

// Limits of the confirmation codes.
const (
	CodeTTL             = 10 * time.Minute
	CodeResendAfter     = 60 * time.Second
	CodeMaxAttempts     = 5
	EmailCodePerAddress = 10 // confirmation-code requests per client address in EmailCodeWindow
	EmailCodeWindow     = time.Hour
)

// EmailCodeInput asks for a sign-up confirmation code.
type EmailCodeInput struct {
	Email   string
	Locale  string
	Captcha string // solved ALTCHA payload
	Address string // client IP
}

// SendEmailCode mails a confirmation code to an address. It answers the
// same for a registered address as for a new one (no account enumeration):
// a registered address gets a mail saying it already has an account, and
// no code, so sign-up with it stops at the code. Every request needs a
// solved captcha and counts against the client address.
func (s *Service) SendEmailCode(ctx context.Context, in EmailCodeInput) error {
	addr, ok := NormalizeEmail(in.Email)
	if !ok {
		return fieldErr("email", CodeEmailFormat)
	}
	if !s.Captcha.Verify(ctx, in.Captcha) {
		return fieldErr("altcha", CodeCaptcha)
	}
	n, err := s.Failures.Incr(ctx, "email-code:addr:"+in.Address, EmailCodeWindow)
	if err != nil {
		return err
	}
	if n > EmailCodePerAddress {
		return apperr.TooMany(CodeCodeTooMany).With("minutes", int(EmailCodeWindow.Minutes()))
	}
	now := s.Clock.Now()
	if err := s.resendPause(ctx, addr, now); err != nil {
		return err
	}
	taken, err := s.Users.EmailTaken(ctx, addr)
	if err != nil {
		return err
	}
	code := s.code()
	hash, err := s.Codes.Hash(addr + ":" + code)
	if err != nil {
		return err
	}
	if taken {
		// A pending row all the same, so the resend pause answers alike;
		// its code is never mailed, so it can never be entered.
		if hash, err = s.Codes.Hash(addr + ":unusable:" + s.code() + s.code()); err != nil {
			return err
		}
	}
	loc := locale(in.Locale)
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Confirmations.Put(ctx, addr, hash, now.Add(CodeTTL)); err != nil {
			return err
		}
		if taken {
			return s.Mailer.Queue(ctx, loc, addr, mailmsg.SignUpRegistered{})
		}
		return s.Mailer.Queue(ctx, loc, addr, mailmsg.SignUpCode{Code: mailmsg.Secret(code), ValidMinutes: int(CodeTTL.Minutes())})
	})
}

// resendPause refuses a new code for key while the last one is younger
// than CodeResendAfter.
func (s *Service) resendPause(ctx context.Context, key string, now time.Time) error {
	if c, err := s.Confirmations.Get(ctx, key); err == nil && now.Sub(c.CreatedAt) < CodeResendAfter {
		return apperr.TooMany(CodeCodeTooOften).With("seconds", int((CodeResendAfter-now.Sub(c.CreatedAt)).Seconds())+1)
	}
	return nil
}

// SignUpInput is the sign-up form.
type SignUpInput struct {
	UserID       string
	Email        string
	Password     string
	Code         string
	AgreeTerms   bool
	AgreePrivacy bool
	Captcha      string
	Locale       string
}

// SignUp creates an applicant account. It does not sign in.
func (s *Service) SignUp(ctx context.Context, in SignUpInput) (User, error) {
	var f apperr.Fields
	if c := ValidateUserID(in.UserID); c != "" {
		f.Add("userId", c)
	}
	addr, ok := NormalizeEmail(in.Email)
	if !ok {
		f.Add("email", CodeEmailFormat)
	}
	if c := ValidatePassword(in.Password); c != "" {
		f.Add("password", c)
	}
	if !in.AgreeTerms {
		f.Add("agreeTerms", CodeAgreeTerms)
	}
	if !in.AgreePrivacy {
		f.Add("agreePrivacy", CodeAgreePrivacy)
	}
	if !s.Captcha.Verify(ctx, in.Captcha) {
		f.Add("altcha", CodeCaptcha)
	}
	if err := f.Err(); err != nil {
		return User{}, err
	}
	if taken, err := s.Users.UserIDTaken(ctx, in.UserID); err != nil {
		return User{}, err
	} else if taken {
		return User{}, conflictField("userId", CodeUserIDOccupied)
	}
	// The code first: a registered address was never sent one, so sign-up
	// cannot be used to learn which addresses have accounts.
	if err := s.checkCode(ctx, addr, in.Code); err != nil {
		return User{}, err
	}
	if taken, err := s.Users.EmailTaken(ctx, addr); err != nil {
		return User{}, err
	} else if taken {
		return User{}, conflictField("email", CodeEmailOccupied)
	}
	hash, err := s.Passwords.Hash(in.Password)
	if err != nil {
		return User{}, err
	}
	m, err := NewMember(NewUser{UserID: in.UserID, Email: addr, PasswordHash: hash,
		Roles: []permission.Role{permission.RoleUser}, Locale: in.Locale, AgreedAt: s.Clock.Now()})
	if err != nil {
		return User{}, err
	}
	var u User
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if u, err = s.Users.Create(ctx, m); err != nil {
			return err
		}
		return s.Confirmations.Delete(ctx, addr)
	})
	return u, err
}

// checkCode checks a confirmation code kept under key (an address, or an
// address change): a wrong code counts against the CodeMaxAttempts of it.
func (s *Service) checkCode(ctx context.Context, key, code string) error {
	mismatch := fieldErr("code", CodeCodeMismatch)
	c, err := s.Confirmations.Get(ctx, key)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return mismatch
	}
	if err != nil {
		return err
	}
	if c.Attempts >= CodeMaxAttempts {
		// Even the right code: the caller must be told to ask for a new one.
		return fieldErr("code", CodeCodeTries)
	}
	if s.Clock.Now().After(c.ExpiresAt) {
		return mismatch
	}
	if !s.Codes.Verify(c.CodeHash, key+":"+code) {
		if err := s.Confirmations.Fail(ctx, key); err != nil {
			return err
		}
		return mismatch
	}
	return nil
}

// UserIDAvailable answers the "check availability" button.
func (s *Service) UserIDAvailable(ctx context.Context, userID string) (bool, error) {
	if c := ValidateUserID(userID); c != "" {
		return false, fieldErr("userId", c)
	}
	taken, err := s.Users.UserIDTaken(ctx, userID)
	return !taken, err
}
