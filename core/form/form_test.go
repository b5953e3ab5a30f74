package form_test

import (
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
)

// Spec section 4: steps BASIS_SAVE ... SURVEY each save their part; section
// 5: "check all required inputs" before submission.
func TestValidateStep(t *testing.T) {
	t.Parallel()
	c := form.Context{Rules: form.RulesForTest, Lookups: form.LookupsForTest, Now: form.NowForTest}
	f := form.ValidFormForTest()
	for _, s := range application.Statuses[:8] {
		if err := application.ValidateStep(s, f, c); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	if apperr.CodeOf(application.ValidateStep(application.Submit, f, c)) != application.CodeStepNotInList {
		t.Fatal("SUBMIT is not a form step")
	}
	bad := f
	bad.ApplicantInfo.KorName = ""
	bad.PartLanguages = nil
	bad.CertificateList = []form.Certificate{{}}
	bad.CareerList = []form.Career{{}}
	bad.Answers = nil
	form.ExpectForTest(t, application.ValidateStep(application.LangSave, bad, c), "partLanguages:"+form.CodeLanguageRequired,
		"certificateList[0].description:"+form.CodeRequired, "certificateList[0].issueDay:"+"validation.required")
	steps := application.MustSteps(application.BasisSave, application.CareerSave)
	form.ExpectForTest(t, application.ValidateAll(steps, bad, c), "applicantInfo.korName:"+form.CodeRequired,
		"careerList[0].companyName:"+form.CodeRequired, "careerList[0].joinDay:validation.required", "careerList[0].retireDay:validation.required")
	if application.ValidateAll(application.MustSteps(application.OptionalSteps...), f, c) != nil {
		t.Fatal("valid form refused")
	}
	c.SurveyQuestions = []string{"q99"}
	form.ExpectForTest(t, application.ValidateStep(application.Survey, f, c), "answers.q99:"+form.CodeSurveyRequired)
}

func FuzzValidateStep(fz *testing.F) {
	fz.Add(uint8(1), "김영희", "4.12")
	fz.Fuzz(func(t *testing.T, step uint8, kor, gpa string) {
		f := form.ValidFormForTest()
		f.ApplicantInfo.KorName = kor
		f.AcadList[0].Gpa = gpa
		s := application.Statuses[int(step)%len(application.Statuses)]
		err := application.ValidateStep(s, f, form.Context{Rules: form.RulesForTest, Lookups: form.LookupsForTest, Now: form.NowForTest})
		if err == nil && s == application.BasisSave && kor == "" {
			t.Fatal("empty korName accepted")
		}
		if e, ok := apperr.As(err); err != nil && (!ok || e.Kind != apperr.KindInvalid) {
			t.Fatalf("%v", err)
		}
	})
}
