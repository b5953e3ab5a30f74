package application

// Message codes of this package.
const (
	CodeStatusUnknown   = "application.status_unknown"
	CodeStepsInvalid    = "application.steps_invalid"     // a school's step list is not a valid list
	CodeStepNotInList   = "application.step_not_in_list"  // the school does not ask for this step
	CodeStepOrder       = "application.step_order"        // steps save in order
	CodeStepsIncomplete = "application.steps_incomplete"  // submit before every step is saved
	CodeNotModifiable   = "application.not_modifiable"    // completed or cancelled
	CodeSubmittedLocked = "application.submitted_locked"  // finally submitted: the form, documents and part are locked
	CodeBadTransition   = "application.bad_transition"    // e.g. COMPLETE from BASIS_SAVE
	CodeActorNotAllowed = "application.actor_not_allowed" // e.g. an applicant completing without payment
	CodePaymentPending  = "application.payment_pending"   // a virtual account is issued
	CodeViewMode        = "application.view_mode"         // editing is restricted in view mode
	CodeModeUnknown     = "application.mode_unknown"
	CodeNotUnderReview  = "application.not_under_review"
	CodeReviewComplete  = "application.review_complete" // check the application, admission slip and files
)
