package submission

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
)

// ExamNumbers numbers completed applications.
type ExamNumbers interface {
	// Rule is the round's exam-number template (recruit_part.appl_id_rule).
	Rule(ctx context.Context, k application.RoundKey) (string, error)
	// Next takes the round's next sequence number in the caller's
	// transaction (a counter row upserted with ... RETURNING, whose row
	// lock it holds until the transaction ends): two completions never get
	// the same one, and a number given by a committed completion is never
	// given again (a rolled-back one was never held by anyone). It answers
	// the round's rule read under that lock, so a re-numbering (which holds
	// the same lock and may change the rule) is seen whole.
	Next(ctx context.Context, k application.RoundKey) (seq int, rule string, err error)
	// Assign stores the number; a duplicate within the round is a conflict.
	Assign(ctx context.Context, applNo int64, applID string, at time.Time) error
}

// Payments stores the zero payment of a free completion where every
// payment is (core/payment.Store).
type Payments interface {
	Insert(ctx context.Context, a payment.Attempt) error
}

// Consents stores what was accepted again at submission.
type Consents interface {
	Accept(ctx context.Context, applNo int64, acc []school.Acceptance) error
}

// Contact is how an applicant is mailed.
type Contact struct {
	Email  string
	Locale string // ko or en
}

// Completed is an application in COMPLETE, for the exam-number lookup.
type Completed struct {
	SchoolKorName, SchoolEngName string
	RoundKorName, RoundEngName   string
	ApplID                       string
	Locale                       string
}

// Applicants reads applicants' contact data and completed applications.
type Applicants interface {
	Contact(ctx context.Context, userID string) (Contact, error)
	// CompletedByEmail lists the COMPLETE applications (with an exam
	// number) of the accounts using this address.
	CompletedByEmail(ctx context.Context, email string) ([]Completed, error)
}

// Mailer queues a mail in the caller's transaction (outbox).
type Mailer interface {
	Queue(ctx context.Context, locale, to string, m mailmsg.Message) error
}

// Records answers an application as the applicant's list shows it
// (core/application.Service.Get).
type Records interface {
	Get(ctx context.Context, p permission.Principal, applNo int64) (application.Record, error)
}

// Captcha verifies a solved proof-of-work.
type Captcha interface {
	Verify(ctx context.Context, payload string) bool
}

// Counter counts requests in a window (rate limits).
type Counter interface {
	Incr(ctx context.Context, key string, window time.Duration) (int, error)
}
