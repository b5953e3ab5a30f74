package account

import (
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// Member is the account aggregate: who signs in, with what address,
// password, roles and status. Its fields are unexported: it is built by
// NewMember (sign-up or a seeded account, validated) or by
// UnmarshalMemberFromDatabase (a stored row), and it changes only through
// its methods, which hold the rules of each change. A store changes a
// stored member only through Users.Update, which locks the row, hands the
// aggregate to the use case and writes back what its methods changed.
type Member struct {
	pk           int64
	userID       string
	email        string
	passwordHash string
	status       Status
	roles        []permission.Role
	schoolCode   string
	locale       string
	phone        string
	tokenVersion int
	lastLoginAt  *time.Time
	notifiedAt   *time.Time // when the dormancy notice went out
	closedAt     *time.Time
	agreedAt     time.Time
	createdAt    time.Time
	changed      bool
}

// NewMember is a new ACTIVE account: a user id, a valid address, a
// password hash, and roles bound to a school exactly when they need one.
// The store gives its key and creation time. The user-id rule of the
// sign-up form (ValidateUserID) is SignUp's: accounts seeded for staff
// keep the ids they are given.
func NewMember(n NewUser) (*Member, error) {
	var f apperr.Fields
	if n.UserID == "" || strings.TrimSpace(n.UserID) != n.UserID {
		f.Add("userId", CodeUserIDFormat)
	}
	addr := strings.TrimSpace(n.Email)
	if _, ok := NormalizeEmail(addr); !ok {
		f.Add("email", CodeEmailFormat)
	}
	if n.PasswordHash == "" {
		f.Add("password", CodePasswordMissing)
	}
	roles, school, err := bindRoles(n.Roles, n.SchoolCode)
	if e, ok := apperr.As(err); ok {
		f = append(f, e.Fields...)
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	return &Member{userID: n.UserID, email: addr, passwordHash: n.PasswordHash, status: StatusActive, roles: roles,
		schoolCode: school, locale: locale(n.Locale), agreedAt: n.AgreedAt}, nil
}

// UnmarshalMemberFromDatabase rebuilds a stored member. It is for stores
// only; it refuses a status it does not know, so a broken row is an error
// and not a silent state.
func UnmarshalMemberFromDatabase(r MemberRecord) (*Member, error) {
	if _, err := ParseStatus(string(r.Status)); err != nil {
		return nil, err
	}
	return &Member{pk: r.PK, userID: r.UserID, email: r.Email, passwordHash: r.PasswordHash, status: r.Status,
		roles: slices.Clone(r.Roles), schoolCode: r.SchoolCode, locale: r.Locale, phone: r.Phone, tokenVersion: r.TokenVersion,
		lastLoginAt: clonedTime(r.LastLoginAt), notifiedAt: clonedTime(r.NotifiedAt), closedAt: clonedTime(r.ClosedAt),
		agreedAt: r.AgreedAt, createdAt: r.CreatedAt}, nil
}

func clonedTime(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	c := *t
	return &c
}

// revokeSessions ends every session: tokens of an older version are refused.
func (m *Member) revokeSessions() { m.tokenVersion, m.changed = m.tokenVersion+1, true }

// checkOpen refuses a change of a withdrawn account: withdrawal is final.
func (m *Member) checkOpen() error {
	if m.status == StatusWithdraw {
		return apperr.Conflict(CodeStatusChange)
	}
	return nil
}

// RecordLogin notes a sign-in and the language the member now uses (mail
// sent outside a request follows it); dormancy counts from it. Only an
// ACTIVE member signs in.
func (m *Member) RecordLogin(at time.Time, loc string) error {
	if !m.status.CanSignIn() {
		return apperr.Forbidden(CodeLoginInactive)
	}
	m.lastLoginAt, m.locale, m.notifiedAt, m.changed = &at, locale(loc), nil, true
	return nil
}

// ChangeEmail sets a new address (confirmed by its code); another
// account's address is refused by the store, which sees them all.
func (m *Member) ChangeEmail(email string) error {
	if err := m.checkOpen(); err != nil {
		return err
	}
	addr, ok := NormalizeEmail(email)
	if !ok {
		return fieldErr("email", CodeEmailFormat)
	}
	if strings.EqualFold(addr, m.email) {
		return fieldErr("email", CodeEmailSame)
	}
	m.email, m.changed = addr, true
	return nil
}

// ChangePassword sets a new password after checking the current one; the
// new one follows the password rule and differs from the current one.
// Every session of the account ends.
func (m *Member) ChangePassword(h Hasher, current, next string) error {
	if err := m.checkOpen(); err != nil {
		return err
	}
	if !h.Verify(m.passwordHash, current) {
		return fieldErr("currentPassword", CodeCurrentPassword)
	}
	if c := ValidatePassword(next); c != "" {
		return fieldErr("newPassword", c)
	}
	if next == current {
		return fieldErr("newPassword", CodePasswordSame)
	}
	return m.setPassword(h, next)
}

// ResetPassword sets a new password without the current one (from a reset
// link the use case has checked). Every session of the account ends.
func (m *Member) ResetPassword(h Hasher, next string) error {
	if err := m.checkOpen(); err != nil {
		return err
	}
	if c := ValidatePassword(next); c != "" {
		return fieldErr("password", c)
	}
	return m.setPassword(h, next)
}

func (m *Member) setPassword(h Hasher, pw string) error {
	hash, err := h.Hash(pw)
	if err != nil {
		return err
	}
	m.passwordHash = hash
	m.revokeSessions()
	return nil
}

// ChangePhone sets the phone number (NormalizePhone); blank clears it.
func (m *Member) ChangePhone(phone string) error {
	if err := m.checkOpen(); err != nil {
		return err
	}
	p := ""
	if strings.TrimSpace(phone) != "" {
		var ok bool
		if p, ok = NormalizePhone(phone); !ok {
			return fieldErr("phone", CodePhoneFormat)
		}
	}
	if p != m.phone {
		m.phone, m.changed = p, true
	}
	return nil
}

// ChangeLocale sets the language of the member's mails: "ko" or "en".
func (m *Member) ChangeLocale(loc string) error {
	if err := m.checkOpen(); err != nil {
		return err
	}
	if loc != "ko" && loc != "en" {
		return fieldErr("locale", CodeLocaleUnknown)
	}
	if loc != m.locale {
		m.locale, m.changed = loc, true
	}
	return nil
}

// ChangeStatus is an administrator setting the status (CheckStatusChange):
// the member's sessions end.
func (m *Member) ChangeStatus(to Status) error {
	if err := CheckStatusChange(m.status, to); err != nil {
		return err
	}
	m.status = to
	m.revokeSessions()
	return nil
}

// TakeSanction applies a membership measure (DecideSanction over the
// member's earlier measures), sets the status it means and ends the
// member's sessions. It answers the measure to store: a LIMIT carries its
// fix-by day, FixDays on in Asia/Seoul.
func (m *Member) TakeSanction(in SanctionInput, by string, history []Sanction, now time.Time) (Sanction, error) {
	in, err := in.check()
	if err != nil {
		return Sanction{}, err
	}
	if err := m.checkOpen(); err != nil {
		return Sanction{}, err
	}
	kind, st := DecideSanction(in.Kind, history)
	sc := Sanction{UserPK: m.pk, Kind: kind, Cause: in.Cause, Note: in.Note, By: by, CreatedAt: now}
	if kind == SanctionLimit {
		sc.FixBy = now.In(window.Seoul).AddDate(0, 0, FixDays).Format(time.DateOnly)
	}
	m.status = st
	m.revokeSessions()
	return sc, nil
}

// ChangeRoles replaces the roles and the school binding (bindRoles); the
// member's sessions end, so a removed role stops at once and a new one
// works from the next sign-in.
func (m *Member) ChangeRoles(roles []permission.Role, school string) error {
	if err := m.checkOpen(); err != nil {
		return err
	}
	roles, school, err := bindRoles(roles, school)
	if err != nil {
		return err
	}
	m.roles, m.schoolCode = roles, school
	m.revokeSessions()
	return nil
}

// Dormancy is what the dormancy job does with the member now (Dormancy
// over the last sign-in, or sign-up when never, and the notice sent).
func (m *Member) Dormancy(now time.Time) DormancyAction {
	if m.status == StatusWithdraw {
		return DormancyNone
	}
	return Dormancy(m.LastActive(), m.notifiedAt, now)
}

// LastActive is when the member was last seen: the last sign-in, or
// sign-up when never signed in. Dormancy counts from it.
func (m *Member) LastActive() time.Time {
	if m.lastLoginAt != nil {
		return *m.lastLoginAt
	}
	return m.createdAt
}

// NoteDormancyNotice records that the 30-day notice went out.
func (m *Member) NoteDormancyNotice(at time.Time) error {
	if err := m.checkOpen(); err != nil {
		return err
	}
	m.notifiedAt, m.changed = &at, true
	return nil
}

// Close ends the account for good (withdrawal, dormancy): status WITHDRAW,
// its login data and usage information gone (address, password, phone,
// roles, school, last sign-in), every session ended. The user id stays so
// it is never given to someone else. What the account leaves in other
// areas goes with Lifecycle.Detach in the same transaction.
func (m *Member) Close(at time.Time) error {
	if m.closedAt != nil {
		return apperr.Conflict(CodeStatusChange)
	}
	m.status, m.email, m.passwordHash, m.phone = StatusWithdraw, "", "", ""
	m.roles, m.schoolCode, m.lastLoginAt, m.notifiedAt, m.closedAt = nil, "", nil, nil, &at
	m.revokeSessions()
	return nil
}
