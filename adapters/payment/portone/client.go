// Package portone speaks PortOne V2 (payments.md): its REST API
// (pre-register, get payment, cancel, close a virtual account; header
// "Authorization: PortOne <API secret>") and its webhooks, signed by the
// Standard Webhooks scheme. Amounts are integers in the currency's minor
// unit, as PortOne counts them.
package portone

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/gradapply/gradapply/adapters/payment/payhttp"
)

// DefaultBaseURL is PortOne's API.
const DefaultBaseURL = "https://api.portone.io"

// Client calls PortOne's REST API for one store.
type Client struct {
	BaseURL string // "" means DefaultBaseURL
	Secret  string // the V2 API secret
	StoreID string
	Caller  *payhttp.Caller // nil: payhttp defaults
}

// ErrUnavailable is payhttp.ErrUnavailable: the outcome is unknown.
var ErrUnavailable = payhttp.ErrUnavailable

func (c *Client) caller() *payhttp.Caller {
	if c.Caller != nil {
		return c.Caller
	}
	return &payhttp.Caller{}
}

func (c *Client) url(path string, q url.Values) string {
	base := c.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	u := strings.TrimRight(base, "/") + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u
}

func (c *Client) storeQuery() url.Values {
	if c.StoreID == "" {
		return nil
	}
	return url.Values{"storeId": {c.StoreID}}
}

func (c *Client) do(ctx context.Context, method, path string, q url.Values, body any, retry bool, out any) error {
	r := payhttp.Request{
		Method: method, URL: c.url(path, q), Retry: retry,
		Header: http.Header{"Authorization": {"PortOne " + c.Secret}},
	}
	if body != nil {
		r.Body = payhttp.JSON(body)
	}
	resp, err := c.caller().Do(ctx, r)
	if err != nil {
		return fmt.Errorf("portone: %w", err)
	}
	if !resp.OK() {
		e := &APIError{Status: resp.Status}
		if json.Unmarshal(resp.Body, e) != nil || e.Type == "" {
			e.Type, e.Message = fmt.Sprintf("HTTP_%d", resp.Status), string(resp.Body)
		}
		return e
	}
	if out == nil {
		return nil
	}
	if err := resp.Decode(out); err != nil {
		return fmt.Errorf("portone: %s %s: %w", method, path, err)
	}
	if p, ok := out.(*Payment); ok {
		p.Raw = append(json.RawMessage(nil), resp.Body...)
	}
	return nil
}

func paymentPath(paymentID string, suffix string) string {
	return "/payments/" + url.PathEscape(paymentID) + suffix
}

// PreRegister registers the amount and currency of a payment before its
// window opens, so PortOne refuses a payment of any other amount. It is
// safe to repeat with the same values. An *APIError of type ALREADY_PAID
// answers a payment id that was paid.
func (c *Client) PreRegister(ctx context.Context, paymentID string, totalAmount int64, currency string) error {
	body := PreRegister{StoreID: c.StoreID, TotalAmount: totalAmount, Currency: currency}
	return c.do(ctx, http.MethodPost, paymentPath(paymentID, "/pre-register"), nil, body, true, nil)
}

// GetPayment reads a payment: the source of truth. An *APIError of type
// PAYMENT_NOT_FOUND answers an id PortOne does not know.
func (c *Client) GetPayment(ctx context.Context, paymentID string) (Payment, error) {
	var p Payment
	err := c.do(ctx, http.MethodGet, paymentPath(paymentID, ""), c.storeQuery(), nil, true, &p)
	return p, err
}

// CancelPayment cancels all (Amount nil) or part of a paid payment. It is
// retried after an unknown outcome only when CurrentCancellableAmount is
// set: then PortOne refuses a repeat that would refund twice.
func (c *Client) CancelPayment(ctx context.Context, paymentID string, body Cancel) (Cancellation, error) {
	body.StoreID = c.StoreID
	if body.Amount != nil && body.CurrentCancellableAmount != nil && *body.Amount > *body.CurrentCancellableAmount {
		// Refused here too: PortOne would answer CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT.
		return Cancellation{}, &APIError{Status: http.StatusConflict, Type: ErrTypeCancelAmountExceeds,
			Message: fmt.Sprintf("amount %d above cancellable %d", *body.Amount, *body.CurrentCancellableAmount)}
	}
	var out CancelResponse
	err := c.do(ctx, http.MethodPost, paymentPath(paymentID, "/cancel"), nil, body, body.CurrentCancellableAmount != nil, &out)
	return out.Cancellation, err
}

// CloseVirtualAccount closes an issued, unpaid virtual account. An
// *APIError of type PAYMENT_NOT_WAITING_FOR_DEPOSIT answers an account
// that is not waiting any more (paid, closed or expired).
func (c *Client) CloseVirtualAccount(ctx context.Context, paymentID string) (CloseVirtualAccountResponse, error) {
	var out CloseVirtualAccountResponse
	err := c.do(ctx, http.MethodPost, paymentPath(paymentID, "/virtual-account/close"), c.storeQuery(), nil, true, &out)
	return out, err
}

// IsType reports an *APIError of one of the types.
func IsType(err error, types ...string) bool {
	var e *APIError
	if !errors.As(err, &e) {
		return false
	}
	for _, t := range types {
		if e.Type == t {
			return true
		}
	}
	return false
}
