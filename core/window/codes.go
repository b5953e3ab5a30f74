package window

// Message codes of this package (texts live with the HTTP adapter).
const (
	CodeNotOpen         = "window.not_open"            // before the window starts
	CodeClosed          = "window.closed"              // after the window ended
	CodeRoundClosed     = "window.round_closed"        // closing staff closed the round early
	CodeNotSet          = "window.not_set"             // the round has no such window
	CodeDateFormat      = "validation.date_format"     // not yyyy-MM-dd
	CodeDateRequired    = "validation.required"        // an empty date
	CodeStartAfterToday = "validation.start_day"       // startDay: only after today
	CodeEndAfterStart   = "validation.end_day"         // endDay: only after the start date
	CodeNotAfterToday   = "validation.not_after_today" // retireDay and other past dates
	CodeUnknownKind     = "window.unknown_kind"
)
