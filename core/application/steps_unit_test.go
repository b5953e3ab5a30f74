package application_test

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

func validAcad() form.AcademicRecord {
	return form.AcademicRecord{AcadType: "univ", SchoolCode: "101", CountryCode: "410", AcadFinal: true,
		EnterDay: "2016-03-01", GraduateDay: "2020-02-20", GraduationStatus: form.GraduationGraduated,
		GradeForm: form.GradeAverage, FullScore: "4.50", Gpa: "3.80"}
}

func validLang(id string) form.LanguageEntry {
	return form.LanguageEntry{NodeID: id, ExamCode: "TOEFL", Score: "100", ExamDay: "2026-01-10"}
}

func validCareer() form.Career {
	return form.Career{CompanyName: "Acme", JoinDay: "2020-03-01", Current: true}
}

func validAddInfo() application.AddInfo {
	return application.AddInfo{
		Certificates: []form.Certificate{{Description: "TOPIK 6", IssueDay: "2025-01-01"}},
		Essays:       []form.Essay{{No: 1, Lang: "en", Text: "why"}, {No: 2, Lang: "ko", Text: "계획"}, {No: 3, Lang: "en", Text: "after"}},
	}
}

func validSurvey() application.SurveyData {
	return application.SurveyData{Answers: []application.SurveyAnswer{{SurveyAnswer: form.SurveyAnswer{QuestionCode: "q1", ItemCode: "01"}}}, ContactCode: "01"}
}

// seqIDs hands out node ids n1, n2, ...
func seqIDs() func() string {
	n := 0
	return func() string { n++; return "n" + strconv.Itoa(n) }
}

// saver saves one step of kim's application.
type saver func(ctx context.Context, s *application.Service, n int64) (application.Record, error)

func saveAcad(list ...form.AcademicRecord) saver {
	return func(ctx context.Context, s *application.Service, n int64) (application.Record, error) {
		return s.SaveAcademic(ctx, kim, n, list)
	}
}
func saveLang(list ...form.LanguageEntry) saver {
	return func(ctx context.Context, s *application.Service, n int64) (application.Record, error) {
		rec, _, err := s.SaveLanguages(ctx, kim, n, list, seqIDs())
		return rec, err
	}
}
func saveCareer(list ...form.Career) saver {
	return func(ctx context.Context, s *application.Service, n int64) (application.Record, error) {
		return s.SaveCareers(ctx, kim, n, list)
	}
}
func saveAddInfo(ai application.AddInfo) saver {
	return func(ctx context.Context, s *application.Service, n int64) (application.Record, error) {
		return s.SaveAdditionalInfo(ctx, kim, n, ai)
	}
}
func saveSurvey(d application.SurveyData) saver {
	return func(ctx context.Context, s *application.Service, n int64) (application.Record, error) {
		return s.SaveSurvey(ctx, kim, n, d)
	}
}

