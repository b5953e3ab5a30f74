// Package portonefake is a local PortOne V2 server for tests: the REST
// calls the portone adapter makes (pre-register, get payment, cancel,
// close a virtual account) with PortOne's answers and error types, what a
// buyer does in the payment window (pay, get a virtual account, deposit,
// fail), and webhooks signed by the Standard Webhooks scheme. Knobs make
// it misbehave the ways a real provider does: 5xx, slow answers,
// duplicate and reordered webhooks, bad signatures, and a payment whose
// amount or currency is not the one we asked for.
package portonefake

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/payhttp/payfake"
	"github.com/gradapply/gradapply/adapters/payment/portone"
)

// Operations a knob can target.
const (
	OpPreRegister = "pre-register"
	OpGet         = "get"
	OpCancel      = "cancel"
	OpClose       = "close"
)

// Server is a fake PortOne.
type Server struct {
	*httptest.Server
	payfake.Knobs
	APISecret string
	StoreID   string
	// WebhookSecrets sign every webhook (more than one during a rotation).
	WebhookSecrets []portone.Secret
	// WebhookURL receives webhooks when the state of a payment changes; "" sends none.
	WebhookURL string
	// CancelPending makes new cancellations REQUESTED (PortOne's
	// CancelPending, e.g. a bank refund): the amount is held as cancelled
	// until SettleCancel or FailCancel.
	CancelPending bool
	Now           func() time.Time

	mu       sync.Mutex
	payments map[string]*record
	seq      int
}

type record struct {
	p             portone.Payment
	preAmount     int64
	preCurrency   string
	preRegistered bool
	window        json.RawMessage // the PortOne.requestPayment parameters (RequestPayment)
	due           time.Time       // the window's virtual-account dueDate
}

