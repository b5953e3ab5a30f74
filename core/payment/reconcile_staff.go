package payment

import (
	"context"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/permission"
)

// DiffKind is what pay-check found about one attempt.
type DiffKind string

const (
	DiffPaidThere      DiffKind = "paid_there"      // the provider has the money, our record does not
	DiffAmount         DiffKind = "amount"          // the provider's amount differs from ours
	DiffStuck          DiffKind = "stuck"           // in progress here for more than an hour
	DiffRefund         DiffKind = "refund"          // refunded amounts differ
	DiffNotPaidThere   DiffKind = "not_paid_there"  // paid here, not at the provider
	DiffProviderSilent DiffKind = "provider_silent" // the provider did not answer
)

// Difference is one line of pay-check.
type Difference struct {
	Attempt AttemptRow
	Kind    DiffKind
	Remote  RemoteStatus
	Ours    money.Money // what we hold paid (or expect, when unpaid)
	Theirs  money.Money // what the provider reports
	Detail  string
}

// PayCheck reconciles our attempts created in [from, to) with the
// provider: each attempt of a gateway is looked up and compared. It
// changes nothing.
func (s *Staff) PayCheck(ctx context.Context, p permission.Principal, school string, from, to time.Time) ([]Difference, error) {
	if !permission.Can(p, permission.PayCheck, school) {
		return nil, apperr.Forbidden("auth.forbidden")
	}
	if err := Period(from, to); err != nil {
		return nil, err
	}
	list, _, err := s.Records.ListAttempts(ctx, AttemptQuery{School: school, From: from, To: to, Sort: "createdAt"})
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := []Difference{}
	for _, a := range list {
		if a.Provider() == ProviderManual {
			continue
		}
		d := Difference{Attempt: a, Ours: a.Paid()}
		snap, err := s.lookup(ctx, a.Attempt)
		if err != nil {
			d.Kind, d.Detail = DiffProviderSilent, err.Error()
			out = append(out, d)
			continue
		}
		d.Remote, d.Theirs = snap.Status, snap.Paid
		paidThere := snap.Status == RemotePaid || snap.Status == RemotePartCanceled || snap.Status == RemoteCancelled && snap.Paid != (money.Money{}) && !snap.Paid.IsZero()
		// Money received is PAID, or CANCELLED once refunded in full.
		received := a.Result() == Paid || a.Result() == Cancelled
		switch {
		case !received && paidThere:
			d.Kind, d.Ours = DiffPaidThere, a.Quote().Total
		case received && !paidThere:
			d.Kind = DiffNotPaidThere
		case received && snap.Paid != (money.Money{}) && snap.Paid != a.Paid():
			d.Kind = DiffAmount
		case received && snap.Cancelled != (money.Money{}) && snap.Cancelled != a.Refunded():
			d.Kind, d.Ours, d.Theirs = DiffRefund, a.Refunded(), snap.Cancelled
		case a.Result().InFlight() && now.Sub(a.CreatedAt()) > time.Hour && a.Result() != VbankIssue:
			d.Kind = DiffStuck
		default:
			continue
		}
		out = append(out, d)
	}
	return out, nil
}

// Requery asks the provider about one attempt again and applies its
// answer through the same path as a webhook: a payment the provider
// reports paid completes the application; without an answer nothing
// changes. Audited.
func (s *Staff) Requery(ctx context.Context, p permission.Principal, paymentID string) (Attempt, error) {
	if !permission.Can(p, permission.PayCheck, "") {
		return Attempt{}, apperr.Forbidden("auth.forbidden")
	}
	att, err := s.scoped(ctx, p, permission.PayCheck, paymentID)
	if err != nil {
		return Attempt{}, err
	}
	if att.Provider() == ProviderManual {
		return Attempt{}, apperr.Conflict(CodeNoProvider)
	}
	snap, err := s.capture(ctx, att)
	if err != nil {
		return Attempt{}, apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
	}
	res, err := s.apply(ctx, att, snap, SrcStaff, "")
	if err != nil {
		return Attempt{}, err
	}
	if err := s.audit(ctx, p, "payment.requery", paymentID, map[string]any{"remote": string(snap.Status),
		"outcome": string(res.Outcome), "refused": res.Refused}); err != nil {
		return Attempt{}, err
	}
	return res.Attempt, nil
}