// Each step saves valid data and moves the status on; invalid data is
// refused with the spec's field names and nothing changes.
func TestStepSaves(t *testing.T) {
	t.Parallel()
	tooManyCerts := validAddInfo()
	tooManyCerts.Certificates = append(tooManyCerts.Certificates, tooManyCerts.Certificates[0], form.Certificate{IssueDay: "2025-01-01"})
	noEssays := validAddInfo()
	noEssays.Essays = nil
	twoCurrent := []form.Career{validCareer(), validCareer()}
	badSurvey := validSurvey()
	badSurvey.ContactCode = "09"
	unknownItem := application.SurveyData{Answers: []application.SurveyAnswer{{SurveyAnswer: form.SurveyAnswer{QuestionCode: "q1", ItemCode: "77"}}}}
	notFinal := validAcad()
	notFinal.AcadFinal = false
	cases := []struct {
		name   string
		from   application.Status
		save   saver
		step   application.Status
		fields []string // every field error expected; nil: saved
	}{
		{"academic", application.BasisSave, saveAcad(validAcad()), application.AcadSave, nil},
		{"academic required", application.BasisSave, saveAcad(), application.AcadSave, []string{"acadList:" + form.CodeRequired}},
		{"academic final education", application.BasisSave, saveAcad(notFinal), application.AcadSave, []string{"acadList:" + form.CodeAcadFinal}},
		{"languages", application.AcadSave, saveLang(validLang("")), application.LangSave, nil},
		{"language required by the school", application.AcadSave, saveLang(), application.LangSave, []string{"partLanguages:" + form.CodeLanguageRequired}},
		{"language exam the round does not accept", application.AcadSave, saveLang(form.LanguageEntry{ExamCode: "IELTS", Score: "7", ExamDay: "2026-01-10"}), application.LangSave, []string{"partLanguages[0].langExamCode:" + form.CodeCode}},
		{"language score over the exam's maximum", application.AcadSave, saveLang(form.LanguageEntry{ExamCode: "TOEFL", Score: "121", ExamDay: "2026-01-10"}), application.LangSave, []string{"partLanguages[0].score:" + form.CodeScore}},
		{"careers", application.LangSave, saveCareer(validCareer()), application.CareerSave, nil},
		{"no career is fine", application.LangSave, saveCareer(), application.CareerSave, nil},
		{"two current jobs", application.LangSave, saveCareer(twoCurrent...), application.CareerSave, []string{"careerList:" + form.CodeCareerCurrentOne}},
		{"additional info", application.CareerSave, saveAddInfo(validAddInfo()), application.AddInfoSave, nil},
		{"more certificates than the part accepts, all errors at once", application.CareerSave, saveAddInfo(tooManyCerts), application.AddInfoSave,
			[]string{"certificateList:" + form.CodeTooMany, "certificateList[2].description:" + form.CodeRequired}},
		{"essays the school asks for", application.CareerSave, saveAddInfo(noEssays), application.AddInfoSave,
			[]string{"essays:" + form.CodeRequired, "essays:" + form.CodeRequired, "essays:" + form.CodeRequired}},
		{"survey", application.FileSave, saveSurvey(validSurvey()), application.Survey, nil},
		{"survey contact code", application.FileSave, saveSurvey(badSurvey), application.Survey, []string{"contactCode:" + form.CodeCode}},
		{"survey item not offered", application.FileSave, saveSurvey(unknownItem), application.Survey,
			[]string{"answers[0].itemCode:" + form.CodeCode}},
		{"survey required question", application.FileSave, saveSurvey(application.SurveyData{}), application.Survey, []string{"answers.q1:" + form.CodeSurveyRequired}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			f := newFixture(t, fullRound())
			n := f.apply(t, c.from)
			rec, err := c.save(ctx, f.s, n)
			if c.fields != nil {
				if got := fieldCodes(err); !slices.Equal(got, c.fields) {
					t.Fatalf("fields %v, want %v (%v)", got, c.fields, err)
				}
				if f.m.app(n).State.Status != c.from {
					t.Fatalf("refused save moved the status to %s", f.m.app(n).State.Status)
				}
				if _, saved := f.m.savedAt(n, c.step); saved {
					t.Fatal("refused save recorded as saved")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.State.Status != c.step || f.m.app(n).State.Status != c.step {
				t.Fatalf("status %s, stored %s, want %s", rec.State.Status, f.m.app(n).State.Status, c.step)
			}
			if at, _ := f.m.savedAt(n, c.step); !at.Equal(now) {
				t.Fatalf("saved at %v", at)
			}
			if !slices.Contains(rec.Saved, c.step) || rec.Next == c.step {
				t.Fatalf("saved %v next %s", rec.Saved, rec.Next)
			}
		})
	}
}

// Saved data comes back through the step's read.
func TestStepReadsReturnSavedData(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, fullRound())
	f.m.SetUnivs(application.Univ{SchoolCode: "101", EngName: "Seoul Univ"})
	n := f.apply(t, application.BasisSave)
	other := validAcad()
	other.AcadFinal, other.SchoolCode, other.SearchSchoolName = false, school.SchoolOther, "Open University"
	unknown := validAcad()
	unknown.AcadFinal, unknown.SchoolCode = false, "555"
	if _, err := f.s.SaveAcademic(ctx, kim, n, []form.AcademicRecord{validAcad(), other, validAcad()}); err == nil {
		t.Fatal("two final educations saved")
	}
	memstore.Forms{Store: f.m.Store}.SaveAcademic(ctx, n, []form.AcademicRecord{validAcad(), other, unknown, validAcad()})
	acad, err := f.s.Academic(ctx, kim, n)
	if err != nil || len(acad.Data) != 4 {
		t.Fatalf("academic: %v", err)
	}
	if len(acad.Univs) != 1 || acad.Univs["101"].EngName != "Seoul Univ" {
		t.Fatalf("university names of acadList: %v", acad.Univs)
	}

	f.m.setState(n, application.State{Status: application.AcadSave})
	_, _, err = f.s.SaveLanguages(ctx, kim, n, []form.LanguageEntry{
		validLang(" keep "), validLang(""), validLang("keep"), validLang(string(make([]byte, 65))),
	}, seqIDs())
	if err == nil {
		t.Fatal("the same exam twice saved")
	}
	f.m.SetRound(withExams(f.m.round(key), "IELTS", "TOPIK", "JLPT"))
	list := []form.LanguageEntry{validLang(" keep "), withExam(validLang(""), "IELTS"), withExam(validLang("keep"), "TOPIK"), withExam(validLang(string(make([]byte, 65))), "JLPT")}
	_, langs, err := f.s.SaveLanguages(ctx, kim, n, list, seqIDs())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, l := range langs {
		ids = append(ids, l.NodeID)
	}
	if !slices.Equal(ids, []string{"keep", "n1", "n2", "n3"}) {
		t.Fatalf("node ids: kept when usable, new when blank, repeated or too long: %v", ids)
	}
	lv, err := f.s.Languages(ctx, kim, n)
	if err != nil || len(lv.Data) != 4 || lv.Data[3].NodeID != "n3" {
		t.Fatalf("languages read: %+v %v", lv.Data, err)
	}

	if _, err := f.s.SaveCareers(ctx, kim, n, []form.Career{validCareer()}); err != nil {
		t.Fatal(err)
	}
	cv, err := f.s.Careers(ctx, kim, n)
	if err != nil || len(cv.Data) != 1 || cv.Data[0].CompanyName != "Acme" {
		t.Fatalf("careers read: %+v %v", cv.Data, err)
	}
	if _, err := f.s.SaveAdditionalInfo(ctx, kim, n, validAddInfo()); err != nil {
		t.Fatal(err)
	}
	av, err := f.s.AdditionalInfo(ctx, kim, n)
	if err != nil || len(av.Data.Certificates) != 1 || len(av.Data.Essays) != 3 {
		t.Fatalf("additional info read: %+v %v", av.Data, err)
	}
	f.m.setState(n, application.State{Status: application.FileSave})
	if _, err := f.s.SaveSurvey(ctx, kim, n, validSurvey()); err != nil {
		t.Fatal(err)
	}
	sv, err := f.s.Survey(ctx, kim, n)
	if err != nil || len(sv.Questions) != 2 || sv.Data.ContactCode != "01" || len(sv.Data.Answers) != 1 {
		t.Fatalf("survey read: %+v %v", sv, err)
	}
	if sv.Record.State.Status != application.Survey || sv.Record.Next != "" || !slices.Contains(sv.Record.Actions, application.ActSubmit) {
		t.Fatalf("after the last step: %+v next %q actions %v", sv.Record.State, sv.Record.Next, sv.Record.Actions)
	}
	// Staff may read every step of an application of their school.
	for name, read := range map[string]func() error{
		"academic": func() error { _, err := f.s.Academic(ctx, sys, n); return err },
		"lang":     func() error { _, err := f.s.Languages(ctx, sys, n); return err },
		"career":   func() error { _, err := f.s.Careers(ctx, sys, n); return err },
		"addinfo":  func() error { _, err := f.s.AdditionalInfo(ctx, sys, n); return err },
		"survey":   func() error { _, err := f.s.Survey(ctx, sys, n); return err },
	} {
		if err := read(); err != nil {
			t.Errorf("staff reads %s: %v", name, err)
		}
	}
}

