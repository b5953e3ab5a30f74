package paypal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// Gateway is PayPal as the payment core's gateway port. A webhook is
// believed only after verify-webhook-signature says SUCCESS, and even then
// it only names the payment: core reads the order (Lookup) or captures it.
type Gateway struct {
	Client *Client
	// BrandName is shown on PayPal's approval page.
	BrandName string
}

var _ payment.Gateway = (*Gateway)(nil)

// Provider names PayPal.
func (g *Gateway) Provider() payment.Provider { return payment.ProviderPayPal }

func portErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrUnavailable):
		return fmt.Errorf("%w: %w", payment.ErrUnavailable, err)
	}
	var e *APIError
	if errors.As(err, &e) && e.Status == 404 {
		return fmt.Errorf("%w: %w", payment.ErrNotFound, err)
	}
	return fmt.Errorf("%w: %w", payment.ErrRefused, err)
}

// Request ids: stable per operation of one attempt, so a retry after a
// lost answer does the work once.
func createID(paymentID string) string  { return "create-" + paymentID }
func captureID(paymentID string) string { return "capture-" + paymentID }

// Prepare creates the order in USD with our paymentId as custom_id and
// invoice_id, and answers the approval link and the order id the PayPal
// buttons need.
func (g *Gateway) Prepare(ctx context.Context, o payment.Order) (payment.Checkout, error) {
	if o.Amount.Currency() != money.USD || o.Amount.Amount() <= 0 {
		return payment.Checkout{}, fmt.Errorf("%w: paypal takes a positive USD amount, got %s", payment.ErrRefused, o.Amount)
	}
	name := o.OrderName
	if r := []rune(name); len(r) > 127 {
		name = string(r[:127])
	}
	body := CreateOrder{Intent: "CAPTURE", PurchaseUnits: []PurchaseUnit{{ReferenceID: o.PaymentID, CustomID: o.PaymentID,
		InvoiceID: o.PaymentID, Description: name, Amount: &Amount{CurrencyCode: "USD", Value: o.Amount.Decimal()}}}}
	body.PaymentSource = &PaymentSource{PayPal: &struct {
		ExperienceContext ExperienceContext `json:"experience_context"`
	}{ExperienceContext{BrandName: g.BrandName, Locale: paypalLocale(o.Locale), ShippingPreference: "NO_SHIPPING",
		UserAction: "PAY_NOW", ReturnURL: o.ReturnURL, CancelURL: o.CancelURL}}}
	ord, err := g.Client.CreateOrder(ctx, createID(o.PaymentID), body)
	if err != nil {
		return payment.Checkout{}, portErr(err)
	}
	return payment.Checkout{Provider: payment.ProviderPayPal, PaymentID: o.PaymentID, ProviderOrderID: ord.ID, Amount: o.Amount,
		OrderName: o.OrderName, ApproveURL: ord.ApproveURL(), Extra: map[string]string{"clientId": g.Client.ClientID, "currency": "USD"}}, nil
}

func paypalLocale(l string) string {
	if l == "en" {
		return "en-US"
	}
	return "ko-KR"
}

// Lookup reads the order; its capture, when there is one, decides.
func (g *Gateway) Lookup(ctx context.Context, ref payment.Ref) (payment.Snapshot, error) {
	if ref.ProviderOrderID == "" {
		return payment.Snapshot{}, fmt.Errorf("%w: paypal: no order id for %s", payment.ErrNotFound, ref.PaymentID)
	}
	o, err := g.Client.GetOrder(ctx, ref.ProviderOrderID)
	if err != nil {
		return payment.Snapshot{}, portErr(err)
	}
	return g.snapshot(o), nil
}

// Capture captures an approved order with a PayPal-Request-Id stable for
// this attempt: a retry after a 5xx answers the first capture. The order
// is read first: one not approved (yet, or any more) is answered as it is,
// and one whose amount, currency or ids differ from ours is never
// captured (money once captured would be held until refunded): it is
// answered as PayPal holds it, approved with PayPal's amount or the id
// that differs, which core refuses with an alert.
func (g *Gateway) Capture(ctx context.Context, ref payment.Ref) (payment.Snapshot, error) {
	if ref.ProviderOrderID == "" {
		return payment.Snapshot{}, fmt.Errorf("%w: paypal: no order id for %s", payment.ErrNotFound, ref.PaymentID)
	}
	if ref.Expected.Currency() == "" {
		return payment.Snapshot{}, fmt.Errorf("%w: paypal: no expected amount for %s, not captured", payment.ErrRefused, ref.PaymentID)
	}
	o, err := g.Client.GetOrder(ctx, ref.ProviderOrderID)
	if err != nil {
		return payment.Snapshot{}, portErr(err)
	}
	if o.Status != OrderApproved {
		return g.snapshot(o), nil
	}
	if s, ok := g.differs(o, ref); ok {
		return s, nil
	}
	o, err = g.Client.CaptureOrder(ctx, ref.ProviderOrderID, captureID(ref.PaymentID))
	if HasIssue(err, IssueOrderNotApproved, IssueInstrumentDeclined) {
		return g.Lookup(ctx, ref)
	}
	if err != nil {
		return payment.Snapshot{}, portErr(err)
	}
	return g.snapshot(o), nil
}

