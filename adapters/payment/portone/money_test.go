package portone_test

// Issue 10's checks against the PortOne fake: staff refunds (two at once,
// above what remains, partial then the rest) and pay-check with its
// re-query, through the real PortOne adapter and the real stores.

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/adapters/payment/portone/portonefake"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
)

func moneyWon(n int64) money.Money { return money.Won(n) }

var sysAdmin = permission.Principal{UserID: "sysadmin", Roles: []permission.Role{permission.RoleSysAdmin}}

func (f *flow) staff() *payment.Staff {
	return &payment.Staff{Service: f.Svc, Records: postgres.PayStaff{DB: f.App.DB}, Tx: f.App.DB, Fees: postgres.FeeSchedules{DB: f.App.DB}}
}

// paid pays the application by card at the fake and confirms it.
func (f *flow) paid() string {
	f.T.Helper()
	co := f.Start(payment.Card, "ko")
	if err := f.fake.Pay(co.PaymentID, portone.MethodCard, 80000, "KRW"); err != nil {
		f.T.Fatal(err)
	}
	if a, err := f.Confirm(co.PaymentID, payment.Return{}); err != nil || a.Result() != payment.Paid {
		f.T.Fatalf("confirm: %v %v", a.Result(), err)
	}
	return co.PaymentID
}

