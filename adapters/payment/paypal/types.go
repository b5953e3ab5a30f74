package paypal

import (
	"encoding/json"
	"time"
)

// Order statuses.
const (
	OrderCreated             = "CREATED"
	OrderSaved               = "SAVED"
	OrderApproved            = "APPROVED"
	OrderVoided              = "VOIDED"
	OrderCompleted           = "COMPLETED"
	OrderPayerActionRequired = "PAYER_ACTION_REQUIRED"
)

// Capture statuses. An order can be COMPLETED while its capture is not:
// always read the capture.
const (
	CaptureCompleted         = "COMPLETED"
	CapturePending           = "PENDING"
	CaptureDeclined          = "DECLINED"
	CaptureFailed            = "FAILED"
	CaptureRefunded          = "REFUNDED"
	CapturePartiallyRefunded = "PARTIALLY_REFUNDED"
)

// Refund statuses.
const (
	RefundCompleted = "COMPLETED"
	RefundPending   = "PENDING"
	RefundCancelled = "CANCELLED"
	RefundFailed    = "FAILED"
)

// Webhook event types we read.
const (
	EventOrderApproved    = "CHECKOUT.ORDER.APPROVED"
	EventCaptureCompleted = "PAYMENT.CAPTURE.COMPLETED"
	EventCapturePending   = "PAYMENT.CAPTURE.PENDING"
	EventCaptureDenied    = "PAYMENT.CAPTURE.DENIED"
	EventCaptureDeclined  = "PAYMENT.CAPTURE.DECLINED"
	EventCaptureRefunded  = "PAYMENT.CAPTURE.REFUNDED"
	EventCaptureReversed  = "PAYMENT.CAPTURE.REVERSED"
)

// Amount is a decimal amount as PayPal writes it ("12.34").
type Amount struct {
	CurrencyCode string `json:"currency_code"`
	Value        string `json:"value"`
}

// Link is a HATEOAS link.
type Link struct {
	Href   string `json:"href"`
	Rel    string `json:"rel"`
	Method string `json:"method,omitempty"`
}

// Order is an Orders v2 order.
type Order struct {
	ID            string          `json:"id"`
	Status        string          `json:"status"`
	Intent        string          `json:"intent,omitempty"`
	PurchaseUnits []PurchaseUnit  `json:"purchase_units,omitempty"`
	Links         []Link          `json:"links,omitempty"`
	CreateTime    *time.Time      `json:"create_time,omitempty"`
	UpdateTime    *time.Time      `json:"update_time,omitempty"`
	Raw           json.RawMessage `json:"-"`
}

// ApproveURL answers the link the buyer approves the order at.
func (o Order) ApproveURL() string {
	for _, l := range o.Links {
		if l.Rel == "approve" || l.Rel == "payer-action" {
			return l.Href
		}
	}
	return ""
}

// Capture answers the order's first capture (we create one purchase unit
// and capture it once).
func (o Order) Capture() (Capture, bool) {
	for _, pu := range o.PurchaseUnits {
		if pu.Payments != nil && len(pu.Payments.Captures) > 0 {
			return pu.Payments.Captures[0], true
		}
	}
	return Capture{}, false
}

// PurchaseUnit is what is bought; ours carry our payment id in custom_id
// and invoice_id.
type PurchaseUnit struct {
	ReferenceID string    `json:"reference_id,omitempty"`
	CustomID    string    `json:"custom_id,omitempty"`
	InvoiceID   string    `json:"invoice_id,omitempty"`
	Description string    `json:"description,omitempty"`
	Amount      *Amount   `json:"amount,omitempty"`
	Payments    *Payments `json:"payments,omitempty"`
}

// Payments are the captures and refunds of a purchase unit.
type Payments struct {
	Captures []Capture `json:"captures,omitempty"`
	Refunds  []Refund  `json:"refunds,omitempty"`
}

// Capture is money taken.
type Capture struct {
	ID                string             `json:"id"`
	Status            string             `json:"status"`
	StatusDetails     *StatusDetails     `json:"status_details,omitempty"`
	Amount            *Amount            `json:"amount,omitempty"`
	FinalCapture      bool               `json:"final_capture,omitempty"`
	CustomID          string             `json:"custom_id,omitempty"`
	InvoiceID         string             `json:"invoice_id,omitempty"`
	SupplementaryData *SupplementaryData `json:"supplementary_data,omitempty"`
	CreateTime        *time.Time         `json:"create_time,omitempty"`
	UpdateTime        *time.Time         `json:"update_time,omitempty"`
}

