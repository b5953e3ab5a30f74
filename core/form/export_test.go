package form

// Test helpers shared with the external tests in this directory (they test
// core/application's step mapping over this package's rules, which package
// form itself cannot import).
var (
	ValidFormForTest = validForm
	NowForTest       = now
	LookupsForTest   = lk
	RulesForTest     = dflt
	ExpectForTest    = expect
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
