package paypal_test

// Issue 9's adapter checks for PayPal, one test per check: the service
// wired as cmd/server wires it, with PayPal configured to the local fake
// PayPal, webhooks through the server's route, on PostgreSQL (package
// paytest).

import (
	"bytes"
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/app/paytest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/payment/payhttp/payfake"
	"github.com/gradapply/gradapply/adapters/payment/paypal"
	"github.com/gradapply/gradapply/adapters/payment/paypal/paypalfake"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/payment"
)

type flow struct {
	*paytest.Env
	fake *paypalfake.Server
}

func newFlow(t *testing.T) *flow {
	t.Helper()
	t.Parallel()
	f := paypalfake.New()
	t.Cleanup(f.Close)
	return &flow{Env: paytest.New(t, func(c *config.Config) {
		c.PayPal = config.PayPal{ClientID: f.ClientID, Secret: f.Secret, WebhookID: f.WebhookID, BaseURL: f.URL}
	}), fake: f}
}

// USD 65.00 + round-half-up(65.00 x 4.4% + 0.30) = 65.00 + 3.16 = 68.16.
const wantTotal = "68.16"

func (f *flow) start() payment.Checkout {
	f.T.Helper()
	co := f.Start(payment.VisaMaster, "en")
	o, ok := f.fake.Order(co.ProviderOrderID)
	if !ok || co.Amount.Decimal() != wantTotal || o.PurchaseUnits[0].Amount.Value != wantTotal || o.PurchaseUnits[0].CustomID != co.PaymentID {
		f.T.Fatalf("checkout %+v, order %+v", co, o)
	}
	if co.ApproveURL == "" || co.Extra["clientId"] != f.fake.ClientID {
		f.T.Fatalf("checkout %+v", co)
	}
	return co
}

func (f *flow) send(ds ...payfake.Delivery) []int {
	f.T.Helper()
	codes, err := payfake.Send(context.Background(), f.HookURL(payment.ProviderPayPal), ds...)
	if err != nil {
		f.T.Fatal(err)
	}
	return codes
}

func (f *flow) captures(orderID string) int {
	o, _ := f.fake.Order(orderID)
	if len(o.PurchaseUnits) == 0 || o.PurchaseUnits[0].Payments == nil {
		return 0
	}
	return len(o.PurchaseUnits[0].Payments.Captures)
}

func TestWebhookActsOnlyAfterVerificationSucceeds(t *testing.T) {
	f := newFlow(t)
	co := f.start()
	if err := f.fake.Approve(co.ProviderOrderID); err != nil {
		t.Fatal(err)
	}
	genuine := f.fake.Webhook(co.ProviderOrderID, paypal.EventOrderApproved)
	tampered := genuine.WithBody(bytes.Replace(genuine.Body, []byte(`"`+wantTotal+`"`), []byte(`"1.00"`), 1))
	if bytes.Equal(tampered.Body, genuine.Body) {
		t.Fatal("the body was not changed")
	}
	for name, d := range map[string]payfake.Delivery{"forged": f.fake.Forge(co.ProviderOrderID, paypal.EventOrderApproved), "tampered body": tampered} {
		if c := f.send(d); c[0] != http.StatusBadRequest {
			t.Fatalf("%s: answered %d", name, c[0])
		}
	}
	// PayPal's verification is down: not verified, not acted on, PayPal retries.
	f.fake.Fail(paypalfake.OpVerify, 100)
	if c := f.send(genuine); c[0] != http.StatusServiceUnavailable {
		t.Fatalf("unverifiable: answered %d", c[0])
	}
	f.fake.Recover(paypalfake.OpVerify)
	if n := f.fake.CallsOf(paypalfake.OpCapture); n != 0 {
		t.Fatalf("captured %d times on an unverified webhook", n)
	}
	f.Unpaid(co.PaymentID)
	if n := len(f.Alerts(payment.CodeBadSignature)); n != 2 {
		t.Fatalf("%d bad-signature records", n)
	}
	if c := f.send(genuine); c[0] != http.StatusOK {
		t.Fatalf("genuine: answered %d", c[0])
	}
	f.CompletedOnce(co.PaymentID, wantTotal)
	if n := f.captures(co.ProviderOrderID); n != 1 {
		t.Fatalf("%d captures", n)
	}
}

