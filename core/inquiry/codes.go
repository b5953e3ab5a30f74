package inquiry

// Message codes of this package.
const (
	CodeNotFound = "inquiry.not_found" // no such inquiry (or not the caller's)
	CodeType     = "inquiry.type"      // not one of the types
	CodeSchool   = "inquiry.school"    // not a school of the service
	CodeClosed   = "inquiry.closed"    // closed: nothing more can be added
	CodeStatus   = "inquiry.status"    // not a status (or not one staff set by hand)
)
