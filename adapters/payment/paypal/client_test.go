package paypal_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/payhttp"
	"github.com/gradapply/gradapply/adapters/payment/paypal"
	"github.com/gradapply/gradapply/adapters/payment/paypal/paypalfake"
)

func newClient(t *testing.T) (*paypal.Client, *paypalfake.Server) {
	t.Helper()
	f := paypalfake.New()
	t.Cleanup(f.Close)
	c := &paypal.Client{BaseURL: f.URL, ClientID: f.ClientID, Secret: f.Secret, WebhookID: f.WebhookID,
		Caller: &payhttp.Caller{Timeout: 300 * time.Millisecond, Backoff: time.Millisecond}}
	return c, f
}

func order(paymentID, value string) paypal.CreateOrder {
	return paypal.CreateOrder{PurchaseUnits: []paypal.PurchaseUnit{{ReferenceID: paymentID, CustomID: paymentID, InvoiceID: paymentID,
		Amount: &paypal.Amount{CurrencyCode: "USD", Value: value}}}}
}

func TestTokenIsCachedAndRenewedWhenRefused(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	ctx := context.Background()
	o, err := c.CreateOrder(ctx, "create-p1", order("p1", "57.47"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetOrder(ctx, o.ID); err != nil {
		t.Fatal(err)
	}
	if n := f.TokensIssued(); n != 1 {
		t.Fatalf("%d tokens for two calls", n)
	}
	f.ExpireTokens()
	if _, err := c.GetOrder(ctx, o.ID); err != nil {
		t.Fatalf("a revoked token is replaced: %v", err)
	}
	if n := f.TokensIssued(); n != 2 {
		t.Fatalf("%d tokens", n)
	}
	bad := &paypal.Client{BaseURL: f.URL, ClientID: f.ClientID, Secret: "wrong", Caller: c.Caller}
	var e *paypal.APIError
	if _, err := bad.GetOrder(ctx, o.ID); !errors.As(err, &e) || e.Status != http.StatusUnauthorized {
		t.Fatalf("wrong secret: %v", err)
	}
}

func TestCreateOrderRetriedAfterLostAnswerCreatesOne(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	f.FailAfterWork(paypalfake.OpCreate, 1)
	o, err := c.CreateOrder(context.Background(), "create-p2", order("p2", "57.47"))
	if err != nil {
		t.Fatal(err)
	}
	if f.Orders() != 1 || f.CallsOf(paypalfake.OpCreate) != 2 {
		t.Fatalf("%d orders after %d calls", f.Orders(), f.CallsOf(paypalfake.OpCreate))
	}
	if o.Status != paypal.OrderCreated || o.ApproveURL() == "" || o.PurchaseUnits[0].CustomID != "p2" {
		t.Fatalf("%+v", o)
	}
}

func TestCaptureOrderRetriedAfter5xxCapturesOnce(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	ctx := context.Background()
	o, _ := c.CreateOrder(ctx, "create-p3", order("p3", "57.47"))
	if _, err := c.CaptureOrder(ctx, o.ID, "capture-p3"); !paypal.HasIssue(err, paypal.IssueOrderNotApproved) {
		t.Fatalf("capture before approval: %v", err)
	}
	if err := f.Approve(o.ID); err != nil {
		t.Fatal(err)
	}
	f.FailAfterWork(paypalfake.OpCapture, 1)
	got, err := c.CaptureOrder(ctx, o.ID, "capture-p3")
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	for _, call := range f.Calls() {
		if call.Op == paypalfake.OpCapture {
			calls++
			if call.Header.Get("PayPal-Request-Id") != "capture-p3" {
				t.Fatalf("capture sent PayPal-Request-Id %q", call.Header.Get("PayPal-Request-Id"))
			}
		}
	}
	cp, ok := got.Capture()
	if calls != 3 || !ok || cp.Status != paypal.CaptureCompleted || cp.Amount.Value != "57.47" {
		t.Fatalf("%d capture calls, capture %+v", calls, cp)
	}
	stored, _ := f.Order(o.ID)
	if n := len(stored.PurchaseUnits[0].Payments.Captures); n != 1 {
		t.Fatalf("%d captures at PayPal", n)
	}
	// A capture under another request id finds the order captured and reads it.
	again, err := c.CaptureOrder(ctx, o.ID, "capture-p3-other")
	if cp2, _ := again.Capture(); err != nil || cp2.ID != cp.ID {
		t.Fatalf("second capture: %v %+v", err, cp2)
	}
}

func TestPendingAndDeclinedCaptures(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	ctx := context.Background()
	f.CaptureStatus = paypal.CapturePending
	o, _ := c.CreateOrder(ctx, "create-p4", order("p4", "10.00"))
	_ = f.Approve(o.ID)
	got, err := c.CaptureOrder(ctx, o.ID, "capture-p4")
	cp, _ := got.Capture()
	if err != nil || got.Status != paypal.OrderCompleted || cp.Status != paypal.CapturePending {
		t.Fatalf("order %s capture %s %v", got.Status, cp.Status, err)
	}
	if err := f.CompletePending(o.ID); err != nil {
		t.Fatal(err)
	}
	if read, err := c.GetCapture(ctx, cp.ID); err != nil || read.Status != paypal.CaptureCompleted {
		t.Fatalf("after clearing: %+v %v", read, err)
	}
	f.CaptureStatus = paypal.CaptureDeclined
	o2, _ := c.CreateOrder(ctx, "create-p5", order("p5", "10.00"))
	_ = f.Approve(o2.ID)
	got2, _ := c.CaptureOrder(ctx, o2.ID, "capture-p5")
	if cp2, _ := got2.Capture(); got2.Status != paypal.OrderCompleted || cp2.Status != paypal.CaptureDeclined {
		t.Fatalf("an order COMPLETED with a DECLINED capture: %s %s", got2.Status, cp2.Status)
	}
}

func TestRefundOnceAndNeverAboveWhatRemains(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	ctx := context.Background()
	o, _ := c.CreateOrder(ctx, "create-p6", order("p6", "57.47"))
	_ = f.Approve(o.ID)
	got, _ := c.CaptureOrder(ctx, o.ID, "capture-p6")
	cp, _ := got.Capture()
	f.FailAfterWork(paypalfake.OpRefund, 1)
	r, err := c.RefundCapture(ctx, cp.ID, "refund-p6-1", &paypal.Amount{CurrencyCode: "USD", Value: "20.00"}, "partial")
	if err != nil || r.Status != paypal.RefundCompleted || r.Amount.Value != "20.00" {
		t.Fatalf("%+v %v", r, err)
	}
	if _, err := c.RefundCapture(ctx, cp.ID, "refund-p6-2", &paypal.Amount{CurrencyCode: "USD", Value: "40.00"}, ""); !paypal.HasIssue(err, paypal.IssueRefundExceeded) {
		t.Fatalf("above what remains: %v", err)
	}
	r, err = c.RefundCapture(ctx, cp.ID, "refund-p6-3", nil, "rest")
	if err != nil || r.Amount.Value != "37.47" {
		t.Fatalf("the rest: %+v %v", r, err)
	}
	read, _ := c.GetCapture(ctx, cp.ID)
	if read.Status != paypal.CaptureRefunded {
		t.Fatalf("capture %s", read.Status)
	}
}

func TestVerifyWebhookActsOnlyOnSuccess(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	ctx := context.Background()
	o, _ := c.CreateOrder(ctx, "create-p7", order("p7", "57.47"))
	_ = f.Approve(o.ID)
	_, _ = c.CaptureOrder(ctx, o.ID, "capture-p7")
	good := f.Webhook(o.ID, paypal.EventCaptureCompleted)
	ev, err := c.VerifyWebhook(ctx, good.Header.Get, good.Body)
	if err != nil || ev.EventType != paypal.EventCaptureCompleted || ev.ID == "" {
		t.Fatalf("%+v %v", ev, err)
	}
	tampered := good.WithBody(bytes.Replace(good.Body, []byte(`"57.47"`), []byte(`"5.47"`), 1))
	if bytes.Equal(tampered.Body, good.Body) {
		t.Fatal("the test did not change the body")
	}
	cases := map[string]struct {
		get  func(string) string
		body []byte
	}{
		"tampered body":   {tampered.Header.Get, tampered.Body},
		"forged":          {f.Forge(o.ID, paypal.EventCaptureCompleted).Header.Get, good.Body},
		"missing headers": {func(string) string { return "" }, good.Body},
		"not an event":    {good.Header.Get, []byte(`{"hello":1}`)},
	}
	for name, tc := range cases {
		if _, err := c.VerifyWebhook(ctx, tc.get, tc.body); !errors.Is(err, paypal.ErrUnverified) {
			t.Fatalf("%s: %v", name, err)
		}
	}
	other := &paypal.Client{BaseURL: f.URL, ClientID: f.ClientID, Secret: f.Secret, WebhookID: "SOMEONE1ELSE", Caller: c.Caller}
	if _, err := other.VerifyWebhook(ctx, good.Header.Get, good.Body); !errors.Is(err, paypal.ErrUnverified) {
		t.Fatalf("another webhook id: %v", err)
	}
	f.Fail(paypalfake.OpVerify, 5)
	if _, err := c.VerifyWebhook(ctx, good.Header.Get, good.Body); !errors.Is(err, paypal.ErrUnavailable) || errors.Is(err, paypal.ErrUnverified) {
		t.Fatalf("verification down: %v", err)
	}
}