// StatusDetails says why a capture is PENDING or DECLINED.
type StatusDetails struct {
	Reason string `json:"reason,omitempty"`
}

// SupplementaryData links a capture to its order.
type SupplementaryData struct {
	RelatedIDs struct {
		OrderID string `json:"order_id,omitempty"`
	} `json:"related_ids"`
}

// Refund is money given back.
type Refund struct {
	ID         string     `json:"id"`
	Status     string     `json:"status"`
	Amount     *Amount    `json:"amount,omitempty"`
	CreateTime *time.Time `json:"create_time,omitempty"`
}

// ExperienceContext shapes the buyer's approval page.
type ExperienceContext struct {
	BrandName          string `json:"brand_name,omitempty"`
	Locale             string `json:"locale,omitempty"`
	ShippingPreference string `json:"shipping_preference,omitempty"`
	UserAction         string `json:"user_action,omitempty"`
	ReturnURL          string `json:"return_url,omitempty"`
	CancelURL          string `json:"cancel_url,omitempty"`
}

// CreateOrder is the body of POST /v2/checkout/orders.
type CreateOrder struct {
	Intent        string         `json:"intent"`
	PurchaseUnits []PurchaseUnit `json:"purchase_units"`
	PaymentSource *PaymentSource `json:"payment_source,omitempty"`
}

// PaymentSource carries the PayPal wallet's experience context.
type PaymentSource struct {
	PayPal *struct {
		ExperienceContext ExperienceContext `json:"experience_context"`
	} `json:"paypal,omitempty"`
}

// Event is a webhook notification.
type Event struct {
	ID           string          `json:"id"`
	EventType    string          `json:"event_type"`
	ResourceType string          `json:"resource_type"`
	CreateTime   time.Time       `json:"create_time"`
	Summary      string          `json:"summary,omitempty"`
	Resource     json.RawMessage `json:"resource"`
}

// Webhook signature headers (PayPal sends them in upper case; HTTP header
// names are case-insensitive).
const (
	HeaderAuthAlgo         = "PAYPAL-AUTH-ALGO"
	HeaderCertURL          = "PAYPAL-CERT-URL"
	HeaderTransmissionID   = "PAYPAL-TRANSMISSION-ID"
	HeaderTransmissionSig  = "PAYPAL-TRANSMISSION-SIG"
	HeaderTransmissionTime = "PAYPAL-TRANSMISSION-TIME"
)

// VerifyRequest is the body of POST /v1/notifications/verify-webhook-signature.
type VerifyRequest struct {
	AuthAlgo         string          `json:"auth_algo"`
	CertURL          string          `json:"cert_url"`
	TransmissionID   string          `json:"transmission_id"`
	TransmissionSig  string          `json:"transmission_sig"`
	TransmissionTime string          `json:"transmission_time"`
	WebhookID        string          `json:"webhook_id"`
	WebhookEvent     json.RawMessage `json:"webhook_event"`
}

// VerifyResponse is its answer.
type VerifyResponse struct {
	VerificationStatus string `json:"verification_status"` // SUCCESS or FAILURE
}

// APIError is an error answer of PayPal.
type APIError struct {
	Status  int           `json:"-"`
	Name    string        `json:"name"`
	Message string        `json:"message"`
	DebugID string        `json:"debug_id,omitempty"`
	Details []ErrorDetail `json:"details,omitempty"`
}

// ErrorDetail is one issue of an error.
type ErrorDetail struct {
	Field       string `json:"field,omitempty"`
	Issue       string `json:"issue"`
	Description string `json:"description,omitempty"`
}

func (e *APIError) Error() string {
	s := "paypal: " + e.Name
	for _, d := range e.Details {
		s += " " + d.Issue
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// Issues PayPal answers that the adapter tells apart.
const (
	IssueOrderNotApproved     = "ORDER_NOT_APPROVED"
	IssueOrderAlreadyCaptured = "ORDER_ALREADY_CAPTURED"
	IssueInstrumentDeclined   = "INSTRUMENT_DECLINED"
	IssueRefundExceeded       = "REFUND_AMOUNT_EXCEEDED"
	IssueCaptureFullyRefunded = "CAPTURE_FULLY_REFUNDED"
	IssueRefundNotAllowed     = "REFUND_NOT_ALLOWED"
)
