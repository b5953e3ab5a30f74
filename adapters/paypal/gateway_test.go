package paypal_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gradapply/gradapply/adapters/paypal"
	"github.com/gradapply/gradapply/adapters/paypal/paypalfake"
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
	ref := payment.Ref{PaymentID: "p-r1", ProviderOrderID: co.ProviderOrderID}
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