// differs compares an approved order with ours: one purchase unit whose
// amount and currency are ref.Expected and whose custom_id (and
// reference_id and invoice_id, when set) are our paymentId. When they
// differ it answers the order's snapshot naming what differs: PayPal's
// amount (the zero value for an amount that is not one of ours) or the
// id PayPal holds.
func (g *Gateway) differs(o Order, ref payment.Ref) (payment.Snapshot, bool) {
	s := g.snapshot(o)
	if len(o.PurchaseUnits) != 1 {
		s.Amount = money.Money{}
		return s, true
	}
	pu := o.PurchaseUnits[0]
	for _, id := range []struct{ field, value string }{{"custom_id", pu.CustomID}, {"reference_id", pu.ReferenceID}, {"invoice_id", pu.InvoiceID}} {
		if id.value != ref.PaymentID && (id.value != "" || id.field == "custom_id") {
			s.PaymentID = id.value
			if id.field != "custom_id" || id.value == "" {
				s.PaymentID = id.field + ":" + id.value
			}
			return s, true
		}
	}
	return s, s.Amount != ref.Expected
}

func parseAmount(a *Amount) money.Money {
	if a == nil {
		return money.Money{}
	}
	m, err := money.Parse(a.Value, money.Currency(a.CurrencyCode))
	if err != nil {
		return money.Money{} // a currency we do not take: core refuses it as a mismatch
	}
	return m
}

func (g *Gateway) live() bool { return !strings.Contains(g.Client.BaseURL, "sandbox") }

// snapshot maps an order to the port's neutral form. An order can be
// COMPLETED while its capture is DECLINED or PENDING: the capture decides.
func (g *Gateway) snapshot(o Order) payment.Snapshot {
	s := payment.Snapshot{Provider: payment.ProviderPayPal, ProviderOrderID: o.ID, Raw: o.Raw, Live: g.live()}
	if len(o.PurchaseUnits) > 0 {
		pu := o.PurchaseUnits[0]
		s.PaymentID, s.Amount = pu.CustomID, parseAmount(pu.Amount)
		if pu.Payments != nil {
			for _, r := range pu.Payments.Refunds {
				s.Refunds = append(s.Refunds, remoteRefund(r))
			}
		}
	}
	c, ok := o.Capture()
	if !ok {
		switch o.Status {
		case OrderApproved:
			s.Status = payment.RemoteApproved
		case OrderVoided:
			s.Status = payment.RemoteFailed
		case OrderCompleted:
			s.Status = payment.RemotePending // completed without a capture in the answer: ask again
		default:
			s.Status = payment.RemoteReady
		}
		return s
	}
	s.ProviderTxID = c.ID
	if c.CustomID != "" && c.CustomID != s.PaymentID {
		s.PaymentID = c.CustomID // differs from the order's: core refuses the answer
	}
	switch c.Status {
	case CaptureCompleted:
		s.Status = payment.RemotePaid
		s.Paid = parseAmount(c.Amount)
		if c.CreateTime != nil {
			s.PaidAt = *c.CreateTime
		}
	case CapturePending:
		s.Status = payment.RemotePending
	case CaptureDeclined, CaptureFailed:
		s.Status = payment.RemoteFailed
		if c.StatusDetails != nil {
			s.FailReason = c.StatusDetails.Reason
		}
	case CaptureRefunded:
		s.Status = payment.RemoteCancelled
	case CapturePartiallyRefunded:
		s.Status = payment.RemotePartCanceled
	default:
		s.Status = payment.RemotePending
	}
	return s
}

// remoteRefund maps a refund to the port's neutral form; a status we do
// not know stays pending.
func remoteRefund(r Refund) payment.RemoteRefund {
	out := payment.RemoteRefund{ID: r.ID, Status: payment.RefundPending, Amount: parseAmount(r.Amount)}
	switch r.Status {
	case RefundCompleted:
		out.Status = payment.RefundSucceeded
	case RefundFailed, RefundCancelled:
		out.Status = payment.RefundFailed
	}
	if r.CreateTime != nil {
		out.At = *r.CreateTime
	}
	return out
}

