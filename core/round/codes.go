package round

// Message codes of this package (texts live with the HTTP adapter).
const (
	CodeNotFound        = "round.not_found"
	CodeExists          = "round.exists"           // the school already has a round of that year and sequence
	CodeSchoolNotFound  = "school.not_found"       // an unknown school (or one the caller may not see)
	CodeYear            = "round.enter_year"       // param: min, max
	CodeSeq             = "round.seq"              // 1..99
	CodeFee             = "round.fee"              // 0..max (param: max)
	CodePayTypes        = "round.pay_types"        // a type the fees do not allow (param: type)
	CodePayTypesNone    = "round.pay_types_none"   // a paid round offers no way to pay
	CodeLetters         = "round.letters"          // 0..5
	CodeChannel         = "round.channel"          // a store id or channel key: letters, digits, - and _
	CodeWindowDuplicate = "round.window_duplicate" // the same type twice
	CodeWindowMissing   = "round.window_missing"   // SUBMIT and COMPLETE are required
	CodeMajorUnknown    = "round.major_unknown"    // not a major of the school
	CodePartDuplicate   = "round.part_duplicate"   // the same major and course twice
	CodePartInUse       = "round.part_in_use"      // applications chose it: cannot be removed
	CodePartsNone       = "round.parts_none"       // a round offers at least one part
	CodeDocDuplicate    = "round.doc_duplicate"
	CodeExtension       = "round.extension"      // not a lower-case file extension
	CodeMaxSize         = "round.max_size"       // 0 (the default) to 100 MB (param: max)
	CodeColor           = "school.color"         // a colour name or #rrggbb
	CodeLogo            = "school.logo"          // a path on this site (the CSP loads images from the site only)
	CodeEmail           = "school.contact_email" // not an e-mail address
	CodeStepUnknown     = "school.step_unknown"
	CodeStepsMandatory  = "round.steps_mandatory"    // a round's list drops a step every list keeps (param: step)
	CodeStepsInUse      = "round.steps_in_use"       // applications exist: the list no longer changes
	CodeInFlight        = "round.payments_in_flight" // param: count
	CodeNoCompletions   = "round.no_completions"
	CodeRule            = "round.rule" // the exam-number rule is refused (param: reason, the examno message code)
)
