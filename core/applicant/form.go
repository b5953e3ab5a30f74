package applicant

import (
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
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

// ValidateStep validates the part of the form that a step saves:
// BASIS_SAVE applicantInfo, ACAD_SAVE acadList, LANG_SAVE partLanguages and
// certificateList, CAREER_SAVE careerList, ADD_INFO_SAVE essays, SURVEY
// answers. APPL_PART_SAVE and FILE_SAVE have nothing here (documents are
// checked by core/document).
func ValidateStep(step application.Status, f Form, c Context) error {
	switch step {
	case application.BasisSave:
		return ValidateBasic(f.ApplicantInfo, c.Rules, c.Lookups, c.Now)
	case application.AcadSave:
		return ValidateAcademic(f.AcadList, c.Rules, c.Lookups, c.Now)
	case application.LangSave:
		var all apperr.Fields
		for _, err := range []error{ValidateLanguages(f.PartLanguages, c.Rules, c.Lookups, c.Now), ValidateCertificates(f.CertificateList, c.Rules, c.Now)} {
			if e, ok := apperr.As(err); ok {
				all = append(all, e.Fields...)
			}
		}
		return all.Err()
	case application.CareerSave:
		return ValidateCareers(f.CareerList, c.Rules, c.Lookups, c.Now)
	case application.AddInfoSave:
		return ValidateEssays(f.Essays, c.Rules)
	case application.Survey:
		qs := c.SurveyQuestions
		if qs == nil {
			qs = DefaultSurveyQuestions()
		}
		return ValidateSurvey(f.Answers, qs, c.Rules)
	case application.PartSave, application.FileSave:
		return nil
	}
	return apperr.Invalid(application.CodeStepNotInList).With("step", string(step))
}

// ValidateAll validates every step of a school's list, as submission
// requires ("check all required inputs").
func ValidateAll(steps application.Steps, f Form, c Context) error {
	var all apperr.Fields
	for _, s := range steps.List() {
		if e, ok := apperr.As(ValidateStep(s, f, c)); ok {
			all = append(all, e.Fields...)
		}
	}
	return all.Err()
}
