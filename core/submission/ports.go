package submission

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/school"
)

// ExamNumbers numbers completed applications (core/application's port).
type ExamNumbers = application.ExamNumbers

// Payments stores the zero payment of a free completion where every
// payment is (core/payment.Store).
type Payments interface {
	Insert(ctx context.Context, a payment.Attempt) error
}

// Consents stores what was accepted again at submission.
type Consents interface {
	Accept(ctx context.Context, applNo int64, acc []school.Acceptance) error
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
	port.Recipients
	// CompletedByEmail lists the COMPLETE applications (with an exam
	// number) of the accounts using this address.
	CompletedByEmail(ctx context.Context, email string) ([]Completed, error)
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
