package submission

// Message codes of this package.
const (
	CodeSlipNotReady  = "slip.not_ready"     // no exam number yet: the application is not complete
	CodeLookupSent    = "examno.lookup_sent" // the one answer of the lookup, known address or not
	CodeLookupLimited = "examno.lookup_limited"
	CodeCaptcha       = "captcha.invalid"
)
