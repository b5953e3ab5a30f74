package form

import (
	"time"

	"github.com/gradapply/gradapply/core/school"
)

// Form is the whole application form as the client sends it, one part per
// step.
type Form struct {
	ApplicantInfo   BasicInfo
	AcadList        []AcademicRecord
	PartLanguages   []LanguageEntry
	CertificateList []Certificate
	CareerList      []Career
	Essays          []Essay
	Answers         []SurveyAnswer
}

// Context is what validation needs besides the form.
type Context struct {
	Rules           school.Rules
	Lookups         Lookups
	Now             time.Time
	SurveyQuestions []string // nil means DefaultSurveyQuestions
}
