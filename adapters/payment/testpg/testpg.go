// Package testpg is our own payment gateway for development, demo data and
// browser tests. It plays both sides: the provider (a page served by our
// server where the payer approves, declines, or gets a virtual account and
// later deposits; payments kept in our database; webhooks signed like
// PortOne's, Standard Webhooks, posted to our webhook route) and the
// adapter that implements core's gateway port against it. Core cannot tell
// it from PortOne: it pre-registers, is notified, asks, and only then acts.
package testpg

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// Payment is one payment as the test provider keeps it.
type Payment struct {
	PaymentID  string
	PayType    payment.PayType
	Amount     money.Money
	OrderName  string
	Status     payment.RemoteStatus
	TxID       string
	Vbank      *payment.VirtualAccount
	VbankDue   time.Time
	ReturnURL  string
	Locale     string
	FailReason string
	PaidAt     time.Time
	CreatedAt  time.Time
}

// Store keeps the test provider's payments (adapters/postgres.TestPG), so
// the server and the worker see the same provider.
type Store interface {
	// Create stores a new payment; ok false when the id exists (its
	// stored state is answered).
	Create(ctx context.Context, p Payment) (stored Payment, ok bool, err error)
	Get(ctx context.Context, paymentID string) (Payment, bool, error)
	// Update changes a payment under a row lock.
	Update(ctx context.Context, paymentID string, fn func(p *Payment) error) error
}

// Gateway is the test gateway.
type Gateway struct {
	Store Store
	// Keys sign (the first) and verify (any) webhooks, with PortOne's own
	// Standard Webhooks code: the test gateway's events are PortOne's.
	Keys []portone.Secret
	// PublicURL is where browsers reach our server; the page is
	// PublicURL + "/testpg/pay/<paymentId>".
	PublicURL string
	// NoticeURL is where webhooks go ("" : PublicURL + WebhookPath).
	NoticeURL string
	Client    *http.Client
	Now       func() time.Time
	// Sync sends webhooks before answering the page's action (tests);
	// otherwise they go out in the background, as a provider's would.
	Sync bool
}

// WebhookPath is our webhook route for this gateway.
const WebhookPath = "/apply/api/pay/webhook/testpg"

// PagePath is the prefix of the payment page.
const PagePath = "/testpg/pay/"

var _ payment.Gateway = (*Gateway)(nil)

func (g *Gateway) now() time.Time {
	if g.Now != nil {
		return g.Now()
	}
	return time.Now()
}

// Provider implements payment.Gateway.
func (g *Gateway) Provider() payment.Provider { return payment.ProviderTest }

// Prepare pre-registers the order: the amount is fixed here, the page never
// takes one from the browser.
func (g *Gateway) Prepare(ctx context.Context, o payment.Order) (payment.Checkout, error) {
	p, created, err := g.Store.Create(ctx, Payment{PaymentID: o.PaymentID, PayType: o.PayType, Amount: o.Amount,
		OrderName: o.OrderName, Status: payment.RemoteReady, VbankDue: o.VbankDue, ReturnURL: o.ReturnURL,
		Locale: o.Locale, CreatedAt: g.now()})
	if err != nil {
		return payment.Checkout{}, fmt.Errorf("testpg: prepare: %w: %v", payment.ErrUnavailable, err)
	}
	if !created {
		if p.Status == payment.RemotePaid {
			return payment.Checkout{}, payment.ErrAlreadyPaid
		}
		if p.Amount != o.Amount {
			return payment.Checkout{}, fmt.Errorf("testpg: prepare %s again with another amount: %w", o.PaymentID, payment.ErrRefused)
		}
	}
	return payment.Checkout{Provider: payment.ProviderTest, PaymentID: o.PaymentID, Amount: o.Amount, OrderName: o.OrderName,
		PayMethod: string(o.PayType), ApproveURL: g.PublicURL + PagePath + url.PathEscape(o.PaymentID)}, nil
}

// Lookup answers the payment as the test provider holds it.
func (g *Gateway) Lookup(ctx context.Context, ref payment.Ref) (payment.Snapshot, error) {
	p, ok, err := g.Store.Get(ctx, ref.PaymentID)
	if err != nil {
		return payment.Snapshot{}, fmt.Errorf("testpg: lookup: %w: %v", payment.ErrUnavailable, err)
	}
	if !ok {
		return payment.Snapshot{}, payment.ErrNotFound
	}
	return snapshot(p), nil
}

