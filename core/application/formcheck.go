package application

import (
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
)

// ValidateStep validates the part of the form that a step saves:
// BASIS_SAVE applicantInfo, ACAD_SAVE acadList, LANG_SAVE partLanguages and
// certificateList, CAREER_SAVE careerList, ADD_INFO_SAVE essays, SURVEY
// answers. APPL_PART_SAVE and FILE_SAVE have nothing here (documents are
// checked by core/document). Which step saves what is the application's
// rule; how each part is checked is core/form's.
func ValidateStep(step Status, f form.Form, c form.Context) error {
	switch step {
	case BasisSave:
		return form.ValidateBasic(f.ApplicantInfo, c.Rules, c.Lookups, c.Now)
	case AcadSave:
		return form.ValidateAcademic(f.AcadList, c.Rules, c.Lookups, c.Now)
	case LangSave:
		var all apperr.Fields
		for _, err := range []error{form.ValidateLanguages(f.PartLanguages, c.Rules, c.Lookups, c.Now), form.ValidateCertificates(f.CertificateList, c.Rules, c.Now)} {
			if e, ok := apperr.As(err); ok {
				all = append(all, e.Fields...)
			}
		}
		return all.Err()
	case CareerSave:
		return form.ValidateCareers(f.CareerList, c.Rules, c.Lookups, c.Now)
	case AddInfoSave:
		return form.ValidateEssays(f.Essays, c.Rules)
	case Survey:
		qs := c.SurveyQuestions
		if qs == nil {
			qs = form.DefaultSurveyQuestions()
		}
		return form.ValidateSurvey(f.Answers, qs, c.Rules)
	case PartSave, FileSave:
		return nil
	}
	return apperr.Invalid(CodeStepNotInList).With("step", string(step))
}

// ValidateAll validates every step of a school's list, as submission
// requires ("check all required inputs").
func ValidateAll(steps Steps, f form.Form, c form.Context) error {
	var all apperr.Fields
	for _, s := range steps.List() {
		if e, ok := apperr.As(ValidateStep(s, f, c)); ok {
			all = append(all, e.Fields...)
		}
	}
	return all.Err()
}