// New starts a fake with an API secret, a store id and one webhook secret.
func New() *Server {
	s := &Server{
		APISecret: "portone-test-secret", StoreID: "store-test-0001",
		WebhookSecrets: []portone.Secret{portone.Secret("fake-portone-webhook-secret-1")},
		Now:            time.Now,
		payments:       map[string]*record{},
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Payment answers a payment as GET would show it.
func (s *Server) Payment(id string) (portone.Payment, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.payments[id]
	if !ok {
		return portone.Payment{}, false
	}
	return r.p, true
}

type apiErr struct {
	status int
	typ    string
	msg    string
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body := payfake.ReadBody(r)
	op, id := route(r.Method, r.URL.Path)
	s.Knobs.Serve(w, r, op, body, func(w http.ResponseWriter, r *http.Request) {
		if op == "" {
			writeErr(w, apiErr{http.StatusNotFound, "NOT_FOUND", "no such route"})
			return
		}
		if r.Header.Get("Authorization") != "PortOne "+s.APISecret {
			writeErr(w, apiErr{http.StatusUnauthorized, portone.ErrTypeUnauthorized, "bad API secret"})
			return
		}
		s.mu.Lock()
		out, aerr := s.handle(op, id, body)
		s.mu.Unlock()
		if aerr != nil {
			writeErr(w, *aerr)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(out)
	})
}

func route(method, path string) (op, id string) {
	rest, ok := strings.CutPrefix(path, "/payments/")
	if !ok || rest == "" {
		return "", ""
	}
	switch {
	case method == http.MethodGet && !strings.Contains(rest, "/"):
		return OpGet, rest
	case method == http.MethodPost && strings.HasSuffix(rest, "/pre-register"):
		return OpPreRegister, strings.TrimSuffix(rest, "/pre-register")
	case method == http.MethodPost && strings.HasSuffix(rest, "/cancel"):
		return OpCancel, strings.TrimSuffix(rest, "/cancel")
	case method == http.MethodPost && strings.HasSuffix(rest, "/virtual-account/close"):
		return OpClose, strings.TrimSuffix(rest, "/virtual-account/close")
	}
	return "", ""
}

func writeErr(w http.ResponseWriter, e apiErr) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.status)
	_ = json.NewEncoder(w).Encode(map[string]string{"type": e.typ, "message": e.msg})
}

// handle runs one operation under the lock.
func (s *Server) handle(op, id string, body []byte) (any, *apiErr) {
	now := s.Now().UTC()
	switch op {
	case OpPreRegister:
		var b portone.PreRegister
		if err := json.Unmarshal(body, &b); err != nil || b.TotalAmount <= 0 || (b.Currency != "KRW" && b.Currency != "USD") {
			return nil, &apiErr{http.StatusBadRequest, portone.ErrTypeInvalidRequest, "totalAmount and currency are required"}
		}
		r := s.payments[id]
		if r != nil && (r.p.Status == portone.StatusPaid || r.p.Status == portone.StatusPartialCancelled || r.p.Status == portone.StatusCancelled) {
			return nil, &apiErr{http.StatusConflict, portone.ErrTypeAlreadyPaid, "already paid"}
		}
		if r == nil {
			r = &record{p: portone.Payment{ID: id, StoreID: s.StoreID, Status: portone.StatusReady, RequestedAt: &now}}
			s.payments[id] = r
		}
		r.preRegistered, r.preAmount, r.preCurrency = true, b.TotalAmount, b.Currency
		r.p.Amount.Total, r.p.Currency = b.TotalAmount, b.Currency
		return struct{}{}, nil
	case OpGet:
		r := s.payments[id]
		if r == nil || r.p.TransactionID == "" {
			// PortOne knows a payment once its window was opened;
			// pre-registration alone creates no transaction.
			return nil, &apiErr{http.StatusNotFound, portone.ErrTypePaymentNotFound, "payment not found"}
		}
		return r.p, nil
	case OpCancel:
		return s.cancel(id, body, now)
	case OpClose:
		r := s.payments[id]
		if r == nil {
			return nil, &apiErr{http.StatusNotFound, portone.ErrTypePaymentNotFound, "payment not found"}
		}
		if r.p.Status != portone.StatusVirtualAccount {
			return nil, &apiErr{http.StatusConflict, portone.ErrTypePaymentNotWaitingForDeposit, "not waiting for a deposit"}
		}
		r.p.Status, r.p.FailedAt = portone.StatusFailed, &now
		r.p.Failure = &portone.Failure{Reason: "virtual account closed"}
		return portone.CloseVirtualAccountResponse{ClosedAt: now}, nil
	}
	return nil, &apiErr{http.StatusNotFound, "NOT_FOUND", "no such route"}
}

func (s *Server) cancel(id string, body []byte, now time.Time) (any, *apiErr) {
	var b portone.Cancel
	if err := json.Unmarshal(body, &b); err != nil || b.Reason == "" {
		return nil, &apiErr{http.StatusBadRequest, portone.ErrTypeInvalidRequest, "reason is required"}
	}
	r := s.payments[id]
	if r == nil || r.p.TransactionID == "" {
		return nil, &apiErr{http.StatusNotFound, portone.ErrTypePaymentNotFound, "payment not found"}
	}
	switch r.p.Status {
	case portone.StatusCancelled:
		return nil, &apiErr{http.StatusConflict, portone.ErrTypePaymentAlreadyCancelled, "already cancelled"}
	case portone.StatusPaid, portone.StatusPartialCancelled:
	default:
		return nil, &apiErr{http.StatusConflict, portone.ErrTypePaymentNotPaid, "not paid"}
	}
	cancellable := r.p.Amount.Paid - r.p.Amount.Cancelled
	if b.CurrentCancellableAmount != nil && *b.CurrentCancellableAmount != cancellable {
		return nil, &apiErr{http.StatusConflict, portone.ErrTypeCancellableAmountInconsistent, "cancellable amount differs"}
	}
	amount := cancellable
	if b.Amount != nil {
		amount = *b.Amount
	}
	if amount <= 0 || amount > cancellable {
		return nil, &apiErr{http.StatusConflict, portone.ErrTypeCancelAmountExceeds, "amount exceeds cancellable amount"}
	}
	if r.p.Method != nil && r.p.Method.Type == portone.MethodTypeVirtualAccount && b.RefundAccount == nil {
		return nil, &apiErr{http.StatusBadRequest, portone.ErrTypeInvalidRequest, "refundAccount is required for a virtual account"}
	}
	s.seq++
	c := portone.Cancellation{Status: portone.CancelSucceeded, ID: fmt.Sprintf("cancel-%04d", s.seq), TotalAmount: amount, Reason: b.Reason, CancelledAt: &now, RequestedAt: &now}
	if s.CancelPending {
		c.Status, c.CancelledAt = portone.CancelRequested, nil
	}
	r.p.Cancellations = append(r.p.Cancellations, c)
	r.p.Amount.Cancelled += amount
	r.status(now)
	return portone.CancelResponse{Cancellation: c}, nil
}

// status follows the cancelled amount: CANCELLED when nothing remains,
// PARTIAL_CANCELLED when some was cancelled, PAID when none.
func (r *record) status(now time.Time) {
	switch {
	case r.p.Amount.Cancelled == 0:
		r.p.Status, r.p.CancelledAt = portone.StatusPaid, nil
	case r.p.Amount.Cancelled == r.p.Amount.Paid:
		r.p.Status, r.p.CancelledAt = portone.StatusCancelled, &now
	default:
		r.p.Status = portone.StatusPartialCancelled
	}
}

// SettleCancel is the PG completing a REQUESTED cancellation: SUCCEEDED,
// and the Transaction.Cancelled or PartialCancelled webhook.
func (s *Server) SettleCancel(paymentID, cancelID string) error {
	event := portone.WebhookPartialCancelled
	return s.changeCancel(paymentID, cancelID, &event, func(r *record, c *portone.Cancellation, now time.Time) {
		c.Status, c.CancelledAt = portone.CancelSucceeded, &now
		if r.p.Status == portone.StatusCancelled {
			event = portone.WebhookCancelled
		}
	})
}

// FailCancel is the PG failing a REQUESTED cancellation: FAILED, the
// amount cancellable again; PortOne sends no webhook for it.
func (s *Server) FailCancel(paymentID, cancelID string) error {
	return s.changeCancel(paymentID, cancelID, nil, func(r *record, c *portone.Cancellation, now time.Time) {
		c.Status = portone.CancelFailed
		r.p.Amount.Cancelled -= c.TotalAmount
		r.status(now)
	})
}

func (s *Server) changeCancel(paymentID, cancelID string, event *string, f func(*record, *portone.Cancellation, time.Time)) error {
	s.mu.Lock()
	r := s.payments[paymentID]
	var c *portone.Cancellation
	if r != nil {
		for i := range r.p.Cancellations {
			if r.p.Cancellations[i].ID == cancelID {
				c = &r.p.Cancellations[i]
			}
		}
	}
	if c == nil || c.Status != portone.CancelRequested {
		s.mu.Unlock()
		return fmt.Errorf("portonefake: no requested cancellation %s of %s", cancelID, paymentID)
	}
	f(r, c, s.Now().UTC())
	url := s.WebhookURL
	s.mu.Unlock()
	if url == "" || event == nil {
		return nil
	}
	_, err := payfake.Send(context.Background(), url, s.Webhook(paymentID, *event))
	return err
}

// Buyer actions: what happens in the payment window and at the bank.

// ErrAmountRefused is the payment window's refusal of an amount or
// currency other than the pre-registered one.
var ErrAmountRefused = errors.New("portonefake: amount differs from the pre-registered one")

// Open is the buyer opening the window with what the browser asks
// (amount and currency as the page sent them): the payment becomes READY
// with a transaction. A pre-registered payment refuses another amount.
func (s *Server) Open(id string, method portone.PayMethod, amount int64, currency string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.payments[id]
	now := s.Now().UTC()
	if r == nil {
		r = &record{p: portone.Payment{ID: id, StoreID: s.StoreID, Status: portone.StatusReady, RequestedAt: &now}}
		s.payments[id] = r
	}
	if r.preRegistered && (amount != r.preAmount || currency != r.preCurrency) {
		return ErrAmountRefused
	}
	if r.p.Status == portone.StatusPaid {
		return fmt.Errorf("portonefake: %s already paid", id)
	}
	s.seq++
	r.p.TransactionID = fmt.Sprintf("tx-%s-%04d", id, s.seq)
	r.p.Amount = portone.Amount{Total: amount}
	r.p.Currency = currency
	r.p.Channel = &portone.Channel{Type: "TEST", Key: "channel-key-test", PgProvider: "TOSSPAYMENTS"}
	r.p.OrderName = "application fee"
	switch method {
	case portone.MethodVirtualAccount:
		r.p.Method = &portone.Method{Type: portone.MethodTypeVirtualAccount}
	case portone.MethodTransfer:
		r.p.Method = &portone.Method{Type: "PaymentMethodTransfer"}
	default:
		r.p.Method = &portone.Method{Type: "PaymentMethodCard"}
	}
	return nil
}

// Approve is the card company or bank approving: PAID.
func (s *Server) Approve(id string) error {
	return s.change(id, portone.WebhookPaid, func(r *record, now time.Time) error {
		if r.p.Status != portone.StatusReady && r.p.Status != portone.StatusPayPending {
			return fmt.Errorf("portonefake: %s is %s", id, r.p.Status)
		}
		r.p.Status, r.p.PaidAt, r.p.Amount.Paid = portone.StatusPaid, &now, r.p.Amount.Total
		r.p.ReceiptURL = s.URL + "/receipts/" + r.p.TransactionID
		return nil
	})
}

// Pay opens the window and approves in one step (a card payment).
func (s *Server) Pay(id string, method portone.PayMethod, amount int64, currency string) error {
	if err := s.Open(id, method, amount, currency); err != nil {
		return err
	}
	return s.Approve(id)
}

// Decline is the card company refusing: FAILED.
func (s *Server) Decline(id, reason string) error {
	return s.change(id, portone.WebhookFailed, func(r *record, now time.Time) error {
		r.p.Status, r.p.FailedAt, r.p.Failure = portone.StatusFailed, &now, &portone.Failure{Reason: reason, PgCode: "DECLINED", PgMessage: reason}
		return nil
	})
}

// IssueVirtualAccount issues an account for an opened virtual-account
// payment, open until due (zero: the dueDate its window was given).
func (s *Server) IssueVirtualAccount(id string, due time.Time) error {
	return s.change(id, portone.WebhookVirtualAccountIssued, func(r *record, now time.Time) error {
		if r.p.Status != portone.StatusReady {
			return fmt.Errorf("portonefake: %s is %s", id, r.p.Status)
		}
		if due.IsZero() {
			due = r.due
		}
		if due.IsZero() {
			return fmt.Errorf("portonefake: %s: no deadline for the account", id)
		}
		due := due.UTC()
		r.p.Status = portone.StatusVirtualAccount
		r.p.Method = &portone.Method{Type: portone.MethodTypeVirtualAccount, Bank: "SHINHAN",
			AccountNumber: fmt.Sprintf("5620%08d", s.seq), RemitteeName: "GradApply", ExpiredAt: &due, IssuedAt: &now}
		return nil
	})
}

// Deposit is the buyer paying into the virtual account: PAID.
func (s *Server) Deposit(id string) error {
	return s.change(id, portone.WebhookPaid, func(r *record, now time.Time) error {
		if r.p.Status != portone.StatusVirtualAccount {
			return fmt.Errorf("portonefake: %s is %s", id, r.p.Status)
		}
		r.p.Status, r.p.PaidAt, r.p.Amount.Paid = portone.StatusPaid, &now, r.p.Amount.Total
		return nil
	})
}

// Tamper changes a payment as it is stored at the provider, without a
// webhook: for answers that differ from our order (amount, currency,
// paymentId of another store...).
func (s *Server) Tamper(id string, f func(*portone.Payment)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.payments[id]; r != nil {
		f(&r.p)
	}
}

// change applies a buyer action and, when WebhookURL is set, sends the
// event's webhook.
func (s *Server) change(id, event string, f func(*record, time.Time) error) error {
	s.mu.Lock()
	r := s.payments[id]
	if r == nil || r.p.TransactionID == "" {
		s.mu.Unlock()
		return fmt.Errorf("portonefake: %s was never opened", id)
	}
	if err := f(r, s.Now().UTC()); err != nil {
		s.mu.Unlock()
		return err
	}
	url := s.WebhookURL
	s.mu.Unlock()
	if url == "" {
		return nil
	}
	_, err := payfake.Send(context.Background(), url, s.Webhook(id, event))
	return err
}
