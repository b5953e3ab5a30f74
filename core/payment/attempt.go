package payment

import (
	"errors"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
)

// Attempt is one payment attempt of an application: the quote it charges,
// our payment id, the provider's ids and the state machine of state.go.
// Its state changes only through its methods (approve, decline, issue,
// deposit and expire through Apply; Abandon; refunds; a cancellation at
// the provider); stores rebuild it with UnmarshalAttemptFromDatabase.
// Every attempt is kept (the staff pages list them).
type Attempt struct {
	paymentID           string
	applNo              int64
	userID              string
	schoolCode          string
	provider            Provider
	quote               Quote
	pay                 Payment
	providerOrderID     string
	vbank               *VirtualAccount
	failReason          string
	locale              string
	createdAt           time.Time
	updatedAt           time.Time
	paidAt              time.Time
	providerCancelledAt time.Time
	changed             bool
}

// Changed reports whether a method changed the attempt since it was
// built or loaded: stores write back only then.
func (a Attempt) Changed() bool { return a.changed }

// AttemptData is an attempt as stores keep it: what Data answers and
// UnmarshalAttemptFromDatabase takes back. Nothing else builds an Attempt
// from it.
type AttemptData struct {
	PaymentID, UserID, SchoolCode, ProviderOrderID, FailReason, Locale string
	ApplNo                                                             int64
	Provider                                                           Provider
	Quote                                                              Quote
	Payment                                                            Payment
	Vbank                                                              *VirtualAccount
	CreatedAt, UpdatedAt, PaidAt, ProviderCancelledAt                  time.Time
}

var errAttempt = errors.New("payment: invalid attempt")

// NewAttempt starts an attempt of a quote at a provider: PROCEEDING,
// nothing paid yet.
func NewAttempt(paymentID string, applNo int64, userID, schoolCode string, prov Provider, q Quote, loc string, now time.Time) (Attempt, error) {
	a := Attempt{paymentID: paymentID, applNo: applNo, userID: userID, schoolCode: schoolCode, provider: prov, quote: q,
		pay: Start(q), locale: locale(loc), createdAt: now, updatedAt: now}
	return a, a.valid()
}

// NewManualAttempt records money received outside the gateways (a deposit
// to the school's own account, or a waiver at zero): PAID at once.
func NewManualAttempt(paymentID string, applNo int64, userID, schoolCode string, q Quote, loc, evidence string, now time.Time) (Attempt, error) {
	a, err := NewAttempt(paymentID, applNo, userID, schoolCode, ProviderManual, q, loc, now)
	if err != nil {
		return a, err
	}
	a.providerOrderID = evidence
	a.pay.Result, a.pay.Status, a.pay.Paid = Paid, StatusComplete, q.Total
	a.paidAt = now
	return a, nil
}

func (a Attempt) valid() error {
	cur := a.quote.Total.Currency()
	switch {
	case a.paymentID == "" || a.applNo <= 0 || a.schoolCode == "" || a.createdAt.IsZero():
		return errAttempt
	case a.provider != ProviderManual && a.provider != ProviderNone:
		if _, ok := ParseProvider(string(a.provider)); !ok {
			return errAttempt
		}
	}
	if a.quote.Total.Amount() < 0 || cur == "" || a.quote.Fee.Currency() != cur || a.pay.Paid.Currency() != cur || a.pay.Refunded.Currency() != cur {
		return errAttempt
	}
	return nil
}

// UnmarshalAttemptFromDatabase rebuilds a stored attempt (stores only).
func UnmarshalAttemptFromDatabase(d AttemptData) (Attempt, error) {
	a := Attempt{paymentID: d.PaymentID, applNo: d.ApplNo, userID: d.UserID, schoolCode: d.SchoolCode, provider: d.Provider,
		quote: d.Quote, pay: d.Payment, providerOrderID: d.ProviderOrderID, vbank: d.Vbank, failReason: d.FailReason,
		locale: d.Locale, createdAt: d.CreatedAt, updatedAt: d.UpdatedAt, paidAt: d.PaidAt, providerCancelledAt: d.ProviderCancelledAt}
	return a, a.valid()
}

// Data answers the attempt as stores keep it.
func (a Attempt) Data() AttemptData {
	var vb *VirtualAccount
	if a.vbank != nil {
		v := *a.vbank
		vb = &v
	}
	return AttemptData{PaymentID: a.paymentID, ApplNo: a.applNo, UserID: a.userID, SchoolCode: a.schoolCode, Provider: a.provider,
		Quote: a.quote, Payment: a.pay, ProviderOrderID: a.providerOrderID, Vbank: vb, FailReason: a.failReason, Locale: a.locale,
		CreatedAt: a.createdAt, UpdatedAt: a.updatedAt, PaidAt: a.paidAt, ProviderCancelledAt: a.providerCancelledAt}
}

func (a Attempt) PaymentID() string       { return a.paymentID }
func (a Attempt) ApplNo() int64           { return a.applNo }
func (a Attempt) UserID() string          { return a.userID }
func (a Attempt) SchoolCode() string      { return a.schoolCode }
func (a Attempt) Provider() Provider      { return a.provider }
func (a Attempt) Quote() Quote            { return a.quote }
func (a Attempt) Payment() Payment        { return a.pay }
func (a Attempt) Result() Result          { return a.pay.Result }
func (a Attempt) PayType() PayType        { return a.quote.PayType }
func (a Attempt) Paid() money.Money       { return a.pay.Paid }
func (a Attempt) Refunded() money.Money   { return a.pay.Refunded }
func (a Attempt) Remaining() money.Money  { return a.pay.Remaining() }
func (a Attempt) TxID() string            { return a.pay.TxID }
func (a Attempt) ProviderOrderID() string { return a.providerOrderID }
func (a Attempt) FailReason() string      { return a.failReason }
func (a Attempt) Locale() string          { return a.locale }
func (a Attempt) CreatedAt() time.Time    { return a.createdAt }
func (a Attempt) UpdatedAt() time.Time    { return a.updatedAt }
func (a Attempt) PaidAt() time.Time       { return a.paidAt }

