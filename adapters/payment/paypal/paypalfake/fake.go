// Package paypalfake is a local PayPal REST server for tests: OAuth 2.0
// client credentials, Orders v2 (create, get, capture), captures and
// refunds with PayPal-Request-Id idempotency, webhooks signed per
// transmission, and verify-webhook-signature. What the buyer does
// (approve), and a PENDING capture that completes later, are methods.
// Knobs (payfake.Knobs) make it answer 5xx, lose answers after doing the
// work, or answer slowly.
package paypalfake

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/payhttp/payfake"
	"github.com/gradapply/gradapply/adapters/payment/paypal"
	"github.com/gradapply/gradapply/core/money"
)

// Operations a knob can target.
const (
	OpToken   = "token"
	OpCreate  = "create"
	OpGet     = "get"
	OpCapture = "capture"
	OpGetCap  = "get-capture"
	OpRefund  = "refund"
	OpVerify  = "verify"
)

// Server is a fake PayPal.
type Server struct {
	*httptest.Server
	payfake.Knobs
	ClientID, Secret string
	// WebhookID is the id of the merchant's webhook; verification fails
	// for any other.
	WebhookID string
	// WebhookURL receives webhooks when a buyer action changes an order;
	// "" sends none.
	WebhookURL string
	// CaptureStatus is the status the next captures get: COMPLETED
	// (default), PENDING or DECLINED.
	CaptureStatus string
	// RefundStatus is the status the next refunds get: COMPLETED
	// (default when "") or PENDING (settled later by SettleRefund).
	RefundStatus string
	// TokenTTL is the lifetime of access tokens (default 9 hours).
	TokenTTL time.Duration
	Now      func() time.Time

	signKey []byte
	mu      sync.Mutex
	orders  map[string]*paypal.Order
	tokens  map[string]time.Time
	replay  map[string]recorded // op + PayPal-Request-Id -> first successful answer
	seq     int
	issued  int
}

type recorded struct {
	status int
	body   []byte
}

