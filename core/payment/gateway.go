package payment

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/money"
)

// This file is the gateway port: what core asks of a payment provider and
// the provider-neutral types it speaks. The adapters portone (PortOne V2),
// paypal (PayPal Orders v2) and testpg (our own test gateway) implement
// Gateway. Core never trusts what the browser says: after a redirect or a
// webhook it asks the provider (Lookup or Capture) and compares the answer
// with the stored order.

// Provider names a payment gateway.
type Provider string

const (
	ProviderPortOne Provider = "portone"
	ProviderPayPal  Provider = "paypal"
	ProviderTest    Provider = "testpg"
)

// ParseProvider reads a provider name.
func ParseProvider(s string) (Provider, bool) {
	switch p := Provider(s); p {
	case ProviderPortOne, ProviderPayPal, ProviderTest:
		return p, true
	}
	return "", false
}

// Channel is the merchant configuration a school (or round) uses at a
// provider: for PortOne the store id and the channel key of one PG
// merchant; PayPal ignores it (its credentials are the service's). It is
// not secret: the browser SDK needs both.
type Channel struct {
	StoreID    string
	ChannelKey string
}

// Order is what core asks a provider to prepare before the payment window
// opens: PortOne pre-registers the amount under our PaymentID, PayPal
// creates an order (custom_id and invoice_id = PaymentID), testpg stores it.
type Order struct {
	PaymentID string // ours, unique per attempt; only one attempt per id can ever succeed
	ApplNo    int64
	PayType   PayType
	Amount    money.Money // the quote's total, computed on the server
	OrderName string      // shown in the provider's window ("<school> <round> application fee")
	Channel   Channel
	Buyer     Buyer
	// VbankDue is the deadline of a virtual account (zero for other pay
	// types); it is before the round's COMPLETE window closes.
	VbankDue time.Time
	// ReturnURL is where the browser comes back after the provider's window
	// (phones: redirect with ?paymentId=...); CancelURL is PayPal's
	// cancel_url (the pay page again).
	ReturnURL, CancelURL string
	// NoticeURL is the webhook address for providers that take one per
	// payment (PortOne noticeUrls); "" uses the provider's configured one.
	NoticeURL string
	Locale    string // ko or en, for the provider's window
}

// Buyer is who pays, as the provider's window may prefill it.
type Buyer struct {
	Name  string
	Email string
	Phone string
}

// Buyers reads who pays for an application: the applicant's name, the
// account's e-mail and the phone number of the application (or of the
// account), for the provider's window (PortOne customer).
type Buyers interface {
	Buyer(ctx context.Context, userID string, applNo int64) (Buyer, error)
}

// Checkout is what the browser needs to open the provider's window. Every
// field is public information; the browser gets it as it is.
type Checkout struct {
	Provider  Provider
	PaymentID string
	// ProviderOrderID is the provider's own order id when it makes one
	// (PayPal order id); "" for PortOne and testpg.
	ProviderOrderID string
	Amount          money.Money
	OrderName       string
	Channel         Channel
	// PayMethod is the provider's method name (PortOne: CARD, TRANSFER,
	// VIRTUAL_ACCOUNT).
	PayMethod string
	// ApproveURL is a page to send the browser to (PayPal approve link,
	// testpg page); "" when the SDK opens the window itself.
	ApproveURL string
	// Extra holds further provider parameters the browser SDK needs
	// (e.g. PayPal client id).
	Extra map[string]string
	// Window is the provider's browser-SDK call, complete, as JSON (PortOne:
	// the parameters of PortOne.requestPayment). The server computes every
	// value in it; the browser passes it on unchanged. nil when the browser
	// is sent to ApproveURL instead.
	Window []byte
}

// Ref names a payment at its provider: our PaymentID always; PayPal also
// needs its order id (ProviderOrderID) and, for refunds, the capture id
// (ProviderTxID).
type Ref struct {
	PaymentID       string
	ProviderOrderID string
	ProviderTxID    string
	// Expected is the amount and currency of our order (the attempt's
	// quoted total). A gateway that moves money on its own call (PayPal
	// capture) compares the provider's order with it first.
	Expected money.Money
}

// RemoteStatus is a payment's status as the provider reports it, mapped to
// neutral values.
type RemoteStatus string