// ---- lists ----

// Attempts is pay/info's list. A school-bound caller sees only its
// school; reading applicants' payments is written to the access log.
func (s *Staff) Attempts(ctx context.Context, p permission.Principal, q AttemptQuery) ([]AttemptRow, int, error) {
	school, ok := permission.Scope(p, permission.PayInfo)
	if !ok {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	if school != "" {
		q.School = school
	}
	list, total, err := s.Records.ListAttempts(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	if err := s.audit(ctx, p, "payment.list", q.School, map[string]any{"rows": len(list)}); err != nil {
		return nil, 0, err
	}
	return list, total, nil
}

// Info is pay/info of one attempt: the attempt, the application's other
// attempts, its records (status history) and its cancellations.
type Info struct {
	Attempt  AttemptRow
	Others   []Attempt
	Records  []Record
	Cancels  []Cancellation
	Receipts []string
}

// AttemptInfo answers pay/info of one attempt, logged as a personal-data read.
func (s *Staff) AttemptInfo(ctx context.Context, p permission.Principal, paymentID string) (Info, error) {
	if _, ok := permission.Scope(p, permission.PayInfo); !ok {
		return Info{}, apperr.Forbidden("auth.forbidden")
	}
	att, err := s.scoped(ctx, p, permission.PayInfo, paymentID)
	if err != nil {
		return Info{}, err
	}
	rows, _, err := s.Records.ListAttempts(ctx, AttemptQuery{ApplNo: att.ApplNo(), Limit: 100})
	if err != nil {
		return Info{}, err
	}
	var info Info
	for _, r := range rows {
		if r.PaymentID() == paymentID {
			info.Attempt = r
		} else {
			info.Others = append(info.Others, r.Attempt)
		}
	}
	if info.Records, err = s.Store.Records(ctx, att.ApplNo()); err != nil {
		return Info{}, err
	}
	if info.Cancels, _, err = s.Records.Cancels(ctx, CancelQuery{PaymentID: paymentID, Limit: 100}); err != nil {
		return Info{}, err
	}
	if err := s.audit(ctx, p, "payment.read", paymentID, map[string]any{"applNo": att.ApplNo()}); err != nil {
		return Info{}, err
	}
	return info, nil
}

// CancelHistory is pay/cancel/history, logged (refund accounts are
// personal data).
func (s *Staff) CancelHistory(ctx context.Context, p permission.Principal, q CancelQuery) ([]Cancellation, int, error) {
	school, ok := permission.Scope(p, permission.PayInfo)
	if !ok {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	if school != "" {
		q.School = school
	}
	list, total, err := s.Records.Cancels(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	if err := s.audit(ctx, p, "payment.cancel_history", q.School, map[string]any{"rows": len(list)}); err != nil {
		return nil, 0, err
	}
	return list, total, nil
}

// FailureHistory is pay-failure/history: every failed attempt and refused
// event with its reason. A school-bound caller sees only its school's
// (refused webhooks naming no payment are the system admin's).
func (s *Staff) FailureHistory(ctx context.Context, p permission.Principal, q FailureQuery) ([]Record, int, error) {
	school, ok := permission.Scope(p, permission.PayInfo)
	if !ok {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	if school != "" {
		q.School = school
	}
	return s.Records.Failures(ctx, q)
}

// MyRefunds lists the caller's own refunds and cancels, oldest first, for
// /user/pay/receipt; a refund that failed at the provider gave nothing back
// and is left out.
func (s *Staff) MyRefunds(ctx context.Context, p permission.Principal) ([]Cancellation, error) {
	if !p.Authenticated() {
		return nil, apperr.Unauthenticated("auth.required")
	}
	list, _, err := s.Records.Cancels(ctx, CancelQuery{UserID: p.UserID})
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(list, func(c Cancellation) bool { return c.Answer == AnswerFailed }), nil
}
