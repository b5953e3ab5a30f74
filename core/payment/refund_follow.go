package payment

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/window"
)

// RefundDueDays is how many business days a refund may take (the terms:
// refunds within 10 business days). A refund the provider still reports
// pending after that raises one alert.
const RefundDueDays = 10

// refundDue is when a refund requested at t is overdue: RefundDueDays
// business days later in Seoul (Monday to Friday; public holidays are not
// known here, so the alert may come a day or two early around them).
func refundDue(t time.Time) time.Time {
	d := t.In(window.Seoul)
	for n := 0; n < RefundDueDays; {
		d = d.AddDate(0, 0, 1)
		if wd := d.Weekday(); wd != time.Saturday && wd != time.Sunday {
			n++
		}
	}
	return d
}

// FollowRefunds follows up the refunds the provider answered pending
// (PortOne cancellation REQUESTED, PayPal refund PENDING): the provider is
// asked once per payment and each pending cancellation settled on its
// answer (settleRefunds). A provider that does not answer changes nothing:
// the next run asks again. Each run is audited as the system's act.
func (s *Service) FollowRefunds(ctx context.Context, limit int) (Swept, error) {
	if s.Refunds == nil {
		return Swept{}, nil
	}
	list, _, err := s.Refunds.Cancels(ctx, CancelQuery{Answer: AnswerPending, Limit: limit})
	if err != nil {
		return Swept{}, err
	}
	var sw Swept
	seen := map[string]bool{}
	for _, c := range list {
		if seen[c.PaymentID] {
			continue
		}
		seen[c.PaymentID] = true
		att, err := s.Store.Get(ctx, c.PaymentID)
		if err != nil {
			sw.Failed++
			continue
		}
		snap, err := s.lookup(ctx, att)
		if err != nil {
			sw.Failed++ // no answer: ask again next run, change nothing
			continue
		}
		sw.Asked++
		n, err := s.settleRefunds(ctx, att, snap, SrcRefunds, "")
		if err != nil {
			sw.Failed++
			continue
		}
		sw.Changed += n
	}
	if s.Log != nil {
		err = s.Log.Record(ctx, "system", "job.refunds", "pay_cancel", map[string]any{"pending": len(list),
			"payments": len(seen), "asked": sw.Asked, "changed": sw.Changed, "failed": sw.Failed})
	}
	return sw, err
}

// settleRefunds settles the payment's pending cancellations on the
// provider's answer, in one transaction under the application's row lock
// (a webhook and the job at once settle once):
//   - succeeded: the answer becomes ok, a record is logged;
//   - failed: the answer becomes failed, the refunded amount is restored
//     on the attempt (the money never left: staff may refund it again) and
//     an alert is logged. An application the full cancel cancelled stays
//     CANCEL (its exam number is retired; reopening it is not a refund's
//     business): the alert says so and staff decide;
//   - still pending (or not listed yet) RefundDueDays business days after
//     the request: one overdue alert, once.
//
// It answers how many cancellations changed. An answer about another
// payment changes nothing.
func (s *Service) settleRefunds(ctx context.Context, att Attempt, snap Snapshot, src Source, delivery string) (int, error) {
	if s.Refunds == nil || snap.PaymentID != "" && snap.PaymentID != att.PaymentID() {
		return 0, nil
	}
	if src == SrcWebhook { // most cancel webhooks answer our own refunds that succeeded at once
		if _, n, err := s.Refunds.Cancels(ctx, CancelQuery{PaymentID: att.PaymentID(), Answer: AnswerPending, Limit: 1}); err != nil || n == 0 {
			return 0, err
		}
	}
	changed := 0
	err := s.Apps.Update(ctx, att.ApplNo(), func(ctx context.Context, a *application.Application) error {
		changed = 0
		list, _, err := s.Refunds.Cancels(ctx, CancelQuery{PaymentID: att.PaymentID(), Answer: AnswerPending})
		if err != nil || len(list) == 0 {
			return err
		}
		now := s.now()
		return s.Store.Update(ctx, att.PaymentID(), func(ctx context.Context, att *Attempt) error {
			return s.settleLocked(ctx, a, att, list, snap, src, delivery, now, &changed)
		})
	})
	return changed, err
}

func (s *Service) settleLocked(ctx context.Context, a *application.Application, att *Attempt, list []Cancellation, snap Snapshot,
	src Source, delivery string, now time.Time, changed *int) error {
	for _, c := range list {
		rec := Record{PaymentID: att.PaymentID(), ApplNo: att.ApplNo(), Provider: att.Provider(), Kind: RecRefund, Source: src,
			DeliveryID: delivery, From: att.Result(), To: att.Result(), At: now,
			Detail: map[string]string{"cancelId": c.ID, "providerCancelId": c.ProviderCancelID, "amount": c.Amount.String()}}
		r, ok := snap.Refund(c.ProviderCancelID)
		switch {
		case ok && r.Status == RefundSucceeded:
			c.Pending, c.Answer, c.SettledAt = false, AnswerOK, now
			rec.Detail["answer"] = AnswerOK
		case ok && r.Status == RefundFailed:
			if err := att.RefundFailed(c.Amount, now); err != nil {
				return err
			}
			c.Pending, c.Answer, c.SettledAt = false, AnswerFailed, now
			rec.Code, rec.Alert = CodeRefundFailed, true
			rec.Detail["answer"] = AnswerFailed
			rec.Detail["remaining"] = att.Remaining().String()
			rec.Detail["status"] = string(a.State().Effective())
			if err := s.mailRefundFailed(ctx, a, *att, c, now); err != nil {
				return err
			}
		case c.OverdueAt.IsZero() && !now.Before(refundDue(c.At)):
			c.OverdueAt = now
			rec.Code, rec.Alert = CodeRefundOverdue, true
			rec.Detail["answer"] = AnswerPending
			rec.Detail["requestedAt"] = c.At.In(window.Seoul).Format("2006-01-02 15:04")
		default:
			continue
		}
		if err := s.Refunds.SettleCancel(ctx, c); err != nil {
			return err
		}
		if err := s.Store.Log(ctx, rec); err != nil {
			return err
		}
		*changed++
	}
	return nil
}

// mailRefundFailed tells the applicant a refund did not go through (the
// money stays paid; staff refund it again). A withdrawn applicant has
// nobody to mail.
func (s *Service) mailRefundFailed(ctx context.Context, a *application.Application, att Attempt, c Cancellation, now time.Time) error {
	to, err := s.Recipients.Recipient(ctx, a.UserID())
	email := to.Email
	if apperr.KindOf(err) == apperr.KindNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	r, err := application.LoadRoundFacts(ctx, s.Ref, a.Round())
	if err != nil {
		return err
	}
	school, round := names(r, att.Locale())
	return s.Mailer.Queue(ctx, att.Locale(), email, mailmsg.RefundFailed{School: school, Round: round, PaymentID: att.PaymentID(),
		Amount: Display(c.Amount, att.Locale()), At: now.In(window.Seoul).Format("2006-01-02 15:04")})
}
