package portone

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/window"
)

// Gateway is PortOne as the payment core's gateway port. Nothing a
// webhook says is believed: it only names the payment, and core asks
// Lookup.
type Gateway struct {
	Client   *Client
	Verifier Verifier
	// NoticeURL is our webhook address (PUBLIC_URL + the webhook path),
	// sent with every payment as noticeUrls; an Order's own wins.
	NoticeURL string
	Now       func() time.Time
}

var _ payment.Gateway = (*Gateway)(nil)

// Provider names PortOne.
func (g *Gateway) Provider() payment.Provider { return payment.ProviderPortOne }

func (g *Gateway) now() time.Time {
	if g.Now != nil {
		return g.Now()
	}
	return time.Now()
}

// portErr maps the client's errors to the port's.
func portErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrUnavailable):
		return fmt.Errorf("%w: %w", payment.ErrUnavailable, err)
	case IsType(err, ErrTypePaymentNotFound):
		return fmt.Errorf("%w: %w", payment.ErrNotFound, err)
	case IsType(err, ErrTypeAlreadyPaid):
		return fmt.Errorf("%w: %w", payment.ErrAlreadyPaid, err)
	}
	return fmt.Errorf("%w: %w", payment.ErrRefused, err)
}

// payMethod is the browser SDK's payMethod of a pay type; visa_master is
// a card on a channel set up for international cards.
func payMethod(t payment.PayType) PayMethod {
	switch t {
	case payment.Trans:
		return MethodTransfer
	case payment.Vbank:
		return MethodVirtualAccount
	}
	return MethodCard
}

// Prepare pre-registers the amount and currency under our paymentId, so
// that PortOne refuses a payment of any other amount (one changed in the
// browser), and answers the whole PortOne.requestPayment call
// (Checkout.Window): what payments.md lists, every value computed here.
func (g *Gateway) Prepare(ctx context.Context, o payment.Order) (payment.Checkout, error) {
	if o.Amount.Amount() <= 0 {
		return payment.Checkout{}, fmt.Errorf("%w: portone: nothing to pay", payment.ErrRefused)
	}
	// Every school's channel lives in the service's one store
	// (PORTONE_STORE_ID): lookups and cancels name that store, so the
	// window must too, whatever a school's settings say.
	c := g.Client
	if err := c.PreRegister(ctx, o.PaymentID, o.Amount.Amount(), string(o.Amount.Currency())); err != nil {
		return payment.Checkout{}, portErr(err)
	}
	req := Request(o, c.StoreID, g.NoticeURL)
	window, err := json.Marshal(req)
	if err != nil {
		return payment.Checkout{}, fmt.Errorf("portone: window request: %w", err)
	}
	return payment.Checkout{Provider: payment.ProviderPortOne, PaymentID: o.PaymentID, Amount: o.Amount, OrderName: o.OrderName,
		Channel: payment.Channel{StoreID: c.StoreID, ChannelKey: o.Channel.ChannelKey}, PayMethod: string(req.PayMethod), Window: window}, nil
}

// Request is the PortOne.requestPayment call of an order in a store:
// amount, currency and ids as pre-registered, where phones come back
// (redirectUrl), our webhook (noticeUrls: the order's, else
// defaultNotice), the buyer, our ids as customData and, for a virtual
// account, its deadline in Korean time.
func Request(o payment.Order, storeID, defaultNotice string) PaymentRequest {
	req := PaymentRequest{StoreID: storeID, ChannelKey: o.Channel.ChannelKey, PaymentID: o.PaymentID, OrderName: o.OrderName,
		TotalAmount: o.Amount.Amount(), Currency: string(o.Amount.Currency()), PayMethod: payMethod(o.PayType),
		RedirectURL: o.ReturnURL, Locale: "KO_KR", CustomData: &CustomData{PaymentID: o.PaymentID, ApplNo: o.ApplNo}}
	if o.Locale == "en" {
		req.Locale = "EN_US"
	}
	if u := cmp.Or(o.NoticeURL, defaultNotice); u != "" {
		req.NoticeURLs = []string{u}
	}
	if b := o.Buyer; b.Name != "" || b.Email != "" || b.Phone != "" {
		req.Customer = &Customer{FullName: b.Name, Email: b.Email, PhoneNumber: phoneNumber(b.Phone)}
	}
	if req.PayMethod == MethodVirtualAccount && !o.VbankDue.IsZero() {
		req.VirtualAccount = &VirtualAccountRequest{AccountExpiry: &AccountExpiry{DueDate: o.VbankDue.In(window.Seoul).Format(DueDateLayout)}}
	}
	return req
}

