package payment

// Message codes of this package.
const (
	CodePayTypeUnknown    = "payment.pay_type_unknown"
	CodeCurrency          = "payment.currency"         // the fee's currency does not suit the pay type
	CodeFreeNotZero       = "payment.free_not_zero"    // free pay type with a fee
	CodeAmountMismatch    = "payment.amount_mismatch"  // an event amount other than the expected one
	CodeEventUnexpected   = "payment.event_unexpected" // e.g. a virtual account for a card payment
	CodeNotPaid           = "payment.not_paid"         // cancel before payment
	CodeCancelTypeUnknown = "payment.cancel_type_unknown"
	CodePartialAmount     = "payment.partial_amount" // partial refund not in (0, remaining]
	CodeNothingRemains    = "payment.nothing_remains"
	CodeRefundBank        = "payment.refund_bank"
	CodeRefundHolder      = "payment.refund_holder"
	CodeRefundAccountNo   = "payment.refund_account_no"
)
