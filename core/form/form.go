package form

import (
	"time"

	"github.com/gradapply/gradapply/core/school"
)

// Form is the whole application form as the client sends it, one part per
// step.
type Form struct {
	ApplicantInfo   BasicInfo        `json:"applicantInfo"`
	AcadList        []AcademicRecord `json:"acadList"`
	PartLanguages   []LanguageEntry  `json:"partLanguages"`
	CertificateList []Certificate    `json:"certificateList"`
	CareerList      []Career         `json:"careerList"`
	Essays          []Essay          `json:"essays"`
	Answers         []SurveyAnswer   `json:"answers"`
}

// Context is what validation needs besides the form.
type Context struct {
	Rules           school.Rules
	Lookups         Lookups
	Now             time.Time
	SurveyQuestions []string // nil means DefaultSurveyQuestions
}