func withExams(r application.Round, codes ...string) application.Round {
	r.LanguageExams = slices.Clone(r.LanguageExams)
	for _, c := range codes {
		r.LanguageExams = append(r.LanguageExams, application.Exam{LanguageExam: form.LanguageExam{Code: c, InputType: form.InputScore}})
	}
	return r
}

func withExam(l form.LanguageEntry, code string) form.LanguageEntry {
	l.ExamCode = code
	return l
}

// Steps save in order, only those the school asks for, and only by the
// owner within the SUBMIT window unless ROLE_TIME_INDEPENDENT.
func TestStepOrderOwnerAndWindow(t *testing.T) {
	t.Parallel()
	short := testRound(true) // BASIS_SAVE, ACAD_SAVE, FILE_SAVE
	cases := []struct {
		name   string
		r      application.Round
		from   application.Status
		closed bool
		save   func(ctx context.Context, s *application.Service, n int64) error
		code   string
	}{
		{"skipping a step", fullRound(), application.BasisSave,
			false, func(ctx context.Context, s *application.Service, n int64) error {
				_, err := s.SaveCareers(ctx, kim, n, nil)
				return err
			}, application.CodeStepOrder},
		{"step the school does not ask for", short, application.AcadSave,
			false, func(ctx context.Context, s *application.Service, n int64) error {
				_, err := s.SaveCareers(ctx, kim, n, nil)
				return err
			}, application.CodeStepNotInList},
		{"saving an earlier step again", fullRound(), application.CareerSave,
			false, func(ctx context.Context, s *application.Service, n int64) error {
				_, err := s.SaveAcademic(ctx, kim, n, []form.AcademicRecord{validAcad()})
				return err
			}, ""},
		{"another applicant", fullRound(), application.CareerSave,
			false, func(ctx context.Context, s *application.Service, n int64) error {
				_, err := s.SaveCareers(ctx, lee, n, nil)
				return err
			}, application.CodeNotFound},
		{"staff through the form", fullRound(), application.CareerSave,
			false, func(ctx context.Context, s *application.Service, n int64) error {
				_, err := s.SaveCareers(ctx, sys, n, nil)
				return err
			}, application.CodeOwnerOnly},
		{"window closed", fullRound(), application.CareerSave,
			true, func(ctx context.Context, s *application.Service, n int64) error {
				_, err := s.SaveCareers(ctx, kim, n, nil)
				return err
			}, window.CodeClosed},
		// Defect 4: after final submission the form is locked.
		{"submitted: step save refused", fullRound(), application.Submit,
			false, func(ctx context.Context, s *application.Service, n int64) error {
				_, err := s.SaveCareers(ctx, kim, n, nil)
				return err
			}, application.CodeSubmittedLocked},
		{"submitted: draft refused", fullRound(), application.Submit,
			false, func(ctx context.Context, s *application.Service, n int64) error {
				_, err := s.PutDraft(ctx, kim, n, "CAREER_SAVE", []byte(`{}`))
				return err
			}, application.CodeSubmittedLocked},
		{"submitted: part change refused", fullRound(), application.Submit,
			false, func(ctx context.Context, s *application.Service, n int64) error {
				req := partReq("MA01")
				req.ApplNo = n
				_, _, err := s.SavePart(ctx, kim, req)
				return err
			}, application.CodeSubmittedLocked},
		{"payment pending: step save refused", fullRound(), application.VbankIssue,
			false, func(ctx context.Context, s *application.Service, n int64) error {
				_, err := s.SaveCareers(ctx, kim, n, nil)
				return err
			}, application.CodeSubmittedLocked},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, c.r)
			n := f.apply(t, c.from)
			if c.closed {
				f.closeWindow()
			}
			if err := c.save(context.Background(), f.s, n); apperr.CodeOf(err) != c.code {
				t.Fatalf("got %v, want %q", err, c.code)
			}
			if f.m.app(n).State.Status != c.from {
				t.Fatalf("status moved to %s", f.m.app(n).State.Status)
			}
		})
	}
}

