package payment

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/window"
)

// applied is what apply did, for its callers: the outcome, the code of a
// refused answer and the attempt as it stands after.
type applied struct {
	Outcome Outcome
	Refused string // a message code when the provider's answer was refused
	Attempt Attempt
	Asked   bool // the provider answered
}

// apply applies the provider's answer about one attempt in one
// transaction with its application: the attempt's state machine decides;
// a paid attempt completes the application (exam number, completion and
// receipt mails); an issued virtual account moves it to VBANK_ISSUE and is
// mailed; an expired one returns it to SUBMIT; a paid one the provider
// reports cancelled is flagged for staff. An answer that does not match
// the stored order (another payment id, amount or currency) changes
// nothing and is recorded as an alert.
func (s *Service) apply(ctx context.Context, att Attempt, snap Snapshot, src Source, delivery string) (applied, error) {
	var out applied
	err := s.Apps.Update(ctx, att.ApplNo(), func(ctx context.Context, a *application.Application) error {
		return s.Store.Update(ctx, att.PaymentID(), func(ctx context.Context, att *Attempt) error {
			defer func() { out.Attempt = *att }()
			return s.applyLocked(ctx, a, att, snap, src, delivery, &out)
		})
	})
	return out, err
}

func (s *Service) applyLocked(ctx context.Context, a *application.Application, att *Attempt, snap Snapshot, src Source, delivery string, out *applied) error {
	now := s.now()
	from := att.Result()
	rec := Record{PaymentID: att.PaymentID(), ApplNo: att.ApplNo(), Provider: att.Provider(), Source: src,
		DeliveryID: delivery, From: from, To: from, Kind: RecSeen, At: now,
		Detail: map[string]string{"remote": string(snap.Status)}}
	if snap.PaymentID != "" && snap.PaymentID != att.PaymentID() {
		out.Refused = CodeIdentityMismatch
		rec.Kind, rec.Code, rec.Alert = RecRefused, CodeIdentityMismatch, true
		rec.Detail["reported"] = snap.PaymentID
		return s.Store.Log(ctx, rec)
	}
	// An approved order whose amount or currency differs from ours was
	// not captured (Gateway.Capture): staff are alerted.
	if snap.Status == RemoteApproved && att.Result().InFlight() && snap.Amount != att.Quote().Total {
		out.Refused = CodeAmountMismatch
		rec.Kind, rec.Code, rec.Alert = RecRefused, CodeAmountMismatch, true
		rec.Detail["expected"], rec.Detail["reported"] = att.Quote().Total.String(), snap.Amount.String()
		return s.Store.Log(ctx, rec)
	}
	if (snap.Status == RemoteCancelled || snap.Status == RemotePartCanceled) && from == Paid {
		return s.cancelledThere(ctx, a, att, snap, rec, now)
	}
	ev, ok := event(snap)
	if !ok {
		return s.Store.Log(ctx, rec)
	}
	oc, err := att.Apply(ev, now)
	out.Outcome = oc
	if err != nil {
		ae, ok := apperr.As(err)
		if !ok {
			return err
		}
		out.Refused = ae.Code
		rec.Kind, rec.Code, rec.Alert = RecRefused, ae.Code, true
		rec.Detail["expected"] = att.Quote().Total.String()
		rec.Detail["reported"] = ev.Amount.String()
		return s.Store.Log(ctx, rec)
	}
	switch oc {
	case LatePaid:
		rec.Kind, rec.Alert = RecLatePaid, true
		rec.Detail["amount"] = ev.Amount.String()
		return s.Store.Log(ctx, rec)
	case Ignored:
		return s.Store.Log(ctx, rec)
	}
	att.SetProviderOrder(snap.ProviderOrderID, now)
	rec.Kind, rec.To = RecChanged, att.Result()
	r, err := application.LoadRoundFacts(ctx, s.Ref, a.Round())
	if err != nil {
		return err
	}
	switch att.Result() {
	case Paid:
		if err := s.Store.Log(ctx, rec); err != nil {
			return err
		}
		return s.paid(ctx, a, r, att, now, application.ByPayment, src)
	case VbankIssue:
		// An application cancelled meanwhile keeps its status: the
		// account is recorded and staff are alerted (a deposit would be a
		// late payment to refund).
		if err := a.IssueVirtualAccount(r.Steps, now); err != nil {
			rec.Alert, rec.Code = true, CodeEventUnexpected
			rec.Detail["status"] = string(a.State().Effective())
		} else if err := s.mailVbank(ctx, a, r, *att); err != nil {
			return err
		}
	case Timeout:
		if a.State().Effective() == application.VbankIssue {
			if err := a.ExpireVirtualAccount(now); err != nil {
				return err
			}
		}
	}
	return s.Store.Log(ctx, rec)
}

