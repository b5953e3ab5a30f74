package refundrequest

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
)

// Query selects requests for a list, newest first (Oldest: oldest first).
type Query struct {
	State     State  // "": any
	School    string // "": every school's
	UserID    string // "": every applicant's
	ApplNo    int64  // 0: any
	PaymentID string // "": any
	Oldest    bool
	Offset    int
	Limit     int // 0: no limit
}

// Store keeps requests. Calls given the ctx of a transaction join it.
type Store interface {
	// Create stores a new request and numbers it; a conflict
	// (CodeOpenExists) when the payment already has a pending one.
	Create(ctx context.Context, r Request) (Request, error)
	// Get answers CodeNotFound for an unknown number.
	Get(ctx context.Context, id int64) (Request, error)
	// Update is the only way a stored request changes: in one transaction
	// (the caller's, when ctx carries one) it locks the row, rebuilds the
	// request with UnmarshalRequestFromDatabase and calls fn with it and a
	// context bound to that transaction; when fn returns nil it writes back
	// what the request's methods changed and commits. fn stages the other
	// writes of the same change (the refund, the mail, the audit) with the
	// context it is given.
	Update(ctx context.Context, id int64, fn func(ctx context.Context, r *Request) error) error
	// List answers a page and the total of what the query selects.
	List(ctx context.Context, q Query) ([]Request, int, error)
}

// Rule is a school's refund rule text, shown on the request form.
type Rule struct {
	SchoolCode string
	Ko, En     string
	UpdatedBy  string
	UpdatedAt  time.Time
}

// MaxRule is the length of a rule text, in characters.
const MaxRule = 4000

// RuleStore keeps the schools' rule texts.
type RuleStore interface {
	// Rule answers a school's rule; ok is false when it has none.
	Rule(ctx context.Context, school string) (Rule, bool, error)
	// PutRule stores a school's rule, replacing the one it had.
	PutRule(ctx context.Context, r Rule) error
	// Rules lists every stored rule by school code.
	Rules(ctx context.Context) ([]Rule, error)
}

// Applications reads applications (the owner, the round, the exam number).
type Applications interface {
	// Get answers application.CodeNotFound for an unknown number.
	Get(ctx context.Context, applNo int64) (application.Header, error)
}

// Payments reads the payment attempts core/payment keeps.
type Payments interface {
	ByApplication(ctx context.Context, applNo int64) ([]payment.Attempt, error)
	Get(ctx context.Context, paymentID string) (payment.Attempt, error)
}

// Refunder is the existing staff refund (core/payment Staff.Cancel): it
// checks the caller may refund, refunds at the provider under the
// application's lock, records the cancellation, cancels the application
// on a full refund, mails and audits. Called with the ctx of a request's
// Update, it joins that transaction.
type Refunder interface {
	Refund(ctx context.Context, p permission.Principal, paymentID string, in payment.CancelInput) (payment.Cancellation, error)
}

// Schools lists the schools of the service.
type Schools interface {
	Schools(ctx context.Context) ([]application.School, error)
}
