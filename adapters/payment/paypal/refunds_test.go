package paypal_test

// Refunds PayPal answers PENDING: its PAYMENT.CAPTURE.REFUNDED webhook and
// the follow-up job settle them, through the real adapter, the fake and
// the real stores.

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/adapters/payment/paypal"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
)

var sysAdmin = permission.Principal{UserID: "sysadmin", Roles: []permission.Role{permission.RoleSysAdmin}}

// pendingRefund pays by PayPal and refunds USD 20.00, which PayPal
// answers PENDING.
func (f *flow) pendingRefund() (payment.Checkout, payment.Cancellation) {
	f.T.Helper()
	co := f.start()
	if err := f.fake.Approve(co.ProviderOrderID); err != nil {
		f.T.Fatal(err)
	}
	if a, err := f.Confirm(co.PaymentID, payment.Return{}); err != nil || a.Result() != payment.Paid {
		f.T.Fatalf("confirm: %v %v", a.Result(), err)
	}
	f.fake.RefundStatus = paypal.RefundPending
	c, err := f.App.Money.Cancel(context.Background(), sysAdmin, co.PaymentID, payment.CancelInput{Type: "00003", Amount: "20.00", Reason: "refund"})
	if err != nil || !c.Pending || c.Answer != payment.AnswerPending {
		f.T.Fatalf("refund: %+v %v", c, err)
	}
	return co, c
}

func (f *flow) lastCancel(id string) payment.Cancellation {
	f.T.Helper()
	list, _, err := f.App.Money.CancelHistory(context.Background(), sysAdmin, payment.CancelQuery{PaymentID: id})
	if err != nil || len(list) == 0 {
		f.T.Fatalf("cancel history: %v %v", list, err)
	}
	return list[len(list)-1]
}

func usd(s string) money.Money {
	m, _ := money.Parse(s, money.USD)
	return m
}

func TestPayPalRefundedWebhookSettlesAPendingRefund(t *testing.T) {
	f := newFlow(t)
	co, c := f.pendingRefund()
	f.fake.WebhookURL = f.HookURL(payment.ProviderPayPal)
	if err := f.fake.SettleRefund(co.ProviderOrderID, c.ProviderCancelID, paypal.RefundCompleted); err != nil { // PAYMENT.CAPTURE.REFUNDED
		t.Fatal(err)
	}
	if got := f.lastCancel(co.PaymentID); got.Pending || got.Answer != payment.AnswerOK {
		t.Fatalf("after the webhook: %+v", got)
	}
	if sw, err := f.Svc.FollowRefunds(context.Background(), 10); err != nil || sw.Asked != 0 {
		t.Fatalf("the job found a pending refund: %+v %v", sw, err)
	}
	if a := f.Attempt(co.PaymentID); a.Remaining() != usd("48.16") {
		t.Fatalf("remaining %v", a.Remaining())
	}
}

func TestPayPalPendingRefundThatFailsRestoresWhatRemains(t *testing.T) {
	f := newFlow(t)
	co, c := f.pendingRefund()
	if err := f.fake.SettleRefund(co.ProviderOrderID, c.ProviderCancelID, paypal.RefundFailed); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := f.Svc.FollowRefunds(context.Background(), 10); err != nil {
			t.Fatal(err)
		}
	}
	if a := f.Attempt(co.PaymentID); a.Remaining() != usd(wantTotal) {
		t.Fatalf("remaining %v, want everything back", a.Remaining())
	}
	if got := f.lastCancel(co.PaymentID); got.Answer != payment.AnswerFailed || got.Pending {
		t.Fatalf("after FAILED: %+v", got)
	}
	if n := len(f.Alerts(payment.CodeRefundFailed)); n != 1 {
		t.Fatalf("%d refund-failed alerts, want 1", n)
	}
	// Refunded again, all of it, PayPal completing at once.
	f.fake.RefundStatus = ""
	if _, err := f.App.Money.Cancel(context.Background(), sysAdmin, co.PaymentID, payment.CancelInput{Type: "00001", Reason: "again"}); err != nil {
		t.Fatal(err)
	}
	if o, _ := f.fake.Order(co.ProviderOrderID); o.PurchaseUnits[0].Payments.Captures[0].Status != paypal.CaptureRefunded {
		t.Fatalf("PayPal capture %+v", o.PurchaseUnits[0].Payments.Captures[0])
	}
}