const (
	// RemoteReady: prepared, the buyer has not finished (PortOne READY,
	// PayPal CREATED / SAVED / PAYER_ACTION_REQUIRED).
	RemoteReady RemoteStatus = "ready"
	// RemoteApproved: the buyer approved and the money still has to be
	// captured (PayPal APPROVED). Core answers it with Capture.
	RemoteApproved RemoteStatus = "approved"
	// RemotePending: the provider is still deciding (PortOne PAY_PENDING,
	// a PayPal capture PENDING). The fee stays unpaid.
	RemotePending      RemoteStatus = "pending"
	RemoteVbankIssued  RemoteStatus = "vbank_issued" // a virtual account awaits the deposit
	RemotePaid         RemoteStatus = "paid"         // money received (PayPal: capture COMPLETED)
	RemoteFailed       RemoteStatus = "failed"       // declined, failed, or the virtual account expired
	RemoteCancelled    RemoteStatus = "cancelled"    // fully cancelled or refunded
	RemotePartCanceled RemoteStatus = "partial_cancelled"
	// RemoteUnknown: the provider does not know the payment (never
	// prepared there, or its window was never opened).
	RemoteUnknown RemoteStatus = "unknown"
)

// VirtualAccount is an issued virtual account.
type VirtualAccount struct {
	Bank      string // bank code or name as the provider gives it
	AccountNo string
	Holder    string // remittee name
	Due       time.Time
}

// Snapshot is the provider's answer about one payment: the source of
// truth. Core compares PaymentID, Amount and currency with the stored
// order before it accepts anything.
type Snapshot struct {
	Provider        Provider
	PaymentID       string // ours, as the provider echoes it (PortOne paymentId, PayPal custom_id)
	ProviderOrderID string
	ProviderTxID    string // PortOne transactionId, PayPal capture id
	Status          RemoteStatus
	Amount          money.Money // what the provider charges or charged in total
	Paid            money.Money // zero value when nothing was paid
	Cancelled       money.Money // zero value when nothing was refunded
	Vbank           *VirtualAccount
	PaidAt          time.Time
	ReceiptURL      string
	Live            bool   // false for a provider's test channel (PortOne channel.type TEST)
	FailReason      string // the provider's text for a decline or failure
	Raw             []byte // the provider's answer as received, kept for staff
	// Refunds are the payment's cancellations (PortOne cancellations[])
	// or refunds (PayPal purchase_units[].payments.refunds[]) as the
	// provider reports them now: how a refund it first answered pending
	// ended.
	Refunds []RemoteRefund
}

// RefundState is a provider's cancellation or refund status, mapped to
// neutral values.
type RefundState string

const (
	RefundSucceeded RefundState = "succeeded" // PortOne SUCCEEDED, PayPal COMPLETED
	RefundPending   RefundState = "pending"   // PortOne REQUESTED, PayPal PENDING
	RefundFailed    RefundState = "failed"    // PortOne FAILED, PayPal FAILED or CANCELLED
)

// RemoteRefund is one cancellation or refund of a payment at its
// provider: its id (CancelResult.CancelID), status, amount and time.
type RemoteRefund struct {
	ID     string
	Status RefundState
	Amount money.Money
	At     time.Time
}

// Refund finds a refund of the snapshot by the provider's id.
func (s Snapshot) Refund(id string) (RemoteRefund, bool) {
	for _, r := range s.Refunds {
		if id != "" && r.ID == id {
			return r, true
		}
	}
	return RemoteRefund{}, false
}

// CancelRequest cancels (refunds) all or part of a paid payment, or a
// virtual account that was paid.
type CancelRequest struct {
	Ref Ref
	// Amount to refund; the zero value refunds everything that remains.
	Amount money.Money
	// Cancellable is what we believe remains refundable (PortOne
	// currentCancellableAmount): the provider refuses when it disagrees.
	Cancellable money.Money
	Reason      string
	Refund      *RefundAccount // virtual-account refunds only
	// RequestID is stable for one staff refund so a retry refunds once
	// (PayPal-Request-Id).
	RequestID string
}

// CancelResult is the provider's answer to a cancel.
type CancelResult struct {
	CancelID string // PortOne cancellation id, PayPal refund id
	Amount   money.Money
	Pending  bool // accepted, not done yet (PortOne CancelPending, PayPal refund PENDING)
	At       time.Time
}

// Webhook is a notification as received: the raw body and its headers
// (net/http's Header converts to this type). The adapter checks its
// signature before reading anything in it.
type Webhook struct {
	Header     map[string][]string
	Body       []byte
	ReceivedAt time.Time
}

// Get is the first value of a header, matched case-insensitively.
func (w Webhook) Get(name string) string {
	for k, v := range w.Header {
		if len(v) > 0 && strings.EqualFold(k, name) {
			return v[0]
		}
	}
	return ""
}

// NoticeKind is what a webhook says happened, in neutral terms. Core never
// acts on it alone: it asks the provider (Lookup or Capture) and acts on
// the answer.
type NoticeKind string

