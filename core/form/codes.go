package form

// Message codes of this package. Date codes come from core/window, the
// e-mail code from core/account, school-rule codes from core/school.
const (
	CodeRequired          = "validation.required"
	CodeTooLong           = "validation.too_long" // param: max
	CodeGender            = "validation.gender"   // M or F
	CodeKorName           = "validation.kor_name" // Korean only, without spaces
	CodeEngName           = "validation.eng_name" // English only
	CodeEngAlnum          = "validation.eng_alnum"
	CodeNameKorEngDigit   = "validation.name_kor_eng_digit"
	CodeEngOnly           = "validation.eng_only"
	CodeMiddleName        = "validation.middle_name"
	CodeDepartment        = "validation.department" // Korean, uppercase English and spaces
	CodeDigits            = "validation.digits"     // numbers only
	CodeResidentNo        = "validation.resident_no"
	CodeAlienNo           = "validation.alien_no" // exactly 13 digits
	CodeCountry           = "validation.country"  // choose after a search
	CodeMultiNationality  = "validation.multi_nationality"
	CodeSchool            = "validation.school" // choose after a search
	CodeSchoolName        = "validation.school_name"
	CodeCode              = "validation.code" // a code that does not exist
	CodePassportNo        = "validation.passport_no"
	CodeVisaEtc           = "validation.visa_etc"
	CodePhone             = "validation.phone"
	CodeAcadFinal         = "validation.acad_final" // a tick is required for the last education, once
	CodeGradeForm         = "validation.grade_form"
	CodeFullScore         = "validation.full_score"
	CodeGpaTwoDecimals    = "validation.gpa_two_decimals" // write to two decimals
	CodeGpaOverFull       = "validation.gpa_over_full"    // must be at or below full score
	CodeCareerCurrentOne  = "validation.career_current_one"
	CodeRetireWhenCurrent = "validation.retire_when_current"
	CodeLanguageRequired  = "validation.language_required" // at least one language score
	CodeScore             = "validation.score"
	CodeG20Required       = "validation.g20_required"
	CodeEssayWords        = "validation.essay_words" // param: max
	CodeEssayChars        = "validation.essay_chars" // param: max
	CodeEssayUnknown      = "validation.essay_unknown"
	CodeSurveyRequired    = "survey.required" // This is required
	CodeDuplicate         = "validation.duplicate"
)
