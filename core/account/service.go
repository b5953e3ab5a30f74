package account

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"fmt"
	"math/big"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
)

// Limits of the login and confirmation-code rules.
const (
	CodeTTL          = 10 * time.Minute
	CodeResendAfter  = 60 * time.Second
	CodeMaxAttempts  = 5
	FailWindow       = 15 * time.Minute
	CaptchaAfter     = 3  // failures of one account before its next login needs a captcha
	AccountLockAfter = 10 // failures per account in FailWindow before 429
	// Many people share one address (a campus, an office, a carrier's NAT):
	// one person's typos must not put a captcha before everyone else, so the
	// address asks for it only after many failures across accounts.
	AddressCaptchaAfter = 20
	AddressLockAfter    = 30 // failures per address in FailWindow before 429
	EmailCodePerAddress = 10 // confirmation-code requests per client address in EmailCodeWindow
	EmailCodeWindow     = time.Hour
)

// Service is the account use cases.
type Service struct {
	Users         Users
	Confirmations Confirmations
	Passwords     Hasher
	Codes         Hasher
	Failures      Counter
	Captcha       Captcha
	Mailer        Mailer
	Tx            Tx
	Clock         Clock
	Access        AccessLog
	// Life stores the lifecycle changes (issue 14); LinkKey signs reset
	// links and My Info tickets; PublicURL starts the links in mails.
	Life      Lifecycle
	LinkKey   []byte
	PublicURL string
	Files     FileRemover // nil: drafts' files stay on disk
	// Members is what member management writes (members.go).
	Members Members
	// NewCode makes a confirmation code; nil means six random digits.
	NewCode func() string
}

func (s *Service) code() string {
	if s.NewCode != nil {
		return s.NewCode()
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return fmt.Sprintf("%06d", n.Int64())
}

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
	if c, err := s.Confirmations.Get(ctx, addr); err == nil && now.Sub(c.CreatedAt) < CodeResendAfter {
		return apperr.TooMany(CodeCodeTooOften).With("seconds", int((CodeResendAfter-now.Sub(c.CreatedAt)).Seconds())+1)
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
		f.Add("userId", CodeUserIDOccupied)
	}
	if len(f) > 0 {
		return User{}, &apperr.Error{Kind: apperr.KindConflict, Code: f[0].Code, Fields: f}
	}
	// The code first: a registered address was never sent one, so sign-up
	// cannot be used to learn which addresses have accounts.
	if err := s.checkCode(ctx, addr, in.Code); err != nil {
		return User{}, err
	}
	if taken, err := s.Users.EmailTaken(ctx, addr); err != nil {
		return User{}, err
	} else if taken {
		return User{}, &apperr.Error{Kind: apperr.KindConflict, Code: CodeEmailOccupied, Fields: []apperr.FieldError{{Field: "email", Code: CodeEmailOccupied}}}
	}
	hash, err := s.Passwords.Hash(in.Password)
	if err != nil {
		return User{}, err
	}
	var u User
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		u, err = s.Users.Create(ctx, NewUser{
			UserID: in.UserID, Email: addr, PasswordHash: hash,
			Roles: []permission.Role{permission.RoleUser}, Locale: locale(in.Locale),
			AgreedAt: s.Clock.Now(),
		})
		if err != nil {
			return err
		}
		return s.Confirmations.Delete(ctx, addr)
	})
	return u, err
}

func (s *Service) checkCode(ctx context.Context, addr, code string) error {
	mismatch := fieldErr("code", CodeCodeMismatch)
	c, err := s.Confirmations.Get(ctx, addr)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return mismatch
	}
	if err != nil {
		return err
	}
	if c.Attempts >= CodeMaxAttempts || s.Clock.Now().After(c.ExpiresAt) {
		return mismatch
	}
	if !s.Codes.Verify(c.CodeHash, addr+":"+code) {
		if err := s.Confirmations.Fail(ctx, addr); err != nil {
			return err
		}
		return mismatch
	}
	return nil
}

// LoginInput is a login attempt.
type LoginInput struct {
	UserID   string
	Password string
	Captcha  string
	Address  string // client IP
	Locale   string // the interface language at login (ko or en)
}

