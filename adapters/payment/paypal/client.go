// Package paypal speaks PayPal's REST API (payments.md): OAuth 2.0 client
// credentials with the token cached until shortly before it expires,
// Orders v2 (create, get, capture), captures and refunds, and webhooks
// trusted only after POST /v1/notifications/verify-webhook-signature
// answers SUCCESS. Create, capture and refund carry a PayPal-Request-Id
// that is stable per operation, so a retry after a lost answer does the
// work once.
package paypal

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/payhttp"
)

// Base URLs.
const (
	LiveBaseURL    = "https://api-m.paypal.com"
	SandboxBaseURL = "https://api-m.sandbox.paypal.com"
)

// ErrUnavailable is payhttp.ErrUnavailable: the outcome is unknown.
var ErrUnavailable = payhttp.ErrUnavailable

// ErrUnverified: PayPal did not answer SUCCESS for a webhook.
var ErrUnverified = errors.New("paypal: webhook signature not verified")

// Client calls PayPal for one REST app.
type Client struct {
	BaseURL   string // "" means LiveBaseURL
	ClientID  string
	Secret    string
	WebhookID string // the id of our webhook in the developer dashboard
	Caller    *payhttp.Caller
	Now       func() time.Time

	mu      sync.Mutex
	token   string
	expires time.Time
}

func (c *Client) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func (c *Client) caller() *payhttp.Caller {
	if c.Caller != nil {
		return c.Caller
	}
	return &payhttp.Caller{}
}

func (c *Client) url(path string) string {
	base := c.BaseURL
	if base == "" {
		base = LiveBaseURL
	}
	return strings.TrimRight(base, "/") + path
}

// accessToken answers a cached token, or a new one when the cached one
// expires within a minute.
func (c *Client) accessToken(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token != "" && c.now().Before(c.expires) {
		return c.token, nil
	}
	basic := base64.StdEncoding.EncodeToString([]byte(c.ClientID + ":" + c.Secret))
	resp, err := c.caller().Do(ctx, payhttp.Request{
		Method: http.MethodPost, URL: c.url("/v1/oauth2/token"), Retry: true,
		Header: http.Header{"Authorization": {"Basic " + basic}, "Content-Type": {"application/x-www-form-urlencoded"}},
		Body:   []byte(url.Values{"grant_type": {"client_credentials"}}.Encode()),
	})
	if err != nil {
		return "", fmt.Errorf("paypal: token: %w", err)
	}
	if !resp.OK() {
		return "", fmt.Errorf("paypal: token: %w", apiError(resp))
	}
	var t struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int64  `json:"expires_in"`
	}
	if err := resp.Decode(&t); err != nil || t.AccessToken == "" {
		return "", fmt.Errorf("paypal: token: no access_token in the answer")
	}
	c.token = t.AccessToken
	c.expires = c.now().Add(time.Duration(t.ExpiresIn)*time.Second - time.Minute)
	return c.token, nil
}

func (c *Client) dropToken(tok string) {
	c.mu.Lock()
	if c.token == tok {
		c.token = ""
	}
	c.mu.Unlock()
}

func apiError(resp payhttp.Response) *APIError {
	e := &APIError{Status: resp.Status}
	if json.Unmarshal(resp.Body, e) != nil || e.Name == "" {
		// OAuth errors are {"error": ..., "error_description": ...}.
		var o struct {
			Error string `json:"error"`
			Desc  string `json:"error_description"`
		}
		_ = json.Unmarshal(resp.Body, &o)
		e.Name, e.Message = fmt.Sprintf("HTTP_%d", resp.Status), o.Error+" "+o.Desc
		if o.Error == "" {
			e.Message = string(resp.Body)
		}
	}
	return e
}

// do sends an authenticated JSON call. requestID, when set, goes out as
// PayPal-Request-Id and makes the call safe to retry; reads are safe too.
func (c *Client) do(ctx context.Context, method, path, requestID string, body any, out any) error {
	return c.send(ctx, method, path, requestID, method == http.MethodGet || requestID != "", body, out)
}

func (c *Client) send(ctx context.Context, method, path, requestID string, retry bool, body any, out any) error {
	for attempt := 0; ; attempt++ {
		tok, err := c.accessToken(ctx)
		if err != nil {
			return err
		}
		h := http.Header{"Authorization": {"Bearer " + tok}, "Prefer": {"return=representation"}}
		if requestID != "" {
			h.Set("PayPal-Request-Id", requestID)
		}
		r := payhttp.Request{Method: method, URL: c.url(path), Header: h, Retry: retry}
		if body != nil {
			r.Body = payhttp.JSON(body)
		}
		resp, err := c.caller().Do(ctx, r)
		if err != nil {
			return fmt.Errorf("paypal: %s %s: %w", method, path, err)
		}
		if resp.Status == http.StatusUnauthorized && attempt == 0 {
			c.dropToken(tok) // revoked or expired early: one more try with a new token
			continue
		}
		if !resp.OK() {
			return apiError(resp)
		}
		if out == nil {
			return nil
		}
		if err := resp.Decode(out); err != nil {
			return fmt.Errorf("paypal: %s %s: %w", method, path, err)
		}
		if o, ok := out.(*Order); ok {
			o.Raw = append(json.RawMessage(nil), resp.Body...)
		}
		return nil
	}
}

