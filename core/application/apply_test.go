package application

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// memory is an in-memory Reference, Applications, Forms and Tx.
type memory struct {
	mu     sync.Mutex
	rowMu  sync.Mutex // held by Update for the whole rule, as PostgreSQL's row lock
	round  Round
	apps   map[int64]*Header
	parts  map[int64]Part
	info   map[int64]form.ApplicantInfo
	acad   map[int64][]form.AcademicRecord
	drafts map[int64]map[Status]Draft
	saved  map[int64]map[Status]time.Time
	logs   []string
	next   int64
}

func newMemory(r Round) *memory {
	return &memory{round: r, apps: map[int64]*Header{}, parts: map[int64]Part{}, info: map[int64]form.ApplicantInfo{},
		acad: map[int64][]form.AcademicRecord{}, drafts: map[int64]map[Status]Draft{}, saved: map[int64]map[Status]time.Time{}}
}

func (m *memory) Schools(context.Context) ([]School, error)    { return nil, nil }
func (m *memory) Countries(context.Context) ([]Country, error) { return nil, nil }
func (m *memory) SearchUnivs(context.Context, string, string, int) ([]Univ, error) {
	return nil, nil
}
func (m *memory) Univ(context.Context, string) (Univ, bool, error) { return Univ{}, false, nil }
func (m *memory) CodeGroup(context.Context, string, string) ([]Code, bool, error) {
	return nil, false, nil
}
func (m *memory) Rounds(context.Context, string) ([]Round, error) { return []Round{m.round}, nil }
func (m *memory) Round(_ context.Context, k RoundKey) (Round, error) {
	if k != m.round.RoundKey {
		return Round{}, apperr.NotFound(CodeRoundNotFound)
	}
	return m.round, nil
}
func (m *memory) Lookups(context.Context) (form.Lookups, form.CodeChecker, error) {
	return form.Lookups{Countries: form.SetOf("410", "704"), Schools: form.SetOf("101")}, nil, nil
}

func (m *memory) Create(_ context.Context, c Creation) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a := c.App
	for _, h := range m.apps {
		if h.UserID == a.UserID() && h.Round == a.Round() && h.State.Status != Cancel {
			return 0, apperr.Conflict(CodeExists).With("applNo", h.ApplNo)
		}
	}
	m.next++
	h := a.Header()
	h.ApplNo = m.next
	m.apps[m.next] = &h
	m.parts[m.next] = c.Part
	return m.next, nil
}
func (m *memory) Get(_ context.Context, n int64) (Header, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	h, ok := m.apps[n]
	if !ok {
		return Header{}, apperr.NotFound(CodeNotFound)
	}
	return *h, nil
}

// Update is the memory's row lock: fn runs on a copy, written back when fn
// succeeds and changed it.
func (m *memory) Update(ctx context.Context, n int64, fn func(context.Context, *Application) error) error {
	m.rowMu.Lock()
	defer m.rowMu.Unlock()
	h, err := m.Get(ctx, n)
	if err != nil {
		return err
	}
	a, err := UnmarshalApplicationFromDatabase(h)
	if err != nil {
		return err
	}
	if err := fn(ctx, a); err != nil {
		return err
	}
	if a.Changed() {
		m.mu.Lock()
		*m.apps[n] = a.Header()
		m.mu.Unlock()
	}
	return nil
}
func (m *memory) ListByUser(_ context.Context, u string) ([]Header, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Header
	for _, h := range m.apps {
		if h.UserID == u {
			out = append(out, *h)
		}
	}
	// newest first, as PostgreSQL answers
	slices.SortFunc(out, func(a, b Header) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return int(b.ApplNo - a.ApplNo)
	})
	return out, nil
}
func (m *memory) Part(_ context.Context, n int64) (Part, error) {
	p, ok := m.parts[n]
	if !ok {
		return p, apperr.NotFound(CodeNotFound) // as PostgreSQL answers
	}
	return p, nil
}
func (m *memory) SetPart(_ context.Context, n int64, p Part) error             { m.parts[n] = p; return nil }
func (m *memory) Consents(context.Context, int64) ([]school.Acceptance, error) { return nil, nil }