// ProviderCancelledAt is when the provider reported cancelled a payment
// we had recorded paid (console, chargeback); zero otherwise.
func (a Attempt) ProviderCancelledAt() time.Time { return a.providerCancelledAt }

// Vbank is the virtual account issued, if any (a copy).
func (a Attempt) Vbank() *VirtualAccount {
	if a.vbank == nil {
		return nil
	}
	v := *a.vbank
	return &v
}

// Manual reports money received outside the gateways.
func (a Attempt) Manual() bool { return a.provider == ProviderManual }

// Ref names the attempt at its provider.
func (a Attempt) Ref() Ref {
	return Ref{PaymentID: a.paymentID, ProviderOrderID: a.providerOrderID, ProviderTxID: a.pay.TxID, Expected: a.quote.Total}
}

// SetProviderOrder records the provider's order id (PayPal's order, once
// created); an id already recorded stays.
func (a *Attempt) SetProviderOrder(id string, now time.Time) {
	if id == "" || a.providerOrderID == id {
		return
	}
	if a.providerOrderID == "" || a.provider != ProviderManual {
		a.providerOrderID, a.updatedAt, a.changed = id, now, true
	}
}

// Apply applies a provider's event (approve, decline, issue or deposit to a
// virtual account, expiry) through the state machine of state.go and
// records what came with it: the transaction id, the account issued, the
// paid time, the decline reason.
func (a *Attempt) Apply(ev Event, now time.Time) (Outcome, error) {
	next, oc, err := a.pay.Apply(ev)
	if err != nil || oc != Changed {
		return oc, err
	}
	a.pay, a.updatedAt, a.changed = next, now, true
	switch next.Result {
	case Paid:
		a.paidAt = ev.PaidAt
		if a.paidAt.IsZero() {
			a.paidAt = now
		}
	case VbankIssue:
		if ev.Vbank != nil {
			v := *ev.Vbank
			a.vbank = &v
		}
	case Failed:
		a.failReason = ev.Reason
	}
	return oc, nil
}

// Abandon ends an attempt still PROCEEDING that the provider says is not
// paid (the applicant closed the window, was declined, or started
// another). It reports whether anything changed.
func (a *Attempt) Abandon(reason string, now time.Time) bool {
	if a.pay.Result != Proceeding {
		return false
	}
	a.pay.Result, a.failReason, a.updatedAt, a.changed = Failed, reason, now, true
	return true
}

// Refund records a staff cancel of a paid attempt (refund requested): the
// refund is added, never above what remains; a cancel that leaves nothing
// (00001, 00002, or a partial one of what remained) ends the attempt
// CANCELLED. It answers the amount to refund now.
func (a *Attempt) Refund(t CancelType, amount money.Money, now time.Time) (money.Money, error) {
	if a.pay.Result == Cancelled && t == CancelZero {
		return money.Money{}, apperr.Conflict(CodeAlreadyCancelled)
	}
	next, refund, err := a.pay.Cancel(t, amount)
	if err != nil {
		return money.Money{}, err
	}
	if t != CancelPartial || next.Remaining().IsZero() {
		next.Result = Cancelled
	}
	a.pay, a.updatedAt, a.changed = next, now, true
	return refund, nil
}

// RefundFailed takes back a refund the provider failed: the money never
// left, so it remains (and may be refunded again).
func (a *Attempt) RefundFailed(amount money.Money, now time.Time) error {
	restored, err := a.pay.Refunded.Sub(amount)
	if err != nil || restored.Amount() < 0 {
		return apperr.Invalid(CodeEventUnexpected)
	}
	a.pay.Refunded, a.updatedAt, a.changed = restored, now, true
	if a.pay.Result == Cancelled && !a.pay.Remaining().IsZero() {
		a.pay.Result = Paid
	}
	return nil
}

// CancelledAtProvider records that the provider cancelled a payment we
// had recorded paid and we did not refund (a console cancel, a
// chargeback): the attempt is flagged once for staff. It reports whether
// this is news.
func (a *Attempt) CancelledAtProvider(now time.Time) bool {
	if a.pay.Result != Paid || !a.providerCancelledAt.IsZero() {
		return false
	}
	a.providerCancelledAt, a.updatedAt, a.changed = now, now, true
	return true
}

// ProviderNone marks a zero payment no provider saw: a free round's
// completion.
const ProviderNone Provider = "none"

// FreeAttempt is the zero payment of a free round's completion, written
// where every payment is (one truth for staff views): provider none, pay
// type free, PAID at zero at the time given.
func FreeAttempt(applNo int64, userID, schoolCode, loc string, at time.Time) (Attempt, error) {
	q := Quote{PayType: Free, Fee: money.Zero(money.KRW), Surcharge: money.Zero(money.KRW), Total: money.Zero(money.KRW)}
	a, err := NewAttempt("f"+NewPaymentID(applNo), applNo, userID, schoolCode, ProviderNone, q, loc, at)
	if err != nil {
		return a, err
	}
	a.pay.Result, a.pay.Status, a.paidAt = Paid, StatusComplete, at
	return a, nil
}