func snapshot(p Payment) payment.Snapshot {
	s := payment.Snapshot{Provider: payment.ProviderTest, PaymentID: p.PaymentID, ProviderTxID: p.TxID, Status: p.Status,
		Amount: p.Amount, Vbank: p.Vbank, PaidAt: p.PaidAt, FailReason: p.FailReason}
	switch p.Status {
	case payment.RemotePaid:
		s.Paid = p.Amount
	case payment.RemoteCancelled:
		s.Cancelled = p.Amount
	}
	s.Raw, _ = json.Marshal(map[string]any{"paymentId": p.PaymentID, "status": p.Status,
		"amount": rawAmount{Amount: p.Amount.Amount(), Currency: string(p.Amount.Currency())}})
	return s
}

// rawAmount is an amount in the gateway's answer, as real providers give
// it: minor units and currency.
type rawAmount struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// Capture is Lookup: the test gateway captures on approval, as PortOne does.
func (g *Gateway) Capture(ctx context.Context, ref payment.Ref) (payment.Snapshot, error) {
	return g.Lookup(ctx, ref)
}

// Cancel refunds a paid payment (whole or part).
func (g *Gateway) Cancel(ctx context.Context, req payment.CancelRequest) (payment.CancelResult, error) {
	var res payment.CancelResult
	err := g.Store.Update(ctx, req.Ref.PaymentID, func(p *Payment) error {
		if p.Status != payment.RemotePaid && p.Status != payment.RemotePartCanceled {
			return fmt.Errorf("testpg: cancel %s: not paid: %w", p.PaymentID, payment.ErrRefused)
		}
		amount := req.Amount
		if amount == (money.Money{}) {
			amount = p.Amount
		}
		p.Status = payment.RemoteCancelled
		if amount != p.Amount {
			p.Status = payment.RemotePartCanceled
		}
		res = payment.CancelResult{CancelID: "cx-" + randHex(6), Amount: amount, At: g.now()}
		return nil
	})
	return res, err
}

// CloseVirtualAccount closes an issued, unpaid account.
func (g *Gateway) CloseVirtualAccount(ctx context.Context, ref payment.Ref) error {
	return g.Store.Update(ctx, ref.PaymentID, func(p *Payment) error {
		if p.Status == payment.RemoteVbankIssued {
			p.Status, p.FailReason = payment.RemoteCancelled, "virtual account closed"
		}
		return nil
	})
}

// event is the webhook body, PortOne's 2024-04-25 shape.
type event struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      struct {
		StoreID       string `json:"storeId"`
		PaymentID     string `json:"paymentId"`
		TransactionID string `json:"transactionId"`
	} `json:"data"`
}

var kinds = map[string]payment.NoticeKind{
	"Transaction.Paid":                 payment.NoticePaid,
	"Transaction.VirtualAccountIssued": payment.NoticeVbankIssued,
	"Transaction.Failed":               payment.NoticeFailed,
	"Transaction.Cancelled":            payment.NoticeCancelled,
	"Transaction.PartialCancelled":     payment.NoticeCancelled,
	"Transaction.PayPending":           payment.NoticePending,
}