// CreateOrder creates an order; requestID (stable for this attempt) makes
// a retry answer the same order.
func (c *Client) CreateOrder(ctx context.Context, requestID string, body CreateOrder) (Order, error) {
	if body.Intent == "" {
		body.Intent = "CAPTURE"
	}
	var o Order
	err := c.do(ctx, http.MethodPost, "/v2/checkout/orders", requestID, body, &o)
	return o, err
}

// GetOrder reads an order.
func (c *Client) GetOrder(ctx context.Context, orderID string) (Order, error) {
	var o Order
	err := c.do(ctx, http.MethodGet, "/v2/checkout/orders/"+url.PathEscape(orderID), "", nil, &o)
	return o, err
}

// CaptureOrder captures an approved order. requestID must be the same for
// every try of this capture: after a 5xx PayPal answers the first
// capture's result instead of capturing again. An order captured under
// another request id (ORDER_ALREADY_CAPTURED) is read and answered as it is.
func (c *Client) CaptureOrder(ctx context.Context, orderID, requestID string) (Order, error) {
	var o Order
	err := c.do(ctx, http.MethodPost, "/v2/checkout/orders/"+url.PathEscape(orderID)+"/capture", requestID, struct{}{}, &o)
	if HasIssue(err, IssueOrderAlreadyCaptured) {
		return c.GetOrder(ctx, orderID)
	}
	return o, err
}

// GetCapture reads a capture.
func (c *Client) GetCapture(ctx context.Context, captureID string) (Capture, error) {
	var cp Capture
	err := c.do(ctx, http.MethodGet, "/v2/payments/captures/"+url.PathEscape(captureID), "", nil, &cp)
	return cp, err
}

// RefundCapture refunds all (amount nil) or part of a capture; requestID
// (stable for this refund) makes a retry refund once.
func (c *Client) RefundCapture(ctx context.Context, captureID, requestID string, amount *Amount, note string) (Refund, error) {
	body := struct {
		Amount      *Amount `json:"amount,omitempty"`
		NoteToPayer string  `json:"note_to_payer,omitempty"`
	}{amount, note}
	var r Refund
	err := c.do(ctx, http.MethodPost, "/v2/payments/captures/"+url.PathEscape(captureID)+"/refund", requestID, body, &r)
	return r, err
}

// VerifyWebhook asks PayPal whether a delivery is authentic: its five
// PAYPAL-* headers, our webhook id and the body exactly as received. It
// answers the event when PayPal says SUCCESS; ErrUnverified when it says
// anything else or a header is missing; an error wrapping ErrUnavailable
// when PayPal could not be asked (the delivery must not be acted on
// either, PayPal delivers it again).
func (c *Client) VerifyWebhook(ctx context.Context, get func(string) string, body []byte) (Event, error) {
	req := VerifyRequest{
		AuthAlgo: get(HeaderAuthAlgo), CertURL: get(HeaderCertURL), TransmissionID: get(HeaderTransmissionID),
		TransmissionSig: get(HeaderTransmissionSig), TransmissionTime: get(HeaderTransmissionTime), WebhookID: c.WebhookID,
	}
	if req.AuthAlgo == "" || req.CertURL == "" || req.TransmissionID == "" || req.TransmissionSig == "" || req.TransmissionTime == "" {
		return Event{}, fmt.Errorf("%w: missing PAYPAL-* headers", ErrUnverified)
	}
	if c.WebhookID == "" {
		return Event{}, fmt.Errorf("%w: no webhook id configured", ErrUnverified)
	}
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" || ev.EventType == "" {
		return Event{}, fmt.Errorf("%w: body is not a webhook event", ErrUnverified)
	}
	req.WebhookEvent = json.RawMessage(body)
	var out VerifyResponse
	// Verification changes nothing at PayPal: safe to retry.
	if err := c.send(ctx, http.MethodPost, "/v1/notifications/verify-webhook-signature", "", true, req, &out); err != nil {
		if errors.Is(err, ErrUnavailable) {
			return Event{}, err
		}
		return Event{}, fmt.Errorf("%w: %w", ErrUnverified, err)
	}
	if out.VerificationStatus != "SUCCESS" {
		return Event{}, fmt.Errorf("%w: PayPal answered %q", ErrUnverified, out.VerificationStatus)
	}
	return ev, nil
}

// HasIssue reports an *APIError with one of the issues.
func HasIssue(err error, issues ...string) bool {
	var e *APIError
	if !errors.As(err, &e) {
		return false
	}
	for _, d := range e.Details {
		for _, i := range issues {
			if d.Issue == i {
				return true
			}
		}
	}
	return false
}