// cancelledThere records a payment the provider cancelled after we
// recorded it paid, when our own refunds do not explain it (a console
// cancel, a chargeback): the attempt is flagged and staff alerted once.
func (s *Service) cancelledThere(ctx context.Context, a *application.Application, att *Attempt, snap Snapshot, rec Record, now time.Time) error {
	if c, err := snap.Cancelled.Cmp(att.Refunded()); err == nil && c <= 0 {
		return s.Store.Log(ctx, rec) // our own refunds explain it
	}
	if s.Refunds != nil {
		if _, n, err := s.Refunds.Cancels(ctx, CancelQuery{PaymentID: att.PaymentID(), Answer: AnswerPending, Limit: 1}); err != nil || n > 0 {
			return err // a refund of ours the provider is still settling
		}
	}
	if !att.CancelledAtProvider(now) {
		return s.Store.Log(ctx, rec)
	}
	rec.Kind, rec.Code, rec.Alert = RecChanged, CodeProviderCancelled, true
	rec.Detail["cancelled"] = snap.Cancelled.String()
	rec.Detail["status"] = string(a.State().Effective())
	return s.Store.Log(ctx, rec)
}

// paid completes the application of a paid attempt and mails the
// receipt. An application that cannot complete any more (paid by another
// attempt, cancelled) keeps the money recorded and raises an alert: staff
// refund it. The receipt is queued before the completion takes the round's
// exam-number lock, so the lock is held for as little as possible.
func (s *Service) paid(ctx context.Context, a *application.Application, r application.Round, att *Attempt, now time.Time,
	by application.Actor, src Source) error {
	if st := a.State().Effective(); st != application.Submit && st != application.VbankIssue {
		return s.refundSecond(ctx, a, r, att, now, src)
	}
	to, err := s.Recipients.Recipient(ctx, a.UserID())
	email, loc := to.Email, to.Locale
	if err != nil {
		return err
	}
	school, round := names(r, att.Locale())
	q := att.Quote()
	receipt := mailmsg.PaymentReceipt{School: school, Round: round, PaymentID: att.PaymentID(), PayType: Booked(att.Provider(), q.PayType).Name(att.Locale()),
		Fee: Display(q.Fee, att.Locale()), Surcharge: surchargeText(q, att.Locale()), Total: Display(q.Total, att.Locale()),
		PaidAt: att.PaidAt().In(window.Seoul).Format("2006-01-02 15:04")}
	return s.Completer.CompleteIn(ctx, a, r, by, port.Recipient{Email: email, Locale: cmpLocale(att.Locale(), loc)}, now,
		func(ctx context.Context, examNumber string) error {
			receipt.ExamNumber = examNumber
			return s.Mailer.Queue(ctx, att.Locale(), email, receipt)
		})
}

// reasonPaidTwice is the system's note on refunding a second payment.
const reasonPaidTwice = "paid twice: refunded automatically"

// refundSecond refunds in full, at once, a payment that arrived for an
// application that cannot take it (paid by another attempt, cancelled):
// the provider is asked in this transaction, the refund recorded as the
// system's, the attempt ends CANCELLED and the applicant is mailed. Staff
// see the alert; a provider that refuses leaves the alert for them to
// refund by hand. No applicant is charged twice without a refund.
func (s *Service) refundSecond(ctx context.Context, a *application.Application, r application.Round, cur *Attempt, now time.Time, src Source) error {
	att := *cur
	rec := Record{PaymentID: att.PaymentID(), ApplNo: att.ApplNo(), Provider: att.Provider(), Kind: RecRefused,
		Source: src, From: Paid, To: Paid, Code: CodePaidTwice, Alert: true, At: now,
		Detail: map[string]string{"status": string(a.State().Effective()), "amount": att.Paid().String()}}
	gw, ok := s.Gateways.Gateway(att.Provider())
	if !ok || s.Refunds == nil || att.Manual() {
		return s.Store.Log(ctx, rec)
	}
	cancelID := "c" + NewPaymentID(att.ApplNo())
	res, err := gw.Cancel(ctx, CancelRequest{Ref: att.Ref(), Cancellable: att.Remaining(), Reason: reasonPaidTwice, RequestID: cancelID})
	if err != nil {
		rec.Detail["refund"] = err.Error()
		return s.Store.Log(ctx, rec)
	}
	{
		refund, err := cur.Refund(CancelAll, money.Money{}, now)
		if err != nil {
			return err
		}
		c := Cancellation{ID: cancelID, PaymentID: cur.PaymentID(), ApplNo: cur.ApplNo(), SchoolCode: cur.SchoolCode(),
			Provider: cur.Provider(), PayType: cur.PayType(), Type: CancelAll, Amount: refund, Reason: reasonPaidTwice,
			ApplicantReason: paidTwiceText(cur.Locale()), By: "system", At: now, ProviderCancelID: res.CancelID, Answer: AnswerOK, Pending: res.Pending}
		if res.Pending {
			c.Answer = AnswerPending
		}
		if err := s.Refunds.AddCancel(ctx, c); err != nil {
			return err
		}
		rec.Kind, rec.To = RecCancelled, cur.Result()
		rec.Detail["cancelId"], rec.Detail["refunded"] = cancelID, refund.String()
		if err := s.Store.Log(ctx, rec); err != nil {
			return err
		}
		to, err := s.Recipients.Recipient(ctx, a.UserID())
		email := to.Email
		if err != nil {
			return err
		}
		school, round := names(r, cur.Locale())
		return s.Mailer.Queue(ctx, cur.Locale(), email, mailmsg.PaymentCancelled{School: school, Round: round, ExamNumber: a.ApplID(),
			PaymentID: cur.PaymentID(), CancelName: CancelAll.Name(cur.Locale()), Refunded: Display(refund, cur.Locale()),
			Remaining: Display(cur.Remaining(), cur.Locale()), Reason: c.ApplicantReason, At: now.In(window.Seoul).Format("2006-01-02 15:04")})
	}
}

