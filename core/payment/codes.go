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

	CodePayTypeNotOffered = "payment.pay_type_not_offered" // the round does not offer it
	CodeNotFound          = "payment.not_found"
	CodeAlreadyPaid       = "payment.already_paid"       // a second payment of a paid application
	CodeVbankWaiting      = "payment.vbank_waiting"      // a virtual account awaits its deposit
	CodeInFlight          = "payment.in_flight"          // the provider is still deciding about an attempt
	CodeNotSubmitted      = "payment.not_submitted"      // pay before submitting
	CodeProviderDown      = "payment.provider_down"      // the provider did not answer
	CodeDeclined          = "payment.declined"           // declined or abandoned in the provider's window
	CodeAbandoned         = "payment.abandoned"          // never paid at the provider
	CodeBadSignature      = "payment.bad_signature"      // a webhook whose signature was refused
	CodeUnknownPayment    = "payment.unknown_payment"    // a webhook naming no attempt of ours
	CodeWrongProvider     = "payment.wrong_provider"     // a webhook from one provider for another provider's payment
	CodeProviderCancelled = "payment.provider_cancelled" // the provider cancelled a payment we recorded paid
	CodeIdentityMismatch  = "payment.identity_mismatch"  // the provider reports another payment id
	CodePaidTwice         = "payment.paid_twice"         // money for an application that cannot complete any more
)

// Message codes of the staff money pages (issue 10).
const (
	CodeReasonRequired   = "payment.reason_required" // a cancel or manual payment without a reason
	CodeReasonTooLong    = "payment.reason_too_long" // the applicant's reason over 500 characters
	CodeRefundAccountReq = "payment.refund_account_required"
	CodeProviderRefused  = "payment.provider_refused"  // the provider refused the cancel
	CodeAlreadyCancelled = "payment.already_cancelled" // the application is cancelled already
	CodeManualMethod     = "payment.manual_method"     // transfer or waiver
	CodeEvidenceRequired = "payment.evidence_required"
	CodePeriodInvalid    = "payment.period_invalid" // from/to missing or from >= to
	CodePeriodClosed     = "payment.period_closed"  // overlaps a closed period
	CodeSchoolRequired   = "payment.school_required"
	CodeNoProvider       = "payment.no_provider"    // a manual payment cannot be asked about
	CodeRefundFailed     = "payment.refund_failed"  // a refund the provider first answered pending failed
	CodeRefundOverdue    = "payment.refund_overdue" // a refund still pending after RefundDueDays business days
	CodeAnswerUnknown    = "payment.answer_unknown" // a cancel list filter other than pending, ok, failed
)
