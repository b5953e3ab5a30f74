package payment_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
)

// pendingRefund pays by card and has staff refund it (00001, or 00003 of
// part) with the provider answering the refund pending.
func (e *staffEnv) pendingRefund(t *testing.T, in payment.CancelInput) (payment.Checkout, payment.Cancellation) {
	t.Helper()
	co := e.paid(t)
	e.gw.cancelPending = true
	c, err := e.staff.Cancel(context.Background(), sysAdmin, co.PaymentID, in)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Pending || c.Answer != payment.AnswerPending {
		t.Fatalf("cancellation %+v", c)
	}
	return co, c
}

// setRefund makes the provider report a refund's status.
func (e *staffEnv) setRefund(paymentID, cancelID string, st payment.RefundState) {
	e.gw.update(paymentID, func(s *payment.Snapshot) {
		s.Refunds = slices.Clone(s.Refunds)
		for i := range s.Refunds {
			if s.Refunds[i].ID == cancelID {
				s.Refunds[i].Status = st
			}
		}
	})
}

// A refund the provider first answered pending is settled on its later
// answer: succeeded becomes ok; failed gives the money back to the
// payment with an alert (the application stays cancelled: staff decide);
// still pending after ten business days raises one overdue alert.
func TestFollowRefunds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	all := payment.CancelInput{Type: "00001", Reason: "지원 취소"}
	cases := []struct {
		name      string
		state     payment.RefundState
		advance   time.Duration
		sw        payment.Swept
		answer    string
		pending   bool
		result    payment.Result
		remaining money.Money
		alert     string
	}{
		{"succeeded", payment.RefundSucceeded, 0, payment.Swept{Asked: 1, Changed: 1}, payment.AnswerOK, false, payment.Cancelled, money.Won(0), ""},
		{"failed", payment.RefundFailed, 0, payment.Swept{Asked: 1, Changed: 1}, payment.AnswerFailed, false, payment.Paid, money.Won(80000), payment.CodeRefundFailed},
		{"pending a week", payment.RefundPending, 7 * 24 * time.Hour, payment.Swept{Asked: 1}, payment.AnswerPending, true, payment.Cancelled, money.Won(0), ""},
		{"pending three weeks", payment.RefundPending, 21 * 24 * time.Hour, payment.Swept{Asked: 1, Changed: 1}, payment.AnswerPending, true, payment.Cancelled, money.Won(0), payment.CodeRefundOverdue},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newStaffEnv(t)
			co, cn := e.pendingRefund(t, all)
			e.setRefund(co.PaymentID, cn.ProviderCancelID, c.state)
			e.clock.Advance(c.advance)
			sw, err := e.svc.FollowRefunds(ctx, 10)
			if err != nil || sw != c.sw {
				t.Fatalf("swept %+v %v, want %+v", sw, err, c.sw)
			}
			got := e.recs.cancel(t, cn.ID)
			a := e.attempt(t, co.PaymentID)
			if got.Answer != c.answer || got.Pending != c.pending || a.Result() != c.result || a.Remaining() != c.remaining {
				t.Fatalf("cancellation %+v, attempt %s remaining %v", got, a.Result(), a.Remaining())
			}
			if h := e.header(t); h.State.Status != application.Cancel || h.ApplID != "P0001" {
				t.Fatalf("application %+v", h)
			}
			if c.alert != "" {
				if n := e.alerts(t, c.alert); n != 1 {
					t.Fatalf("%d %s alerts", n, c.alert)
				}
				// The job runs again: no second alert.
				if _, err := e.svc.FollowRefunds(ctx, 10); err != nil || e.alerts(t, c.alert) != 1 {
					t.Fatalf("second run: %v, %d alerts", err, e.alerts(t, c.alert))
				}
			}
			if !slices.Contains(e.logged(), "system job.refunds pay_cancel") {
				t.Fatalf("the job's run is not audited: %v", e.logged())
			}
		})
	}
}

