package survey_test

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
	"github.com/gradapply/gradapply/core/survey"
	"github.com/gradapply/gradapply/core/window"
)

var (
	r236  = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1}
	r236b = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 2}
	rSKK  = application.RoundKey{SchoolCode: "SKK", EnterYear: 2027, RecruitPartSeq: 1}
	sys   = permission.Principal{UserID: "sys", Roles: []permission.Role{permission.RoleSysAdmin}}
	adm   = permission.Principal{UserID: "adm", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
	other = permission.Principal{UserID: "oth", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "SKK"}
)

func user(id string) permission.Principal {
	return permission.Principal{UserID: id, Roles: []permission.Role{permission.RoleUser}}
}

type fixture struct {
	m     *memstore.Store
	svc   *survey.Service
	clock *window.FixedClock
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	m := memstore.New()
	for _, k := range []application.RoundKey{r236, r236b, rSKK} {
		m.SetRound(application.Round{RoundKey: k})
	}
	clock := window.At(2026, 5, 10, 12, 0)
	svc := &survey.Service{Store: memstore.Surveys{Store: m}, Apps: memstore.Applications{Store: m},
		Audit: memstore.AccessLog{Store: m}, Tx: m, Clock: clock}
	return fixture{m, svc, clock}
}

// apply gives userID an application of round k.
func (f fixture) apply(t *testing.T, userID string, k application.RoundKey) int64 {
	t.Helper()
	a, err := application.NewApplication(userID, k, f.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	n, err := memstore.Applications{Store: f.m}.Create(context.Background(), application.Creation{App: a, Part: application.Part{ApplPartNo: 1}})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// completed reports one application as COMPLETE (the submission flow is not
// this package's).
type completed struct {
	survey.Applications
	applNo int64
}

func (c completed) ListByUser(ctx context.Context, userID string) ([]application.Header, error) {
	hs, err := c.Applications.ListByUser(ctx, userID)
	for i := range hs {
		if hs[i].ApplNo == c.applNo {
			hs[i].State.Status = application.Complete
		}
	}
	return hs, err
}

func radio(code string) application.Question {
	return application.Question{Code: code, InputType: "radio", KorText: "질문", EngText: "Question", Required: true,
		Items: []application.Item{{Code: application.Code{Code: "y", KorValue: "예", EngValue: "Yes"}},
			{Code: application.Code{Code: "n", KorValue: "아니오", EngValue: "No"}, HasComment: true}}}
}

func published(audience string, k application.RoundKey) survey.Survey {
	return survey.Survey{SchoolCode: k.SchoolCode, TitleKo: "설문", TitleEn: "Survey", StartDay: "2026-05-01", EndDay: "2026-05-31",
		Audience: audience, EnterYear: k.EnterYear, RecruitPartSeq: k.RecruitPartSeq, Questions: []application.Question{radio("q1")}}
}

func fieldsOf(err error) map[string]string {
	out := map[string]string{}
	if e, ok := apperr.As(err); ok {
		for _, f := range e.Fields {
			out[f.Field] = f.Code
		}
	}
	return out
}

func TestAudienceAndAnswerOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.apply(t, "kim", r236)
	f.apply(t, "lee", r236b)
	f.apply(t, "park", rSKK)
	school, err := f.svc.Create(ctx, adm, published(survey.AudienceSchool, r236))
	if err != nil {
		t.Fatal(err)
	}
	round, err := f.svc.Create(ctx, adm, published(survey.AudienceRound, r236))
	if err != nil {
		t.Fatal(err)
	}
	all, err := f.svc.Create(ctx, sys, published(survey.AudienceAll, application.RoundKey{}))
	if err != nil {
		t.Fatal(err)
	}
	ids := func(p permission.Principal) []int64 {
		l, err := f.svc.Open(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, m := range l {
			out = append(out, m.ID)
		}
		slices.Sort(out)
		return out
	}
	if got := ids(user("kim")); !slices.Equal(got, []int64{school, round, all}) {
		t.Errorf("kim (round 1 of 236) sees %v", got)
	}
	if got := ids(user("lee")); !slices.Equal(got, []int64{school, all}) {
		t.Errorf("lee (round 2 of 236) sees %v", got)
	}
	if got := ids(user("park")); !slices.Equal(got, []int64{all}) {
		t.Errorf("park (SKK) sees %v", got)
	}
	if err := f.svc.Answer(ctx, user("park"), school, nil); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("an applicant of another school answers: %v", err)
	}

	// Required, unknown item, then once only.
	if got := fieldsOf(f.svc.Answer(ctx, user("kim"), school, nil)); got["answers.q1"] != form.CodeSurveyRequired {
		t.Errorf("required: %v", got)
	}
	if got := fieldsOf(f.svc.Answer(ctx, user("kim"), school, []form.SurveyAnswer{{QuestionCode: "q1", ItemCode: "x"}})); got["answers[0].itemCode"] != form.CodeCode {
		t.Errorf("unknown item: %v", got)
	}
	ans := []form.SurveyAnswer{{QuestionCode: "q1", ItemCode: "n", Comment: "느림"}}
	if err := f.svc.Answer(ctx, user("kim"), school, ans); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Answer(ctx, user("kim"), school, ans); apperr.CodeOf(err) != survey.CodeAnswered {
		t.Errorf("second answer: %v", err)
	}
	if l, _ := f.svc.Open(ctx, user("kim")); !l[slices.IndexFunc(l, func(m survey.Mine) bool { return m.ID == school })].Answered {
		t.Error("the list does not say kim answered")
	}
	// Closed after the last day (Asia/Seoul): refused.
	f.clock.Set(time.Date(2026, 6, 1, 0, 0, 0, 0, window.Seoul))
	if err := f.svc.Answer(ctx, user("lee"), school, ans); apperr.CodeOf(err) != survey.CodeClosed {
		t.Errorf("closed survey: %v", err)
	}
	if got := ids(user("lee")); len(got) != 0 {
		t.Errorf("closed surveys listed: %v", got)
	}

	// Results: counts and comments, no user ids; the export is logged.
	res, err := f.svc.Results(ctx, adm, school)
	if err != nil || res.Total != 1 || res.Questions[0].Items[1].Count != 1 || !slices.Equal(res.Questions[0].Items[1].Comments, []string{"느림"}) {
		t.Fatalf("results: %+v %v", res, err)
	}
	rows, err := f.svc.Export(ctx, adm, school, true)
	if err != nil || len(rows) != 2 || rows[1][1] != "No (느림)" {
		t.Fatalf("export: %v %v", rows, err)
	}
	if l := f.m.Logged(); !slices.ContainsFunc(l, func(x memstore.Logged) bool { return x.Action == "survey.export" && x.Actor == "adm" }) {
		t.Errorf("the export is not logged: %v", l)
	}
	// Another school's admin: missing; their list is empty.
	if _, err := f.svc.Results(ctx, other, school); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("other school results: %v", err)
	}
	if l, n, _ := f.svc.List(ctx, other, survey.Query{}); n != 0 || len(l) != 0 {
		t.Errorf("other school list: %v", l)
	}
	// Answered: questions frozen, the title is not.
	in := published(survey.AudienceSchool, r236)
	in.Questions = append(in.Questions, radio("q2"))
	if got := fieldsOf(f.svc.Update(ctx, adm, school, in)); got["questions"] != survey.CodeFrozen {
		t.Errorf("frozen: %v", got)
	}
	in = published(survey.AudienceSchool, r236)
	in.TitleEn = "Renamed"
	if err := f.svc.Update(ctx, adm, school, in); err != nil {
		t.Fatal(err)
	}
}

