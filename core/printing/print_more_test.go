package printing_test

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/printing/printtest"
	"github.com/gradapply/gradapply/core/recommendation"
	"github.com/gradapply/gradapply/core/school"
)

// has reports whether a section holds a row with the label and value.
func has(a printing.Application, section, label, want string) bool {
	for _, s := range a.Sections {
		if s.Title.En != section {
			continue
		}
		for _, b := range s.Blocks {
			for _, f := range b.Fields {
				if f.Label.En == label && f.Value == want {
					return true
				}
			}
		}
	}
	return false
}

// foreign is the sample turned into a foreign applicant's application:
// given names only, a second nationality, a school typed by hand, a grade on
// another scale, family, a past job, a certificate, a programme survey, an
// extra document and a consent the round no longer lists.
func foreign() *printtest.Store {
	st := printtest.Sample(nil)
	st.Header.State = application.State{Status: application.Complete, Reviewing: true, ReviewStatus: application.Submit}
	info := &st.InfoRow
	info.KorName, info.EngName, info.FirstName, info.MiddleName, info.LastName = "", "", "Wei", "", "Zhang"
	info.Gend, info.Nationality, info.MultiNationality, info.MultiNationalityCode = "M", "156", true, "410"
	info.ResidentNoLast, info.PassportNo, info.PassportIssueCountry = "", "E12345678", "156"
	info.Spouse = form.Spouse{Name: "Li Na", Nationality: "156"}
	info.FamilyList = []form.FamilyMember{{Relation: "00002", Name: "Wang Fang", Nationality: "999"}}
	st.Acad = []form.AcademicRecord{
		{AcadType: "grad", SchoolCode: "999", SearchSchoolName: "Peking University", CountryCode: "156", Transfer: true,
			GradeForm: form.GradeAverage, FullScore: "ETC", FullScoreEtc: "5.0", Gpa: "4.2"},
		{AcadType: "univ", SchoolCode: "777", CountryCode: "840", GradeForm: "00002", Gpa: "85"},
		{AcadType: "univ", SchoolCode: "778", SearchSchoolName: "Fudan University"},
	}
	st.CareerRows = []form.Career{{CompanyName: "Huawei", JoinDay: "2020-01-01", RetireDay: "2022-12-31", Description: "Network planning."}}
	st.Certs = []form.Certificate{{Category: "LIC", Description: "CCNA", Institution: "Cisco", IssueDay: "2021-05-01"}}
	st.RoundRow.PartSurvey = []application.Question{{Code: "P1", InputType: "textarea", KorText: "학업 계획", EngText: "Study plan"},
		{Code: "P2", InputType: "checkbox", KorText: "관심 분야", EngText: "Interests", Items: []application.Item{
			{Code: application.Code{Code: "a", KorValue: "연기", EngValue: "Acting"}},
			{Code: application.Code{Code: "z", KorValue: "기타", EngValue: "Other"}, HasComment: true}}}}
	st.Surveys[application.StagePart] = application.SurveyData{Answers: []application.SurveyAnswer{
		{SurveyAnswer: form.SurveyAnswer{QuestionCode: "P1", Answer: "First year"}},
		{SurveyAnswer: form.SurveyAnswer{QuestionCode: "P1", Answer: "Second year"}},
		{SurveyAnswer: form.SurveyAnswer{QuestionCode: "P2", ItemCode: "a", Comment: "stage"}},
		{SurveyAnswer: form.SurveyAnswer{QuestionCode: "P2", ItemCode: "z", Answer: "Puppetry"}},
		{SurveyAnswer: form.SurveyAnswer{QuestionCode: "P2", ItemCode: "", Answer: " "}},
	}}
	st.ItemRows = append(st.ItemRows, document.DocItem{Item: document.Item{Code: "00003"}, KorName: "포트폴리오", EngName: "Portfolio"},
		document.DocItem{Item: document.Item{Code: "00004", Required: true}, KorName: "추천서", EngName: "Recommendation"})
	st.Docs = append(st.Docs, document.Document{FileKey: "k9", ApplNo: printtest.ApplNo, ItemCode: "00002", Slot: 1, FileName: "transcript-extra.pdf", Ext: "pdf"})
	st.Accept = []school.Acceptance{{Code: school.CodeConsentPersonal, Version: "2026-01-01", At: time.Date(2026, 3, 3, 15, 30, 0, 0, time.UTC)},
		{Code: "OLD_CONSENT", Version: "v1"}}
	return st
}

