package payment_test

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// After staff refunded a payment in full (00001, PAID -> CANCELLED), the
// provider reports it cancelled with the amount once paid and the same
// amount refunded: pay-check has nothing to report.
func TestPayCheckAfterAFullRefundReportsNothing(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	co := e.paid(t)
	if _, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00001", Reason: "지원 취소"}); err != nil {
		t.Fatal(err)
	}
	e.gw.update(co.PaymentID, func(s *payment.Snapshot) { s.Status, s.Cancelled = payment.RemoteCancelled, money.Won(80000) })
	diffs, err := e.staff.PayCheck(ctx, sysAdmin, "S01", novFrom, novTo)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diffs {
		t.Errorf("difference %s: ours %v, theirs %v (remote %s)", d.Kind, d.Ours, d.Theirs, d.Remote)
	}
}

// A second payment reported through the browser's return is recorded as
// such: staff see where the paid-twice alert came from.
func TestPaidTwiceAlertNamesItsSource(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	co := e.start(t, payment.Card)
	if _, err := e.staff.ManualPay(ctx, sysAdmin, e.appl, payment.ManualInput{Method: "transfer", Reason: "입금", Evidence: "KB #1"}); err != nil {
		t.Fatal(err)
	}
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	if _, err := e.svc.Confirm(ctx, e.owner, co.PaymentID, payment.Return{}); err != nil {
		t.Fatal(err)
	}
	for _, r := range e.records(t, e.appl) {
		if r.Code == payment.CodePaidTwice && r.Source != payment.SrcBrowser {
			t.Errorf("paid-twice alert from %s, want %s", r.Source, payment.SrcBrowser)
		}
	}
}
