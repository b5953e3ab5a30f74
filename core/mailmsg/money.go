package mailmsg

// Mails of the money: receipts, virtual accounts, cancellations and refunds.

// PaymentReceipt confirms a payment with its lines (the PayPal surcharge
// as its own line, "" when none). Amounts are "KRW 80000" / "USD 63.00"
// texts, PaidAt yyyy-MM-dd HH:mm in Asia/Seoul.
type PaymentReceipt struct {
	School     string
	Round      string
	ExamNumber string
	PaymentID  string
	PayType    string
	Fee        string
	Surcharge  string
	Total      string
	PaidAt     string
}

// Kind implements Message.
func (PaymentReceipt) Kind() string { return "payment_receipt" }

// VirtualAccountIssued gives the account to deposit the fee into and its
// deadline (yyyy-MM-dd HH:mm, Asia/Seoul).
type VirtualAccountIssued struct {
	School    string
	Round     string
	Bank      string
	AccountNo string
	Holder    string
	Amount    string
	Due       string
}

// Kind implements Message.
func (VirtualAccountIssued) Kind() string { return "vbank_issued" }

// PaymentCancelled tells the applicant that staff cancelled or refunded
// their payment (issue 10): the cancel type by name (00001 all, 00002
// zero, 00003 partial), the amount refunded now and what remains paid, the
// reason, and whether the application is now cancelled.
type PaymentCancelled struct {
	School     string
	Round      string
	ExamNumber string
	PaymentID  string
	NoRefund   bool // cancelled without refund (00002)
	Partial    bool // a partial refund (00003)
	CancelName string
	Refunded   string
	Remaining  string
	Reason     string
	Cancelled  bool
	At         string
}

// Kind implements Message.
func (PaymentCancelled) Kind() string { return "payment_cancelled" }

// RefundRequestApproved tells the applicant that staff approved their
// refund request (issue 18): what was refunded and the staff's words.
// Requested is the day asked (yyyy-MM-dd, Asia/Seoul).
type RefundRequestApproved struct {
	School     string
	Round      string
	ExamNumber string
	PaymentID  string
	Requested  string
	Refunded   string
	Reason     string
}

// Kind implements Message.
func (RefundRequestApproved) Kind() string { return "refund_request_approved" }

// RefundRequestDenied tells the applicant that staff denied their refund
// request, and why.
type RefundRequestDenied struct {
	School     string
	Round      string
	ExamNumber string
	PaymentID  string
	Requested  string
	Reason     string
}

// Kind implements Message.
func (RefundRequestDenied) Kind() string { return "refund_request_denied" }

// RefundFailed tells the applicant that a refund staff made did not go
// through at the provider: the money stays paid and the school will
// refund it again.
type RefundFailed struct {
	School    string
	Round     string
	PaymentID string
	Amount    string
	At        string
}

// Kind implements Message.
func (RefundFailed) Kind() string { return "refund_failed" }
