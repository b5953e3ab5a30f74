package account

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/permission"
)

// User is an account as stored.
type User struct {
	PK           int64
	UserID       string
	Email        string
	PasswordHash string
	Status       Status
	Roles        []permission.Role
	SchoolCode   string
	Locale       string
	TokenVersion int
	LastLoginAt  *time.Time
	CreatedAt    time.Time
}

// Principal returns who this user is for permission checks.
func (u User) Principal() permission.Principal {
	return permission.Principal{UserID: u.UserID, Roles: u.Roles, SchoolCode: u.SchoolCode}
}

// ListQuery asks for one page of users.
type ListQuery struct {
	Search string // part of user id or e-mail
	Status string
	Role   string // filter the caller chose
	// Member and AppliedTo are set by ListUsers, never by the caller:
	// only accounts holding Member, and ("" = any school) only those with an
	// application to the school AppliedTo.
	Member    permission.Role
	AppliedTo string
	PK        int64  // 0 = any; otherwise this one account only
	Sort      string // one of SortFields
	Desc      bool
	Offset    int
	Limit     int
}

// SortFields are the columns a user list may be sorted by.
var SortFields = []string{"id", "userId", "email", "status", "createdAt", "lastLoginAt"}

// Users stores accounts. Create answers a conflict error with field
// userId or email when either is taken.
type Users interface {
	Create(ctx context.Context, m *Member) (User, error)
	ByUserID(ctx context.Context, userID string) (User, error)
	ByPK(ctx context.Context, pk int64) (User, error)
	UserIDTaken(ctx context.Context, userID string) (bool, error)
	EmailTaken(ctx context.Context, email string) (bool, error)
	// Update is the only way a stored member changes. In one transaction
	// (the caller's, when ctx carries one) it locks the row, rebuilds the
	// aggregate with UnmarshalMemberFromDatabase and calls fn with it and
	// with a context bound to that transaction; when fn returns nil it
	// writes back what the member's methods changed and commits. fn decides
	// the rule on the locked state and stages the other writes of the same
	// change (a sanction, the audit entry, the outbox mail) with the
	// context it was given, so they commit or roll back together. An
	// address another account not withdrawn uses answers a conflict on
	// field email; an unknown key a not-found error (CodeUserNotFound).
	Update(ctx context.Context, pk int64, fn func(ctx context.Context, m *Member) error) error
	// Session returns the state a token is checked against, with the
	// account's current roles and school, in one query.
	Session(ctx context.Context, userID, jti string) (SessionState, error)
	Revoke(ctx context.Context, jti string, until time.Time) error
	List(ctx context.Context, q ListQuery) ([]User, int, error)
}

// SessionState is what a token must agree with to be honoured, and who
// the account is now: roles and school binding come from here, never from
// the token, so a removed role stops working at once.
type SessionState struct {
	Status       Status
	TokenVersion int
	Revoked      bool
	Roles        []permission.Role
	SchoolCode   string
}

// Confirmations keep e-mail confirmation codes (hashed).
type Confirmations interface {
	Put(ctx context.Context, email, codeHash string, expires time.Time) error
	Get(ctx context.Context, email string) (Confirmation, error)
	Fail(ctx context.Context, email string) error
	Delete(ctx context.Context, email string) error
}

// Confirmation is one pending code.
type Confirmation struct {
	CodeHash  string
	Attempts  int
	ExpiresAt time.Time
	CreatedAt time.Time
}

// Hasher hashes passwords and codes.
type Hasher interface {
	Hash(secret string) (string, error)
	Verify(hash, secret string) bool
}

// Counter counts failures in a sliding window (rate limits).
type Counter interface {
	Count(ctx context.Context, key string) (int, error)
	Incr(ctx context.Context, key string, window time.Duration) (int, error)
	Reset(ctx context.Context, key string) error
}

// Captcha verifies a solved proof-of-work.
type Captcha interface {
	Verify(ctx context.Context, payload string) bool
}

// Clock tells the time.
type Clock interface{ Now() time.Time }

// Claims is what an access token carries.
type Claims struct {
	UserID       string
	Roles        []permission.Role
	SchoolCode   string
	TokenVersion int
	ID           string // jti
	ExpiresAt    time.Time
}

// Members are the stores member management reads and writes besides the
// member itself: the membership measures, and what the rules of roles ask.
type Members interface {
	// CountRole counts the ACTIVE accounts holding a role.
	CountRole(ctx context.Context, r permission.Role) (int, error)
	AddSanction(ctx context.Context, s Sanction) error
	// Sanctions lists an account's measures, oldest first.
	Sanctions(ctx context.Context, pk int64) ([]Sanction, error)
	// OverdueLimits lists the open LIMITs whose FixBy day is before day
	// (yyyy-MM-dd), oldest first.
	OverdueLimits(ctx context.Context, day string) ([]Sanction, error)
	// Resolve closes an open LIMIT; ok is false when it was resolved
	// already (another run or staff got there first).
	Resolve(ctx context.Context, id int64, resolution string, at time.Time) (ok bool, err error)
	// SchoolExists reports whether a school code is known.
	SchoolExists(ctx context.Context, code string) (bool, error)
}

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

// Lifecycle stores what the account lifecycle reads, and what a closed
// account leaves in other areas.
type Lifecycle interface {
	// ActiveByEmail lists the accounts not withdrawn using the address.
	ActiveByEmail(ctx context.Context, email string) ([]User, error)
	Profile(ctx context.Context, pk int64) (Profile, error)
	// PaymentInFlight reports whether an application of the account has a
	// payment started and not finished (PROCEEDING, or a virtual account
	// issued and not yet paid).
	PaymentInFlight(ctx context.Context, pk int64) (bool, error)
	// Detach removes what a closing account leaves in other areas, in the
	// transaction of its Member.Close: unsubmitted drafts deleted,
	// submitted applications kept but unlinked, survey answers unlinked,
	// pending e-mail-change codes deleted. It answers what it did, with the
	// stored files of the deleted drafts for the caller to remove once the
	// transaction has committed.
	Detach(ctx context.Context, pk int64) (Closed, error)
	// DormancyCandidates lists members not withdrawn whose last activity is
	// at or before lastActive, oldest first.
	DormancyCandidates(ctx context.Context, lastActive time.Time, limit int) ([]Dormant, error)
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
