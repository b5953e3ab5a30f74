package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// Account lifecycle (issue 14): find id, reset a forgotten password, change
// one's own data after confirming the password, withdraw, and the dormancy
// job. Message codes of these rules:
const (
	CodeResetLinkInvalid  = "account.reset_link_invalid"
	CodeFindTooMany       = "account.find_too_many"
	CodeConfirmFailed     = "account.confirm_failed"
	CodeConfirmLocked     = "account.confirm_locked"
	CodeTicketRequired    = "account.ticket_required"
	CodePasswordSame      = "account.password_same"
	CodeCurrentPassword   = "account.current_password"
	CodePhoneFormat       = "account.phone_format"
	CodeEmailSame         = "account.email_same"
	CodeWithdrawConfirm   = "account.withdraw_confirm"
	CodeWithdrawInFlight  = "account.withdraw_payment_in_flight"
	CodeWithdrawNotMember = "account.withdraw_not_applicant"
)

// Limits of the lifecycle rules.
const (
	ResetLinkTTL   = 30 * time.Minute
	TicketTTL      = 15 * time.Minute
	FindPerAddress = 10 // find-id / find-password requests per client address in FindWindow
	FindPerTarget  = 3  // mails per address or account in FindWindow
	FindWindow     = time.Hour
	ConfirmLockAt  = 5 // wrong passwords on /user/confirm/pwd in FailWindow before 429
	PhoneMin       = 9
	PhoneMax       = 20
)

// Profile is the account data a member changes on My Info besides the
// e-mail address and the password.
type Profile struct {
	Phone string
}

// Dormant is one member the dormancy job looks at.
type Dormant struct {
	PK         int64
	UserID     string
	Email      string
	Locale     string
	LastActive time.Time  // last login, or sign-up if never signed in
	NotifiedAt *time.Time // when the 30-day notice went out
}

// Lifecycle stores what the account lifecycle changes. Every write that
// ends sessions bumps the account's token version in the same statement.
type Lifecycle interface {
	// ActiveByEmail lists the accounts not withdrawn using the address.
	ActiveByEmail(ctx context.Context, email string) ([]User, error)
	// SetPassword stores a new hash and revokes every token of the account.
	SetPassword(ctx context.Context, pk int64, hash string) error
	// SetEmail changes the address; a conflict on field email when another
	// account not withdrawn uses it.
	SetEmail(ctx context.Context, pk int64, email string) error
	Profile(ctx context.Context, pk int64) (Profile, error)
	SetProfile(ctx context.Context, pk int64, p Profile) error
	// PaymentInFlight reports whether an application of the account has a
	// payment started and not finished (PROCEEDING, or a virtual account
	// issued and not yet paid).
	PaymentInFlight(ctx context.Context, pk int64) (bool, error)
	// Close ends an account for good (withdrawal, dormancy): status WITHDRAW,
	// login data and usage information deleted (password, e-mail, phone,
	// roles, pending codes, unsubmitted drafts), every token revoked, and
	// submitted applications kept but unlinked. It answers what it did,
	// with the stored files of the deleted drafts for the caller to remove
	// once the transaction has committed.
	Close(ctx context.Context, pk int64, at time.Time) (Closed, error)
	// DormancyCandidates lists members not withdrawn whose last activity is
	// at or before lastActive, oldest first.
	DormancyCandidates(ctx context.Context, lastActive time.Time, limit int) ([]Dormant, error)
	MarkDormancyNotified(ctx context.Context, pk int64, at time.Time) error
}

// Closed is what closing an account did.
type Closed struct {
	Unlinked int      // submitted applications kept, unlinked
	Drafts   int      // unsubmitted applications deleted
	Files    []string // stored files of the deleted drafts
}

// FileRemover deletes stored files (the uploads of deleted drafts).
type FileRemover interface {
	Delete(ctx context.Context, name string) error
}

// removeFiles deletes the files of a closed account's drafts after the
// commit; a file that will not go is logged by the store, not fatal.
func (s *Service) removeFiles(ctx context.Context, names []string) error {
	if s.Files == nil {
		return nil
	}
	for _, n := range names {
		if err := s.Files.Delete(ctx, n); err != nil {
			return err
		}
	}
	return nil
}

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
	if strings.TrimSpace(in.UserID) == "" {
		f.Add("userId", CodeUserIDFormat)
	}
	addr, ok := NormalizeEmail(in.Email)
	if !ok {
		f.Add("email", CodeEmailFormat)
	}
	if err := f.Err(); err != nil {
		return err
	}
	if err := s.findGate(ctx, in.Captcha, in.Address, "user:"+lowerASCII(strings.TrimSpace(in.UserID))); err != nil {
		return err
	}
	u, err := s.Users.ByUserID(ctx, strings.TrimSpace(in.UserID))
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

// ResetPath is the page a reset mail links to (spec section 2):
// /user/modify/pwd/{userId}/{expireDate}/{hash}, the expiry in Unix seconds.
func ResetPath(userID string, exp time.Time, hash string) string {
	return "/user/modify/pwd/" + userID + "/" + strconv.FormatInt(exp.Unix(), 10) + "/" + hash
}