// The SUBMIT window binds everyone but ROLE_TIME_INDEPENDENT.
func TestTimeIndependentSavesAfterWindow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, fullRound())
	v, _, err := f.s.SavePart(ctx, free, partReq("IS01"))
	if err != nil {
		t.Fatal(err)
	}
	n := v.Record.ApplNo
	f.m.setState(n, application.State{Status: application.LangSave})
	f.closeWindow()
	rec, err := f.s.SaveCareers(ctx, free, n, []form.Career{validCareer()})
	if err != nil || rec.State.Status != application.CareerSave {
		t.Fatalf("exempt save: %v", err)
	}
	if rec.SubmitOpen || !slices.Contains(rec.Actions, application.ActEdit) {
		t.Fatalf("exempt user keeps editing a closed round: open %v actions %v", rec.SubmitOpen, rec.Actions)
	}
	if _, err := f.s.PutDraft(ctx, free, n, "ADD_INFO_SAVE", []byte(`{"x":1}`)); err != nil {
		t.Fatalf("exempt draft: %v", err)
	}
	if _, err := f.s.Cancel(ctx, free, n); err != nil {
		t.Fatalf("exempt cancel: %v", err)
	}
}

// Another request may move the application between the checks and the
// write: the write checks again under the row lock.
func TestCommitRechecksUnderLock(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, fullRound())
	n := f.apply(t, application.LangSave)
	locked := &lockHook{Applications: memstore.Applications{Store: f.m.Store}, before: func() { f.m.setState(n, application.State{Status: application.Complete}) }}
	f.s.Apps = locked
	if _, err := f.s.SaveCareers(ctx, kim, n, nil); apperr.CodeOf(err) != application.CodeNotModifiable {
		t.Fatalf("completed meanwhile: %v", err)
	}
	if _, saved := f.m.savedAt(n, application.CareerSave); saved {
		t.Fatal("saved after completion")
	}
	locked.before = func() { f.m.setState(n, application.State{Status: application.BasisSave}) }
	f.m.setState(n, application.State{Status: application.LangSave})
	if _, err := f.s.SaveCareers(ctx, kim, n, nil); apperr.CodeOf(err) != application.CodeStepOrder {
		t.Fatalf("moved back meanwhile: %v", err)
	}
	locked.before = func() { f.m.setState(n, application.State{Status: application.Complete}) }
	change := partReq("MA01")
	change.ApplNo = n
	f.m.setState(n, application.State{Status: application.LangSave})
	if _, _, err := f.s.SavePart(ctx, kim, change); apperr.CodeOf(err) != application.CodeNotModifiable {
		t.Fatalf("part changed after completion: %v", err)
	}
	f.m.setState(n, application.State{Status: application.LangSave})
	if _, err := f.s.Cancel(ctx, kim, n); apperr.CodeOf(err) != application.CodeNotModifiable {
		t.Fatalf("cancelled after completion: %v", err)
	}
}

