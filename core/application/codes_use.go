package application

// Message codes of this package.
const (
	CodeExists         = "application.exists"     // one application per round (param applNo)
	CodeOwnerOnly      = "application.owner_only" // an administrator may read, not change
	CodeRoundNotFound  = "recruit.not_found"
	CodeSchoolNotFound = "school.not_found"
	CodeCodeNotFound   = "code.not_found"
	CodeCodeType       = "code.type_unknown"           // commcode type other than SYSTEM or SCHOOL
	CodePartNotOffered = "validation.part_not_offered" // the round does not offer this major and course
	CodeRoundFixed     = "validation.round_fixed"      // an application stays in its round
	CodeDraftTooLarge  = "draft.too_large"             // param: max (bytes)
	CodeDraftNotObject = "draft.not_object"            // a draft is a JSON object
	CodeSearchTooShort = "validation.search_too_short" // a search needs at least one character
	CodeNotApplicant   = "application.applicant_only"  // only applicants create applications
)