func (s *Service) url(path string) string { return strings.TrimRight(s.PublicURL, "/") + path }

// resetHash signs the user, the expiry and the current password hash: a
// link stops working when it expires or once the password has changed
// (by this link or any other way).
func (s *Service) resetHash(u User, exp time.Time) string {
	return s.sign("reset", u.UserID, strconv.FormatInt(exp.Unix(), 10), u.PasswordHash)
}

func (s *Service) sign(parts ...string) string {
	m := hmac.New(sha256.New, s.LinkKey)
	for _, p := range parts {
		m.Write([]byte(p))
		m.Write([]byte{0})
	}
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// resetUser finds the account a reset link is for, or answers that the
// link is not valid (unknown user, bad hash, expired, already used).
func (s *Service) resetUser(ctx context.Context, userID, expire, hash string) (User, error) {
	bad := apperr.Invalid(CodeResetLinkInvalid)
	sec, err := strconv.ParseInt(expire, 10, 64)
	if err != nil {
		return User{}, bad
	}
	exp := time.Unix(sec, 0)
	u, err := s.Users.ByUserID(ctx, userID)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return User{}, bad
	}
	if err != nil {
		return User{}, err
	}
	if u.Status != StatusActive || !s.Clock.Now().Before(exp) || !SameSecret(s.resetHash(u, exp), hash) {
		return User{}, bad
	}
	return u, nil
}

// CheckResetLink tells the reset page whether its link still works.
func (s *Service) CheckResetLink(ctx context.Context, userID, expire, hash string) error {
	_, err := s.resetUser(ctx, userID, expire, hash)
	return err
}

// ResetPassword sets a new password from a reset link; every session of the
// account ends and the link dies with the old password hash.
func (s *Service) ResetPassword(ctx context.Context, userID, expire, hash, password string) error {
	u, err := s.resetUser(ctx, userID, expire, hash)
	if err != nil {
		return err
	}
	if c := ValidatePassword(password); c != "" {
		return fieldErr("password", c)
	}
	h, err := s.Passwords.Hash(password)
	if err != nil {
		return err
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Life.SetPassword(ctx, u.PK, h); err != nil {
			return err
		}
		if err := s.Failures.Reset(ctx, "login:acct:"+lowerASCII(u.UserID)); err != nil {
			return err
		}
		return s.Access.Record(ctx, AccessEntry{Actor: u.UserID, Action: "account.password_reset", Target: u.UserID})
	})
}

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
	return Ticket{Value: sec + "." + s.sign("ticket", u.UserID, strconv.Itoa(u.TokenVersion), sec), ExpiresAt: exp}, nil
}

// ticketUser is the member behind a valid ticket.
func (s *Service) ticketUser(ctx context.Context, p permission.Principal, ticket string) (User, error) {
	u, err := s.Me(ctx, p)
	if err != nil {
		return User{}, err
	}
	sec, sig, _ := strings.Cut(ticket, ".")
	n, err := strconv.ParseInt(sec, 10, 64)
	if err != nil || !s.Clock.Now().Before(time.Unix(n, 0)) ||
		!SameSecret(sig, s.sign("ticket", u.UserID, strconv.Itoa(u.TokenVersion), sec)) {
		return User{}, apperr.Forbidden(CodeTicketRequired)
	}
	return u, nil
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

// NormalizePhone keeps digits, one leading +, and - or spaces between
// digits; it returns the digits (with the +) or false.
func NormalizePhone(s string) (string, bool) {
	s = strings.TrimSpace(s)
	var b strings.Builder
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
			b.WriteRune(r)
		case r == '-' || r == ' ':
		default:
			return "", false
		}
	}
	n := len(strings.TrimPrefix(b.String(), "+"))
	if n < PhoneMin || n > PhoneMax {
		return "", false
	}
	return b.String(), true
}

// UpdateProfile changes the phone number (empty clears it).
func (s *Service) UpdateProfile(ctx context.Context, p permission.Principal, ticket string, pr Profile) (Profile, error) {
	u, err := s.ticketUser(ctx, p, ticket)
	if err != nil {
		return Profile{}, err
	}
	if strings.TrimSpace(pr.Phone) != "" {
		ph, ok := NormalizePhone(pr.Phone)
		if !ok {
			return Profile{}, fieldErr("phone", CodePhoneFormat)
		}
		pr.Phone = ph
	} else {
		pr.Phone = ""
	}
	return pr, s.Life.SetProfile(ctx, u.PK, pr)
}

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
	if c, err := s.Confirmations.Get(ctx, key); err == nil && now.Sub(c.CreatedAt) < CodeResendAfter {
		return apperr.TooMany(CodeCodeTooOften).With("seconds", int((CodeResendAfter-now.Sub(c.CreatedAt)).Seconds())+1)
	}
	if taken, err := s.Users.EmailTaken(ctx, addr); err != nil {
		return err
	} else if taken {
		return &apperr.Error{Kind: apperr.KindConflict, Code: CodeEmailOccupied, Fields: []apperr.FieldError{{Field: "email", Code: CodeEmailOccupied}}}
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
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Life.SetEmail(ctx, u.PK, addr); err != nil {
			return err
		}
		if err := s.Confirmations.Delete(ctx, key); err != nil {
			return err
		}
		return s.Access.Record(ctx, AccessEntry{Actor: u.UserID, Action: "account.email_change", Target: u.UserID})
	})
	return addr, err
}