// Cancel refunds all or part of the capture. PayPal has no
// cancellable-amount guard: the amount is checked against what we
// believe remains here, PayPal refuses more than remains, and the
// request id makes a retry refund once.
func (g *Gateway) Cancel(ctx context.Context, req payment.CancelRequest) (payment.CancelResult, error) {
	capID := req.Ref.ProviderTxID
	if capID == "" {
		snap, err := g.Lookup(ctx, req.Ref)
		if err != nil {
			return payment.CancelResult{}, err
		}
		capID = snap.ProviderTxID
	}
	if capID == "" {
		return payment.CancelResult{}, fmt.Errorf("%w: paypal: %s was never captured", payment.ErrRefused, req.Ref.PaymentID)
	}
	var amt *Amount
	if !req.Amount.IsZero() {
		if req.Amount.Currency() != money.USD {
			return payment.CancelResult{}, fmt.Errorf("%w: paypal refunds USD, got %s", payment.ErrRefused, req.Amount)
		}
		if req.Cancellable.Currency() == money.USD {
			if c, _ := req.Amount.Cmp(req.Cancellable); c > 0 {
				return payment.CancelResult{}, fmt.Errorf("%w: paypal: %s above what remains (%s)", payment.ErrRefused, req.Amount, req.Cancellable)
			}
		}
		amt = &Amount{CurrencyCode: "USD", Value: req.Amount.Decimal()}
	}
	r, err := g.Client.RefundCapture(ctx, capID, req.RequestID, amt, req.Reason)
	if err != nil {
		return payment.CancelResult{}, portErr(err)
	}
	if r.Status == RefundFailed || r.Status == RefundCancelled {
		return payment.CancelResult{}, fmt.Errorf("%w: paypal: refund %s %s", payment.ErrRefused, r.ID, r.Status)
	}
	out := payment.CancelResult{CancelID: r.ID, Amount: parseAmount(r.Amount), Pending: r.Status == RefundPending, At: time.Now()}
	if out.Amount == (money.Money{}) {
		out.Amount = req.Amount
	}
	if r.CreateTime != nil {
		out.At = *r.CreateTime
	}
	return out, nil
}

// CloseVirtualAccount: PayPal has no virtual accounts.
func (g *Gateway) CloseVirtualAccount(context.Context, payment.Ref) error { return nil }

// ParseWebhook asks PayPal whether the delivery is authentic and, only on
// SUCCESS, reads which order or capture it names.
func (g *Gateway) ParseWebhook(ctx context.Context, w payment.Webhook) (payment.Notice, error) {
	ev, err := g.Client.VerifyWebhook(ctx, w.Get, w.Body)
	switch {
	case errors.Is(err, ErrUnverified):
		return payment.Notice{}, fmt.Errorf("%w: %w", payment.ErrBadSignature, err)
	case err != nil:
		return payment.Notice{}, portErr(err)
	}
	n := payment.Notice{Provider: payment.ProviderPayPal, ID: ev.ID, Type: ev.EventType, At: ev.CreateTime, Kind: payment.NoticeOther}
	switch ev.EventType {
	case EventOrderApproved:
		var o Order
		if json.Unmarshal(ev.Resource, &o) != nil {
			return n, nil
		}
		n.Kind, n.ProviderOrderID = payment.NoticeApproved, o.ID
		if len(o.PurchaseUnits) > 0 {
			n.PaymentID = o.PurchaseUnits[0].CustomID
		}
		return n, nil
	case EventCaptureCompleted, EventCapturePending, EventCaptureDenied, EventCaptureDeclined, EventCaptureRefunded, EventCaptureReversed:
		var c Capture
		if json.Unmarshal(ev.Resource, &c) != nil {
			return n, nil
		}
		n.ProviderTxID, n.PaymentID = c.ID, c.CustomID
		if c.SupplementaryData != nil {
			n.ProviderOrderID = c.SupplementaryData.RelatedIDs.OrderID
		}
		switch ev.EventType {
		case EventCaptureCompleted:
			n.Kind = payment.NoticePaid
		case EventCapturePending:
			n.Kind = payment.NoticePending
		case EventCaptureDenied, EventCaptureDeclined:
			n.Kind = payment.NoticeFailed
		default:
			n.Kind = payment.NoticeCancelled
		}
	}
	return n, nil
}
