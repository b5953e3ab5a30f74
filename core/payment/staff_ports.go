package payment

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
)

// This file is the port of the staff money pages (issue 10): listing
// attempts, cancellations, failures and settlement closings.

// ProviderManual marks money received outside the gateways (a bank
// transfer to the school, a waiver), entered by staff on manual-pay.
const ProviderManual Provider = "manual"

// AttemptRow is an attempt as the staff lists show it: with the
// application's exam number, applicant and round.
type AttemptRow struct {
	Attempt
	ApplID        string
	ApplicantName string
	Round         application.RoundKey
	AppStatus     string
}

// AttemptQuery asks for one page of attempts. Every field is optional;
// School "" means every school. From and To bound the creation time,
// PaidFrom and PaidTo the payment time, each [from, to).
type AttemptQuery struct {
	School           string
	ApplNo           int64
	ApplID           string // exam number, exact
	Search           string // applicant name or user id, contains
	EnterYear        int
	RecruitPartSeq   int
	Result           Result
	Provider         Provider
	From, To         time.Time
	PaidFrom, PaidTo time.Time
	Sort             string // one of AttemptSorts
	Desc             bool
	Offset, Limit    int
}

// AttemptSorts are the fields attempt lists sort by.
var AttemptSorts = []string{"createdAt", "paidAt", "applNo", "total", "result"}

// Cancellation is one cancel made by staff: the type, the amount refunded
// (zero for 00002), the reason, the refund account of a virtual-account
// payment, who did it and what the provider answered.
type Cancellation struct {
	ID         string
	PaymentID  string
	ApplNo     int64
	SchoolCode string
	Provider   Provider
	PayType    PayType
	Type       CancelType
	Amount     money.Money
	Reason     string // staff's internal note: never shown to the applicant
	// ApplicantReason is what the applicant is told ("" tells them the
	// school refunded, without a reason).
	ApplicantReason string
	Refund          *RefundAccount
	By              string
	At              time.Time
	// ProviderCancelID and Answer are the provider's cancellation id and
	// its answer ("" for 00002 and manual payments: nothing was asked).
	ProviderCancelID string
	Answer           string
	Pending          bool
	// SettledAt is when a pending refund was settled (the provider said
	// it succeeded or failed); OverdueAt when staff were alerted that it
	// was still pending after RefundDueDays business days.
	SettledAt time.Time
	OverdueAt time.Time
}

// Provider answers of a cancellation (Cancellation.Answer).
const (
	AnswerOK      = "ok"
	AnswerPending = "pending"
	AnswerFailed  = "failed"
)

// ParseAnswer reads a cancel list's answer filter: "", pending, ok or failed.
func ParseAnswer(s string) (string, error) {
	switch s {
	case "", AnswerOK, AnswerPending, AnswerFailed:
		return s, nil
	}
	return "", apperr.Invalid(CodeAnswerUnknown)
}

// CancelQuery asks for one page of cancellations.
type CancelQuery struct {
	School        string
	UserID        string // cancels of this applicant's payments
	ApplNo        int64
	PaymentID     string
	Answer        string // the provider's answer: pending, ok, failed; "" any
	From, To      time.Time
	Sort          string // at, amount
	Desc          bool
	Offset, Limit int
}

// FailureQuery asks for one page of failed or refused attempts' records.
type FailureQuery struct {
	School        string // records of attempts of this school (refused webhooks naming none only for "")
	From, To      time.Time
	Code          string
	Desc          bool
	Offset, Limit int
}

// Closing is a settlement period closed by staff: the figures as they
// were then. Changes after it show as adjustments.
type Closing struct {
	School   string
	From, To time.Time
	Rows     []MethodSummary
	By       string
	At       time.Time
}

// RefundStore is what following up pending refunds reads and writes.
// Calls with the ctx of an application's Update join its transaction.
type RefundStore interface {
	Cancels(ctx context.Context, q CancelQuery) ([]Cancellation, int, error)
	// AddCancel stores a cancellation in the caller's transaction.
	AddCancel(ctx context.Context, c Cancellation) error
	// SettleCancel writes back a cancellation's answer, pending flag,
	// SettledAt and OverdueAt.
	SettleCancel(ctx context.Context, c Cancellation) error
}

// StaffStore is what the staff pages read and write beside Store. Calls
// with the ctx of an application's Update join its transaction.
type StaffStore interface {
	RefundStore
	ListAttempts(ctx context.Context, q AttemptQuery) ([]AttemptRow, int, error)
	Failures(ctx context.Context, q FailureQuery) ([]Record, int, error)
	// Close stores a closing; a conflict (CodePeriodClosed) when the
	// school has a closed period overlapping it.
	Close(ctx context.Context, c Closing) error
	// Closings lists a school's closings overlapping [from, to).
	Closings(ctx context.Context, school string, from, to time.Time) ([]Closing, error)
}