func TestCaptureRetriedAfter5xxCapturesOnce(t *testing.T) {
	requestIDs := func(f *flow) map[string]int {
		ids := map[string]int{}
		for _, c := range f.fake.Calls() {
			if c.Op == paypalfake.OpCapture {
				ids[c.Header.Get("PayPal-Request-Id")]++
			}
		}
		return ids
	}
	t.Run("answer lost once", func(t *testing.T) {
		f := newFlow(t)
		co := f.start()
		_ = f.fake.Approve(co.ProviderOrderID)
		f.fake.FailAfterWork(paypalfake.OpCapture, 1) // PayPal captured, then answered 500
		if a, err := f.Confirm(co.PaymentID, payment.Return{}); err != nil || a.Result() != payment.Paid {
			t.Fatalf("return: %s %v", a.Result(), err)
		}
		f.CompletedOnce(co.PaymentID, wantTotal)
		if ids := requestIDs(f); len(ids) != 1 || ids["capture-"+co.PaymentID] != 2 {
			t.Fatalf("capture request ids %v, want one id sent twice", ids)
		}
		if n := f.captures(co.ProviderOrderID); n != 1 {
			t.Fatalf("%d captures at PayPal", n)
		}
	})
	t.Run("every answer lost, then the applicant reloads", func(t *testing.T) {
		f := newFlow(t)
		co := f.start()
		_ = f.fake.Approve(co.ProviderOrderID)
		f.fake.FailAfterWork(paypalfake.OpCapture, 3)
		if _, err := f.Confirm(co.PaymentID, payment.Return{}); !paytest.IsKind(err, apperr.KindUnavailable) {
			t.Fatalf("lost answers: %v", err)
		}
		if a := f.Attempt(co.PaymentID); a.Result() != payment.Proceeding {
			t.Fatalf("attempt %s", a.Result())
		}
		if a, err := f.Confirm(co.PaymentID, payment.Return{}); err != nil || a.Result() != payment.Paid {
			t.Fatalf("second return: %s %v", a.Result(), err)
		}
		f.CompletedOnce(co.PaymentID, wantTotal)
		if ids := requestIDs(f); len(ids) != 1 || ids["capture-"+co.PaymentID] < 2 {
			t.Fatalf("capture request ids %v", ids)
		}
		if n := f.captures(co.ProviderOrderID); n != 1 {
			t.Fatalf("%d captures at PayPal", n)
		}
	})
}

func TestPendingCaptureStaysUnpaidUntilCaptureCompleted(t *testing.T) {
	f := newFlow(t)
	f.fake.CaptureStatus = paypal.CapturePending
	co := f.start()
	_ = f.fake.Approve(co.ProviderOrderID)
	if a, err := f.Confirm(co.PaymentID, payment.Return{}); err != nil || a.Result() != payment.Proceeding {
		t.Fatalf("pending capture: %s %v", a.Result(), err)
	}
	if c := f.send(f.fake.Webhook(co.ProviderOrderID, paypal.EventCapturePending)); c[0] != http.StatusOK {
		t.Fatalf("PENDING webhook %d", c[0])
	}
	f.Svc.AbandonAfter = time.Nanosecond
	if _, err := f.Svc.Reconcile(context.Background(), 0, 10); err != nil {
		t.Fatal(err)
	}
	f.Unpaid(co.PaymentID)
	if a := f.Attempt(co.PaymentID); a.Result() != payment.Proceeding {
		t.Fatalf("reconciliation ended a PENDING capture: %s", a.Result())
	}
	f.fake.WebhookURL = f.HookURL(payment.ProviderPayPal)
	if err := f.fake.CompletePending(co.ProviderOrderID); err != nil { // sends PAYMENT.CAPTURE.COMPLETED
		t.Fatal(err)
	}
	f.CompletedOnce(co.PaymentID, wantTotal)
}