// Everything an applicant typed or chose prints as a name in the language
// asked for; what has no name (a code the lists do not hold, a school typed
// by hand) prints as typed; the internal number is never the exam number.
func TestPrintForeignApplicant(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang                                                        printing.Lang
		gender, nationality, second, status, missing, relation, yes string
		interests, accepted, oldConsent                             string
	}{
		{printing.Korean, "남성", "중국", "대한민국", "제출 완료 (결제 대기)", "미제출", "모", "예", "연기 (stage), 기타: Puppetry",
			"동의 (버전 2026-01-01, 2026-03-04 00:30)", "동의 (버전 v1)"},
		{printing.English, "Male", "China", "Korea, Republic of", "Submitted (awaiting payment)", "Not submitted", "Mother", "Yes",
			"Acting (stage), Other: Puppetry", "Accepted (version 2026-01-01, 2026-03-04 00:30)", "Accepted (version v1)"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			t.Parallel()
			st := foreign()
			k := &keep{}
			if _, err := printtest.NewService(st, k).PrintApplication(context.Background(), printtest.StaffP, printtest.ApplNo, tc.lang); err != nil {
				t.Fatal(err)
			}
			a := k.app
			for _, c := range []struct{ section, label, want string }{
				{"Application", "Status", tc.status},
				{"Basic information", "Given name", "Wei"},
				{"Basic information", "Family name", "Zhang"},
				{"Basic information", "Gender", tc.gender},
				{"Basic information", "Nationality", tc.nationality},
				{"Basic information", "Second nationality", tc.second},
				{"Basic information", "Passport issued by", tc.nationality},
				{"Basic information", "Passport no.", "E1*******"},
				{"Family and financial guarantee", "Relationship", tc.relation},
				{"Family and financial guarantee", "Nationality", "999"},
				{"Academic history", "School", "Peking University"},
				{"Academic history", "Grade", "4.2 / 5.0"},
				{"Academic history", "Transfer", tc.yes},
				{"Academic history", "School", "777"},
				{"Academic history", "Country", "840"},
				{"Academic history", "Grade", "85"},
				{"Academic history", "School", "Fudan University"},
				{"Career", "Joined on", "2020-01-01"}, {"Career", "Left on", "2022-12-31"},
				{"Certificates and awards", "Category", "LIC"},
				{"Survey", "Study plan", "First year\nSecond year"},
				{"Survey", "Interests", tc.interests},
				{"Documents", "Recommendation", tc.missing},
				{"Documents", "Other document 1", "transcript-extra.pdf"},
				{"Consents", "OLD_CONSENT", tc.oldConsent},
			} {
				if !has(a, c.section, c.label, c.want) {
					t.Errorf("%s / %s: no row %q", c.section, c.label, c.want)
				}
			}
			if !has(a, "Consents", "Consent to the collection and use of personal information", tc.accepted) {
				t.Errorf("consent row: %+v", a.Sections[len(a.Sections)-1])
			}
			for _, f := range fields(a) {
				if f.Label.En == "Portfolio" {
					t.Errorf("an optional document not submitted is listed: %+v", f)
				}
				if f.Label.En == "Study plan" && !f.Long || f.Label.En == "Duties" && !f.Long {
					t.Errorf("%s is not printed as long text", f.Label.En)
				}
			}
			if got := titles(a); !slices.Contains(got, "Family and financial guarantee") || !slices.Contains(got, "Certificates and awards") {
				t.Errorf("sections %v", got)
			}
		})
	}
}

// withoutInfo is the sample whose basic information was never saved.
type withoutInfo struct{ *printtest.Store }

func (withoutInfo) Info(context.Context, int64) (form.ApplicantInfo, bool, error) {
	return form.ApplicantInfo{}, false, nil
}

func service(st *printtest.Store, ports interface {
	printing.Applications
	printing.Forms
	printing.Reference
	printing.Documents
	printing.Files
	printing.Notices
	port.AuditLog
}, r printing.Renderer) *printing.Service {
	s := printtest.NewService(st, r)
	s.Apps, s.Forms, s.Ref, s.Docs, s.Files, s.Notices, s.Log = ports, ports, ports, ports, ports, ports, ports
	return s
}

