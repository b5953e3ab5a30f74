package payment

import (
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
)

// Result is a payment result (spec section 4).
type Result string

const (
	Proceeding Result = "PROCEEDING"
	Paid       Result = "PAID"
	VbankIssue Result = "VBANK_ISSUE"
	Timeout    Result = "TIMEOUT"
	// Failed ends an attempt that the provider reports declined, failed or
	// never paid (the applicant closed its window): the applicant may
	// start a new attempt.
	Failed Result = "FAILED"
	// Cancelled ends a paid attempt that staff cancelled or refunded in
	// full: the money was received and went back (or was kept, 00002).
	Cancelled Result = "CANCELLED"
)

// InFlight reports whether the attempt may still receive money.
func (r Result) InFlight() bool { return r == Proceeding || r == VbankIssue }

// StatusComplete is the payment status of a finished payment.
const StatusComplete = "COMPLETE"

// EventKind is what a provider reports.
type EventKind string

const (
	EvVbankIssued EventKind = "vbank_issued" // a virtual account was issued
	EvPaid        EventKind = "paid"         // money received (card approval, transfer, deposit)
	EvTimeout     EventKind = "timeout"      // the payment or the virtual account expired
	EvFailed      EventKind = "failed"       // declined, failed or abandoned (a virtual account: expired)
)

// Event is one provider report, already authenticated by the adapter.
type Event struct {
	Kind   EventKind
	Amount money.Money // what the provider says it charged or expects
	TxID   string      // the provider's transaction id
	// What came with it: the account issued, when it was paid, why it
	// failed.
	Vbank  *VirtualAccount
	PaidAt time.Time
	Reason string
}

// Outcome says what an event did.
type Outcome string

const (
	Changed  Outcome = "changed"
	Ignored  Outcome = "ignored"   // repeated or late: nothing changed
	LatePaid Outcome = "late_paid" // money arrived after TIMEOUT or FAILED: nothing changed, staff must refund
)

// Payment is the state of one payment attempt of an application.
type Payment struct {
	PayType  PayType
	Expected money.Money // the quoted total
	Result   Result
	Status   string // "" or COMPLETE
	TxID     string
	Paid     money.Money
	Refunded money.Money
}

// Start begins a payment of a quote: PROCEEDING, nothing paid yet.
func Start(q Quote) Payment {
	cur := q.Total.Currency()
	return Payment{PayType: q.PayType, Expected: q.Total, Result: Proceeding, Paid: money.Zero(cur), Refunded: money.Zero(cur)}
}

// Apply applies a provider event. Only PROCEEDING and VBANK_ISSUE move; a
// repeated or late event returns the payment unchanged with Ignored (or
// LatePaid). An event that would move the payment with an amount other than
// the expected one is refused and changes nothing.
func (p Payment) Apply(ev Event) (Payment, Outcome, error) {
	switch p.Result {
	case Paid, Cancelled:
		return p, Ignored, nil
	case Timeout, Failed:
		if ev.Kind == EvPaid {
			return p, LatePaid, nil
		}
		return p, Ignored, nil
	case VbankIssue:
		if ev.Kind == EvVbankIssued {
			return p, Ignored, nil
		}
	case Proceeding:
		if ev.Kind == EvVbankIssued && p.PayType != Vbank {
			return p, Ignored, apperr.Invalid(CodeEventUnexpected)
		}
	default:
		return p, Ignored, apperr.Invalid(CodeEventUnexpected)
	}
	switch ev.Kind {
	case EvTimeout:
		p.Result = Timeout
		return p, Changed, nil
	case EvFailed:
		// A virtual account that fails at the provider has expired.
		if p.Result == VbankIssue {
			p.Result = Timeout
		} else {
			p.Result = Failed
		}
		return p, Changed, nil
	case EvVbankIssued, EvPaid:
		if ev.Amount != p.Expected {
			return p, Ignored, apperr.Invalid(CodeAmountMismatch).With("expected", p.Expected.String()).With("got", ev.Amount.String())
		}
		if ev.TxID != "" {
			p.TxID = ev.TxID
		}
		if ev.Kind == EvVbankIssued {
			p.Result = VbankIssue
			return p, Changed, nil
		}
		p.Result, p.Status, p.Paid = Paid, StatusComplete, ev.Amount
		return p, Changed, nil
	}
	return p, Ignored, apperr.Invalid(CodeEventUnexpected)
}

// Remaining is what may still be refunded.
func (p Payment) Remaining() money.Money {
	r, err := p.Paid.Sub(p.Refunded)
	if err != nil {
		return money.Zero(p.Paid.Currency())
	}
	return r
}
