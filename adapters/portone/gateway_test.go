package portone_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/portone"
	"github.com/gradapply/gradapply/adapters/portone/portonefake"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// Refunds are staff's (issue 10); the gateway's cancel is checked here.
func TestGatewayCancelRefundsOnceAndNeverAboveWhatRemains(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	gw := &portone.Gateway{Client: c}
	ctx := context.Background()
	_ = f.Pay("pay-c1", portone.MethodCard, 80000, "KRW")
	ref := payment.Ref{PaymentID: "pay-c1"}

	f.FailAfterWork(portonefake.OpCancel, 1) // refunded, then the answer is lost
	_, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Amount: money.Won(30000), Cancellable: money.Won(80000), Reason: "partial"})
	if !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("the retry of a done refund: %v", err)
	}
	snap, _ := gw.Lookup(ctx, ref)
	if snap.Status != payment.RemotePartCanceled || snap.Cancelled != money.Won(30000) {
		t.Fatalf("after one partial refund: %s %s", snap.Status, snap.Cancelled)
	}
	if _, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Amount: money.Won(60000), Cancellable: money.Won(50000), Reason: "too much"}); !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("above what remains: %v", err)
	}
	res, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Cancellable: money.Won(50000), Reason: "the rest"})
	if err != nil || res.Amount != money.Won(50000) || res.CancelID == "" || res.Pending {
		t.Fatalf("the rest: %+v %v", res, err)
	}
	if snap, _ := gw.Lookup(ctx, ref); snap.Status != payment.RemoteCancelled {
		t.Fatalf("after refunding everything: %s", snap.Status)
	}
	if _, err := gw.Cancel(ctx, payment.CancelRequest{Ref: payment.Ref{PaymentID: "nobody"}, Reason: "x"}); !errors.Is(err, payment.ErrNotFound) {
		t.Fatalf("unknown payment: %v", err)
	}
}

func TestGatewayVirtualAccountRefundCarriesTheAccount(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	gw := &portone.Gateway{Client: c}
	ctx := context.Background()
	_ = f.Open("vb-c1", portone.MethodVirtualAccount, 80000, "KRW")
	_ = f.IssueVirtualAccount("vb-c1", f.Now().Add(48*time.Hour))
	_ = f.Deposit("vb-c1")
	ref := payment.Ref{PaymentID: "vb-c1"}
	if _, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Reason: "refund"}); !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("without a refund account: %v", err)
	}
	res, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Reason: "refund", Cancellable: money.Won(80000),
		Refund: &payment.RefundAccount{Bank: "004", Holder: "홍길동", AccountNo: "123456789012"}})
	if err != nil || res.Amount != money.Won(80000) {
		t.Fatalf("%+v %v", res, err)
	}
	var sent portone.Cancel
	for _, call := range f.Calls() {
		if call.Op == portonefake.OpCancel {
			_ = json.Unmarshal(call.Body, &sent)
		}
	}
	if sent.RefundAccount == nil || sent.RefundAccount.Bank != "004" || sent.RefundAccount.Number != "123456789012" || sent.RefundAccount.HolderName != "홍길동" || sent.Requester != "ADMIN" {
		t.Fatalf("sent %+v", sent)
	}
}
