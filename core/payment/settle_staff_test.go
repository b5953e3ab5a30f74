package payment_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/window"
)

var (
	novFrom = time.Date(2026, 11, 1, 0, 0, 0, 0, window.Seoul)
	novTo   = time.Date(2026, 12, 1, 0, 0, 0, 0, window.Seoul)
)

// row finds a settlement row by currency and pay type ("" the total).
func row(t *testing.T, rows []payment.MethodSummary, cur money.Currency, pt payment.PayType) payment.MethodSummary {
	t.Helper()
	i := slices.IndexFunc(rows, func(r payment.MethodSummary) bool { return r.Currency == cur && r.PayType == pt })
	if i < 0 {
		t.Fatalf("no %s %q row in %+v", cur, pt, rows)
	}
	return rows[i]
}

// A school's settlement of a month: the card payment with its provider
// fee, the refunds made (a failed one gave nothing back), the net; a
// closing keeps the figures and later refunds show as adjustments.
func TestSettleAndClosePeriod(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	co := e.paid(t)
	if _, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00003", Amount: "30000", Reason: "일부"}); err != nil {
		t.Fatal(err)
	}
	// A refund the provider then failed: not a refund in the settlement.
	e.gw.cancelPending = true
	failed, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00003", Amount: "5000", Reason: "실패할 환불"})
	if err != nil {
		t.Fatal(err)
	}
	e.setRefund(co.PaymentID, failed.ProviderCancelID, payment.RefundFailed)
	if _, err := e.svc.FollowRefunds(ctx, 10); err != nil {
		t.Fatal(err)
	}
	e.gw.cancelPending = false

	st, err := e.staff.Settle(ctx, settleAdmin, "S01", novFrom, novTo)
	if err != nil {
		t.Fatal(err)
	}
	card := row(t, st.Rows, money.KRW, payment.Card)
	if card.Payments != 1 || card.Refunds != 1 || card.Paid != money.Won(80000) || card.Refunded != money.Won(30000) ||
		card.ProviderFees != money.Won(2000) || card.Net != money.Won(48000) {
		t.Fatalf("card row %+v", card)
	}
	if tot := row(t, st.Rows, money.KRW, ""); tot.Summary != card.Summary || len(st.Rows) != 2 || st.Closed != nil || len(st.Adjustments) != 0 {
		t.Fatalf("settlement %+v", st)
	}
	// Another month has nothing.
	if dec, err := e.staff.Settle(ctx, sysAdmin, "S01", novTo, novTo.AddDate(0, 1, 0)); err != nil || len(dec.Rows) != 0 || dec.Rows == nil {
		t.Fatalf("december %+v %v", dec, err)
	}

	closed, err := e.staff.ClosePeriod(ctx, sysAdmin, "S01", novFrom, novTo)
	if err != nil {
		t.Fatal(err)
	}
	if closed.Closed == nil || closed.Closed.By != "admin" || len(closed.Closed.Rows) != 2 || len(closed.Adjustments) != 0 {
		t.Fatalf("closed %+v", closed)
	}
	if !slices.Contains(e.logged(), "admin settlement.close S01") {
		t.Fatalf("not audited: %v", e.logged())
	}
	_, err = e.staff.ClosePeriod(ctx, sysAdmin, "S01", novFrom.AddDate(0, 0, 14), novTo.AddDate(0, 0, 14))
	wantErr(t, err, apperr.KindConflict, payment.CodePeriodClosed)

	// A refund after the closing, dated in the closed month, is an adjustment.
	if _, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00003", Amount: "10000", Reason: "추가"}); err != nil {
		t.Fatal(err)
	}
	st, err = e.staff.Settle(ctx, settleAdmin, "S01", novFrom, novTo)
	if err != nil {
		t.Fatal(err)
	}
	if st.Closed == nil || len(st.Adjustments) != 2 {
		t.Fatalf("adjustments %+v", st.Adjustments)
	}
	if adj := row(t, st.Adjustments, money.KRW, payment.Card); adj.Payments != 0 || adj.Refunds != 1 || adj.Refunded != money.Won(10000) || adj.Net != money.Won(-10000) {
		t.Fatalf("card adjustment %+v", adj)
	}
}

// Settlement is for system admins and settlement staff; the period and,
// to close, the school are checked with the field named.
func TestSettleRefusals(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	for _, p := range []struct {
		name string
		err  error
	}{
		{"school admin", func() error { _, err := e.staff.Settle(ctx, ownAdmin, "S01", novFrom, novTo); return err }()},
		{"applicant", func() error { _, err := e.staff.Settle(ctx, e.owner, "S01", novFrom, novTo); return err }()},
		{"school admin closing", func() error { _, err := e.staff.ClosePeriod(ctx, ownAdmin, "S01", novFrom, novTo); return err }()},
	} {
		if apperr.KindOf(p.err) != apperr.KindForbidden {
			t.Errorf("%s: %v", p.name, p.err)
		}
	}
	_, err := e.staff.Settle(ctx, sysAdmin, "S01", novTo, novFrom)
	wantField(t, err, "from", payment.CodePeriodInvalid)
	_, err = e.staff.Settle(ctx, sysAdmin, "S01", time.Time{}, novTo)
	wantField(t, err, "from", payment.CodePeriodInvalid)
	_, err = e.staff.ClosePeriod(ctx, sysAdmin, "", novFrom, novTo)
	wantField(t, err, "school", payment.CodeSchoolRequired)
	_, err = e.staff.ClosePeriod(ctx, sysAdmin, "S01", novTo, novFrom)
	wantField(t, err, "from", payment.CodePeriodInvalid)
	if len(e.recs.closings) != 0 {
		t.Fatalf("a refused closing was stored: %+v", e.recs.closings)
	}
}
