package account

import (
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/permission"
)

// What a member is made of and what it shows: the input of NewMember, the
// record stores keep, and the read accessors of the aggregate.

// NewUser is what a new account is made of (sign-up, or a seeded staff
// account).
type NewUser struct {
	UserID       string
	Email        string
	PasswordHash string
	Roles        []permission.Role
	SchoolCode   string
	Locale       string
	AgreedAt     time.Time
}

// MemberRecord is a member as a store keeps it: the read view and what
// only the aggregate carries. Stores rebuild a Member from it and write
// back Member.Record.
type MemberRecord struct {
	User
	Phone      string
	AgreedAt   time.Time
	NotifiedAt *time.Time // dormancy notice
	ClosedAt   *time.Time
}

// PK is the account's key (0 before it is stored).
func (m *Member) PK() int64 { return m.pk }

// UserID is the sign-in id.
func (m *Member) UserID() string { return m.userID }

// Email is the address ("" once closed).
func (m *Member) Email() string { return m.email }

// PasswordHash is the stored hash of the password ("" once closed).
func (m *Member) PasswordHash() string { return m.passwordHash }

// Status is the account status.
func (m *Member) Status() Status { return m.status }

// Roles are the account's roles, sorted.
func (m *Member) Roles() []permission.Role { return slices.Clone(m.roles) }

// SchoolCode is the school a school-bound staff account belongs to.
func (m *Member) SchoolCode() string { return m.schoolCode }

// Locale is the language mail to the member is written in.
func (m *Member) Locale() string { return m.locale }

// Phone is the member's phone number ("" when none).
func (m *Member) Phone() string { return m.phone }

// TokenVersion is what every token of the account must carry.
func (m *Member) TokenVersion() int { return m.tokenVersion }

// LastLoginAt is the last sign-in (nil when never).
func (m *Member) LastLoginAt() *time.Time { return clonedTime(m.lastLoginAt) }

// NotifiedAt is when the dormancy notice went out (nil when not).
func (m *Member) NotifiedAt() *time.Time { return clonedTime(m.notifiedAt) }

// ClosedAt is when the account was closed (nil while open).
func (m *Member) ClosedAt() *time.Time { return clonedTime(m.closedAt) }

// AgreedAt is when the member agreed to the terms and the privacy policy.
func (m *Member) AgreedAt() time.Time { return m.agreedAt }

// CreatedAt is when the account was created.
func (m *Member) CreatedAt() time.Time { return m.createdAt }

// Changed reports whether a method changed the member since it was
// loaded: the store writes it back only then.
func (m *Member) Changed() bool { return m.changed }

// User is the read view of the member.
func (m *Member) User() User {
	return User{PK: m.pk, UserID: m.userID, Email: m.email, PasswordHash: m.passwordHash, Status: m.status,
		Roles: slices.Clone(m.roles), SchoolCode: m.schoolCode, Locale: m.locale, TokenVersion: m.tokenVersion,
		LastLoginAt: clonedTime(m.lastLoginAt), CreatedAt: m.createdAt}
}

// Record is everything a store keeps of the member.
func (m *Member) Record() MemberRecord {
	return MemberRecord{User: m.User(), Phone: m.phone, AgreedAt: m.agreedAt, NotifiedAt: clonedTime(m.notifiedAt),
		ClosedAt: clonedTime(m.closedAt)}
}

// Principal is who the member is for permission checks.
func (m *Member) Principal() permission.Principal { return m.User().Principal() }
