package portone_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/payhttp"
	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/adapters/payment/portone/portonefake"
)

func newClient(t *testing.T) (*portone.Client, *portonefake.Server) {
	t.Helper()
	f := portonefake.New()
	t.Cleanup(f.Close)
	c := &portone.Client{BaseURL: f.URL, Secret: f.APISecret, StoreID: f.StoreID,
		Caller: &payhttp.Caller{Timeout: 300 * time.Millisecond, Backoff: time.Millisecond}}
	return c, f
}

func i64(n int64) *int64 { return &n }

func TestPreRegisterThenPayReadsPaid(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	ctx := context.Background()
	if err := c.PreRegister(ctx, "pay-1", 70000, "KRW"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetPayment(ctx, "pay-1"); !portone.IsType(err, portone.ErrTypePaymentNotFound) {
		t.Fatalf("before the window opens the payment is unknown, got %v", err)
	}
	if err := f.Pay("pay-1", portone.MethodCard, 70000, "KRW"); err != nil {
		t.Fatal(err)
	}
	p, err := c.GetPayment(ctx, "pay-1")
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != portone.StatusPaid || p.Amount.Total != 70000 || p.Amount.Paid != 70000 || p.Currency != "KRW" || p.ID != "pay-1" || p.TransactionID == "" || p.PaidAt == nil {
		t.Fatalf("payment %+v", p)
	}
	if len(p.Raw) == 0 {
		t.Fatal("the raw answer is kept for staff")
	}
	if err := c.PreRegister(ctx, "pay-1", 70000, "KRW"); !portone.IsType(err, portone.ErrTypeAlreadyPaid) {
		t.Fatalf("pre-register of a paid id: %v", err)
	}
	for _, call := range f.Calls() {
		if call.Header.Get("Authorization") != "PortOne "+f.APISecret {
			t.Fatalf("%s sent Authorization %q", call.Op, call.Header.Get("Authorization"))
		}
	}
}

func TestPreRegisteredAmountRefusesAnotherInTheWindow(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	if err := c.PreRegister(context.Background(), "pay-2", 70000, "KRW"); err != nil {
		t.Fatal(err)
	}
	if err := f.Pay("pay-2", portone.MethodCard, 100, "KRW"); !errors.Is(err, portonefake.ErrAmountRefused) {
		t.Fatalf("an amount changed in the browser: %v", err)
	}
	if err := f.Pay("pay-2", portone.MethodCard, 70000, "USD"); !errors.Is(err, portonefake.ErrAmountRefused) {
		t.Fatalf("a currency changed in the browser: %v", err)
	}
}

func TestGetRetriesAfter5xxAndTimeouts(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	ctx := context.Background()
	_ = f.Pay("pay-3", portone.MethodCard, 70000, "KRW")
	f.Fail(portonefake.OpGet, 2)
	if p, err := c.GetPayment(ctx, "pay-3"); err != nil || p.Status != portone.StatusPaid {
		t.Fatalf("two 503 then an answer: %v %v", p.Status, err)
	}
	if n := f.CallsOf(portonefake.OpGet); n != 3 {
		t.Fatalf("%d GET calls, want 3", n)
	}
	f.Fail(portonefake.OpGet, 3)
	if _, err := c.GetPayment(ctx, "pay-3"); !errors.Is(err, portone.ErrUnavailable) {
		t.Fatalf("three 503: %v", err)
	}
	f.Stall(portonefake.OpGet, time.Second)
	start := time.Now()
	if _, err := c.GetPayment(ctx, "pay-3"); !errors.Is(err, portone.ErrUnavailable) {
		t.Fatalf("a provider that does not answer: %v", err)
	}
	if time.Since(start) > 3*time.Second {
		t.Fatal("the time limit of an attempt was not kept")
	}
}

func TestCancelChecksWhatRemainsAndRetriesOnlyWhenGuarded(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	ctx := context.Background()
	_ = f.Pay("pay-4", portone.MethodCard, 100000, "KRW")

	if _, err := c.CancelPayment(ctx, "pay-4", portone.Cancel{Reason: "partial", Amount: i64(120000), CurrentCancellableAmount: i64(100000)}); !portone.IsType(err, portone.ErrTypeCancelAmountExceeds) {
		t.Fatalf("above what remains: %v", err)
	}
	if n := f.CallsOf(portonefake.OpCancel); n != 0 {
		t.Fatalf("refused before asking PortOne, got %d calls", n)
	}
	// The answer of a guarded cancel is lost: the retry is refused by the
	// cancellable-amount check, so only 30,000 was refunded.
	f.FailAfterWork(portonefake.OpCancel, 1)
	_, err := c.CancelPayment(ctx, "pay-4", portone.Cancel{Reason: "partial", Amount: i64(30000), CurrentCancellableAmount: i64(100000)})
	if !portone.IsType(err, portone.ErrTypeCancellableAmountInconsistent) {
		t.Fatalf("retry of a done cancel: %v", err)
	}
	p, _ := f.Payment("pay-4")
	if p.Amount.Cancelled != 30000 || p.Status != portone.StatusPartialCancelled {
		t.Fatalf("cancelled %d, status %s", p.Amount.Cancelled, p.Status)
	}
	// Without the guard a lost answer is not retried.
	f.FailAfterWork(portonefake.OpCancel, 1)
	before := f.CallsOf(portonefake.OpCancel)
	if _, err := c.CancelPayment(ctx, "pay-4", portone.Cancel{Reason: "unguarded", Amount: i64(10000)}); !errors.Is(err, portone.ErrUnavailable) {
		t.Fatalf("lost answer: %v", err)
	}
	if n := f.CallsOf(portonefake.OpCancel) - before; n != 1 {
		t.Fatalf("an unguarded cancel was sent %d times", n)
	}
	cl, err := c.CancelPayment(ctx, "pay-4", portone.Cancel{Reason: "rest", CurrentCancellableAmount: i64(60000)})
	if err != nil || cl.TotalAmount != 60000 || cl.Status != portone.CancelSucceeded {
		t.Fatalf("cancel the rest: %+v %v", cl, err)
	}
	if _, err := c.CancelPayment(ctx, "pay-4", portone.Cancel{Reason: "again"}); !portone.IsType(err, portone.ErrTypePaymentAlreadyCancelled) {
		t.Fatalf("cancel of a cancelled payment: %v", err)
	}
	_ = f.Open("pay-5", portone.MethodCard, 5000, "KRW")
	if _, err := c.CancelPayment(ctx, "pay-5", portone.Cancel{Reason: "x"}); !portone.IsType(err, portone.ErrTypePaymentNotPaid) {
		t.Fatalf("cancel of an unpaid payment: %v", err)
	}
}

func TestVirtualAccountIssueDepositAndClose(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	ctx := context.Background()
	due := time.Now().Add(48 * time.Hour).Truncate(time.Second)
	_ = c.PreRegister(ctx, "vb-1", 150000, "KRW")
	if err := f.Open("vb-1", portone.MethodVirtualAccount, 150000, "KRW"); err != nil {
		t.Fatal(err)
	}
	if err := f.IssueVirtualAccount("vb-1", due); err != nil {
		t.Fatal(err)
	}
	p, err := c.GetPayment(ctx, "vb-1")
	if err != nil || p.Status != portone.StatusVirtualAccount || p.Method == nil || p.Method.AccountNumber == "" || p.Method.Bank == "" || p.Method.RemitteeName == "" || !p.Method.ExpiredAt.Equal(due) {
		t.Fatalf("issued account: %+v %v", p.Method, err)
	}
	if _, err := c.CancelPayment(ctx, "vb-1", portone.Cancel{Reason: "x"}); !portone.IsType(err, portone.ErrTypePaymentNotPaid) {
		t.Fatalf("cancel before the deposit: %v", err)
	}
	if _, err := c.CloseVirtualAccount(ctx, "vb-1"); err != nil {
		t.Fatal(err)
	}
	if err := f.Deposit("vb-1"); err == nil {
		t.Fatal("a closed account took a deposit")
	}
	if _, err := c.CloseVirtualAccount(ctx, "vb-1"); !portone.IsType(err, portone.ErrTypePaymentNotWaitingForDeposit) {
		t.Fatalf("second close: %v", err)
	}
	_ = f.Open("vb-2", portone.MethodVirtualAccount, 150000, "KRW")
	_ = f.IssueVirtualAccount("vb-2", due)
	if err := f.Deposit("vb-2"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.CancelPayment(ctx, "vb-2", portone.Cancel{Reason: "refund"}); !portone.IsType(err, portone.ErrTypeInvalidRequest) {
		t.Fatalf("a virtual-account refund without an account: %v", err)
	}
	if _, err := c.CancelPayment(ctx, "vb-2", portone.Cancel{Reason: "refund", RefundAccount: &portone.RefundAccount{Bank: "KOOKMIN", Number: "123456789", HolderName: "홍길동"}}); err != nil {
		t.Fatal(err)
	}
}

func TestWrongSecretIsUnauthorized(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t)
	c.Secret = "wrong"
	err := c.PreRegister(context.Background(), "pay-6", 1000, "KRW")
	var e *portone.APIError
	if !errors.As(err, &e) || e.Status != http.StatusUnauthorized || e.Type != portone.ErrTypeUnauthorized {
		t.Fatalf("%v", err)
	}
}
