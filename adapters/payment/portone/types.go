package portone

import (
	"encoding/json"
	"time"
)

// Status is a payment's status at PortOne.
type Status string

const (
	StatusReady            Status = "READY"
	StatusPayPending       Status = "PAY_PENDING"
	StatusVirtualAccount   Status = "VIRTUAL_ACCOUNT_ISSUED"
	StatusPaid             Status = "PAID"
	StatusFailed           Status = "FAILED"
	StatusPartialCancelled Status = "PARTIAL_CANCELLED"
	StatusCancelled        Status = "CANCELLED"
)

// PayMethod is the browser SDK's payMethod.
type PayMethod string

const (
	MethodCard           PayMethod = "CARD"
	MethodTransfer       PayMethod = "TRANSFER"
	MethodVirtualAccount PayMethod = "VIRTUAL_ACCOUNT"
)

// Payment is the answer of GET /payments/{paymentId}: the fields we use of
// every status variant (unknown fields are ignored).
type Payment struct {
	Status        Status          `json:"status"`
	ID            string          `json:"id"` // our paymentId
	TransactionID string          `json:"transactionId"`
	StoreID       string          `json:"storeId"`
	Channel       *Channel        `json:"channel,omitempty"`
	OrderName     string          `json:"orderName"`
	Amount        Amount          `json:"amount"`
	Currency      string          `json:"currency"`
	CustomData    string          `json:"customData,omitempty"`
	Method        *Method         `json:"method,omitempty"`
	RequestedAt   *time.Time      `json:"requestedAt,omitempty"`
	PaidAt        *time.Time      `json:"paidAt,omitempty"`
	FailedAt      *time.Time      `json:"failedAt,omitempty"`
	CancelledAt   *time.Time      `json:"cancelledAt,omitempty"`
	ReceiptURL    string          `json:"receiptUrl,omitempty"`
	Failure       *Failure        `json:"failure,omitempty"`
	Cancellations []Cancellation  `json:"cancellations,omitempty"`
	Raw           json.RawMessage `json:"-"` // the answer as received
}

// Channel is the PG channel a payment went through.
type Channel struct {
	Type         string `json:"type"` // LIVE or TEST
	ID           string `json:"id,omitempty"`
	Key          string `json:"key,omitempty"`
	Name         string `json:"name,omitempty"`
	PgProvider   string `json:"pgProvider,omitempty"`
	PgMerchantID string `json:"pgMerchantId,omitempty"`
}

// Amount is a payment's amounts in the currency's minor unit (won; cents).
type Amount struct {
	Total     int64 `json:"total"`
	TaxFree   int64 `json:"taxFree"`
	Vat       int64 `json:"vat,omitempty"`
	Supply    int64 `json:"supply,omitempty"`
	Discount  int64 `json:"discount"`
	Paid      int64 `json:"paid"`
	Cancelled int64 `json:"cancelled"`
}

// Method is the payment method; the virtual-account fields are set for
// type PaymentMethodVirtualAccount.
type Method struct {
	Type          string     `json:"type"`
	Bank          string     `json:"bank,omitempty"`
	AccountNumber string     `json:"accountNumber,omitempty"`
	RemitteeName  string     `json:"remitteeName,omitempty"`
	ExpiredAt     *time.Time `json:"expiredAt,omitempty"`
	IssuedAt      *time.Time `json:"issuedAt,omitempty"`
}

// MethodTypeVirtualAccount is Method.Type of a virtual account.
const MethodTypeVirtualAccount = "PaymentMethodVirtualAccount"

// Failure is why a payment failed.
type Failure struct {
	Reason    string `json:"reason,omitempty"`
	PgCode    string `json:"pgCode,omitempty"`
	PgMessage string `json:"pgMessage,omitempty"`
}

// Cancellation is one cancel of a payment.
type Cancellation struct {
	Status           string     `json:"status"` // REQUESTED, FAILED, SUCCEEDED
	ID               string     `json:"id"`
	PgCancellationID string     `json:"pgCancellationId,omitempty"`
	TotalAmount      int64      `json:"totalAmount"`
	Reason           string     `json:"reason"`
	CancelledAt      *time.Time `json:"cancelledAt,omitempty"`
	RequestedAt      *time.Time `json:"requestedAt,omitempty"`
}

// Cancellation statuses.
const (
	CancelRequested = "REQUESTED"
	CancelFailed    = "FAILED"
	CancelSucceeded = "SUCCEEDED"
)

// PaymentRequest is what the browser SDK's PortOne.requestPayment takes
// (@portone/browser-sdk v2 PaymentRequest): the fields we fill. The server
// builds it whole; the pay page passes it on unchanged.
type PaymentRequest struct {
	StoreID     string    `json:"storeId"`
	ChannelKey  string    `json:"channelKey,omitempty"`
	PaymentID   string    `json:"paymentId"`
	OrderName   string    `json:"orderName"`
	TotalAmount int64     `json:"totalAmount"` // minor units, as pre-registered
	Currency    string    `json:"currency"`
	PayMethod   PayMethod `json:"payMethod"`
	// RedirectURL is where phones come back (?paymentId=&code=&message=).
	RedirectURL string `json:"redirectUrl,omitempty"`
	// NoticeURLs receive this payment's webhooks instead of the console's.
	NoticeURLs []string  `json:"noticeUrls,omitempty"`
	Customer   *Customer `json:"customer,omitempty"`
	// CustomData is stored with the payment and answered by GET
	// /payments/{id} as a JSON string (Payment.CustomData).
	CustomData     *CustomData            `json:"customData,omitempty"`
	Locale         string                 `json:"locale,omitempty"` // KO_KR, EN_US
	VirtualAccount *VirtualAccountRequest `json:"virtualAccount,omitempty"`
}