// ParseWebhook verifies the Standard Webhooks signature and reads the event.
func (g *Gateway) ParseWebhook(_ context.Context, w payment.Webhook) (payment.Notice, error) {
	at := w.ReceivedAt
	if at.IsZero() {
		at = g.now()
	}
	if err := (portone.Verifier{Secrets: g.Keys}).Verify(w.Get, w.Body, at); err != nil {
		return payment.Notice{}, fmt.Errorf("testpg: %w: %v", payment.ErrBadSignature, err)
	}
	var ev event
	if err := json.Unmarshal(w.Body, &ev); err != nil {
		return payment.Notice{}, fmt.Errorf("testpg: webhook body: %w: %v", payment.ErrBadSignature, err)
	}
	kind, ok := kinds[ev.Type]
	if !ok {
		kind = payment.NoticeOther
	}
	return payment.Notice{Provider: payment.ProviderTest, ID: w.Get("webhook-id"), Type: ev.Type, Kind: kind,
		PaymentID: ev.Data.PaymentID, ProviderTxID: ev.Data.TransactionID, At: ev.Timestamp}, nil
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ---- the provider's side: the page's actions and the webhooks ----

// Actions the page offers.
const (
	ActApprove = "approve" // card, transfer, international card: paid
	ActDecline = "decline" // the card company declines
	ActClose   = "close"   // the payer closes the window: nothing happens
	ActIssue   = "issue"   // virtual account: an account is issued
	ActDeposit = "deposit" // virtual account: the money arrives
	ActExpire  = "expire"  // virtual account: the bank lets it lapse
)

// ErrAction is answered for an action the payment's state does not allow.
var ErrAction = errors.New("testpg: action not allowed now")

// Act performs a payer's action, sends the webhook and answers where the
// browser goes next: the return URL with paymentId (and code and message
// on failure), as PortOne redirects on phones.
func (g *Gateway) Act(ctx context.Context, paymentID, action string) (string, error) {
	var p Payment
	var typ string
	err := g.Store.Update(ctx, paymentID, func(cur *Payment) error {
		now := g.now()
		vbank := cur.PayType == payment.Vbank
		switch {
		case action == ActApprove && !vbank && cur.Status == payment.RemoteReady:
			cur.Status, cur.TxID, cur.PaidAt, typ = payment.RemotePaid, "tx-"+randHex(8), now, "Transaction.Paid"
		case action == ActDecline && cur.Status == payment.RemoteReady:
			cur.Status, cur.FailReason, typ = payment.RemoteFailed, "declined by the test card company", "Transaction.Failed"
		case action == ActClose && cur.Status == payment.RemoteReady:
		case action == ActIssue && vbank && cur.Status == payment.RemoteReady:
			due := cur.VbankDue
			if due.IsZero() {
				due = now.Add(72 * time.Hour)
			}
			cur.Status, cur.TxID, typ = payment.RemoteVbankIssued, "tx-"+randHex(8), "Transaction.VirtualAccountIssued"
			cur.Vbank = &payment.VirtualAccount{Bank: bankName(cur.Locale), AccountNo: accountNo(), Holder: "GradApply", Due: due}
		case action == ActDeposit && cur.Status == payment.RemoteVbankIssued:
			cur.Status, cur.PaidAt, typ = payment.RemotePaid, now, "Transaction.Paid"
		case action == ActExpire && cur.Status == payment.RemoteVbankIssued:
			cur.Status, cur.FailReason, typ = payment.RemoteFailed, "virtual account expired", "Transaction.Failed"
		default:
			return ErrAction
		}
		p = *cur
		return nil
	})
	if err != nil {
		return "", err
	}
	if typ != "" {
		if g.Sync {
			g.notify(ctx, p, typ)
		} else {
			go g.notify(context.WithoutCancel(ctx), p, typ)
		}
	}
	ret := p.ReturnURL
	if ret == "" {
		ret = g.PublicURL + "/pay/mobile"
	}
	u, err := url.Parse(ret)
	if err != nil {
		return "", fmt.Errorf("testpg: return url: %w", err)
	}
	q := u.Query()
	q.Set("paymentId", p.PaymentID)
	switch action {
	case ActDecline:
		q.Set("code", "PG_DECLINED")
		q.Set("message", p.FailReason)
	case ActClose:
		q.Set("code", "PAY_PROCESS_CANCELED")
		q.Set("message", "closed by the payer")
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

func bankName(loc string) string {
	if loc == "en" {
		return "Shinhan Bank"
	}
	return "신한은행"
}

func accountNo() string {
	b := make([]byte, 7)
	_, _ = rand.Read(b)
	out := []byte("562")
	for _, c := range b {
		out = append(out, '0'+c%10, '0'+(c/10)%10)
	}
	return string(out[:14])
}

// notify posts a signed webhook, retrying a few times as PortOne does.
func (g *Gateway) notify(ctx context.Context, p Payment, typ string) {
	var ev event
	ev.Type, ev.Timestamp = typ, g.now().UTC()
	ev.Data.StoreID, ev.Data.PaymentID, ev.Data.TransactionID = "store-testpg", p.PaymentID, p.TxID
	body, _ := json.Marshal(ev)
	target := g.NoticeURL
	if target == "" {
		target = g.PublicURL + WebhookPath
	}
	client := g.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	id := "msg_" + randHex(10)
	for try := range 5 {
		if err := g.Send(ctx, client, target, id, body); err == nil {
			return
		} else if try == 4 {
			slog.Warn("testpg: webhook not delivered", "paymentId", p.PaymentID, "type", typ, "err", err)
			return
		}
		time.Sleep(time.Duration(try+1) * 200 * time.Millisecond)
	}
}

// Send posts one signed webhook body (also used by the load test).
func (g *Gateway) Send(ctx context.Context, client *http.Client, target, id string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range portone.SignHeaders(id, g.now(), body, g.Keys[0]) {
		req.Header.Set(k, v)
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	_ = resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("testpg: webhook answered %d", resp.StatusCode)
	}
	return nil
}

// EventBody is the webhook body of a payment event (load test).
func EventBody(typ, paymentID string, at time.Time) []byte {
	var ev event
	ev.Type, ev.Timestamp = typ, at.UTC()
	ev.Data.StoreID, ev.Data.PaymentID = "store-testpg", paymentID
	b, _ := json.Marshal(ev)
	return b
}