func (m *memory) Info(_ context.Context, n int64) (form.ApplicantInfo, bool, error) {
	a, ok := m.info[n]
	return a, ok, nil
}
func (m *memory) SaveInfo(_ context.Context, n int64, a form.ApplicantInfo) error {
	m.info[n] = a
	return nil
}
func (m *memory) Academic(_ context.Context, n int64) ([]form.AcademicRecord, error) {
	return m.acad[n], nil
}
func (m *memory) SaveAcademic(_ context.Context, n int64, l []form.AcademicRecord) error {
	m.acad[n] = l
	return nil
}
func (m *memory) Languages(context.Context, int64) ([]form.LanguageEntry, error) {
	return nil, nil
}
func (m *memory) SaveLanguages(context.Context, int64, []form.LanguageEntry) error {
	return nil
}
func (m *memory) Careers(context.Context, int64) ([]form.Career, error)   { return nil, nil }
func (m *memory) SaveCareers(context.Context, int64, []form.Career) error { return nil }
func (m *memory) AddInfo(context.Context, int64) ([]form.Certificate, []form.Essay, error) {
	return nil, nil, nil
}
func (m *memory) SaveAddInfo(context.Context, int64, []form.Certificate, []form.Essay) error {
	return nil
}
func (m *memory) Survey(context.Context, int64, string) (SurveyData, error)   { return SurveyData{}, nil }
func (m *memory) SaveSurvey(context.Context, int64, string, SurveyData) error { return nil }
func (m *memory) MarkSaved(_ context.Context, n int64, st Status, at time.Time) error {
	if m.saved[n] == nil {
		m.saved[n] = map[Status]time.Time{}
	}
	m.saved[n][st] = at
	return nil
}
func (m *memory) SavedAt(_ context.Context, n int64, st Status) (time.Time, bool, error) {
	t, ok := m.saved[n][st]
	return t, ok, nil
}
func (m *memory) Draft(_ context.Context, n int64, st Status) (Draft, bool, error) {
	d, ok := m.drafts[n][st]
	return d, ok, nil
}
func (m *memory) PutDraft(_ context.Context, n int64, st Status, data []byte, at time.Time) error {
	if m.drafts[n] == nil {
		m.drafts[n] = map[Status]Draft{}
	}
	m.drafts[n][st] = Draft{Data: data, SavedAt: at}
	return nil
}
func (m *memory) DeleteDraft(_ context.Context, n int64, st Status) error {
	delete(m.drafts[n], st)
	return nil
}
func (m *memory) InTx(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }
func (m *memory) Record(_ context.Context, actor, action, target string, _ map[string]any) error {
	m.logs = append(m.logs, actor+" "+action+" "+target)
	return nil
}
func (m *memory) Email(context.Context, string) (string, error) { return "a@example.com", nil }

var (
	now      = time.Date(2026, 11, 22, 10, 0, 0, 0, window.Seoul)
	key      = RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1}
	kim      = permission.Principal{UserID: "kim", Roles: []permission.Role{permission.RoleUser}}
	lee      = permission.Principal{UserID: "lee", Roles: []permission.Role{permission.RoleUser}}
	free     = permission.Principal{UserID: "free", Roles: []permission.Role{permission.RoleUser, permission.RoleTimeIndependent}}
	sys      = permission.Principal{UserID: "root", Roles: []permission.Role{permission.RoleSysAdmin}}
	otherSch = permission.Principal{UserID: "s", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "100"}
)

func testRound(open bool) Round {
	start, end := now.AddDate(0, -1, 0), now.AddDate(0, 1, 0)
	if !open {
		end = now.AddDate(0, 0, -1)
	}
	r := Round{RoundKey: key, Steps: MustSteps(BasisSave, AcadSave, FileSave),
		Rules:      school.Default("236"),
		Windows:    []window.Window{{Kind: window.Submit, Start: start, End: end}},
		Parts:      []Offer{{ApplPartNo: 7, MajorCode: "IS01", IsMaster: true, AddCertificateCount: 2}, {ApplPartNo: 8, MajorCode: "MA01", IsMaster: true, VideoEssay: true}},
		Categories: []Code{{Code: "00001"}},
		InfoItems:  []InfoItem{{ItemCode: "spouse", Display: false}, {ApplPartNo: 7, ItemCode: "familyList", Display: true, Required: true}},
	}
	return r
}

func newService(r Round) (*Service, *memory) {
	m := newMemory(r)
	return &Service{Ref: m, Apps: m, Forms: m, Emails: m, Log: m, Tx: m, Clock: window.NewFixedClock(now)}, m
}

func allConsents() map[string]string {
	out := map[string]string{}
	for _, c := range school.DefaultConsents() {
		out[c.Code] = c.Version
	}
	return out
}

func partReq(major string) PartRequest {
	return PartRequest{Choices: []PartChoice{{Round: key, MajorCode: major, IsMaster: true, CategoryCode: "00001"}}, Consents: allConsents()}
}

