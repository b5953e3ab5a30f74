package application_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

var (
	now      = time.Date(2026, 11, 22, 10, 0, 0, 0, window.Seoul)
	key      = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1}
	kim      = permission.Principal{UserID: "kim", Roles: []permission.Role{permission.RoleUser}}
	lee      = permission.Principal{UserID: "lee", Roles: []permission.Role{permission.RoleUser}}
	free     = permission.Principal{UserID: "free", Roles: []permission.Role{permission.RoleUser, permission.RoleTimeIndependent}}
	sys      = permission.Principal{UserID: "root", Roles: []permission.Role{permission.RoleSysAdmin}}
	otherSch = permission.Principal{UserID: "s", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "100"}
)

func testRound(open bool) application.Round {
	start, end := now.AddDate(0, -1, 0), now.AddDate(0, 1, 0)
	if !open {
		end = now.AddDate(0, 0, -1)
	}
	r := application.Round{RoundKey: key, Steps: application.MustSteps(application.BasisSave, application.AcadSave, application.FileSave),
		Rules:      school.Default("236"),
		Windows:    []window.Window{{Kind: window.Submit, Start: start, End: end}},
		Parts:      []application.Offer{{ApplPartNo: 7, MajorCode: "IS01", IsMaster: true, AddCertificateCount: 2}, {ApplPartNo: 8, MajorCode: "MA01", IsMaster: true, VideoEssay: true}},
		Categories: []application.Code{{Code: "00001"}},
		InfoItems:  []application.InfoItem{{ItemCode: "spouse", Display: false}, {ApplPartNo: 7, ItemCode: "familyList", Display: true, Required: true}},
	}
	return r
}

func allConsents() map[string]string {
	out := map[string]string{}
	for _, c := range school.DefaultConsents() {
		out[c.Code] = c.Version
	}
	return out
}

