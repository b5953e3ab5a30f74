package privacy

import (
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/window"
)

// Kind is a kind of record with its own retention period.
type Kind string

const (
	Application       Kind = "application"        // application info: 10 years
	Academic          Kind = "academic"           // academic info: semi-permanent
	Consignment       Kind = "consignment"        // consignment records: 1 year
	Payment           Kind = "payment"            // payment records: 5 years
	Contract          Kind = "contract"           // contract records: 5 years
	Complaint         Kind = "complaint"          // complaint records: 3 years
	WebVisit          Kind = "web_visit"          // web visit records: 3 months
	RejectedApplicant Kind = "rejected_applicant" // rejected applicants: 1 year
	ApplicantList     Kind = "applicant_list"     // applicant list: 5 years
	AccessLog         Kind = "access_log"         // personal-data access log: at least 2 years
)

// Action is what happens to a record.
type Action string

const (
	Keep      Action = "keep"
	Delete    Action = "delete"
	Anonymise Action = "anonymise"
)

// Rule is the retention of one kind: a period, and what to do after it.
// Forever rules never expire.
type Rule struct {
	Years, Months int
	Forever       bool
	AtExpiry      Action
}

// Policy maps kinds to rules.
type Policy map[Kind]Rule

// DefaultPolicy is the retention table of spec section 9 and decisions.md.
func DefaultPolicy() Policy {
	return Policy{
		Application:       {Years: 10, AtExpiry: Anonymise},
		Academic:          {Forever: true, AtExpiry: Keep},
		Consignment:       {Years: 1, AtExpiry: Delete},
		Payment:           {Years: 5, AtExpiry: Delete},
		Contract:          {Years: 5, AtExpiry: Delete},
		Complaint:         {Years: 3, AtExpiry: Delete},
		WebVisit:          {Months: 3, AtExpiry: Delete},
		RejectedApplicant: {Years: 1, AtExpiry: Anonymise},
		ApplicantList:     {Years: 5, AtExpiry: Delete},
		AccessLog:         {Years: 2, AtExpiry: Delete},
	}
}

// Decision is the policy's answer for one record.
type Decision struct {
	Action Action    // Keep until Due, then AtExpiry
	Due    time.Time // zero for records kept for ever
}

// ExpiresAt is when a record of the kind whose retention started at since
// expires; ok is false for records kept for ever.
func (p Policy) ExpiresAt(k Kind, since time.Time) (t time.Time, ok bool, err error) {
	r, found := p[k]
	if !found {
		return time.Time{}, false, apperr.Invalid(CodeKindUnknown).With("kind", string(k))
	}
	if r.Forever {
		return time.Time{}, false, nil
	}
	return since.In(window.Seoul).AddDate(r.Years, r.Months, 0), true, nil
}

// Decide says what must happen now to a record of kind k whose retention
// started at since: Keep before its expiry, else the rule's action.
func (p Policy) Decide(k Kind, since, now time.Time) (Decision, error) {
	due, ok, err := p.ExpiresAt(k, since)
	if err != nil {
		return Decision{}, err
	}
	if !ok || now.Before(due) {
		return Decision{Action: Keep, Due: due}, nil
	}
	return Decision{Action: p[k].AtExpiry, Due: due}, nil
}

// Cutoff is the latest "since" that has expired by now: a retention job
// selects the records of kind k with since <= Cutoff(k, now), exactly those
// for which Decide does not answer Keep. ok is false for records kept for
// ever.
func (p Policy) Cutoff(k Kind, now time.Time) (time.Time, bool, error) {
	r, found := p[k]
	if !found {
		return time.Time{}, false, apperr.Invalid(CodeKindUnknown).With("kind", string(k))
	}
	if r.Forever {
		return time.Time{}, false, nil
	}
	return now.In(window.Seoul).AddDate(-r.Years, -r.Months, 0), true, nil
}

// paymentAuditPrefixes start the audit-log actions that explain payment
// records: payments, refunds and refund requests, settlements and fee
// rules. Such an entry is itself a payment record (5 years), not an access
// record (2 years): it must outlive neither the payment it explains nor be
// emptied before it.
var paymentAuditPrefixes = []string{"payment.", "refund_request.", "refund_rule.", "settlement.", "feerule.", "job.refunds"}

// PaymentAuditPrefixes lists them, for stores that select by prefix.
func PaymentAuditPrefixes() []string { return slices.Clone(paymentAuditPrefixes) }

// AuditKind is the retention class of an audit-log entry by its action:
// Payment for what explains money, else AccessLog.
func AuditKind(action string) Kind {
	for _, p := range paymentAuditPrefixes {
		if strings.HasPrefix(action, p) {
			return Payment
		}
	}
	return AccessLog
}