func korean() form.ApplicantInfo {
	return form.ApplicantInfo{BasicInfo: form.BasicInfo{Gend: "F", KorName: "김하늘", EngName: "KIM", Nationality: "410",
		BirthDate: "1998-03-01", ResidentNoLast: "2345678", Mobile: "010-1234-5678", Email: "a@example.com"}}
}

func TestAccessOwnerStaffOthers(t *testing.T) {
	t.Parallel()
	s, m := newService(testRound(true))
	ctx := context.Background()
	v, created, err := s.SavePart(ctx, kim, partReq("IS01"))
	if err != nil || !created {
		t.Fatal(err)
	}
	n := v.Record.ApplNo
	cases := []struct {
		name  string
		p     permission.Principal
		write bool
		code  string
	}{
		{"owner reads", kim, false, ""},
		{"owner writes", kim, true, ""},
		{"another applicant reads", lee, false, CodeNotFound},
		{"another applicant writes", lee, true, CodeNotFound},
		{"system admin reads", sys, false, ""},
		{"system admin writes through the form", sys, true, CodeOwnerOnly},
		{"school admin of another school", otherSch, false, CodeNotFound},
		{"guest", permission.Principal{}, false, CodeNotFound},
	}
	for _, c := range cases {
		var err error
		if c.write {
			_, err = s.guard().Change(ctx, c.p, n)
		} else {
			_, err = s.guard().Read(ctx, c.p, n)
		}
		if apperr.CodeOf(err) != c.code {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if len(m.logs) != 1 || m.logs[0] != "root application.read application:1" {
		t.Fatalf("staff reads logged: %v", m.logs)
	}
	if _, err := s.guard().Read(ctx, kim, 0); apperr.CodeOf(err) != CodeNotFound {
		t.Fatal("number 0")
	}
}

func TestStepsInOrderWindowAndExemption(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, m := newService(testRound(true))
	v, _, _ := s.SavePart(ctx, kim, partReq("IS01"))
	n := v.Record.ApplNo
	if _, err := s.SaveAcademic(ctx, kim, n, nil); apperr.CodeOf(err) != CodeStepOrder {
		t.Fatalf("acad first: %v", err)
	}
	a := korean()
	a.FamilyList = []form.FamilyMember{{Relation: "00001", Name: "이"}} // required for part 7
	rec, _, err := s.SaveInfo(ctx, kim, n, a)
	if err != nil || rec.State.Status != BasisSave || rec.Next != AcadSave {
		t.Fatalf("basis: %+v %v", rec.State, err)
	}
	if m.apps[n].ApplicantName != "김하늘" {
		t.Fatal("applicant name")
	}
	// The round requires the family list for this part.
	a.FamilyList = nil
	if _, _, err := s.SaveInfo(ctx, kim, n, a); apperr.CodeOf(err) != "validation.failed" {
		t.Fatalf("required family list: %v", err)
	}

	// The masked number sent back keeps the stored one.
	got, err := s.Info(ctx, kim, n)
	if err != nil || got.Data.ResidentNoLast != "2******" {
		t.Fatalf("masked: %q %v", got.Data.ResidentNoLast, err)
	}
	back := got.Data
	if _, _, err := s.SaveInfo(ctx, kim, n, back); err != nil {
		t.Fatal(err)
	}
	if m.info[n].ResidentNoLast != "2345678" {
		t.Fatalf("stored number lost: %q", m.info[n].ResidentNoLast)
	}

	// Closed window: refused, exempt users go on.
	closed, _ := newService(testRound(false))
	closed.Apps, closed.Forms, closed.Ref = m, m, &closedRef{m}
	if _, _, err := closed.SaveInfo(ctx, kim, n, back); apperr.CodeOf(err) != window.CodeClosed {
		t.Fatalf("closed: %v", err)
	}
	if _, err := closed.PutDraft(ctx, kim, n, "BASIS_SAVE", []byte(`{"a":1}`)); apperr.CodeOf(err) != window.CodeClosed {
		t.Fatalf("closed draft: %v", err)
	}
	if _, _, err := closed.SavePart(ctx, free, partReq("IS01")); err != nil {
		t.Fatalf("exempt part: %v", err)
	}
}

type closedRef struct{ *memory }

func (c *closedRef) Round(context.Context, RoundKey) (Round, error) { return testRound(false), nil }

func TestDecorateActions(t *testing.T) {
	t.Parallel()
	s, _ := newService(testRound(true))
	steps := testRound(true).Steps
	cases := []struct {
		st   State
		p    permission.Principal
		open bool
		want []string
	}{
		{State{Status: BasisSave}, kim, true, []string{ActEdit, ActView, ActCancel}},
		{State{Status: FileSave}, kim, true, []string{ActEdit, ActView, ActCancel, ActSubmit}},
		{State{Status: Submit}, kim, true, []string{ActView, ActCancel, ActPay}}, // defect 4: no edit after submit
		{State{Status: Complete}, kim, true, []string{ActView}},
		{State{Status: Cancel}, kim, true, []string{ActView}},
		{State{Status: BasisSave}, kim, false, []string{ActView}},
		{State{Status: BasisSave}, free, false, []string{ActEdit, ActView, ActCancel}},
		{State{Status: Complete, ReviewStatus: AcadSave, Reviewing: true}, kim, true, []string{ActEdit, ActView, ActReview, ActCancel}},
		{State{Status: BasisSave}, sys, true, []string{ActView}},
	}
	for _, c := range cases {
		r := testRound(c.open)
		rec := Record{Header: Header{UserID: c.p.UserID, State: c.st}, Round: r}
		if c.p.UserID == "root" {
			rec.UserID = "kim"
		}
		rec.Round.Steps = steps
		s.decorate(c.p, &rec)
		if !slices.Equal(rec.Actions, c.want) {
			t.Errorf("%+v open=%v: %v want %v", c.st, c.open, rec.Actions, c.want)
		}
	}
}

func TestInfoSettingsResolution(t *testing.T) {
	t.Parallel()
	r := testRound(true)
	byCode := func(items []InfoItem) map[string]InfoItem {
		m := map[string]InfoItem{}
		for _, it := range items {
			m[it.ItemCode] = it
		}
		return m
	}
	round := byCode(r.InfoSettings(0))
	part := byCode(r.InfoSettings(7))
	other := byCode(r.InfoSettings(8))
	if len(round) != len(form.InfoItemCodes) || round["spouse"].Display || !round["passport"].Display || round["familyList"].Required {
		t.Fatalf("round-wide: %v", round)
	}
	if !part["familyList"].Required || part["spouse"].Display {
		t.Fatalf("part 7: %v", part)
	}
	if other["familyList"].Required {
		t.Fatalf("part 8: %v", other)
	}
	if got := requiredItems(r.InfoSettings(7)); !slices.Equal(got, []string{"familyList"}) {
		t.Fatalf("required: %v", got)
	}
}

func TestPartRules(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newService(testRound(true))
	fieldCode := func(err error, field string) string {
		e, _ := apperr.As(err)
		if e == nil {
			return ""
		}
		for _, f := range e.Fields {
			if f.Field == field {
				return f.Code
			}
		}
		return ""
	}
	req := partReq("XX")
	if _, _, err := s.SavePart(ctx, kim, req); fieldCode(err, "applPartRequestList[0].majorCode") != CodePartNotOffered {
		t.Fatalf("not offered: %v", err)
	}
	req = partReq("IS01")
	req.Consents = map[string]string{}
	if _, _, err := s.SavePart(ctx, kim, req); fieldCode(err, "consents."+school.CodeConsentPersonal) != school.CodeConsentRequired {
		t.Fatalf("consents: %v", err)
	}
	req = partReq("IS01")
	req.Choices = append(req.Choices, req.Choices[0])
	if _, _, err := s.SavePart(ctx, kim, req); fieldCode(err, "applPartRequestList") != form.CodeTooMany {
		t.Fatalf("two choices: %v", err)
	}
	if _, _, err := s.SavePart(ctx, sys, partReq("IS01")); apperr.CodeOf(err) != CodeNotApplicant {
		t.Fatalf("admin applies: %v", err)
	}
	v, _, err := s.SavePart(ctx, kim, partReq("IS01"))
	if err != nil || v.Record.Part.AddCertificateCount != 2 {
		t.Fatalf("created: %+v %v", v.Record.Part, err)
	}
	if _, _, err := s.SavePart(ctx, kim, partReq("IS01")); apperr.CodeOf(err) != CodeExists {
		t.Fatalf("second: %v", err)
	}
	change := partReq("MA01")
	change.ApplNo = v.Record.ApplNo
	change.Consents = nil
	v2, created, err := s.SavePart(ctx, kim, change)
	if err != nil || created || v2.Record.Part.MajorCode != "MA01" || !v2.Record.Offer.VideoEssay {
		t.Fatalf("change: %+v %v", v2.Record.Part, err)
	}
	// The media-acting part now needs the video essay.
	if _, _, err := s.SaveInfo(ctx, kim, v.Record.ApplNo, korean()); fieldCode(err, "applicantInfo.videoEssayUrl") == "" {
		t.Fatalf("video essay: %v", err)
	}
	change.ApplNo = v.Record.ApplNo
	if _, _, err := s.SavePart(ctx, lee, change); apperr.CodeOf(err) != CodeNotFound {
		t.Fatalf("other's part: %v", err)
	}
}

func TestDraftRules(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newService(testRound(true))
	v, _, _ := s.SavePart(ctx, kim, partReq("IS01"))
	n := v.Record.ApplNo
	for _, c := range []struct {
		step, body, code string
	}{
		{"BASIS_SAVE", `{"a":1}`, ""},
		{"BASIS_SAVE", `[1]`, CodeDraftNotObject},
		{"BASIS_SAVE", `{"a":`, CodeDraftNotObject},
		{"FILE_SAVE", `{}`, CodeStepNotInList},
		{"SUBMIT", `{}`, CodeStepNotInList},
	} {
		if _, err := s.PutDraft(ctx, kim, n, c.step, []byte(c.body)); apperr.CodeOf(err) != c.code {
			t.Errorf("%s %s: %v", c.step, c.body, err)
		}
	}
	big := make([]byte, MaxDraft+1)
	if _, err := s.PutDraft(ctx, kim, n, "BASIS_SAVE", big); apperr.CodeOf(err) != CodeDraftTooLarge {
		t.Fatalf("big: %v", err)
	}
	if _, _, err := s.GetDraft(ctx, sys, n, "BASIS_SAVE"); apperr.CodeOf(err) != CodeOwnerOnly {
		t.Fatalf("staff draft: %v", err)
	}
	view, err := s.Info(ctx, kim, n)
	if err != nil || view.Draft == nil || string(view.Draft.Data) != `{"a":1}` {
		t.Fatalf("draft with step: %+v %v", view.Draft, err)
	}
	a := korean()
	a.FamilyList = []form.FamilyMember{{Relation: "00001", Name: "이"}}
	if _, _, err := s.SaveInfo(ctx, kim, n, a); err != nil {
		t.Fatal(err)
	}
	if view, _ := s.Info(ctx, kim, n); view.Draft != nil {
		t.Fatal("draft kept after save")
	}
}

func TestValidateSurvey(t *testing.T) {
	t.Parallel()
	qs := []Question{{Code: "q1", Required: true, Items: []Item{{Code: Code{Code: "01"}}}}, {Code: "q2", Required: false}}
	ans := func(q, item, text string) SurveyAnswer {
		return SurveyAnswer{SurveyAnswer: form.SurveyAnswer{QuestionCode: q, ItemCode: item, Answer: text}}
	}
	cases := []struct {
		name  string
		in    []SurveyAnswer
		field string
	}{
		{"answered", []SurveyAnswer{ans("q1", "01", "")}, ""},
		{"required missing", []SurveyAnswer{ans("q2", "", "x")}, "answers.q1"},
		{"unknown question", []SurveyAnswer{ans("q1", "01", ""), ans("q9", "", "x")}, "answers[1].questionCode"},
		{"unknown item", []SurveyAnswer{ans("q1", "07", "")}, "answers[0].itemCode"},
	}
	for _, c := range cases {
		f := validateSurvey(SurveyData{Answers: c.in}, qs, school.Default("236"))
		got := ""
		if len(f) > 0 {
			got = f[0].Field
		}
		if got != c.field {
			t.Errorf("%s: %v", c.name, f)
		}
	}
}

func TestMaskInfo(t *testing.T) {
	t.Parallel()
	a := korean()
	a.PassportNo, a.ForeignerRegistrationNo = "M12345678", "9707075123456"
	m := MaskInfo(a, school.Default("236"))
	if m.ResidentNoLast != "2******" || m.PassportNo != "M1*******" || m.ForeignerRegistrationNo != "9707075******" {
		t.Fatalf("%+v", m.BasicInfo)
	}
	none := school.ForeignersOnly(school.Default("SCL00001"))
	a.PassportNo = "0000"
	if MaskInfo(a, none).PassportNo != "0000" {
		t.Fatal("none value masked")
	}
	if unmask("2******", "2345678", maskReg) != "2345678" || unmask("3******", "2345678", maskReg) != "3******" || unmask("1234567", "2345678", maskReg) != "1234567" {
		t.Fatal("unmask")
	}
}