func paidTwiceText(loc string) string {
	if loc == "en" {
		return "This application was already paid, so this second payment was refunded in full automatically."
	}
	return "이미 결제가 완료된 지원서에 대한 중복 결제여서 자동으로 전액 환불했습니다."
}

func cmpLocale(l, fallback string) string {
	if l == "ko" || l == "en" {
		return l
	}
	return locale(fallback)
}

func surchargeText(q Quote, loc string) string {
	if q.Surcharge.IsZero() {
		return ""
	}
	return Display(q.Surcharge, loc)
}

func names(r application.Round, loc string) (string, string) {
	if loc == "en" {
		return r.SchoolEngName, r.EngName
	}
	return r.SchoolKorName, r.KorName
}

func (s *Service) mailVbank(ctx context.Context, a *application.Application, r application.Round, att Attempt) error {
	vb := att.Vbank()
	if vb == nil {
		return nil
	}
	to, err := s.Recipients.Recipient(ctx, a.UserID())
	email := to.Email
	if err != nil {
		return err
	}
	school, round := names(r, att.Locale())
	return s.Mailer.Queue(ctx, att.Locale(), email, mailmsg.VirtualAccountIssued{School: school, Round: round,
		Bank: vb.Bank, AccountNo: vb.AccountNo, Holder: vb.Holder, Amount: Display(att.Quote().Total, att.Locale()),
		Due: vb.Due.In(window.Seoul).Format("2006-01-02 15:04")})
}

// event maps the provider's answer to an event of the state machine; false
// when the answer moves nothing (not paid yet, still deciding).
func event(s Snapshot) (Event, bool) {
	switch s.Status {
	case RemotePaid:
		return Event{Kind: EvPaid, Amount: amountOf(s), TxID: s.ProviderTxID, PaidAt: s.PaidAt}, true
	case RemoteVbankIssued:
		return Event{Kind: EvVbankIssued, Amount: s.Amount, TxID: s.ProviderTxID, Vbank: s.Vbank}, true
	case RemoteFailed:
		return Event{Kind: EvFailed, Reason: s.FailReason}, true
	case RemoteCancelled, RemotePartCanceled:
		// Cancelled before it was paid (a closed virtual account); a paid
		// attempt is handled by cancelledThere.
		return Event{Kind: EvFailed, Reason: s.FailReason}, true
	}
	return Event{}, false
}

// fail ends an attempt still PROCEEDING (abandoned, declined, never
// pre-registered) after the provider said it is not paid.
func (s *Service) fail(ctx context.Context, att Attempt, src Source, code, reason string) error {
	return s.Apps.Update(ctx, att.ApplNo(), func(ctx context.Context, _ *application.Application) error {
		return s.Store.Update(ctx, att.PaymentID(), func(ctx context.Context, att *Attempt) error {
			now := s.now()
			if !att.Abandon(reason, now) {
				return nil
			}
			return s.Store.Log(ctx, Record{PaymentID: att.PaymentID(), ApplNo: att.ApplNo(), Provider: att.Provider(), Kind: RecChanged,
				Source: src, From: Proceeding, To: Failed, Code: code, At: now, Detail: map[string]string{"reason": reason}})
		})
	})
}