func TestTwoConcurrentPartialRefundsAboveWhatRemainsOnlyOneSucceeds(t *testing.T) {
	f := newFlow(t)
	id := f.paid()
	s := f.staff()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.Cancel(context.Background(), sysAdmin, id, payment.CancelInput{Type: "00003", Amount: "50000", Reason: "중복 지원 환불"})
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else if apperr.KindOf(err) != apperr.KindInvalid {
			t.Errorf("the refused refund answered %v, want the amount above what remains", err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d of two refunds of 50,000 out of 80,000 succeeded: %v", ok, errs)
	}
	p, _ := f.fake.Payment(id)
	if p.Amount.Cancelled != 50000 || p.Status != portone.StatusPartialCancelled {
		t.Fatalf("PortOne holds %d cancelled (%s), want 50000 partially cancelled", p.Amount.Cancelled, p.Status)
	}
	if a := f.Attempt(id); a.Refunded() != moneyWon(50000) || a.Remaining() != moneyWon(30000) {
		t.Fatalf("our record: refunded %v remaining %v", a.Refunded(), a.Remaining())
	}
	if st, exam := f.Status(); st != "COMPLETE" || exam == "" {
		t.Fatalf("after a partial refund the application is %s %q, want COMPLETE with its exam number", st, exam)
	}
}

func TestRefundAboveRemainderPartialThenRestCancelsTheApplication(t *testing.T) {
	f := newFlow(t)
	id := f.paid()
	_, exam := f.Status()
	s := f.staff()
	ctx := context.Background()
	_, err := s.Cancel(ctx, sysAdmin, id, payment.CancelInput{Type: "00003", Amount: "90000", Reason: "초과"})
	if ae, ok := apperr.As(err); !ok || ae.Code != payment.CodePartialAmount || ae.Params["max"] != moneyWon(80000) {
		t.Fatalf("refund above what remains: %v", err)
	}
	if f.fake.CallsOf(portonefake.OpCancel) != 0 {
		t.Fatal("a refund above what remains reached PortOne")
	}
	if _, err := s.Cancel(ctx, sysAdmin, id, payment.CancelInput{Type: "00003", Amount: "30000", Reason: "일부 환불"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Cancel(ctx, sysAdmin, id, payment.CancelInput{Type: "00001", Reason: "지원 취소 요청"}); err != nil {
		t.Fatal(err)
	}
	p, _ := f.fake.Payment(id)
	if p.Status != portone.StatusCancelled || p.Amount.Cancelled != 80000 {
		t.Fatalf("PortOne: %s cancelled %d", p.Status, p.Amount.Cancelled)
	}
	if st, now := f.Status(); st != "CANCEL" || now != exam {
		t.Fatalf("after the full refund the application is %s %q, want CANCEL keeping %q", st, now, exam)
	}
	if n := f.Mails("payment_cancelled"); n != 2 {
		t.Fatalf("%d refund mails, want 2", n)
	}
	list, total, err := s.CancelHistory(ctx, sysAdmin, payment.CancelQuery{PaymentID: id})
	if err != nil || total != 2 || list[0].Amount != moneyWon(30000) || list[1].Amount != moneyWon(50000) || list[1].Type != payment.CancelAll {
		t.Fatalf("history %v %d %v", list, total, err)
	}
	// Nothing remains: a further refund is refused before PortOne is asked.
	calls := f.fake.CallsOf(portonefake.OpCancel)
	if _, err := s.Cancel(ctx, sysAdmin, id, payment.CancelInput{Type: "00001", Reason: "again"}); apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("refund of nothing: %v", err)
	}
	if f.fake.CallsOf(portonefake.OpCancel) != calls {
		t.Fatal("a refund of nothing reached PortOne")
	}
}

func TestProviderDisagreeingOnTheCancellableAmountRefusesAndRecords(t *testing.T) {
	f := newFlow(t)
	id := f.paid()
	// Someone refunded 10,000 in PortOne's console: our record says 80,000 remain.
	f.fake.Tamper(id, func(p *portone.Payment) { p.Amount.Cancelled = 10000 })
	s := f.staff()
	_, err := s.Cancel(context.Background(), sysAdmin, id, payment.CancelInput{Type: "00003", Amount: "20000", Reason: "부분"})
	if ae, ok := apperr.As(err); !ok || ae.Code != payment.CodeProviderRefused {
		t.Fatalf("cancel with a stale cancellable amount: %v", err)
	}
	if a := f.Attempt(id); !a.Refunded().IsZero() {
		t.Fatalf("refunded %v recorded though PortOne refused", a.Refunded())
	}
	fails, _, err := s.FailureHistory(context.Background(), sysAdmin, payment.FailureQuery{Code: payment.CodeProviderRefused})
	if err != nil || len(fails) != 1 {
		t.Fatalf("failure history: %v %v", fails, err)
	}
}

func TestPayCheckFindsAPaymentPaidAtPortOneAndARequeryCompletesIt(t *testing.T) {
	f := newFlow(t)
	co := f.Start(payment.Card, "ko")
	// Paid at PortOne; the browser never came back and no webhook arrived.
	if err := f.fake.Pay(co.PaymentID, portone.MethodCard, 80000, "KRW"); err != nil {
		t.Fatal(err)
	}
	s := f.staff()
	ctx := context.Background()
	from, to := time.Now().Add(-time.Hour), time.Now().Add(time.Hour)
	diffs, err := s.PayCheck(ctx, sysAdmin, "236", from, to)
	if err != nil || len(diffs) != 1 || diffs[0].Kind != payment.DiffPaidThere || diffs[0].Attempt.PaymentID() != co.PaymentID {
		t.Fatalf("pay-check: %+v %v", diffs, err)
	}
	if st, _ := f.Status(); st != "SUBMIT" {
		t.Fatalf("pay-check changed the application to %s", st)
	}
	// Without PortOne's answer a re-query changes nothing.
	f.fake.Fail(portonefake.OpGet, 100)
	if _, err := s.Requery(ctx, sysAdmin, co.PaymentID); apperr.KindOf(err) != apperr.KindUnavailable {
		t.Fatalf("re-query with PortOne down: %v", err)
	}
	if st, _ := f.Status(); st != "SUBMIT" {
		t.Fatalf("a re-query without an answer changed the application to %s", st)
	}
	f.fake.Recover(portonefake.OpGet)
	a, err := s.Requery(ctx, sysAdmin, co.PaymentID)
	if err != nil || a.Result() != payment.Paid {
		t.Fatalf("re-query: %v %v", a.Result(), err)
	}
	if st, exam := f.Status(); st != "COMPLETE" || exam == "" {
		t.Fatalf("after the re-query: %s %q", st, exam)
	}
	if diffs, _ := s.PayCheck(ctx, sysAdmin, "236", from, to); len(diffs) != 0 {
		t.Fatalf("pay-check after the fix: %+v", diffs)
	}
}