func partReq(major string) application.PartRequest {
	return application.PartRequest{Choices: []application.PartChoice{{Round: key, MajorCode: major, IsMaster: true, CategoryCode: "00001"}}, Consents: allConsents()}
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
		{"another applicant reads", lee, false, application.CodeNotFound},
		{"another applicant writes", lee, true, application.CodeNotFound},
		{"system admin reads", sys, false, ""},
		{"system admin writes through the form", sys, true, application.CodeOwnerOnly},
		{"school admin of another school", otherSch, false, application.CodeNotFound},
		{"guest", permission.Principal{}, false, application.CodeNotFound},
	}
	for _, c := range cases {
		var err error
		if c.write {
			_, err = s.Guard().Change(ctx, c.p, n)
		} else {
			_, err = s.Guard().Read(ctx, c.p, n)
		}
		if apperr.CodeOf(err) != c.code {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if len(m.logs()) != 1 || m.logs()[0] != "root application.read application:1" {
		t.Fatalf("staff reads logged: %v", m.logs())
	}
	if _, err := s.Guard().Read(ctx, kim, 0); apperr.CodeOf(err) != application.CodeNotFound {
		t.Fatal("number 0")
	}
}

func TestStepsInOrderWindowAndExemption(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, m := newService(testRound(true))
	v, _, _ := s.SavePart(ctx, kim, partReq("IS01"))
	n := v.Record.ApplNo
	if _, err := s.SaveAcademic(ctx, kim, n, nil); apperr.CodeOf(err) != application.CodeStepOrder {
		t.Fatalf("acad first: %v", err)
	}
	a := korean()
	a.FamilyList = []form.FamilyMember{{Relation: "00001", Name: "이"}} // required for part 7
	rec, _, err := s.SaveInfo(ctx, kim, n, a)
	if err != nil || rec.State.Status != application.BasisSave || rec.Next != application.AcadSave {
		t.Fatalf("basis: %+v %v", rec.State, err)
	}
	if m.app(n).ApplicantName != "김하늘" {
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
	if m.info(n).ResidentNoLast != "2345678" {
		t.Fatalf("stored number lost: %q", m.info(n).ResidentNoLast)
	}

	// Closed window: refused, exempt users go on.
	closed, _ := newService(testRound(false))
	closed.Apps, closed.Forms, closed.Ref = memstore.Applications{Store: m.Store}, memstore.Forms{Store: m.Store}, closedRef{memstore.Reference{Store: m.Store}}
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

// closedRef answers every round with its window closed.
type closedRef struct{ memstore.Reference }

func (closedRef) Round(context.Context, application.RoundKey) (application.Round, error) {
	return testRound(false), nil
}

func TestDecorateActions(t *testing.T) {
	t.Parallel()
	s, _ := newService(testRound(true))
	steps := testRound(true).Steps
	cases := []struct {
		st   application.State
		p    permission.Principal
		open bool
		want []string
	}{
		{application.State{Status: application.BasisSave}, kim, true, []string{application.ActEdit, application.ActView, application.ActCancel}},
		{application.State{Status: application.FileSave}, kim, true, []string{application.ActEdit, application.ActView, application.ActCancel, application.ActSubmit}},
		{application.State{Status: application.Submit}, kim, true, []string{application.ActView, application.ActCancel, application.ActPay}}, // defect 4: no edit after submit
		{application.State{Status: application.Complete}, kim, true, []string{application.ActView}},
		{application.State{Status: application.Cancel}, kim, true, []string{application.ActView}},
		{application.State{Status: application.BasisSave}, kim, false, []string{application.ActView}},
		{application.State{Status: application.BasisSave}, free, false, []string{application.ActEdit, application.ActView, application.ActCancel}},
		{application.State{Status: application.Complete, ReviewStatus: application.AcadSave, Reviewing: true}, kim, true, []string{application.ActEdit, application.ActView, application.ActReview, application.ActCancel}},
		{application.State{Status: application.BasisSave}, sys, true, []string{application.ActView}},
	}
	for _, c := range cases {
		r := testRound(c.open)
		rec := application.Record{Header: application.Header{UserID: c.p.UserID, State: c.st}, Round: r}
		if c.p.UserID == "root" {
			rec.UserID = "kim"
		}
		rec.Round.Steps = steps
		s.Decorate(c.p, &rec)
		if !slices.Equal(rec.Actions, c.want) {
			t.Errorf("%+v open=%v: %v want %v", c.st, c.open, rec.Actions, c.want)
		}
	}
}

func TestInfoSettingsResolution(t *testing.T) {
	t.Parallel()
	r := testRound(true)
	byCode := func(items []application.InfoItem) map[string]application.InfoItem {
		m := map[string]application.InfoItem{}
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
	if _, _, err := s.SavePart(ctx, kim, req); fieldCode(err, "applPartRequestList[0].majorCode") != application.CodePartNotOffered {
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
	if _, _, err := s.SavePart(ctx, sys, partReq("IS01")); apperr.CodeOf(err) != application.CodeNotApplicant {
		t.Fatalf("admin applies: %v", err)
	}
	v, _, err := s.SavePart(ctx, kim, partReq("IS01"))
	if err != nil || v.Record.Part.AddCertificateCount != 2 {
		t.Fatalf("created: %+v %v", v.Record.Part, err)
	}
	if _, _, err := s.SavePart(ctx, kim, partReq("IS01")); apperr.CodeOf(err) != application.CodeExists {
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
	if _, _, err := s.SavePart(ctx, lee, change); apperr.CodeOf(err) != application.CodeNotFound {
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
		{"BASIS_SAVE", `[1]`, application.CodeDraftNotObject},
		{"BASIS_SAVE", `{"a":`, application.CodeDraftNotObject},
		{"FILE_SAVE", `{}`, application.CodeStepNotInList},
		{"SUBMIT", `{}`, application.CodeStepNotInList},
	} {
		if _, err := s.PutDraft(ctx, kim, n, c.step, []byte(c.body)); apperr.CodeOf(err) != c.code {
			t.Errorf("%s %s: %v", c.step, c.body, err)
		}
	}
	big := make([]byte, application.MaxDraft+1)
	if _, err := s.PutDraft(ctx, kim, n, "BASIS_SAVE", big); apperr.CodeOf(err) != application.CodeDraftTooLarge {
		t.Fatalf("big: %v", err)
	}
	if _, _, err := s.GetDraft(ctx, sys, n, "BASIS_SAVE"); apperr.CodeOf(err) != application.CodeOwnerOnly {
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
	qs := []application.Question{{Code: "q1", Required: true, Items: []application.Item{{Code: application.Code{Code: "01"}}}}, {Code: "q2", Required: false}}
	ans := func(q, item, text string) application.SurveyAnswer {
		return application.SurveyAnswer{SurveyAnswer: form.SurveyAnswer{QuestionCode: q, ItemCode: item, Answer: text}}
	}
	cases := []struct {
		name  string
		in    []application.SurveyAnswer
		field string
	}{
		{"answered", []application.SurveyAnswer{ans("q1", "01", "")}, ""},
		{"required missing", []application.SurveyAnswer{ans("q2", "", "x")}, "answers.q1"},
		{"unknown question", []application.SurveyAnswer{ans("q1", "01", ""), ans("q9", "", "x")}, "answers[1].questionCode"},
		{"unknown item", []application.SurveyAnswer{ans("q1", "07", "")}, "answers[0].itemCode"},
	}
	for _, c := range cases {
		f := application.ValidateSurvey(application.SurveyData{Answers: c.in}, qs, school.Default("236"))
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
	m := application.MaskInfo(a, school.Default("236"))
	if m.ResidentNoLast != "2******" || m.PassportNo != "M1*******" || m.ForeignerRegistrationNo != "9707075******" {
		t.Fatalf("%+v", m.BasicInfo)
	}
	none := school.ForeignersOnly(school.Default("SCL00001"))
	a.PassportNo = "0000"
	if application.MaskInfo(a, none).PassportNo != "0000" {
		t.Fatal("none value masked")
	}
	if application.Unmask("2******", "2345678", application.MaskReg) != "2345678" || application.Unmask("3******", "2345678", application.MaskReg) != "3******" || application.Unmask("1234567", "2345678", application.MaskReg) != "1234567" {
		t.Fatal("unmask")
	}
}
