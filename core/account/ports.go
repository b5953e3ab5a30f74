package account

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/mailmsg"
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

// NewUser is what sign-up stores.
type NewUser struct {
	UserID       string
	Email        string
	PasswordHash string
	Roles        []permission.Role
	SchoolCode   string
	Locale       string
	AgreedAt     time.Time
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
	Create(ctx context.Context, u NewUser) (User, error)
	ByUserID(ctx context.Context, userID string) (User, error)
	ByPK(ctx context.Context, pk int64) (User, error)
	UserIDTaken(ctx context.Context, userID string) (bool, error)
	EmailTaken(ctx context.Context, email string) (bool, error)
	// RecordLogin notes a login and the language the user now uses (mail
	// sent outside a request, e.g. after a payment, follows it).
	RecordLogin(ctx context.Context, pk int64, at time.Time, locale string) error
	// Session returns the state a token is checked against, with the
	// account's current roles and school, in one query.
	Session(ctx context.Context, userID, jti string) (SessionState, error)
	Revoke(ctx context.Context, jti string, until time.Time) error
	RevokeAll(ctx context.Context, pk int64) error
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

// Mailer queues a mail in the caller's transaction (outbox).
type Mailer interface {
	Queue(ctx context.Context, locale, to string, m mailmsg.Message) error
}

// Tx runs fn in one transaction.
type Tx interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
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

// AccessEntry is one read of personal data by staff (decisions.md:
// personal-data access log, kept at least 2 years).
type AccessEntry struct {
	Actor  string
	Action string // e.g. "user.list", "user.read"
	Target string
	Detail map[string]any
	From   string // client address
}

// AccessLog records staff reads of personal data.
type AccessLog interface {
	Record(ctx context.Context, e AccessEntry) error
}
