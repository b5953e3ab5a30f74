package portonefake

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/portone"
)

// WindowRequest is PortOne.requestPayment's parameters as the payment
// window receives them from the browser SDK (@portone/browser-sdk v2
// PaymentRequest), read here with the SDK's own field names, not the
// adapter's types, so a misspelt or missing field shows.
type WindowRequest struct {
	StoreID     string   `json:"storeId"`
	ChannelKey  string   `json:"channelKey"`
	PaymentID   string   `json:"paymentId"`
	OrderName   string   `json:"orderName"`
	TotalAmount int64    `json:"totalAmount"`
	Currency    string   `json:"currency"`
	PayMethod   string   `json:"payMethod"`
	RedirectURL string   `json:"redirectUrl"`
	NoticeURLs  []string `json:"noticeUrls"`
	Locale      string   `json:"locale"`
	Customer    *struct {
		FullName    string `json:"fullName"`
		PhoneNumber string `json:"phoneNumber"`
		Email       string `json:"email"`
	} `json:"customer"`
	// CustomData is a JSON object (Record<string, any>); PortOne keeps it
	// as the JSON string GET /payments/{id} answers.
	CustomData     json.RawMessage `json:"customData"`
	VirtualAccount *struct {
		AccountExpiry *struct {
			ValidHours int    `json:"validHours"`
			DueDate    string `json:"dueDate"`
		} `json:"accountExpiry"`
	} `json:"virtualAccount"`
}

// ErrWindowRefused is the SDK or the window refusing a request that does
// not follow PortOne's documented parameters.
var ErrWindowRefused = errors.New("portonefake: payment window refused the request")

// dueDateLayouts are the forms the SDK documents for
// virtualAccount.accountExpiry.dueDate (Korean time).
var dueDateLayouts = []string{"20060102", "20060102150405", "2006-01-02", "2006-01-02 15:04:05"}

var seoul = func() *time.Location {
	l, err := time.LoadLocation("Asia/Seoul")
	if err != nil {
		return time.FixedZone("KST", 9*60*60)
	}
	return l
}()

// RequestPayment is the buyer's browser calling PortOne.requestPayment
// with the page's parameters (raw JSON, as the SDK receives them): the
// window checks them as PortOne does (the store, the required fields, a
// pre-registered amount and currency, the virtual-account deadline's
// form), opens the payment (READY with a transaction) and keeps what it
// was given: customData is answered by GET /payments/{id}, the request by
// Window, and a virtual account issued later expires at the dueDate.
func (s *Server) RequestPayment(raw []byte) error {
	var req WindowRequest
	if err := json.Unmarshal(raw, &req); err != nil {
		return fmt.Errorf("%w: %v", ErrWindowRefused, err)
	}
	switch {
	case req.StoreID != s.StoreID:
		return fmt.Errorf("%w: storeId %q is not this store", ErrWindowRefused, req.StoreID)
	case req.PaymentID == "" || req.OrderName == "" || req.TotalAmount <= 0:
		return fmt.Errorf("%w: paymentId, orderName and totalAmount are required", ErrWindowRefused)
	case req.Currency != "KRW" && req.Currency != "USD":
		return fmt.Errorf("%w: currency %q", ErrWindowRefused, req.Currency)
	case !slices.Contains([]string{"CARD", "TRANSFER", "VIRTUAL_ACCOUNT"}, req.PayMethod):
		return fmt.Errorf("%w: payMethod %q", ErrWindowRefused, req.PayMethod)
	case req.Locale != "" && req.Locale != "KO_KR" && req.Locale != "EN_US":
		return fmt.Errorf("%w: locale %q", ErrWindowRefused, req.Locale)
	}
	var custom string
	if len(req.CustomData) > 0 && string(req.CustomData) != "null" {
		var obj map[string]any
		if json.Unmarshal(req.CustomData, &obj) != nil {
			return fmt.Errorf("%w: customData must be an object", ErrWindowRefused)
		}
		var b bytes.Buffer
		_ = json.Compact(&b, req.CustomData)
		custom = b.String()
	}
	var due time.Time
	if va := req.VirtualAccount; va != nil && va.AccountExpiry != nil && va.AccountExpiry.DueDate != "" {
		for _, l := range dueDateLayouts {
			if t, err := time.ParseInLocation(l, va.AccountExpiry.DueDate, seoul); err == nil {
				due = t
				break
			}
		}
		if due.IsZero() {
			return fmt.Errorf("%w: dueDate %q", ErrWindowRefused, va.AccountExpiry.DueDate)
		}
	}
	if err := s.Open(req.PaymentID, portone.PayMethod(req.PayMethod), req.TotalAmount, req.Currency); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.payments[req.PaymentID]
	r.p.CustomData, r.p.OrderName, r.due = custom, req.OrderName, due
	if req.ChannelKey != "" {
		r.p.Channel.Key = req.ChannelKey
	}
	r.window = append(json.RawMessage(nil), raw...)
	return nil
}

// Window answers the request a payment's window was opened with.
func (s *Server) Window(paymentID string) (WindowRequest, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.payments[paymentID]
	if r == nil || r.window == nil {
		return WindowRequest{}, false
	}
	var req WindowRequest
	return req, json.Unmarshal(r.window, &req) == nil
}