// Login checks credentials under the failure limits.
func (s *Service) Login(ctx context.Context, in LoginInput) (User, error) {
	acctKey, addrKey := "login:acct:"+lowerASCII(in.UserID), "login:addr:"+in.Address
	acctFails, err := s.Failures.Count(ctx, acctKey)
	if err != nil {
		return User{}, err
	}
	addrFails, err := s.Failures.Count(ctx, addrKey)
	if err != nil {
		return User{}, err
	}
	if acctFails >= AccountLockAfter || addrFails >= AddressLockAfter {
		return User{}, apperr.TooMany(CodeLoginLocked).With("minutes", int(FailWindow.Minutes()))
	}
	if acctFails >= CaptchaAfter || addrFails >= AddressCaptchaAfter {
		if in.Captcha == "" {
			return User{}, apperr.Invalid(CodeCaptchaRequired)
		}
		if !s.Captcha.Verify(ctx, in.Captcha) {
			return User{}, &apperr.Error{Kind: apperr.KindInvalid, Code: CodeCaptchaRequired, Fields: []apperr.FieldError{{Field: "altcha", Code: CodeCaptcha}}}
		}
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
	if u.Status != StatusActive {
		return User{}, apperr.Forbidden(CodeLoginInactive)
	}
	if err := s.Failures.Reset(ctx, acctKey); err != nil {
		return User{}, err
	}
	if err := s.Users.RecordLogin(ctx, u.PK, s.Clock.Now(), locale(in.Locale)); err != nil {
		return User{}, err
	}
	return u, nil
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
	if st.Revoked || st.Status != StatusActive || st.TokenVersion != c.TokenVersion {
		return permission.Principal{}, apperr.Unauthenticated(CodeSessionExpired)
	}
	return permission.Principal{UserID: c.UserID, Roles: st.Roles, SchoolCode: st.SchoolCode}, nil
}

// Logout revokes one token until it would have expired anyway.
func (s *Service) Logout(ctx context.Context, c Claims) error {
	return s.Users.Revoke(ctx, c.ID, c.ExpiresAt)
}

// UserIDAvailable answers the "check availability" button.
func (s *Service) UserIDAvailable(ctx context.Context, userID string) (bool, error) {
	if c := ValidateUserID(userID); c != "" {
		return false, fieldErr("userId", c)
	}
	taken, err := s.Users.UserIDTaken(ctx, userID)
	return !taken, err
}

// Me returns the signed-in user.
func (s *Service) Me(ctx context.Context, p permission.Principal) (User, error) {
	if !p.Authenticated() {
		return User{}, apperr.Unauthenticated(CodeUnauthenticated)
	}
	return s.Users.ByUserID(ctx, p.UserID)
}

// ListUsers is the all-applicants list of the back office; a school admin
// sees only their school's applicants.
func (s *Service) ListUsers(ctx context.Context, p permission.Principal, q ListQuery, from string) ([]User, int, error) {
	school, ok := permission.Scope(p, permission.UserListAll)
	if !ok {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	q = applicantsOf(q, school)
	if q.Limit <= 0 || q.Limit > 100 {
		q.Limit = 10
	}
	if q.Offset < 0 {
		q.Offset = 0
	}
	users, total, err := s.Users.List(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	ids := make([]string, len(users))
	for i, u := range users {
		ids[i] = u.UserID
	}
	err = s.Access.Record(ctx, AccessEntry{Actor: p.UserID, Action: "user.list", Target: "users",
		Detail: map[string]any{"userIds": ids, "search": q.Search}, From: from})
	return users, total, err
}

// applicantsOf limits a back-office user list to applicants: accounts with
// ROLE_USER (never staff), and for a school-bound admin only those who have
// an application to that school, whatever school a staff account is bound to.
func applicantsOf(q ListQuery, school string) ListQuery {
	q.Member = permission.RoleUser
	q.AppliedTo = school
	return q
}

// GetUser is one user for the back office, limited like ListUsers.
func (s *Service) GetUser(ctx context.Context, p permission.Principal, pk int64, from string) (User, error) {
	school, ok := permission.Scope(p, permission.UserListAll)
	if !ok {
		return User{}, apperr.Forbidden("auth.forbidden")
	}
	found, _, err := s.Users.List(ctx, applicantsOf(ListQuery{PK: pk, Limit: 1}, school))
	if err != nil {
		return User{}, err
	}
	if len(found) != 1 {
		return User{}, apperr.NotFound("user.not_found")
	}
	u := found[0]
	return u, s.Access.Record(ctx, AccessEntry{Actor: p.UserID, Action: "user.read", Target: u.UserID, From: from})
}

// SameSecret compares two secrets in constant time.
func SameSecret(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

func fieldErr(field, code string) error {
	return &apperr.Error{Kind: apperr.KindInvalid, Code: code, Fields: []apperr.FieldError{{Field: field, Code: code}}}
}

func locale(l string) string {
	if l == "en" {
		return "en"
	}
	return "ko"
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}