// An order whose amount, currency or our id at PayPal differs from ours
// is never captured (captured, the money would be held until refunded):
// the applicant is not charged, staff get an alert, and the applicant
// can pay again.
func TestPayPalOrderThatDiffersFromOursIsNeverCaptured(t *testing.T) {
	for name, tc := range map[string]struct {
		tamper func(*paypal.Order)
		code   string // the alert of the browser's return
		hook   string // the alert of the approval webhook
	}{
		"amount":    {func(o *paypal.Order) { o.PurchaseUnits[0].Amount.Value = "1.00" }, payment.CodeAmountMismatch, payment.CodeAmountMismatch},
		"currency":  {func(o *paypal.Order) { o.PurchaseUnits[0].Amount.CurrencyCode = "EUR" }, payment.CodeAmountMismatch, payment.CodeAmountMismatch},
		"custom_id": {func(o *paypal.Order) { o.PurchaseUnits[0].CustomID = "ga1-someone-else" }, payment.CodeIdentityMismatch, payment.CodeUnknownPayment},
	} {
		for _, via := range []string{"browser return", "approval webhook"} {
			t.Run(name+", "+via, func(t *testing.T) {
				f := newFlow(t)
				co := f.start()
				_ = f.fake.Approve(co.ProviderOrderID)
				f.fake.Tamper(co.ProviderOrderID, tc.tamper)
				code := tc.code
				if via == "browser return" {
					if a, err := f.Confirm(co.PaymentID, payment.Return{}); err != nil || a.Result() != payment.Proceeding {
						t.Fatalf("return: %s %v", a.Result(), err)
					}
				} else {
					code = tc.hook
					if c := f.send(f.fake.Webhook(co.ProviderOrderID, paypal.EventOrderApproved)); c[0] != http.StatusOK {
						t.Fatalf("approval webhook answered %d", c[0])
					}
				}
				if n := f.fake.CallsOf(paypalfake.OpCapture); n != 0 {
					t.Fatalf("PayPal got %d capture calls", n)
				}
				f.Unpaid(co.PaymentID)
				if n := len(f.Alerts(code)); n != 1 {
					t.Fatalf("%d %s alerts, want 1 (all alerts: %+v)", n, code, f.Alerts(""))
				}
				// The applicant pays again; the differing order stays uncaptured.
				co2 := f.start()
				if a := f.Attempt(co.PaymentID); a.Result() != payment.Failed {
					t.Fatalf("the refused attempt is %s after a new start", a.Result())
				}
				_ = f.fake.Approve(co2.ProviderOrderID)
				if _, err := f.Confirm(co2.PaymentID, payment.Return{}); err != nil {
					t.Fatal(err)
				}
				f.CompletedOnce(co2.PaymentID, wantTotal)
				if n := f.captures(co.ProviderOrderID); n != 0 {
					t.Fatalf("the differing order has %d captures", n)
				}
			})
		}
	}
}

func TestDeclinedCaptureLeavesUnpaidAndAllowsPayingAgain(t *testing.T) {
	f := newFlow(t)
	f.fake.CaptureStatus = paypal.CaptureDeclined
	co := f.start()
	_ = f.fake.Approve(co.ProviderOrderID)
	if a, err := f.Confirm(co.PaymentID, payment.Return{}); err != nil || a.Result() != payment.Failed {
		t.Fatalf("declined capture: %s %v", a.Result(), err)
	}
	f.Unpaid(co.PaymentID)
	f.fake.CaptureStatus = paypal.CaptureCompleted
	co2 := f.start()
	_ = f.fake.Approve(co2.ProviderOrderID)
	if _, err := f.Confirm(co2.PaymentID, payment.Return{}); err != nil {
		t.Fatal(err)
	}
	f.CompletedOnce(co2.PaymentID, wantTotal)
}

func TestSameApprovalWebhookFiveTimesInParallelCapturesAndCompletesOnce(t *testing.T) {
	f := newFlow(t)
	co := f.start()
	_ = f.fake.Approve(co.ProviderOrderID)
	d := f.fake.Webhook(co.ProviderOrderID, paypal.EventOrderApproved)
	codes, err := payfake.SendParallel(context.Background(), f.HookURL(payment.ProviderPayPal), d, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range codes {
		if c != http.StatusOK {
			t.Fatalf("answers %v", codes)
		}
	}
	f.CompletedOnce(co.PaymentID, wantTotal)
	if n := f.captures(co.ProviderOrderID); n != 1 {
		t.Fatalf("%d captures at PayPal", n)
	}
}