func TestPublishRules(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	// A school admin cannot publish to everyone, nor for another school (the survey is theirs).
	if got := fieldsOf(func() error { _, err := f.svc.Create(ctx, adm, published(survey.AudienceAll, r236)); return err }()); got["audience"] != survey.CodeAudience {
		t.Errorf("ALL by a school admin: %v", got)
	}
	if _, err := f.svc.Create(ctx, adm, published(survey.AudienceSchool, rSKK)); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("a school admin's survey for another school: %v", err)
	}
	blank := published(survey.AudienceSchool, rSKK)
	blank.SchoolCode = ""
	id, err := f.svc.Create(ctx, adm, blank)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := f.svc.Get(ctx, adm, id); s.SchoolCode != "236" {
		t.Errorf("a school admin's survey is for %q", s.SchoolCode)
	}
	bad := published(survey.AudienceRound, application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 9})
	bad.EndDay = "2026-04-01"
	bad.Questions = []application.Question{{Code: "q 1", InputType: "radio", KorText: "질문"}}
	got := fieldsOf(func() error { _, err := f.svc.Create(ctx, adm, bad); return err }())
	for field, code := range map[string]string{"recruitPartSeq": survey.CodeRoundUnknown, "endDay": survey.CodePeriod,
		"questions[0].questionCode": survey.CodeQuestionCode, "questions[0].engText": form.CodeRequired, "questions[0].items": survey.CodeItemsNone} {
		if got[field] != code {
			t.Errorf("%s: %q, want %q (all: %v)", field, got[field], code, got)
		}
	}
	// One completion survey per round; the completed applicant gets it.
	c := published(survey.AudienceRound, r236)
	c.Completion = true
	cid, err := f.svc.Create(ctx, adm, c)
	if err != nil {
		t.Fatal(err)
	}
	if got := fieldsOf(func() error { _, err := f.svc.Create(ctx, adm, c); return err }()); got["completion"] != survey.CodeCompletionTwice {
		t.Errorf("second completion survey: %v", got)
	}
	n := f.apply(t, "kim", r236)
	if _, _, err := f.svc.Completion(ctx, user("kim"), n); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("before completion: %v", err)
	}
	f.svc.Apps = completed{f.svc.Apps, n}
	if m, open, err := f.svc.Completion(ctx, user("kim"), n); err != nil || m.ID != cid || !open {
		t.Errorf("completion survey: %+v %v %v", m, open, err)
	}
	if _, _, err := f.svc.Completion(ctx, user("lee"), n); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("someone else's application: %v", err)
	}
}