// A slip whose applicant never saved the basic information shows the
// account's name; a major missing from the round's offers shows its code;
// a round without notices prints none; the English slip is named so.
func TestSlipFallbacks(t *testing.T) {
	t.Parallel()
	st := printtest.Sample(nil)
	st.PartRow.ApplPartNo = 99
	k := &keep{}
	svc := service(st, withoutInfo{st}, k)
	svc.Notices = nil
	f, err := svc.PrintSlip(context.Background(), printtest.OwnerP, printtest.ApplNo, printing.English)
	if err != nil || f.Name != "admission-slip-"+printtest.ExamNumber+".pdf" {
		t.Fatalf("slip %q %v", f.Name, err)
	}
	s := k.slip
	if s.KorName != "김하늘" || s.EngName != "" || s.BirthDate != "" || s.Major != (printing.Label{Ko: "M01", En: "M01"}) || s.Notice != (printing.Label{}) {
		t.Fatalf("slip %+v", s)
	}
	// Given names only: the English name is made of them.
	st = foreign()
	k = &keep{}
	if _, err := printtest.NewService(st, k).PrintSlip(context.Background(), printtest.OwnerP, printtest.ApplNo, printing.English); err != nil {
		t.Fatal(err)
	}
	if k.slip.KorName != "" || k.slip.EngName != "Wei Zhang" {
		t.Fatalf("foreign slip names %q %q", k.slip.KorName, k.slip.EngName)
	}
	// An English name typed beside the given names: the given names stand
	// in for the Korean one.
	st.InfoRow.EngName = "ZHANG WEI"
	if _, err := printtest.NewService(st, k).PrintSlip(context.Background(), printtest.OwnerP, printtest.ApplNo, printing.English); err != nil {
		t.Fatal(err)
	}
	if k.slip.KorName != "Wei Zhang" || k.slip.EngName != "ZHANG WEI" {
		t.Fatalf("typed English name %q %q", k.slip.KorName, k.slip.EngName)
	}
}

// Before completion there is no exam number: the print is named after the
// application number and shows no exam number row; a round that asks for
// fewer steps prints fewer sections.
func TestPrintBeforeCompletionAndFewerSteps(t *testing.T) {
	t.Parallel()
	st := printtest.Sample(nil)
	st.Header.ApplID, st.Header.State = "", application.State{Status: application.FileSave}
	st.RoundRow.Steps = application.MustSteps(application.FileSave)
	for lang, name := range map[printing.Lang]string{printing.Korean: "지원서-4242.pdf", printing.English: "application-4242.pdf"} {
		k := &keep{}
		f, err := printtest.NewService(st, k).PrintApplication(context.Background(), printtest.OwnerP, printtest.ApplNo, lang)
		if err != nil || f.Name != name {
			t.Fatalf("%s: %q %v", lang, f.Name, err)
		}
		if got := titles(k.app); !slices.Equal(got, []string{"Application", "Documents", "Consents"}) {
			t.Errorf("%s: sections %v", lang, got)
		}
		for _, fl := range fields(k.app) {
			if fl.Label.En == "Exam number" {
				t.Errorf("%s: an exam number before completion: %q", lang, fl.Value)
			}
		}
		if k.app.ExamNumber != "" {
			t.Errorf("%s: exam number %q", lang, k.app.ExamNumber)
		}
	}
	// A slip is not ready before completion, even for staff.
	if _, err := printtest.NewService(st, &keep{}).PrintSlip(context.Background(), printtest.StaffP, printtest.ApplNo, printing.Korean); err == nil {
		t.Fatal("a slip before completion")
	}
}

var errDown = errors.New("store down")

// broken fails the one port call named.
type broken struct {
	*printtest.Store
	fail string
}

func (b broken) err(name string) error {
	if b.fail == name {
		return errDown
	}
	return nil
}

func (b broken) Part(ctx context.Context, n int64) (application.Part, error) {
	if err := b.err("Part"); err != nil {
		return application.Part{}, err
	}
	return b.Store.Part(ctx, n)
}

func (b broken) Consents(ctx context.Context, n int64) ([]school.Acceptance, error) {
	if err := b.err("Consents"); err != nil {
		return nil, err
	}
	return b.Store.Consents(ctx, n)
}

func (b broken) Info(ctx context.Context, n int64) (form.ApplicantInfo, bool, error) {
	if err := b.err("Info"); err != nil {
		return form.ApplicantInfo{}, false, err
	}
	return b.Store.Info(ctx, n)
}

func (b broken) Academic(ctx context.Context, n int64) ([]form.AcademicRecord, error) {
	if err := b.err("Academic"); err != nil {
		return nil, err
	}
	return b.Store.Academic(ctx, n)
}

