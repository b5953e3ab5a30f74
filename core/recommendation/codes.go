package recommendation

// Message codes of this package.
const (
	CodeStatusUnknown   = "recommend.status_unknown"
	CodeCancelBySupport = "recommend.cancel_via_support" // opened or being written: only support cancels
	CodeCompleted       = "recommend.completed"          // no cancel or delete once completed
	CodeSubmitted       = "recommend.submitted"          // a submitted letter takes no more writing, file, resend or address
	CodeNotAllowed      = "recommend.not_allowed"        // this actor may not do this
	CodeKeyInvalid      = "recommend.key_invalid"        // Incorrect approach
	CodeNoRequest       = "recommend.no_request"         // no request exists
	CodeDeadlinePassed  = "recommend.deadline_passed"    // deadline for writing passed
	CodeNotOpenYet      = "recommend.not_open_yet"
	CodeRequired        = "recommend.required"    // Is required
	CodeCheckInput      = "recommend.check_input" // check the entered information
	CodeChoice          = "recommend.choice"      // an answer that is not one of the options
	CodeTooLong         = "recommend.too_long"    // param: max
	CodeProfSign        = "validation.prof_sign"  // Korean and English only
	CodeName            = "validation.recommender_name"
	CodePhone           = "validation.phone"
)

// Codes of the request use cases.
const (
	CodeEnough       = "recommend.enough"         // the round's number of letters is reached
	CodeDuplicate    = "recommend.duplicate"      // this address has a request already
	CodeOpenedNoEdit = "recommend.opened_no_edit" // opened: the address can no longer change
)