// ChangePassword sets a new password after checking the current one. Every
// token of the account is revoked; the caller issues a fresh one for the
// session that made the change (returned user).
func (s *Service) ChangePassword(ctx context.Context, p permission.Principal, ticket, current, next string) (User, error) {
	u, err := s.ticketUser(ctx, p, ticket)
	if err != nil {
		return User{}, err
	}
	if !s.Passwords.Verify(u.PasswordHash, current) {
		return User{}, fieldErr("currentPassword", CodeCurrentPassword)
	}
	if c := ValidatePassword(next); c != "" {
		return User{}, fieldErr("newPassword", c)
	}
	if next == current {
		return User{}, fieldErr("newPassword", CodePasswordSame)
	}
	h, err := s.Passwords.Hash(next)
	if err != nil {
		return User{}, err
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Life.SetPassword(ctx, u.PK, h); err != nil {
			return err
		}
		return s.Access.Record(ctx, AccessEntry{Actor: u.UserID, Action: "account.password_change", Target: u.UserID})
	})
	if err != nil {
		return User{}, err
	}
	return s.Users.ByPK(ctx, u.PK)
}

// Withdraw ends the member's account at once (decisions.md): refused while
// a payment is in flight, with that reason. Staff accounts are not closed
// here (their roles are managed in the back office).
func (s *Service) Withdraw(ctx context.Context, p permission.Principal, ticket string, confirmed bool) error {
	u, err := s.ticketUser(ctx, p, ticket)
	if err != nil {
		return err
	}
	if !confirmed {
		return fieldErr("confirm", CodeWithdrawConfirm)
	}
	if u.Principal().IsAdmin() {
		return apperr.Forbidden(CodeWithdrawNotMember)
	}
	busy, err := s.Life.PaymentInFlight(ctx, u.PK)
	if err != nil {
		return err
	}
	if busy {
		return apperr.Conflict(CodeWithdrawInFlight)
	}
	var c Closed
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if c, err = s.Life.Close(ctx, u.PK, s.Clock.Now()); err != nil {
			return err
		}
		return s.Access.Record(ctx, AccessEntry{Actor: u.UserID, Action: "account.withdraw", Target: u.UserID,
			Detail: map[string]any{"applicationsKept": c.Unlinked, "draftsDeleted": c.Drafts}})
	})
	if err != nil {
		return err
	}
	return s.removeFiles(ctx, c.Files)
}

// DormancyReport is what one run of the dormancy job did.
type DormancyReport struct {
	Notified []string `json:"notified"`
	Closed   []string `json:"closed"`
	Waiting  int      `json:"waiting"` // looked at, already notified, not yet due
}

// dormancyBatch bounds one run; the next run continues.
const dormancyBatch = 1000

// RunDormancy is the daily dormancy job: it mails the 30-day notice and
// closes the accounts whose 36 months have passed. Running it twice changes
// nothing more; every run is written to the audit log, with what it did.
func (s *Service) RunDormancy(ctx context.Context) (DormancyReport, error) {
	now := s.Clock.Now()
	// Everyone whose notice date may have come: a day's slack, Dormancy decides.
	cutoff := now.In(window.Seoul).AddDate(0, -DormancyMonths, DormancyNoticeDays+1)
	list, err := s.Life.DormancyCandidates(ctx, cutoff, dormancyBatch)
	if err != nil {
		return DormancyReport{}, err
	}
	r := DormancyReport{Notified: []string{}, Closed: []string{}}
	for _, d := range list {
		switch Dormancy(d.LastActive, d.NotifiedAt, now) {
		case DormancyNotify:
			err = s.Tx.InTx(ctx, func(ctx context.Context) error {
				if err := s.Life.MarkDormancyNotified(ctx, d.PK, now); err != nil {
					return err
				}
				return s.Mailer.Queue(ctx, locale(d.Locale), d.Email, mailmsg.DormancyNotice{UserID: d.UserID,
					CloseDate: DormancyCloseAt(d.LastActive).Format("2006-01-02"), LoginURL: s.url("/user/login")})
			})
			r.Notified = append(r.Notified, d.UserID)
		case DormancyClose:
			var c Closed
			err = s.Tx.InTx(ctx, func(ctx context.Context) error {
				var err error
				c, err = s.Life.Close(ctx, d.PK, now)
				return err
			})
			if err == nil {
				err = s.removeFiles(ctx, c.Files)
			}
			r.Closed = append(r.Closed, d.UserID)
		default:
			r.Waiting++
		}
		if err != nil {
			return r, err
		}
	}
	return r, s.Access.Record(ctx, AccessEntry{Actor: "system", Action: "job.dormancy", Target: "app_user",
		Detail: map[string]any{"at": now.UTC().Format(time.RFC3339), "notified": r.Notified, "closed": r.Closed, "waiting": r.Waiting}})
}
