package refundrequest

// Message codes of this package.
const (
	CodeNotFound       = "refund_request.not_found"       // no such request, or not the caller's
	CodeNotPaid        = "refund_request.not_paid"        // the application has no paid payment
	CodeFullyRefunded  = "refund_request.fully_refunded"  // nothing remains to refund
	CodeOpenExists     = "refund_request.open_exists"     // the payment has a request awaiting an answer
	CodeReason         = "refund_request.reason"          // the applicant's reason: 1 to MaxReason characters
	CodeNotPending     = "refund_request.not_pending"     // answered already
	CodeAnswerRequired = "refund_request.answer_required" // a denial tells the applicant why
	CodeNoteTooLong    = "refund_request.note_too_long"   // the staff's internal note
	CodeCancelType     = "refund_request.cancel_type"     // approving refunds all (00001) or a part (00003)
	CodeStateUnknown   = "refund_request.state_unknown"   // a list filter or stored state that is not one
	CodeRuleTooLong    = "refund_request.rule_too_long"   // a school's rule text
	CodeSchoolUnknown  = "refund_request.school_unknown"  // a rule for a school the service does not have
)