// lockHook runs before on every Update, before the row is read.
type lockHook struct {
	memstore.Applications
	before func()
}

func (l *lockHook) Update(ctx context.Context, n int64, fn func(context.Context, *application.Application) error) error {
	l.before()
	return l.Applications.Update(ctx, n, fn)
}

func TestDrafts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, fullRound())
	n := f.apply(t, application.CareerSave)

	// A draft is kept when the save is refused, and returned with the step.
	at, err := f.s.PutDraft(ctx, kim, n, "ADD_INFO_SAVE", []byte(` {"essays":[{"no":1}]} `))
	if err != nil || !at.Equal(now) {
		t.Fatalf("put: %v %v", at, err)
	}
	noEssays := validAddInfo()
	noEssays.Essays = nil
	if _, err := f.s.SaveAdditionalInfo(ctx, kim, n, noEssays); err == nil {
		t.Fatal("saved without essays")
	}
	v, err := f.s.AdditionalInfo(ctx, kim, n)
	if err != nil || v.Draft == nil || string(v.Draft.Data) != ` {"essays":[{"no":1}]} ` {
		t.Fatalf("draft after a refused save: %+v %v", v.Draft, err)
	}
	d, ok, err := f.s.GetDraft(ctx, kim, n, "ADD_INFO_SAVE")
	if err != nil || !ok || !d.SavedAt.Equal(now) {
		t.Fatalf("get draft: %+v %v %v", d, ok, err)
	}
	// Staff read the step without the draft (it may hold unmasked numbers).
	if v, err := f.s.AdditionalInfo(ctx, sys, n); err != nil || v.Draft != nil {
		t.Fatalf("staff see the draft: %+v %v", v.Draft, err)
	}
	if _, _, err := f.s.GetDraft(ctx, lee, n, "ADD_INFO_SAVE"); apperr.CodeOf(err) != application.CodeNotFound {
		t.Fatalf("other's draft: %v", err)
	}

	// A successful save drops the draft.
	f.clock.Advance(time.Minute)
	if _, err := f.s.SaveAdditionalInfo(ctx, kim, n, validAddInfo()); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := f.s.GetDraft(ctx, kim, n, "ADD_INFO_SAVE"); ok {
		t.Fatal("draft kept after save")
	}
	// A draft older than the last save is not offered; a newer one is.
	memstore.Forms{Store: f.m.Store}.PutDraft(ctx, n, application.AddInfoSave, []byte(`{"old":true}`), now)
	if v, _ := f.s.AdditionalInfo(ctx, kim, n); v.Draft != nil {
		t.Fatalf("stale draft offered: %s", v.Draft.Data)
	}
	f.clock.Advance(time.Minute)
	if _, err := f.s.PutDraft(ctx, kim, n, "ADD_INFO_SAVE", []byte(`{"new":true}`)); err != nil {
		t.Fatal(err)
	}
	if v, _ := f.s.AdditionalInfo(ctx, kim, n); v.Draft == nil || string(v.Draft.Data) != `{"new":true}` {
		t.Fatalf("newer draft not offered: %+v", v.Draft)
	}

	// Delete: owner only, known steps only.
	cases := []struct {
		name string
		p    func() error
		code string
	}{
		{"other applicant", func() error { return f.s.DeleteDraft(ctx, lee, n, "ADD_INFO_SAVE") }, application.CodeNotFound},
		{"staff", func() error { return f.s.DeleteDraft(ctx, sys, n, "ADD_INFO_SAVE") }, application.CodeOwnerOnly},
		{"not a draft step", func() error { return f.s.DeleteDraft(ctx, kim, n, "FILE_SAVE") }, application.CodeStepNotInList},
		{"get: not a draft step", func() error { _, _, err := f.s.GetDraft(ctx, kim, n, "COMPLETE"); return err }, application.CodeStepNotInList},
		{"put by another applicant", func() error { _, err := f.s.PutDraft(ctx, lee, n, "SURVEY", []byte(`{}`)); return err }, application.CodeNotFound},
		{"owner", func() error { return f.s.DeleteDraft(ctx, kim, n, "ADD_INFO_SAVE") }, ""},
	}
	for _, c := range cases {
		if err := c.p(); apperr.CodeOf(err) != c.code {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if _, ok, _ := f.s.GetDraft(ctx, kim, n, "ADD_INFO_SAVE"); ok {
		t.Fatal("deleted draft still there")
	}
	// Every draft step keeps its own draft.
	for i, st := range application.DraftSteps {
		body := []byte(`{"i":` + strconv.Itoa(i) + `}`)
		if _, err := f.s.PutDraft(ctx, kim, n, string(st), body); err != nil {
			t.Fatalf("%s: %v", st, err)
		}
	}
	for i, st := range application.DraftSteps {
		d, ok, err := f.s.GetDraft(ctx, kim, n, string(st))
		if err != nil || !ok || string(d.Data) != `{"i":`+strconv.Itoa(i)+`}` {
			t.Fatalf("%s: %s %v", st, d.Data, err)
		}
	}
}