func (b broken) Languages(ctx context.Context, n int64) ([]form.LanguageEntry, error) {
	if err := b.err("Languages"); err != nil {
		return nil, err
	}
	return b.Store.Languages(ctx, n)
}

func (b broken) Careers(ctx context.Context, n int64) ([]form.Career, error) {
	if err := b.err("Careers"); err != nil {
		return nil, err
	}
	return b.Store.Careers(ctx, n)
}

func (b broken) AddInfo(ctx context.Context, n int64) ([]form.Certificate, []form.Essay, error) {
	if err := b.err("AddInfo"); err != nil {
		return nil, nil, err
	}
	return b.Store.AddInfo(ctx, n)
}

func (b broken) Survey(ctx context.Context, n int64, stage string) (application.SurveyData, error) {
	if err := b.err("Survey"); err != nil {
		return application.SurveyData{}, err
	}
	return b.Store.Survey(ctx, n, stage)
}

func (b broken) Round(ctx context.Context, k application.RoundKey) (application.Round, error) {
	if err := b.err("Round"); err != nil {
		return application.Round{}, err
	}
	return b.Store.Round(ctx, k)
}

func (b broken) Countries(ctx context.Context) ([]application.Country, error) {
	if err := b.err("Countries"); err != nil {
		return nil, err
	}
	return b.Store.Countries(ctx)
}

func (b broken) Univ(ctx context.Context, code string) (application.Univ, bool, error) {
	if err := b.err("Univ"); err != nil {
		return application.Univ{}, false, err
	}
	return b.Store.Univ(ctx, code)
}

func (b broken) CodeGroup(ctx context.Context, sc, group string) ([]application.Code, bool, error) {
	if err := b.err("CodeGroup"); err != nil {
		return nil, false, err
	}
	return b.Store.CodeGroup(ctx, sc, group)
}

func (b broken) Items(ctx context.Context, k application.RoundKey) ([]document.DocItem, error) {
	if err := b.err("Items"); err != nil {
		return nil, err
	}
	return b.Store.Items(ctx, k)
}

func (b broken) List(ctx context.Context, n int64) ([]document.Document, error) {
	if err := b.err("List"); err != nil {
		return nil, err
	}
	return b.Store.List(ctx, n)
}

func (b broken) Open(ctx context.Context, name string) (io.ReadCloser, error) {
	if err := b.err("Open"); err != nil {
		return nil, err
	}
	return b.Store.Open(ctx, name)
}

func (b broken) SlipNotice(ctx context.Context, k application.RoundKey) (printing.Label, bool, error) {
	if err := b.err("SlipNotice"); err != nil {
		return printing.Label{}, false, err
	}
	return b.Store.SlipNotice(ctx, k)
}

func (b broken) Record(ctx context.Context, actor, action, target string, detail map[string]any) error {
	if err := b.err("Record"); err != nil {
		return err
	}
	return b.Store.Record(ctx, actor, action, target, detail)
}

type failingRenderer struct{}

func (failingRenderer) Slip(io.Writer, printing.Slip) error               { return errDown }
func (failingRenderer) Application(io.Writer, printing.Application) error { return errDown }

// Whatever cannot be read fails the print: no document is handed out with
// a section silently missing or a code left unnamed, and a staff print
// that cannot be logged is not handed out.
func TestPrintFailsWhenAnythingCannotBeRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tc := range []struct {
		fail        string
		application bool
		slip        bool
	}{
		{"Round", true, true}, {"Part", true, true}, {"Info", true, true}, {"List", true, true}, {"Open", true, true},
		{"Consents", true, false}, {"Academic", true, false}, {"Languages", true, false}, {"Careers", true, false},
		{"AddInfo", true, false}, {"Survey", true, false}, {"Countries", true, false}, {"Univ", true, false},
		{"CodeGroup", true, false}, {"Items", true, false}, {"SlipNotice", false, true}, {"Record", true, true},
		{"render", true, true},
	} {
		st := printtest.Sample([]byte("\x89PNG photo"))
		var r printing.Renderer = &keep{}
		if tc.fail == "render" {
			r = failingRenderer{}
		}
		svc := service(st, broken{st, tc.fail}, r)
		_, err := svc.PrintApplication(ctx, printtest.StaffP, printtest.ApplNo, printing.English)
		if tc.application != errors.Is(err, errDown) {
			t.Errorf("%s: application %v", tc.fail, err)
		}
		_, err = svc.PrintSlip(ctx, printtest.StaffP, printtest.ApplNo, printing.English)
		if tc.slip != errors.Is(err, errDown) {
			t.Errorf("%s: slip %v", tc.fail, err)
		}
	}
}

