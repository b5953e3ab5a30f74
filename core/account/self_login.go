package account

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Sign-in and sessions (spec section 3 Session; decisions.md "Session",
// "Captcha").

// Limits of the login rules.
const (
	FailWindow       = 15 * time.Minute
	CaptchaAfter     = 3  // failures of one account before its next login needs a captcha
	AccountLockAfter = 10 // failures per account in FailWindow before 429
	// Many people share one address (a campus, an office, a carrier's NAT):
	// one person's typos must not put a captcha before everyone else, so the
	// address asks for it only after many failures across accounts.
	AddressCaptchaAfter = 20
	AddressLockAfter    = 30 // failures per address in FailWindow before 429
)

// LoginInput is a login attempt.
type LoginInput struct {
	UserID   string
	Password string
	Captcha  string
	Address  string // client IP
	Locale   string // the interface language at login (ko or en)
}

// Login checks credentials under the failure limits and records the
// sign-in (Member.RecordLogin).
func (s *Service) Login(ctx context.Context, in LoginInput) (User, error) {
	acctKey, addrKey := loginAccountKey(in.UserID), "login:addr:"+in.Address
	if err := s.loginGate(ctx, acctKey, addrKey, in.Captcha); err != nil {
		return User{}, err
	}
	u, err := s.Users.ByUserID(ctx, in.UserID)
	if err != nil && apperr.KindOf(err) != apperr.KindNotFound {
		return User{}, err
	}
	// Verify even for unknown ids so timing does not tell which ids exist.
	ok := s.Passwords.Verify(u.PasswordHash, in.Password) && err == nil
	if !ok || u.Status == StatusWithdraw {
		if _, err := s.Failures.Incr(ctx, acctKey, FailWindow); err != nil {
			return User{}, err
		}
		if _, err := s.Failures.Incr(ctx, addrKey, FailWindow); err != nil {
			return User{}, err
		}
		return User{}, apperr.Unauthenticated(CodeLoginFailed)
	}
	if !u.Status.CanSignIn() {
		return User{}, apperr.Forbidden(CodeLoginInactive)
	}
	if err := s.Failures.Reset(ctx, acctKey); err != nil {
		return User{}, err
	}
	err = s.Users.Update(ctx, u.PK, func(_ context.Context, m *Member) error {
		if err := m.RecordLogin(s.Clock.Now(), in.Locale); err != nil {
			return err
		}
		u = m.User()
		return nil
	})
	return u, err
}

// loginAccountKey is the key of an account's login failures in Failures
// (the login gate counts them; staff clear them with Unlock).
func loginAccountKey(userID string) string { return "login:acct:" + lowerASCII(userID) }

// loginGate is the failure limits of a login: too many failures of the
// account or the address lock it out for a while; fewer ask for a captcha.
func (s *Service) loginGate(ctx context.Context, acctKey, addrKey, captcha string) error {
	acctFails, err := s.Failures.Count(ctx, acctKey)
	if err != nil {
		return err
	}
	addrFails, err := s.Failures.Count(ctx, addrKey)
	if err != nil {
		return err
	}
	if acctFails >= AccountLockAfter || addrFails >= AddressLockAfter {
		return apperr.TooMany(CodeLoginLocked).With("minutes", int(FailWindow.Minutes()))
	}
	if acctFails >= CaptchaAfter || addrFails >= AddressCaptchaAfter {
		if captcha == "" {
			return apperr.Invalid(CodeCaptchaRequired)
		}
		if !s.Captcha.Verify(ctx, captcha) {
			return &apperr.Error{Kind: apperr.KindInvalid, Code: CodeCaptchaRequired, Fields: []apperr.FieldError{{Field: "altcha", Code: CodeCaptcha}}}
		}
	}
	return nil
}

// Authenticate accepts a parsed token only while its account is active,
// its version current and its id not revoked. Roles and school binding
// are the account's as stored now, not the token's.
func (s *Service) Authenticate(ctx context.Context, c Claims) (permission.Principal, error) {
	if !c.ExpiresAt.IsZero() && !s.Clock.Now().Before(c.ExpiresAt) {
		return permission.Principal{}, apperr.Unauthenticated(CodeSessionExpired)
	}
	st, err := s.Users.Session(ctx, c.UserID, c.ID)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return permission.Principal{}, apperr.Unauthenticated(CodeSessionExpired)
	}
	if err != nil {
		return permission.Principal{}, err
	}
	if st.Revoked || !st.Status.CanSignIn() || st.TokenVersion != c.TokenVersion {
		return permission.Principal{}, apperr.Unauthenticated(CodeSessionExpired)
	}
	return permission.Principal{UserID: c.UserID, Roles: st.Roles, SchoolCode: st.SchoolCode}, nil
}

// Logout revokes one token until it would have expired anyway.
func (s *Service) Logout(ctx context.Context, c Claims) error {
	return s.Users.Revoke(ctx, c.ID, c.ExpiresAt)
}

// Me returns the signed-in user.
func (s *Service) Me(ctx context.Context, p permission.Principal) (User, error) {
	if !p.Authenticated() {
		return User{}, apperr.Unauthenticated(CodeUnauthenticated)
	}
	return s.Users.ByUserID(ctx, p.UserID)
}
