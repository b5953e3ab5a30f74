package document

// Message codes of this package.
const (
	CodeExtension       = "file.extension"        // not in the item's allowed list (param: allowed)
	CodeEmpty           = "file.empty"            // size 0
	CodeTooLarge        = "file.too_large"        // above the limit (param: max, as FormatSize writes it)
	CodeNameTooLong     = "file.name_too_long"    // more than 40 characters without extension
	CodeNameCharacters  = "file.name_characters"  // characters outside NameAllowed in the name
	CodeContentMismatch = "file.content_mismatch" // leading bytes do not match the extension
	CodeRequiredMissing = "file.required_missing" // Please check the required submission (param: code)
	CodeExtraNotAllowed = "file.extra_not_allowed"
	CodeExtraSlot       = "file.extra_slot" // slot number outside 1..5
	CodeItemUnknown     = "file.item_unknown"
	CodeFileNotFound    = "file.not_found"        // no such document of this application
	CodeUploadMalformed = "file.upload_malformed" // the multipart form lacks its request or file part

	// ExtraItemCode is the document item of the extra slots (DOC_ITEM 00099).
	ExtraItemCode = "00099"
	// PhotoItemCode is the document item of the applicant's photo.
	PhotoItemCode = "00001"
)