func TestParseLangAndLabels(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]printing.Lang{"en": printing.English, "ko": printing.Korean, "": printing.Korean, "EN": printing.Korean, "ja": printing.Korean} {
		if got := printing.ParseLang(s); got != want {
			t.Errorf("ParseLang(%q) = %q, want %q", s, got, want)
		}
	}
	for _, tc := range []struct {
		l        printing.Label
		lang     printing.Lang
		expected string
	}{
		{printing.Label{Ko: "학교", En: "School"}, printing.English, "School"},
		{printing.Label{Ko: "학교", En: "School"}, printing.Korean, "학교"},
		{printing.Label{Ko: "학교"}, printing.English, "학교"},
		{printing.Label{En: "School"}, printing.Korean, "School"},
	} {
		if got := tc.l.In(tc.lang); got != tc.expected {
			t.Errorf("%+v in %s = %q, want %q", tc.l, tc.lang, got, tc.expected)
		}
	}
}

// A letter prints in its own language: choices by their text, long answers
// marked long, the day submitted in Asia/Seoul, the writer's details.
func TestLetterModel(t *testing.T) {
	t.Parallel()
	qs := []recommendation.Question{
		{Code: "rec_form_q1", Kind: recommendation.KindChoice, Kor: "성실성", Eng: "Diligence", Options: []string{"A", "B"},
			Labels: []recommendation.Option{{Code: "A", Kor: "우수", Eng: "Excellent"}, {Code: "B", Kor: "보통", Eng: "Average"}}},
		{Code: "rec_form_q2", Kind: recommendation.KindLong, Kor: "종합 의견", Eng: "Overall"},
		{Code: "rec_form_q3", Kind: recommendation.KindChoice, Kor: "추천", Eng: "Recommend", Options: []string{"Y", "N"},
			Labels: []recommendation.Option{{Code: "Y", Kor: "예", Eng: "Yes"}}},
	}
	d := recommendation.LetterDoc{SchoolName: "누리예술대학원", RoundName: "2027 전기", ApplicantName: "김하늘",
		Profile:   recommendation.Profile{Name: "Prof. Lee", Institution: "KNUA", Position: "Professor", Phone: "010-1111-2222", Email: "lee@example.com"},
		Questions: qs, Letter: recommendation.Letter{Answers: map[string]string{"rec_form_q1": "B", "rec_form_q2": "첫 문단\n\n둘째 문단", "rec_form_q3": "N"}, ProfSign: "Lee"},
		SubmittedAt: time.Date(2026, 3, 4, 16, 0, 0, 0, time.UTC), FileName: "letter.pdf"}
	for _, tc := range []struct {
		lang   string
		want   printing.Lang
		choice string
	}{{"en", printing.English, "Average"}, {"ko", printing.Korean, "보통"}, {"", printing.Korean, "보통"}} {
		d.Lang = tc.lang
		l := printing.LetterModel(d)
		if l.Lang != tc.want || l.Date != "2026-03-05" || l.Sign != "Lee" || l.File != "letter.pdf" || l.Applicant != "김하늘" || l.School != "누리예술대학원" {
			t.Errorf("%q: %+v", tc.lang, l)
		}
		if len(l.Answers) != 3 || l.Answers[0].No != 1 || l.Answers[0].Answer != tc.choice || l.Answers[0].Long ||
			l.Answers[1].Answer != "첫 문단\n\n둘째 문단" || !l.Answers[1].Long || l.Answers[1].Question.En != "Overall" {
			t.Errorf("%q: answers %+v", tc.lang, l.Answers)
		}
		// An option without a text prints as stored.
		if l.Answers[2].Answer != "N" {
			t.Errorf("%q: unlabelled choice %q", tc.lang, l.Answers[2].Answer)
		}
		var writer []string
		for _, r := range l.Writer {
			writer = append(writer, r.Label.En+"="+r.Value)
		}
		if got := strings.Join(writer, "|"); got != "Recommender=Prof. Lee|Institution=KNUA|Position=Professor|Phone=010-1111-2222|E-mail=lee@example.com" {
			t.Errorf("%q: writer %s", tc.lang, got)
		}
	}
}