// phoneNumber keeps the digits of a phone number (and a leading +), as
// the PGs behind PortOne take it: "010-1234-5678" -> "01012345678".
func phoneNumber(s string) string {
	var b strings.Builder
	for i, r := range strings.TrimSpace(s) {
		if r >= '0' && r <= '9' || r == '+' && i == 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Lookup reads the payment at PortOne: the source of truth.
func (g *Gateway) Lookup(ctx context.Context, ref payment.Ref) (payment.Snapshot, error) {
	p, err := g.Client.GetPayment(ctx, ref.PaymentID)
	if err != nil {
		return payment.Snapshot{}, portErr(err)
	}
	return Snapshot(p), nil
}

// Capture is Lookup: PortOne takes the money when the buyer approves.
func (g *Gateway) Capture(ctx context.Context, ref payment.Ref) (payment.Snapshot, error) {
	return g.Lookup(ctx, ref)
}

// amount is a PortOne amount in the payment's currency; the zero value
// for a currency we do not take, so that core refuses it as a mismatch.
func amount(n int64, currency string) money.Money {
	m, err := money.New(n, money.Currency(currency))
	if err != nil {
		return money.Money{}
	}
	return m
}

// Snapshot maps a PortOne payment to the port's neutral form.
func Snapshot(p Payment) payment.Snapshot {
	s := payment.Snapshot{Provider: payment.ProviderPortOne, PaymentID: p.ID, ProviderTxID: p.TransactionID,
		Amount: amount(p.Amount.Total, p.Currency), ReceiptURL: p.ReceiptURL, Raw: p.Raw,
		Live: p.Channel != nil && p.Channel.Type == "LIVE"}
	if p.CustomData != "" {
		// Our customData names another payment (or is not ours): the
		// snapshot reports that id, and core refuses the answer as an
		// identity mismatch. A payment without customData (opened before
		// we sent it) is judged by its paymentId alone.
		if id := customPaymentID(p.CustomData); id != p.ID {
			s.PaymentID = id
		}
	}
	switch p.Status {
	case StatusReady:
		s.Status = payment.RemoteReady
	case StatusPayPending:
		s.Status = payment.RemotePending
	case StatusVirtualAccount:
		s.Status = payment.RemoteVbankIssued
	case StatusPaid:
		s.Status = payment.RemotePaid
	case StatusFailed:
		s.Status = payment.RemoteFailed
	case StatusCancelled:
		s.Status = payment.RemoteCancelled
	case StatusPartialCancelled:
		s.Status = payment.RemotePartCanceled
	default:
		s.Status = payment.RemotePending // a status we do not know moves nothing
	}
	if p.Amount.Paid > 0 {
		s.Paid = amount(p.Amount.Paid, p.Currency)
	} else if s.Status == payment.RemotePaid {
		// PAID without amount.paid: what was charged is the total, as
		// PortOne reports it; an unknown currency stays the zero value.
		s.Paid = s.Amount
	}
	if p.Amount.Cancelled > 0 {
		s.Cancelled = amount(p.Amount.Cancelled, p.Currency)
	}
	if p.PaidAt != nil {
		s.PaidAt = *p.PaidAt
	}
	if m := p.Method; m != nil && m.Type == MethodTypeVirtualAccount && m.AccountNumber != "" {
		va := &payment.VirtualAccount{Bank: m.Bank, AccountNo: m.AccountNumber, Holder: m.RemitteeName}
		if m.ExpiredAt != nil {
			va.Due = *m.ExpiredAt
		}
		s.Vbank = va
	}
	for _, c := range p.Cancellations {
		s.Refunds = append(s.Refunds, refund(c, p.Currency))
	}
	if f := p.Failure; f != nil {
		s.FailReason = f.Reason
		if s.FailReason == "" {
			s.FailReason = f.PgMessage
		}
	}
	return s
}

// customPaymentID reads our paymentId from a payment's customData (the
// JSON string PortOne keeps of CustomData); customData that is not ours
// answers a description of what was there, never an id of ours.
func customPaymentID(raw string) string {
	var cd CustomData
	if err := json.Unmarshal([]byte(raw), &cd); err == nil && cd.PaymentID != "" {
		return cd.PaymentID
	}
	if r := []rune(raw); len(r) > 80 {
		raw = string(r[:80])
	}
	return "customData:" + raw
}

// refund maps a cancellation to the port's neutral form; a status we do
// not know stays pending.
func refund(c Cancellation, currency string) payment.RemoteRefund {
	r := payment.RemoteRefund{ID: c.ID, Status: payment.RefundPending, Amount: amount(c.TotalAmount, currency)}
	switch c.Status {
	case CancelSucceeded:
		r.Status = payment.RefundSucceeded
	case CancelFailed:
		r.Status = payment.RefundFailed
	}
	switch {
	case c.CancelledAt != nil:
		r.At = *c.CancelledAt
	case c.RequestedAt != nil:
		r.At = *c.RequestedAt
	}
	return r
}

// Cancel refunds all or part of a paid payment, guarded by what we
// believe remains (currentCancellableAmount) so a repeat cannot refund
// twice. When an answer was lost and the client's retry is refused by
// that guard, the refund may have been made: ErrRefused means "look the
// payment up" (Lookup's Cancelled), never "nothing was refunded".
func (g *Gateway) Cancel(ctx context.Context, req payment.CancelRequest) (payment.CancelResult, error) {
	cur := req.Amount.Currency()
	if cur == "" {
		cur = req.Cancellable.Currency()
	}
	if cur == "" {
		p, err := g.Client.GetPayment(ctx, req.Ref.PaymentID)
		if err != nil {
			return payment.CancelResult{}, portErr(err)
		}
		cur = money.Currency(p.Currency)
	}
	body := Cancel{Reason: req.Reason, Requester: "ADMIN"}
	if !req.Amount.IsZero() {
		n := req.Amount.Amount()
		body.Amount = &n
	}
	if req.Cancellable.Currency() != "" {
		n := req.Cancellable.Amount()
		body.CurrentCancellableAmount = &n
	}
	if ra := req.Refund; ra != nil {
		body.RefundAccount = &RefundAccount{Bank: ra.Bank, Number: ra.AccountNo, HolderName: ra.Holder}
	}
	c, err := g.Client.CancelPayment(ctx, req.Ref.PaymentID, body)
	if err != nil {
		return payment.CancelResult{}, portErr(err)
	}
	if c.Status == CancelFailed {
		return payment.CancelResult{}, fmt.Errorf("%w: portone: cancellation %s failed", payment.ErrRefused, c.ID)
	}
	out := payment.CancelResult{CancelID: c.ID, Amount: amount(c.TotalAmount, string(cur)), Pending: c.Status == CancelRequested}
	switch {
	case c.CancelledAt != nil:
		out.At = *c.CancelledAt
	case c.RequestedAt != nil:
		out.At = *c.RequestedAt
	default:
		out.At = g.now()
	}
	return out, nil
}

// CloseVirtualAccount closes an issued, unpaid account. One that is not
// waiting any more (paid, closed, expired) is not an error: core asks
// Lookup next and acts on what it says.
func (g *Gateway) CloseVirtualAccount(ctx context.Context, ref payment.Ref) error {
	_, err := g.Client.CloseVirtualAccount(ctx, ref.PaymentID)
	if IsType(err, ErrTypePaymentNotWaitingForDeposit) {
		return nil
	}
	return portErr(err)
}

// ParseWebhook verifies the Standard Webhooks signature (either of the
// two secrets, timestamp within the tolerance) and reads which payment
// the event names. Unknown types and fields are ignored.
func (g *Gateway) ParseWebhook(_ context.Context, w payment.Webhook) (payment.Notice, error) {
	now := w.ReceivedAt
	if now.IsZero() {
		now = g.now()
	}
	if err := g.Verifier.Verify(w.Get, w.Body, now); err != nil {
		return payment.Notice{}, fmt.Errorf("%w: %w", payment.ErrBadSignature, err)
	}
	n := payment.Notice{Provider: payment.ProviderPortOne, ID: w.Get(HeaderWebhookID), Kind: payment.NoticeOther}
	var ev WebhookEvent
	if err := json.Unmarshal(w.Body, &ev); err != nil {
		return n, nil // authentic but unreadable: nothing to act on
	}
	n.Type, n.At = ev.Type, ev.Timestamp
	n.PaymentID, n.ProviderTxID = ev.Data.PaymentID, ev.Data.TransactionID
	switch ev.Type {
	case WebhookPaid:
		n.Kind = payment.NoticePaid
	case WebhookVirtualAccountIssued:
		n.Kind = payment.NoticeVbankIssued
	case WebhookPayPending:
		n.Kind = payment.NoticePending
	case WebhookFailed:
		n.Kind = payment.NoticeFailed
	case WebhookCancelled, WebhookPartialCancelled, WebhookCancelPending:
		n.Kind = payment.NoticeCancelled
	}
	if n.PaymentID == "" {
		n.Kind = payment.NoticeOther
	}
	return n, nil
}
