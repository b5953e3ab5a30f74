package refundrequest

import (
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/textrule"
	"github.com/gradapply/gradapply/core/window"
)

// State is where a request stands.
type State string

const (
	Pending  State = "pending"  // awaiting staff
	Approved State = "approved" // refunded through the staff refund
	Denied   State = "denied"   // refused, with a reason to the applicant
)

// ParseState reads a state; "" is refused (a list filter checks "" itself).
func ParseState(s string) (State, error) {
	switch st := State(s); st {
	case Pending, Approved, Denied:
		return st, nil
	}
	return "", apperr.Invalid(CodeStateUnknown)
}

// Limits of the texts, in characters.
const (
	MaxReason = 1000 // the applicant's reason
	MaxAnswer = 500  // the staff's words to the applicant (as a staff refund's reason)
	MaxNote   = 1000 // the staff's internal note
)

// WithdrawalDays is the withdrawal right of the terms (article 18): a
// request within this many days of the receipt notice.
const WithdrawalDays = 7

// Paid is the paid payment a request is about, as core/payment holds it.
type Paid struct {
	ApplNo     int64
	PaymentID  string
	UserID     string
	SchoolCode string
	PayType    payment.PayType
	Provider   payment.Provider
	Paid       money.Money
	Remaining  money.Money
	PaidAt     time.Time
}

// PaidOf reads the paid attempt of an application; ok is false when the
// attempt is not paid.
func PaidOf(a payment.Attempt) (Paid, bool) {
	if a.Result() != payment.Paid && a.Result() != payment.Cancelled {
		return Paid{}, false
	}
	return Paid{ApplNo: a.ApplNo(), PaymentID: a.PaymentID(), UserID: a.UserID(), SchoolCode: a.SchoolCode(), PayType: a.Quote().PayType,
		Provider: a.Provider(), Paid: a.Paid(), Remaining: a.Remaining(), PaidAt: a.PaidAt()}, true
}

// NeedsAccount reports whether a refund of the payment needs a refund
// account: a virtual-account payment through a gateway, as the staff
// refund of core/payment requires.
func (p Paid) NeedsAccount() bool {
	return p.PayType == payment.Vbank && p.Provider != payment.ProviderManual
}

// Request is an applicant's refund request. Its fields are unexported: it
// is built by NewRequest (validated) or UnmarshalRequestFromDatabase, and
// changes only through Approve and Deny, inside Store.Update.
type Request struct {
	id        int64
	paid      Paid
	reason    string
	account   *payment.RefundAccount
	state     State
	createdAt time.Time
	decidedAt time.Time
	decidedBy string
	answer    string
	note      string
	refunded  money.Money
	cancelID  string
}

// NewRequest is a request about a paid payment with the applicant's
// reason and, for a virtual-account payment, the refund account. A
// payment that is not paid or has nothing left to refund is a conflict;
// bad input names its field.
func NewRequest(p Paid, reason string, account *payment.RefundAccount, now time.Time) (Request, error) {
	if p.PaymentID == "" || p.PaidAt.IsZero() {
		return Request{}, apperr.Conflict(CodeNotPaid)
	}
	if p.Remaining.Amount() <= 0 {
		return Request{}, apperr.Conflict(CodeFullyRefunded)
	}
	var f apperr.Fields
	reason = strings.TrimSpace(reason)
	if reason == "" || !textrule.Within(reason, MaxReason) {
		f.AddParam("reason", CodeReason, "max", MaxReason)
	}
	var acct *payment.RefundAccount
	if p.NeedsAccount() {
		if account == nil {
			f.Add("refundAccount", payment.CodeRefundAccountReq)
		} else {
			a := payment.RefundAccount{Bank: strings.TrimSpace(account.Bank), Holder: strings.TrimSpace(account.Holder),
				AccountNo: strings.TrimSpace(account.AccountNo)}
			if err := a.Validate(); err != nil {
				if fe, ok := apperr.As(err); ok {
					f.Merge("refundAccount", fe.Fields)
				} else {
					return Request{}, err
				}
			}
			acct = &a
		}
	}
	if err := f.Err(); err != nil {
		return Request{}, err
	}
	return Request{paid: p, reason: reason, account: acct, state: Pending, createdAt: now, refunded: money.Zero(p.Paid.Currency())}, nil
}

// Row is a request as stores keep it.
type Row struct {
	ID        int64
	Paid      Paid
	Reason    string
	Account   *payment.RefundAccount
	State     State
	CreatedAt time.Time
	DecidedAt time.Time // zero while pending
	DecidedBy string
	Answer    string // to the applicant
	Note      string // staff only
	Refunded  money.Money
	CancelID  string // the staff refund's cancellation id (approved)
}

// UnmarshalRequestFromDatabase rebuilds a stored request; a state it does
// not know is an error, not a silent state.
func UnmarshalRequestFromDatabase(r Row) (Request, error) {
	if _, err := ParseState(string(r.State)); err != nil {
		return Request{}, err
	}
	var acct *payment.RefundAccount
	if r.Account != nil {
		a := *r.Account
		acct = &a
	}
	return Request{id: r.ID, paid: r.Paid, reason: r.Reason, account: acct, state: r.State, createdAt: r.CreatedAt,
		decidedAt: r.DecidedAt, decidedBy: r.DecidedBy, answer: r.Answer, note: r.Note, refunded: r.Refunded, cancelID: r.CancelID}, nil
}