// New starts a fake PayPal.
func New() *Server {
	s := &Server{ // #nosec G101 -- the fake's own test credentials, never a real account's
		ClientID: "paypal-test-client", Secret: "paypal-test-secret", WebhookID: "WH1TEST2ID3",
		CaptureStatus: paypal.CaptureCompleted, Now: time.Now,
		signKey: []byte("paypal-fake-private-key"),
		orders:  map[string]*paypal.Order{}, tokens: map[string]time.Time{}, replay: map[string]recorded{},
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// TokensIssued counts the access tokens handed out.
func (s *Server) TokensIssued() int { s.mu.Lock(); defer s.mu.Unlock(); return s.issued }

// Order answers an order as stored.
func (s *Server) Order(id string) (paypal.Order, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok {
		return paypal.Order{}, false
	}
	return clone(o), true
}

// Orders counts the orders created.
func (s *Server) Orders() int { s.mu.Lock(); defer s.mu.Unlock(); return len(s.orders) }

func clone(o *paypal.Order) paypal.Order {
	b, _ := json.Marshal(o)
	var c paypal.Order
	_ = json.Unmarshal(b, &c)
	return c
}

type apiErr struct {
	status int
	name   string
	issue  string
}

func route(method, path string) (op, id string) {
	switch {
	case method == http.MethodPost && path == "/v1/oauth2/token":
		return OpToken, ""
	case method == http.MethodPost && path == "/v2/checkout/orders":
		return OpCreate, ""
	case method == http.MethodPost && path == "/v1/notifications/verify-webhook-signature":
		return OpVerify, ""
	}
	if rest, ok := strings.CutPrefix(path, "/v2/checkout/orders/"); ok {
		if id, ok := strings.CutSuffix(rest, "/capture"); ok && method == http.MethodPost {
			return OpCapture, id
		}
		if method == http.MethodGet && !strings.Contains(rest, "/") {
			return OpGet, rest
		}
	}
	if rest, ok := strings.CutPrefix(path, "/v2/payments/captures/"); ok {
		if id, ok := strings.CutSuffix(rest, "/refund"); ok && method == http.MethodPost {
			return OpRefund, id
		}
		if method == http.MethodGet && !strings.Contains(rest, "/") {
			return OpGetCap, rest
		}
	}
	return "", ""
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body := payfake.ReadBody(r)
	op, id := route(r.Method, r.URL.Path)
	s.Knobs.Serve(w, r, op, body, func(w http.ResponseWriter, r *http.Request) {
		if op == "" {
			write(w, http.StatusNotFound, map[string]string{"name": "RESOURCE_NOT_FOUND"})
			return
		}
		if op == OpToken {
			s.token(w, r, body)
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		if exp, ok := s.tokens[tok]; !ok || !s.Now().Before(exp) {
			write(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token", "error_description": "Token signature verification failed"})
			return
		}
		reqID := r.Header.Get("PayPal-Request-Id")
		key := op + ":" + id + ":" + reqID
		if reqID != "" && op != OpVerify {
			if rec, ok := s.replay[key]; ok {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(rec.status)
				_, _ = w.Write(rec.body)
				return
			}
		}
		status, out, aerr := s.handle(op, id, body)
		if aerr != nil {
			status = aerr.status
			out = map[string]any{"name": aerr.name, "message": aerr.issue, "debug_id": "fake-debug",
				"details": []map[string]string{{"issue": aerr.issue}}}
		}
		b, _ := json.Marshal(out)
		if reqID != "" && op != OpVerify && status < 300 {
			s.replay[key] = recorded{status, b}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write(b)
	})
}

func write(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) token(w http.ResponseWriter, r *http.Request, body []byte) {
	want := "Basic " + base64.StdEncoding.EncodeToString([]byte(s.ClientID+":"+s.Secret))
	if r.Header.Get("Authorization") != want || !bytes.Contains(body, []byte("grant_type=client_credentials")) {
		write(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client", "error_description": "Client Authentication failed"})
		return
	}
	s.mu.Lock()
	ttl := s.TokenTTL
	if ttl <= 0 {
		ttl = 9 * time.Hour
	}
	s.issued++
	tok := fmt.Sprintf("A21AAfake%06d", s.issued)
	s.tokens[tok] = s.Now().Add(ttl)
	s.mu.Unlock()
	write(w, http.StatusOK, map[string]any{"scope": "https://uri.paypal.com/services/payments/payment", "access_token": tok,
		"token_type": "Bearer", "app_id": "APP-fake", "expires_in": int64(ttl / time.Second), "nonce": "fake"})
}

// ExpireTokens makes every issued token invalid (as when PayPal revokes them).
func (s *Server) ExpireTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k := range s.tokens {
		s.tokens[k] = time.Time{}
	}
}

func (s *Server) handle(op, id string, body []byte) (int, any, *apiErr) {
	now := s.Now().UTC().Truncate(time.Second)
	switch op {
	case OpCreate:
		var b paypal.CreateOrder
		if err := json.Unmarshal(body, &b); err != nil || b.Intent != "CAPTURE" || len(b.PurchaseUnits) != 1 || b.PurchaseUnits[0].Amount == nil {
			return 0, nil, &apiErr{http.StatusBadRequest, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER"}
		}
		a := b.PurchaseUnits[0].Amount
		if _, err := money.Parse(a.Value, money.Currency(a.CurrencyCode)); err != nil || a.CurrencyCode != "USD" {
			return 0, nil, &apiErr{http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "CURRENCY_NOT_SUPPORTED"}
		}
		s.seq++
		oid := fmt.Sprintf("5O%015d", s.seq)
		pu := b.PurchaseUnits[0]
		pu.Payments = nil
		o := &paypal.Order{ID: oid, Status: paypal.OrderCreated, Intent: "CAPTURE", PurchaseUnits: []paypal.PurchaseUnit{pu}, CreateTime: &now,
			Links: []paypal.Link{{Href: s.URL + "/v2/checkout/orders/" + oid, Rel: "self", Method: "GET"},
				{Href: s.URL + "/checkoutnow?token=" + oid, Rel: "approve", Method: "GET"}}}
		s.orders[oid] = o
		return http.StatusCreated, o, nil
	case OpGet:
		o := s.orders[id]
		if o == nil {
			return 0, nil, &apiErr{http.StatusNotFound, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID"}
		}
		return http.StatusOK, o, nil
	case OpCapture:
		o := s.orders[id]
		switch {
		case o == nil:
			return 0, nil, &apiErr{http.StatusNotFound, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID"}
		case o.Status == paypal.OrderCompleted:
			return 0, nil, &apiErr{http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", paypal.IssueOrderAlreadyCaptured}
		case o.Status != paypal.OrderApproved:
			return 0, nil, &apiErr{http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", paypal.IssueOrderNotApproved}
		}
		s.seq++
		pu := &o.PurchaseUnits[0]
		c := paypal.Capture{ID: fmt.Sprintf("3C%015d", s.seq), Status: s.CaptureStatus, Amount: pu.Amount, FinalCapture: true,
			CustomID: pu.CustomID, InvoiceID: pu.InvoiceID, CreateTime: &now, UpdateTime: &now}
		c.SupplementaryData = &paypal.SupplementaryData{}
		c.SupplementaryData.RelatedIDs.OrderID = o.ID
		switch c.Status {
		case paypal.CapturePending:
			c.StatusDetails = &paypal.StatusDetails{Reason: "PENDING_REVIEW"}
		case paypal.CaptureDeclined:
			c.StatusDetails = &paypal.StatusDetails{Reason: "DECLINED_BY_RISK_FRAUD_FILTERS"}
		}
		pu.Payments = &paypal.Payments{Captures: []paypal.Capture{c}}
		o.Status, o.UpdateTime = paypal.OrderCompleted, &now
		return http.StatusCreated, o, nil
	case OpGetCap:
		if c := s.capture(id); c != nil {
			return http.StatusOK, c, nil
		}
		return 0, nil, &apiErr{http.StatusNotFound, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID"}
	case OpRefund:
		return s.refund(id, body, now)
	case OpVerify:
		var v paypal.VerifyRequest
		if err := json.Unmarshal(body, &v); err != nil {
			return 0, nil, &apiErr{http.StatusBadRequest, "VALIDATION_ERROR", "INVALID_PARAMETER_SYNTAX"}
		}
		status := "FAILURE"
		if v.WebhookID == s.WebhookID && v.AuthAlgo == "SHA256withRSA" && v.CertURL == s.certURL() &&
			hmac.Equal([]byte(v.TransmissionSig), []byte(s.sign(v.TransmissionID, v.TransmissionTime, v.WebhookID, v.WebhookEvent))) {
			status = "SUCCESS"
		}
		return http.StatusOK, paypal.VerifyResponse{VerificationStatus: status}, nil
	}
	return 0, nil, &apiErr{http.StatusNotFound, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID"}
}

// capture finds a capture (under the lock).
func (s *Server) capture(id string) *paypal.Capture {
	_, c := s.find(id)
	return c
}

// find answers the purchase unit holding a capture and the capture.
func (s *Server) find(captureID string) (*paypal.PurchaseUnit, *paypal.Capture) {
	for _, o := range s.orders {
		for i := range o.PurchaseUnits {
			pu := &o.PurchaseUnits[i]
			if pu.Payments == nil {
				continue
			}
			for j := range pu.Payments.Captures {
				if pu.Payments.Captures[j].ID == captureID {
					return pu, &pu.Payments.Captures[j]
				}
			}
		}
	}
	return nil, nil
}

func (s *Server) refund(id string, body []byte, now time.Time) (int, any, *apiErr) {
	pu, c := s.find(id)
	if c == nil {
		return 0, nil, &apiErr{http.StatusNotFound, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID"}
	}
	if c.Status == paypal.CaptureRefunded {
		return 0, nil, &apiErr{http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", paypal.IssueCaptureFullyRefunded}
	}
	if c.Status != paypal.CaptureCompleted && c.Status != paypal.CapturePartiallyRefunded {
		return 0, nil, &apiErr{http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", paypal.IssueRefundNotAllowed}
	}
	var b struct {
		Amount *paypal.Amount `json:"amount"`
	}
	_ = json.Unmarshal(body, &b)
	remaining := refundable(pu, c)
	amount := remaining
	if b.Amount != nil {
		v, err := money.Parse(b.Amount.Value, money.Currency(b.Amount.CurrencyCode))
		if err != nil || b.Amount.CurrencyCode != c.Amount.CurrencyCode {
			return 0, nil, &apiErr{http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "CURRENCY_MISMATCH"}
		}
		amount = v
	}
	if cmp, _ := amount.Cmp(remaining); cmp > 0 || amount.IsZero() {
		return 0, nil, &apiErr{http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", paypal.IssueRefundExceeded}
	}
	s.seq++
	rf := paypal.Refund{ID: fmt.Sprintf("1R%015d", s.seq), Status: paypal.RefundCompleted,
		Amount: &paypal.Amount{CurrencyCode: "USD", Value: amount.Decimal()}, CreateTime: &now}
	if s.RefundStatus != "" {
		rf.Status = s.RefundStatus
	}
	pu.Payments.Refunds = append(pu.Payments.Refunds, rf)
	captureStatus(pu, c)
	return http.StatusCreated, rf, nil
}

// refundable is what remains of a capture after its refunds that did not
// fail (a pending one holds its amount).
func refundable(pu *paypal.PurchaseUnit, c *paypal.Capture) money.Money {
	remaining, _ := money.Parse(c.Amount.Value, money.USD)
	for _, r := range pu.Payments.Refunds {
		if r.Status == paypal.RefundFailed || r.Status == paypal.RefundCancelled {
			continue
		}
		v, _ := money.Parse(r.Amount.Value, money.USD)
		remaining, _ = remaining.Sub(v)
	}
	return remaining
}

// captureStatus follows the refunds: REFUNDED when nothing remains,
// PARTIALLY_REFUNDED when some was refunded, COMPLETED when none.
func captureStatus(pu *paypal.PurchaseUnit, c *paypal.Capture) {
	total, _ := money.Parse(c.Amount.Value, money.USD)
	switch left := refundable(pu, c); {
	case left.IsZero():
		c.Status = paypal.CaptureRefunded
	case left == total:
		c.Status = paypal.CaptureCompleted
	default:
		c.Status = paypal.CapturePartiallyRefunded
	}
}

// SettleRefund is PayPal ending a PENDING refund with status COMPLETED
// (and the PAYMENT.CAPTURE.REFUNDED webhook) or FAILED (the amount
// refundable again, no webhook).
func (s *Server) SettleRefund(orderID, refundID, status string) error {
	event := ""
	if status == paypal.RefundCompleted {
		event = paypal.EventCaptureRefunded
	}
	s.mu.Lock()
	o := s.orders[orderID]
	var found bool
	if o != nil && len(o.PurchaseUnits) > 0 && o.PurchaseUnits[0].Payments != nil {
		pu := &o.PurchaseUnits[0]
		for i := range pu.Payments.Refunds {
			if r := &pu.Payments.Refunds[i]; r.ID == refundID && r.Status == paypal.RefundPending {
				r.Status, found = status, true
				captureStatus(pu, &pu.Payments.Captures[0])
			}
		}
	}
	url := s.WebhookURL
	s.mu.Unlock()
	if !found {
		return fmt.Errorf("paypalfake: no pending refund %s of order %s", refundID, orderID)
	}
	if url == "" || event == "" {
		return nil
	}
	_, err := payfake.Send(context.Background(), url, s.Webhook(orderID, event))
	return err
}

// Buyer and PayPal actions.

// Approve is the buyer approving the order in PayPal's window.
func (s *Server) Approve(orderID string) error {
	return s.change(orderID, paypal.EventOrderApproved, func(o *paypal.Order) error {
		if o.Status != paypal.OrderCreated && o.Status != paypal.OrderPayerActionRequired {
			return fmt.Errorf("paypalfake: order %s is %s", orderID, o.Status)
		}
		o.Status = paypal.OrderApproved
		return nil
	})
}

// CompletePending is PayPal clearing a PENDING capture: COMPLETED, and
// the PAYMENT.CAPTURE.COMPLETED webhook.
func (s *Server) CompletePending(orderID string) error {
	return s.change(orderID, paypal.EventCaptureCompleted, func(o *paypal.Order) error {
		c := &o.PurchaseUnits[0].Payments.Captures[0]
		if c.Status != paypal.CapturePending {
			return fmt.Errorf("paypalfake: capture of %s is %s", orderID, c.Status)
		}
		c.Status, c.StatusDetails = paypal.CaptureCompleted, nil
		return nil
	})
}

// Tamper changes an order as PayPal stores it, without a webhook: for
// answers that differ from our order (amount, currency, custom_id).
func (s *Server) Tamper(orderID string, f func(*paypal.Order)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o := s.orders[orderID]; o != nil {
		f(o)
	}
}

func (s *Server) change(orderID, event string, f func(*paypal.Order) error) error {
	s.mu.Lock()
	o := s.orders[orderID]
	if o == nil {
		s.mu.Unlock()
		return fmt.Errorf("paypalfake: no order %s", orderID)
	}
	if err := f(o); err != nil {
		s.mu.Unlock()
		return err
	}
	url := s.WebhookURL
	s.mu.Unlock()
	if url == "" {
		return nil
	}
	_, err := payfake.Send(context.Background(), url, s.Webhook(orderID, event))
	return err
}

// Webhooks.

func (s *Server) certURL() string { return s.URL + "/v1/notifications/certs/CERT-fake-0001" }

// sign stands for PayPal's RSA signature over
// "transmission id|time|webhook id|crc32 of the body": an HMAC with a key
// only the fake holds, over the compacted body.
func (s *Server) sign(transmissionID, transmissionTime, webhookID string, body []byte) string {
	var c bytes.Buffer
	if json.Compact(&c, body) != nil {
		c.Reset()
		c.Write(body)
	}
	m := hmac.New(sha256.New, s.signKey)
	fmt.Fprintf(m, "%s|%s|%s|%d", transmissionID, transmissionTime, webhookID, crc32.ChecksumIEEE(c.Bytes()))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// Webhook builds the signed delivery of an event about an order: the
// order itself for CHECKOUT.ORDER.*, its capture for PAYMENT.CAPTURE.*.
func (s *Server) Webhook(orderID, eventType string) payfake.Delivery {
	s.mu.Lock()
	s.seq++
	n := s.seq
	var resource any
	rtype := "checkout-order"
	if o := s.orders[orderID]; o != nil {
		resource = o
		if strings.HasPrefix(eventType, "PAYMENT.CAPTURE.") {
			rtype = "capture"
			if c, ok := o.Capture(); ok {
				resource = c
			}
		}
	}
	now := s.Now().UTC().Truncate(time.Second)
	body, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("WH-%06d-%s", n, orderID), "event_version": "1.0", "create_time": now,
		"resource_type": rtype, "resource_version": "2.0", "event_type": eventType, "summary": eventType, "resource": resource})
	s.mu.Unlock()
	return s.Sign(body, fmt.Sprintf("tx-%06d", n), now)
}

// Sign signs a body as PayPal would deliver it to our webhook.
func (s *Server) Sign(body []byte, transmissionID string, at time.Time) payfake.Delivery {
	ts := at.UTC().Format(time.RFC3339)
	h := http.Header{"Content-Type": {"application/json"}}
	h.Set(paypal.HeaderAuthAlgo, "SHA256withRSA")
	h.Set(paypal.HeaderCertURL, s.certURL())
	h.Set(paypal.HeaderTransmissionID, transmissionID)
	h.Set(paypal.HeaderTransmissionTime, ts)
	h.Set(paypal.HeaderTransmissionSig, s.sign(transmissionID, ts, s.WebhookID, body))
	return payfake.Delivery{Header: h, Body: body}
}

// Forge is a delivery that looks right but carries a signature PayPal
// did not make.
func (s *Server) Forge(orderID, eventType string) payfake.Delivery {
	d := s.Webhook(orderID, eventType)
	d.Header.Set(paypal.HeaderTransmissionSig, base64.StdEncoding.EncodeToString([]byte("forged-signature-forged-signature")))
	return d
}