// Customer prefills the buyer in the payment window.
type Customer struct {
	FullName    string `json:"fullName,omitempty"`
	PhoneNumber string `json:"phoneNumber,omitempty"`
	Email       string `json:"email,omitempty"`
}

// CustomData is our own data kept with a payment: it names the attempt,
// so an answer about another payment is recognised.
type CustomData struct {
	PaymentID string `json:"paymentId"`
	ApplNo    int64  `json:"applNo"`
}

// VirtualAccountRequest holds the virtual-account options of a request.
type VirtualAccountRequest struct {
	AccountExpiry *AccountExpiry `json:"accountExpiry,omitempty"`
}

// AccountExpiry is when an issued account stops taking deposits.
type AccountExpiry struct {
	// DueDate is "YYYY-MM-DD HH:mm:ss", Korean time (the SDK's format).
	DueDate string `json:"dueDate,omitempty"`
}

// DueDateLayout is AccountExpiry.DueDate's layout, read in Asia/Seoul.
const DueDateLayout = "2006-01-02 15:04:05"

// PreRegister is the body of POST /payments/{paymentId}/pre-register.
type PreRegister struct {
	StoreID     string `json:"storeId,omitempty"`
	TotalAmount int64  `json:"totalAmount"`
	TaxFree     *int64 `json:"taxFreeAmount,omitempty"`
	Currency    string `json:"currency"`
}

// Cancel is the body of POST /payments/{paymentId}/cancel.
type Cancel struct {
	StoreID string `json:"storeId,omitempty"`
	// Amount to cancel; nil cancels everything that remains.
	Amount *int64 `json:"amount,omitempty"`
	Reason string `json:"reason"`
	// Requester is CUSTOMER or ADMIN.
	Requester string `json:"requester,omitempty"`
	// CurrentCancellableAmount makes PortOne refuse the cancel when what
	// remains differs (so a repeated request cannot refund twice).
	CurrentCancellableAmount *int64         `json:"currentCancellableAmount,omitempty"`
	RefundAccount            *RefundAccount `json:"refundAccount,omitempty"`
}

// RefundAccount receives a virtual-account refund.
type RefundAccount struct {
	Bank              string `json:"bank"`
	Number            string `json:"number"`
	HolderName        string `json:"holderName"`
	HolderPhoneNumber string `json:"holderPhoneNumber,omitempty"`
}

// CancelResponse is the answer of a cancel.
type CancelResponse struct {
	Cancellation Cancellation `json:"cancellation"`
}

// CloseVirtualAccountResponse is the answer of a virtual-account close.
type CloseVirtualAccountResponse struct {
	ClosedAt time.Time `json:"closedAt"`
}

// Error types of PortOne's error answers ({"type": ..., "message": ...}).
const (
	ErrTypeAlreadyPaid                   = "ALREADY_PAID"
	ErrTypePaymentNotFound               = "PAYMENT_NOT_FOUND"
	ErrTypePaymentNotPaid                = "PAYMENT_NOT_PAID"
	ErrTypePaymentAlreadyCancelled       = "PAYMENT_ALREADY_CANCELLED"
	ErrTypeCancelAmountExceeds           = "CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT"
	ErrTypeCancellableAmountInconsistent = "CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN"
	ErrTypePaymentNotWaitingForDeposit   = "PAYMENT_NOT_WAITING_FOR_DEPOSIT"
	ErrTypeInvalidRequest                = "INVALID_REQUEST"
	ErrTypeUnauthorized                  = "UNAUTHORIZED"
	ErrTypeForbidden                     = "FORBIDDEN"
	ErrTypePgProvider                    = "PG_PROVIDER"
)

// APIError is an error answer of PortOne (4xx).
type APIError struct {
	Status  int    `json:"-"`
	Type    string `json:"type"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return "portone: " + e.Type + ": " + e.Message
}

// Webhook types (version 2024-04-25).
const (
	WebhookReady                = "Transaction.Ready"
	WebhookPaid                 = "Transaction.Paid"
	WebhookVirtualAccountIssued = "Transaction.VirtualAccountIssued"
	WebhookPartialCancelled     = "Transaction.PartialCancelled"
	WebhookCancelled            = "Transaction.Cancelled"
	WebhookFailed               = "Transaction.Failed"
	WebhookPayPending           = "Transaction.PayPending"
	WebhookCancelPending        = "Transaction.CancelPending"
)

// WebhookEvent is the body of a webhook (2024-04-25).
type WebhookEvent struct {
	Type      string      `json:"type"`
	Timestamp time.Time   `json:"timestamp"`
	Data      WebhookData `json:"data"`
}

// WebhookData names the payment an event is about.
type WebhookData struct {
	StoreID        string `json:"storeId"`
	PaymentID      string `json:"paymentId"`
	TransactionID  string `json:"transactionId"`
	CancellationID string `json:"cancellationId,omitempty"`
}