// Row is what a store writes.
func (r Request) Row() Row {
	return Row{ID: r.id, Paid: r.paid, Reason: r.reason, Account: r.Account(), State: r.state, CreatedAt: r.createdAt,
		DecidedAt: r.decidedAt, DecidedBy: r.decidedBy, Answer: r.answer, Note: r.note, Refunded: r.refunded, CancelID: r.cancelID}
}

// ID is the request number (0 before it is stored).
func (r Request) ID() int64 { return r.id }

// Paid is the payment the request is about, as it was when asked.
func (r Request) Paid() Paid { return r.paid }

// ApplNo is the application.
func (r Request) ApplNo() int64 { return r.paid.ApplNo }

// PaymentID is the payment attempt.
func (r Request) PaymentID() string { return r.paid.PaymentID }

// UserID is the applicant who asked.
func (r Request) UserID() string { return r.paid.UserID }

// SchoolCode is the school paid.
func (r Request) SchoolCode() string { return r.paid.SchoolCode }

// Reason is the applicant's reason.
func (r Request) Reason() string { return r.reason }

// Account is the refund account (nil when the payment needs none).
func (r Request) Account() *payment.RefundAccount {
	if r.account == nil {
		return nil
	}
	a := *r.account
	return &a
}

// State is where the request stands.
func (r Request) State() State { return r.state }

// CreatedAt is when the applicant asked.
func (r Request) CreatedAt() time.Time { return r.createdAt }

// DecidedAt is when staff answered (zero while pending).
func (r Request) DecidedAt() time.Time { return r.decidedAt }

// DecidedBy is the staff member who answered.
func (r Request) DecidedBy() string { return r.decidedBy }

// Answer is what staff told the applicant.
func (r Request) Answer() string { return r.answer }

// Note is the staff's internal note, never shown to the applicant.
func (r Request) Note() string { return r.note }

// Refunded is what the approval refunded (zero otherwise).
func (r Request) Refunded() money.Money { return r.refunded }

// CancelID is the staff refund's cancellation id.
func (r Request) CancelID() string { return r.cancelID }

// DaysSincePaid counts the days from the receipt notice (the day paid,
// Asia/Seoul) to the day asked: 0 the same day. The first day is not
// counted, as periods in days are counted under Korean law.
func (r Request) DaysSincePaid() int {
	if r.paid.PaidAt.IsZero() {
		return 0
	}
	day := func(t time.Time) time.Time {
		s := t.In(window.Seoul)
		return time.Date(s.Year(), s.Month(), s.Day(), 0, 0, 0, 0, time.UTC)
	}
	return int(day(r.createdAt).Sub(day(r.paid.PaidAt)).Hours() / 24)
}

// WithinWithdrawal reports whether the request was made within
// WithdrawalDays of the receipt notice: the withdrawal right of the terms.
func (r Request) WithinWithdrawal() bool {
	d := r.DaysSincePaid()
	return d >= 0 && d <= WithdrawalDays
}

// CheckPending refuses a change of an answered request.
func (r Request) CheckPending() error {
	if r.state != Pending {
		return apperr.Conflict(CodeNotPending).With("state", string(r.state))
	}
	return nil
}

func checkNote(f *apperr.Fields, note string) {
	if !textrule.Within(note, MaxNote) {
		f.AddParam("note", CodeNoteTooLong, "max", MaxNote)
	}
}

// Approve records that staff refunded the request: the amount the staff
// refund gave back, its cancellation id, the words to the applicant (the
// refund's reason) and an internal note.
func (r *Request) Approve(by string, refunded money.Money, cancelID, answer, note string, now time.Time) error {
	if err := r.CheckPending(); err != nil {
		return err
	}
	var f apperr.Fields
	answer, note = strings.TrimSpace(answer), strings.TrimSpace(note)
	if answer == "" || !textrule.Within(answer, MaxAnswer) {
		f.AddParam("reason", CodeAnswerRequired, "max", MaxAnswer)
	}
	checkNote(&f, note)
	if err := f.Err(); err != nil {
		return err
	}
	r.state, r.decidedBy, r.decidedAt = Approved, by, now
	r.refunded, r.cancelID, r.answer, r.note = refunded, cancelID, answer, note
	return nil
}

// Deny refuses the request with a reason the applicant reads and an
// internal note.
func (r *Request) Deny(by, reason, note string, now time.Time) error {
	if err := r.CheckPending(); err != nil {
		return err
	}
	var f apperr.Fields
	reason, note = strings.TrimSpace(reason), strings.TrimSpace(note)
	if reason == "" || !textrule.Within(reason, MaxAnswer) {
		f.AddParam("reason", CodeAnswerRequired, "max", MaxAnswer)
	}
	checkNote(&f, note)
	if err := f.Err(); err != nil {
		return err
	}
	r.state, r.decidedBy, r.decidedAt, r.answer, r.note = Denied, by, now, reason, note
	r.refunded = money.Zero(r.paid.Paid.Currency())
	return nil
}
