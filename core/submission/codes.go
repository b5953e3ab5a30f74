package submission

// Message codes of this package.
const (
	CodeFileNotFound    = "file.not_found"        // no such document of this application
	CodeUploadMalformed = "file.upload_malformed" // the multipart form lacks its request or file part
	CodeSlipNotReady    = "slip.not_ready"        // no exam number yet: the application is not complete
	CodeLookupSent      = "examno.lookup_sent"    // the one answer of the lookup, known address or not
	CodeLookupLimited   = "examno.lookup_limited"
	CodeCaptcha         = "captcha.invalid"

	// ExtraItemCode is the document item of the extra slots (DOC_ITEM 00099).
	ExtraItemCode = "00099"
)
