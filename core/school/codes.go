package school

// Message codes of this package.
const (
	CodeNationalityRefused = "validation.nationality_refused" // this programme does not accept it
	CodeVideoURL           = "validation.video_url"           // not an http(s) link
	CodeVideoStreaming     = "validation.video_streaming"     // a streaming page, not a file
	CodeVideoNotFile       = "validation.video_not_file"      // not a link to a video file
	CodeConsentRequired    = "consent.required"               // every item is mandatory (param: code)
	CodeConsentOutdated    = "consent.outdated"               // accepted an older version (param: code)
	CodeConsentUnknown     = "consent.unknown"

	// Requirements shown to the applicant with the video essay field.
	CodeVideoReqLength   = "video.req_length"   // a single file of at most 5 minutes
	CodeVideoReqNoLogin  = "video.req_no_login" // without login or password
	CodeVideoReqNoStream = "video.req_no_stream"
	CodeVideoReqKorean   = "video.req_korean" // in spoken Korean
	CodeVideoReqFace     = "video.req_face"   // showing the applicant's face

	// Consent item titles and bodies (the texts are the HTTP adapter's or the
	// school's data; these codes name the bundled defaults).
	CodeConsentPersonal    = "consent.personal_info"
	CodeConsentUniqueID    = "consent.unique_id"
	CodeConsentSensitive   = "consent.sensitive_info"
	CodeConsentConsignment = "consent.consignment"
	CodeConsentThirdParty  = "consent.third_party"
	CodeConsentFalseAppl   = "consent.false_application"
)
