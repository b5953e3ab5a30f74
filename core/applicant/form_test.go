package applicant

import (
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
)

func validForm() Form {
	f := Form{ApplicantInfo: korean(), AcadList: []AcademicRecord{acad()},
		PartLanguages: []LanguageEntry{{ExamCode: "00001", Score: "100", ExamDay: "2025-01-01"}},
		Essays:        []Essay{{1, "en", "one"}, {2, "en", "two"}, {3, "ko", "셋"}}}
	for _, q := range DefaultSurveyQuestions() {
		f.Answers = append(f.Answers, SurveyAnswer{QuestionCode: q, ItemCode: "1"})
	}
	return f
}

// Spec section 4: steps BASIS_SAVE ... SURVEY each save their part; section
// 5: "check all required inputs" before submission.
func TestValidateStep(t *testing.T) {
	t.Parallel()
	c := Context{Rules: dflt, Lookups: lk, Now: now}
	f := validForm()
	for _, s := range application.Statuses[:8] {
		if err := ValidateStep(s, f, c); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	if apperr.CodeOf(ValidateStep(application.Submit, f, c)) != application.CodeStepNotInList {
		t.Fatal("SUBMIT is not a form step")
	}
	bad := f
	bad.ApplicantInfo.KorName = ""
	bad.PartLanguages = nil
	bad.CertificateList = []Certificate{{}}
	bad.CareerList = []Career{{}}
	bad.Answers = nil
	expect(t, ValidateStep(application.LangSave, bad, c), "partLanguages:"+CodeLanguageRequired,
		"certificateList[0].description:"+CodeRequired, "certificateList[0].issueDay:"+"validation.required")
	steps := application.MustSteps(application.BasisSave, application.CareerSave)
	expect(t, ValidateAll(steps, bad, c), "applicantInfo.korName:"+CodeRequired,
		"careerList[0].companyName:"+CodeRequired, "careerList[0].joinDay:validation.required", "careerList[0].retireDay:validation.required")
	if ValidateAll(application.MustSteps(application.OptionalSteps...), f, c) != nil {
		t.Fatal("valid form refused")
	}
	c.SurveyQuestions = []string{"q99"}
	expect(t, ValidateStep(application.Survey, f, c), "answers.q99:"+CodeSurveyRequired)
}

func FuzzValidateStep(f *testing.F) {
	f.Add(uint8(1), "김영희", "4.12")
	f.Fuzz(func(t *testing.T, step uint8, kor, gpa string) {
		form := validForm()
		form.ApplicantInfo.KorName = kor
		form.AcadList[0].Gpa = gpa
		s := application.Statuses[int(step)%len(application.Statuses)]
		err := ValidateStep(s, form, Context{Rules: dflt, Lookups: lk, Now: now})
		if err == nil && s == application.BasisSave && kor == "" {
			t.Fatal("empty korName accepted")
		}
		if e, ok := apperr.As(err); err != nil && (!ok || e.Kind != apperr.KindInvalid) {
			t.Fatalf("%v", err)
		}
	})
}