const (
	NoticePaid        NoticeKind = "paid"         // PortOne Transaction.Paid, PayPal PAYMENT.CAPTURE.COMPLETED
	NoticeVbankIssued NoticeKind = "vbank_issued" // PortOne Transaction.VirtualAccountIssued
	NoticeApproved    NoticeKind = "approved"     // PayPal CHECKOUT.ORDER.APPROVED (capture due)
	NoticePending     NoticeKind = "pending"      // PortOne Transaction.PayPending, PayPal PAYMENT.CAPTURE.PENDING
	NoticeFailed      NoticeKind = "failed"       // PortOne Transaction.Failed, PayPal PAYMENT.CAPTURE.DECLINED / DENIED
	NoticeCancelled   NoticeKind = "cancelled"    // PortOne Transaction.Cancelled / PartialCancelled, PayPal PAYMENT.CAPTURE.REFUNDED / REVERSED
	NoticeOther       NoticeKind = "other"        // a type we do not act on (Transaction.Ready, unknown types)
)

// Notice is a webhook after its signature was verified: which payment it
// is about and what it says.
type Notice struct {
	Provider Provider
	// ID is the provider's delivery id (PortOne webhook-id, PayPal event
	// id): the idempotency key of the delivery.
	ID   string
	Type string // the provider's own event type, kept for staff
	Kind NoticeKind
	// PaymentID is ours when the event carries it (PortOne paymentId,
	// PayPal custom_id); else ProviderOrderID names the payment.
	PaymentID       string
	ProviderOrderID string
	ProviderTxID    string
	At              time.Time // the provider's event time
}

// Errors a Gateway answers (wrapped with %w); core tells them apart with
// errors.Is.
var (
	// ErrBadSignature: the webhook's signature, timestamp or the
	// provider's verification failed. Nothing in it may be acted on.
	ErrBadSignature = errors.New("payment gateway: webhook signature refused")
	// ErrNotFound: the provider does not know the payment.
	ErrNotFound = errors.New("payment gateway: payment not found")
	// ErrAlreadyPaid: the payment id is already paid at the provider
	// (PortOne AlreadyPaidError on pre-register).
	ErrAlreadyPaid = errors.New("payment gateway: already paid")
	// ErrRefused: the provider refused the operation for a reason that a
	// retry will not change (not paid, already cancelled, amount above
	// what remains, declined capture). The wrapped text says which.
	ErrRefused = errors.New("payment gateway: refused")
	// ErrUnavailable: a 5xx, a timeout or a network error: the outcome
	// is unknown and the operation may be retried with the same ids.
	ErrUnavailable = errors.New("payment gateway: unavailable")
)

// Gateway is one payment provider. Every method is safe to retry: Prepare
// and Capture with the same PaymentID, Cancel with the same RequestID.
type Gateway interface {
	// Provider names the gateway.
	Provider() Provider
	// Prepare pre-registers the order (PortOne pre-register, PayPal create
	// order) and answers what the browser needs. ErrAlreadyPaid when the
	// id was paid already.
	Prepare(ctx context.Context, o Order) (Checkout, error)
	// Lookup asks the provider for the payment's current state.
	// ErrNotFound when it does not know it.
	Lookup(ctx context.Context, ref Ref) (Snapshot, error)
	// Capture takes the money of an approved payment (PayPal capture,
	// idempotent by PaymentID) and answers the state after it; providers
	// that capture on approval answer Lookup. An order whose amount,
	// currency or ids at the provider differ from ref (Expected,
	// PaymentID) is never captured: Capture answers it as the provider
	// holds it (RemoteApproved with the provider's amount or ids), which
	// core refuses with an alert.
	Capture(ctx context.Context, ref Ref) (Snapshot, error)
	// Cancel refunds all or part of a paid payment.
	Cancel(ctx context.Context, req CancelRequest) (CancelResult, error)
	// CloseVirtualAccount closes an issued, unpaid virtual account so no
	// deposit can arrive after we gave up on it. A gateway without
	// virtual accounts answers nil.
	CloseVirtualAccount(ctx context.Context, ref Ref) error
	// ParseWebhook verifies a webhook (Standard Webhooks signature for
	// PortOne and testpg, verify-webhook-signature SUCCESS for PayPal) and
	// reads it. ErrBadSignature when it is not authentic; a well-formed
	// event of a type we do not act on answers NoticeOther.
	ParseWebhook(ctx context.Context, w Webhook) (Notice, error)
}

// Gateways finds the gateway that serves a provider.
type Gateways interface {
	Gateway(p Provider) (Gateway, bool)
}