// A failed refund gave nothing back: the applicant's refund list and the
// settlement leave it out, and staff may refund the money again.
func TestAFailedRefundCanBeRefundedAgain(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	co, cn := e.pendingRefund(t, payment.CancelInput{Type: "00003", Amount: "30000", Reason: "일부 환불"})
	e.setRefund(co.PaymentID, cn.ProviderCancelID, payment.RefundFailed)
	if _, err := e.svc.FollowRefunds(ctx, 10); err != nil {
		t.Fatal(err)
	}
	if r := e.lastRecord(t); r.Code != payment.CodeRefundFailed || r.Detail["remaining"] != money.Won(80000).String() || r.Detail["status"] != "COMPLETE" {
		t.Fatalf("alert %+v", r)
	}
	// The applicant is told the refund did not go through.
	if n := e.mails()["refund_failed"]; n != 1 {
		t.Fatalf("%d refund-failed mails: %v", n, e.mails())
	}
	mine, err := e.staff.MyRefunds(ctx, e.owner)
	if err != nil || len(mine) != 0 {
		t.Fatalf("my refunds %+v %v", mine, err)
	}
	e.gw.cancelPending = false
	again, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00003", Amount: "30000", Reason: "재환불"})
	if err != nil || again.Answer != payment.AnswerOK {
		t.Fatalf("refund again: %+v %v", again, err)
	}
	if a := e.attempt(t, co.PaymentID); a.Remaining() != money.Won(50000) {
		t.Fatalf("remaining %v", a.Remaining())
	}
	mine, _ = e.staff.MyRefunds(ctx, e.owner)
	if len(mine) != 1 || mine[0].ID != again.ID {
		t.Fatalf("my refunds %+v", mine)
	}
	if l, err := e.staff.MyRefunds(ctx, stranger); err != nil || len(l) != 0 {
		t.Fatalf("another user's refunds %+v %v", l, err)
	}
	_, err = e.staff.MyRefunds(ctx, permission.Principal{})
	wantErr(t, err, apperr.KindUnauthenticated, "auth.required")
}

// The provider's cancel webhook settles our pending refund at once; it
// is not mistaken for a cancel made at the provider.
func TestCancelWebhookSettlesOurPendingRefund(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	co, cn := e.pendingRefund(t, payment.CancelInput{Type: "00001", Reason: "지원 취소"})
	e.setRefund(co.PaymentID, cn.ProviderCancelID, payment.RefundSucceeded)
	e.gw.update(co.PaymentID, func(s *payment.Snapshot) { s.Status, s.Cancelled = payment.RemoteCancelled, money.Won(80000) })
	if err := e.webhook("wh-cancel", co.PaymentID, payment.NoticeCancelled, "ok"); err != nil {
		t.Fatal(err)
	}
	if got := e.recs.cancel(t, cn.ID); got.Answer != payment.AnswerOK || got.Pending || got.SettledAt.IsZero() {
		t.Fatalf("cancellation %+v", got)
	}
	if r := e.lastRecord(t); r.Kind != payment.RecRefund || r.DeliveryID != "wh-cancel" || r.Alert {
		t.Fatalf("record %+v", r)
	}
	if e.alerts(t, payment.CodeProviderCancelled) != 0 || !e.attempt(t, co.PaymentID).ProviderCancelledAt().IsZero() {
		t.Fatal("our own refund flagged as a cancel at the provider")
	}
}

// While a partial refund of ours is pending, the provider reporting more
// cancelled than we recorded is not flagged: it is still settling ours.
func TestProviderCancelWhileOurRefundIsPendingIsNotFlagged(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	co, _ := e.pendingRefund(t, payment.CancelInput{Type: "00003", Amount: "30000", Reason: "일부"})
	e.gw.update(co.PaymentID, func(s *payment.Snapshot) { s.Status, s.Cancelled = payment.RemotePartCanceled, money.Won(50000) })
	if err := e.webhook("wh-part", co.PaymentID, payment.NoticeCancelled, "ok"); err != nil {
		t.Fatal(err)
	}
	if e.alerts(t, payment.CodeProviderCancelled) != 0 || !e.attempt(t, co.PaymentID).ProviderCancelledAt().IsZero() {
		t.Fatal("flagged while our refund is pending")
	}
}

// The follow-up job asks nothing when there is nothing to follow, and a
// provider that does not answer changes nothing.
func TestFollowRefundsWithoutAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := newEnv(t)
	if sw, err := e.svc.FollowRefunds(ctx, 10); err != nil || sw != (payment.Swept{}) {
		t.Fatalf("without a refund store: %+v %v", sw, err)
	}
	s := newStaffEnv(t)
	co, cn := s.pendingRefund(t, payment.CancelInput{Type: "00001", Reason: "취소"})
	s.gw.down = true
	if sw, err := s.svc.FollowRefunds(ctx, 10); err != nil || sw != (payment.Swept{Failed: 1}) {
		t.Fatalf("provider down: %+v %v", sw, err)
	}
	if got := s.recs.cancel(t, cn.ID); !got.Pending || s.attempt(t, co.PaymentID).Result() != payment.Cancelled {
		t.Fatalf("changed without an answer: %+v", got)
	}
}
