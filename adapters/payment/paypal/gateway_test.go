package paypal_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gradapply/gradapply/adapters/payment/paypal"
	"github.com/gradapply/gradapply/adapters/payment/paypal/paypalfake"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// Refunds are staff's (issue 10); the gateway's cancel is checked here.
func TestGatewayRefundRetriedAfterALostAnswerRefundsOnce(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	gw := &paypal.Gateway{Client: c}
	ctx := context.Background()
	co, err := gw.Prepare(ctx, payment.Order{PaymentID: "p-r1", PayType: payment.VisaMaster, Amount: money.Cents(6816), OrderName: "fee"})
	if err != nil {
		t.Fatal(err)
	}
	_ = f.Approve(co.ProviderOrderID)
	ref := payment.Ref{PaymentID: "p-r1", ProviderOrderID: co.ProviderOrderID, Expected: money.Cents(6816)}
	snap, err := gw.Capture(ctx, ref)
	if err != nil || snap.Status != payment.RemotePaid || snap.Paid != money.Cents(6816) {
		t.Fatalf("%+v %v", snap, err)
	}
	ref.ProviderTxID = snap.ProviderTxID
	f.FailAfterWork(paypalfake.OpRefund, 1)
	res, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Amount: money.Cents(2000), Cancellable: money.Cents(6816), Reason: "partial", RequestID: "refund-1"})
	if err != nil || res.Amount != money.Cents(2000) || res.CancelID == "" {
		t.Fatalf("%+v %v", res, err)
	}
	o, _ := f.Order(co.ProviderOrderID)
	if n := len(o.PurchaseUnits[0].Payments.Refunds); n != 1 {
		t.Fatalf("%d refunds at PayPal", n)
	}
	if _, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Amount: money.Cents(5000), Cancellable: money.Cents(4816), Reason: "too much", RequestID: "refund-2"}); !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("above what remains: %v", err)
	}
	if f.CallsOf(paypalfake.OpRefund) != 2 {
		t.Fatal("an amount above what remains was sent to PayPal")
	}
	if _, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Amount: money.Won(1000), Reason: "won", RequestID: "refund-3"}); !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("a refund in won: %v", err)
	}
	res, err = gw.Cancel(ctx, payment.CancelRequest{Ref: payment.Ref{PaymentID: "p-r1", ProviderOrderID: co.ProviderOrderID}, Reason: "the rest", RequestID: "refund-4"})
	if err != nil || res.Amount != money.Cents(4816) {
		t.Fatalf("the rest, capture found through the order: %+v %v", res, err)
	}
	if snap, _ := gw.Lookup(ctx, ref); snap.Status != payment.RemoteCancelled {
		t.Fatalf("after refunding everything: %s", snap.Status)
	}
}

func TestGatewayPrepareTakesUSDOnly(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	gw := &paypal.Gateway{Client: c}
	if _, err := gw.Prepare(context.Background(), payment.Order{PaymentID: "p-k", Amount: money.Won(80000)}); !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("won: %v", err)
	}
	if f.Orders() != 0 {
		t.Fatal("an order in won was created")
	}
	if _, err := gw.Lookup(context.Background(), payment.Ref{PaymentID: "p-k"}); !errors.Is(err, payment.ErrNotFound) {
		t.Fatalf("no order id: %v", err)
	}
}

// An approved order that PayPal holds with another amount, currency or
// id than ours is never captured: Capture answers it as PayPal holds it
// and PayPal sees no capture call.
func TestCaptureOfAnOrderThatDiffersFromOursNeverCaptures(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		tamper func(*paypal.Order)
		check  func(payment.Snapshot) bool
	}{
		"amount":       {func(o *paypal.Order) { o.PurchaseUnits[0].Amount.Value = "1.00" }, func(s payment.Snapshot) bool { return s.Amount == money.Cents(100) }},
		"currency":     {func(o *paypal.Order) { o.PurchaseUnits[0].Amount.CurrencyCode = "EUR" }, func(s payment.Snapshot) bool { return s.Amount != money.Cents(6816) }},
		"custom_id":    {func(o *paypal.Order) { o.PurchaseUnits[0].CustomID = "ga9-other" }, func(s payment.Snapshot) bool { return s.PaymentID == "ga9-other" }},
		"no custom_id": {func(o *paypal.Order) { o.PurchaseUnits[0].CustomID = "" }, func(s payment.Snapshot) bool { return s.PaymentID == "custom_id:" }},
		"reference_id": {func(o *paypal.Order) { o.PurchaseUnits[0].ReferenceID = "ga9-other" }, func(s payment.Snapshot) bool { return s.PaymentID == "reference_id:ga9-other" }},
		"invoice_id":   {func(o *paypal.Order) { o.PurchaseUnits[0].InvoiceID = "inv-9" }, func(s payment.Snapshot) bool { return s.PaymentID == "invoice_id:inv-9" }},
		"second unit": {func(o *paypal.Order) { o.PurchaseUnits = append(o.PurchaseUnits, o.PurchaseUnits[0]) }, func(s payment.Snapshot) bool {
			return s.Amount != money.Cents(6816)
		}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, f := newClient(t)
			gw := &paypal.Gateway{Client: c}
			ctx := context.Background()
			co, err := gw.Prepare(ctx, payment.Order{PaymentID: "ga8-x", PayType: payment.VisaMaster, Amount: money.Cents(6816), OrderName: "fee"})
			if err != nil {
				t.Fatal(err)
			}
			_ = f.Approve(co.ProviderOrderID)
			f.Tamper(co.ProviderOrderID, tc.tamper)
			snap, err := gw.Capture(ctx, payment.Ref{PaymentID: "ga8-x", ProviderOrderID: co.ProviderOrderID, Expected: money.Cents(6816)})
			if err != nil || snap.Status != payment.RemoteApproved || !tc.check(snap) {
				t.Fatalf("capture answered %+v %v", snap, err)
			}
			if n := f.CallsOf(paypalfake.OpCapture); n != 0 {
				t.Fatalf("%d capture calls", n)
			}
		})
	}
	t.Run("no expected amount", func(t *testing.T) {
		t.Parallel()
		c, f := newClient(t)
		gw := &paypal.Gateway{Client: c}
		co, _ := gw.Prepare(context.Background(), payment.Order{PaymentID: "ga8-y", PayType: payment.VisaMaster, Amount: money.Cents(6816), OrderName: "fee"})
		_ = f.Approve(co.ProviderOrderID)
		if _, err := gw.Capture(context.Background(), payment.Ref{PaymentID: "ga8-y", ProviderOrderID: co.ProviderOrderID}); !errors.Is(err, payment.ErrRefused) {
			t.Fatalf("captured without knowing our amount: %v", err)
		}
		if n := f.CallsOf(paypalfake.OpCapture); n != 0 {
			t.Fatalf("%d capture calls", n)
		}
	})
}
