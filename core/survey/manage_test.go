package survey_test

import (
	"context"
	"errors"
	"slices"
	"strings"
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

var setAdm = permission.Principal{UserID: "set", Roles: []permission.Role{permission.RoleSetAdmin}, SchoolCode: "236"}

func texts(qs []application.Question) []string {
	var out []string
	for _, q := range qs {
		s := q.Code + ":"
		for _, it := range q.Items {
			s += it.Code.Code
		}
		out = append(out, s)
	}
	return out
}

// A school's application survey questions are managed by staff of that
// school (set admins too); another school, an unknown or empty school and
// an unknown stage answer 404.
func TestSchoolQuestionsWhoAndWhere(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	qs := []application.Question{radio("q1")}
	for _, tc := range []struct {
		name          string
		p             permission.Principal
		school, stage string
		code          string
	}{
		{"another school's admin", other, "236", application.StageSurvey, "school.not_found"},
		{"an applicant", user("kim"), "236", application.StageSurvey, "school.not_found"},
		{"no school", sys, "", application.StageSurvey, "school.not_found"},
		{"an unknown school", sys, "NOPE", application.StageSurvey, "school.not_found"},
		{"an unknown stage", adm, "236", "DOC", survey.CodeStage},
	} {
		if _, err := f.svc.Questions(ctx, tc.p, tc.school, tc.stage); apperr.KindOf(err) != apperr.KindNotFound || apperr.CodeOf(err) != tc.code {
			t.Errorf("%s: read %v, want 404 %s", tc.name, err, tc.code)
		}
		if _, err := f.svc.SaveQuestions(ctx, tc.p, tc.school, tc.stage, qs); apperr.KindOf(err) != apperr.KindNotFound || apperr.CodeOf(err) != tc.code {
			t.Errorf("%s: save %v, want 404 %s", tc.name, err, tc.code)
		}
	}
	if len(f.m.Logged()) != 0 {
		t.Fatalf("refused saves audited: %v", f.m.Logged())
	}
	for _, p := range []permission.Principal{adm, setAdm, sys} {
		if got, err := f.svc.Questions(ctx, p, "236", application.StagePart); err != nil || len(got) != 0 {
			t.Errorf("%s: %v %v", p.UserID, got, err)
		}
	}
}

// Saving normalises (trimmed, items numbered), refuses bad questions with
// their fields, retires what an application answered, flushes the cached
// reference data and writes the change to the audit log.
func TestSaveQuestionsRetiresAnsweredAndAudits(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	flushed := 0
	f.svc.Flush = func() { flushed++ }
	st := application.StageSurvey

	bad := []application.Question{
		{Code: "q1", InputType: "select", KorText: "질문", EngText: "Q"},
		{Code: "q1", InputType: "text", KorText: "질문", EngText: "Q", Items: []application.Item{{Code: application.Code{Code: "a", KorValue: "가", EngValue: "A"}}}},
		{Code: "q3", InputType: "radio", KorText: strings.Repeat("가", survey.MaxText+1), EngText: "Q", Items: []application.Item{
			{Code: application.Code{Code: "a", KorValue: "가", EngValue: "A"}}, {Code: application.Code{Code: "a", KorValue: "", EngValue: "B"}},
			{Code: application.Code{Code: "b c", KorValue: "다", EngValue: "C"}}}},
	}
	_, err := f.svc.SaveQuestions(ctx, adm, "236", st, bad)
	got := fieldsOf(err)
	for field, code := range map[string]string{
		"questions[0].inputType": survey.CodeInputType, "questions[1].questionCode": survey.CodeDuplicate,
		"questions[1].items": survey.CodeItemsText, "questions[2].korText": form.CodeTooLong,
		"questions[2].items[1].itemCode": survey.CodeDuplicate, "questions[2].items[1].korValue": form.CodeRequired,
		"questions[2].items[2].itemCode": survey.CodeQuestionCode,
	} {
		if got[field] != code {
			t.Errorf("%s: %q, want %q (all %v)", field, got[field], code, got)
		}
	}
	many := make([]application.Question, survey.MaxQuestions+1)
	for i := range many {
		many[i] = radio("q" + string(rune('a'+i%26)) + string(rune('a'+i/26)))
	}
	many[0].Items = slices.Repeat(many[0].Items, survey.MaxItems/2+1)
	for i := range many[0].Items {
		many[0].Items[i].Code.Code = "i" + string(rune('a'+i))
	}
	got = fieldsOf(func() error { _, err := f.svc.SaveQuestions(ctx, adm, "236", st, many); return err }())
	if got["questions"] != form.CodeTooMany || got["questions[0].items"] != form.CodeTooMany {
		t.Errorf("too many: %v", got)
	}
	if flushed != 0 || len(f.m.Logged()) != 0 {
		t.Fatalf("refused saves flushed %d, audited %v", flushed, f.m.Logged())
	}

	q1 := radio(" q1 ")
	q1.KorText = "  만족하십니까? "
	q2 := application.Question{Code: "q2", InputType: "textarea", KorText: "의견", EngText: "Comments"}
	if _, err := f.svc.SaveQuestions(ctx, adm, "236", st, []application.Question{q1, q2}); err != nil {
		t.Fatal(err)
	}
	in, err := f.svc.Questions(ctx, adm, "236", st)
	if err != nil || !slices.Equal(texts(in), []string{"q1:yn", "q2:"}) || in[0].KorText != "만족하십니까?" || in[0].Items[1].Seq != 2 {
		t.Fatalf("in force: %v %+v %v", texts(in), in, err)
	}
	// An application answers q1 with "n" and q2: dropping them retires them.
	n := f.apply(t, "kim", r236)
	sd := application.SurveyData{Answers: []application.SurveyAnswer{
		{SurveyAnswer: form.SurveyAnswer{QuestionCode: "q1", ItemCode: "n"}},
		{SurveyAnswer: form.SurveyAnswer{QuestionCode: "q2", Answer: "좋아요"}}}}
	if err := (memstore.Forms{Store: f.m}).SaveSurvey(ctx, n, st, sd); err != nil {
		t.Fatal(err)
	}
	q1only := radio("q1")
	q1only.Items = q1only.Items[:1]
	retired, err := f.svc.SaveQuestions(ctx, setAdm, "236", st, []application.Question{q1only})
	slices.Sort(retired)
	if err != nil || !slices.Equal(retired, []string{"q1/n", "q2"}) {
		t.Fatalf("retired %v %v", retired, err)
	}
	if in, _ := f.svc.Questions(ctx, adm, "236", st); !slices.Equal(texts(in), []string{"q1:y"}) {
		t.Fatalf("in force after retiring: %v", texts(in))
	}
	if flushed != 2 {
		t.Errorf("flushed %d times, want 2", flushed)
	}
	l := f.m.Logged()
	if len(l) != 2 || l[1].String() != "set survey.questions survey-questions:236/SURVEY" {
		t.Fatalf("audit %v", l)
	}
	if d := l[1].Detail; !slices.Equal(d["before"].([]string), []string{"q1:radio:만족하십니까?", "q2:textarea:의견"}) ||
		!slices.Equal(d["after"].([]string), []string{"q1:radio:질문"}) {
		t.Errorf("audit detail %v", d)
	}
	// The other stage and the other school are untouched.
	if got, _ := f.svc.Questions(ctx, sys, "236", application.StagePart); len(got) != 0 {
		t.Errorf("PART stage: %v", texts(got))
	}
	if got, _ := f.svc.Questions(ctx, sys, "SKK", st); len(got) != 0 {
		t.Errorf("SKK: %v", texts(got))
	}
}

// failingStore breaks one call of the survey store.
type failingStore struct {
	memstore.Surveys
	call string
}

var errDown = errors.New("store down")

func (s failingStore) SchoolQuestions(ctx context.Context, sc, st string) ([]application.Question, error) {
	if s.call == "SchoolQuestions" {
		return nil, errDown
	}
	return s.Surveys.SchoolQuestions(ctx, sc, st)
}

func (s failingStore) SaveSchoolQuestions(ctx context.Context, sc, st string, qs []application.Question) ([]string, error) {
	if s.call == "SaveSchoolQuestions" {
		return nil, errDown
	}
	return s.Surveys.SaveSchoolQuestions(ctx, sc, st, qs)
}

func (s failingStore) SchoolRounds(ctx context.Context, sc string) ([]application.RoundKey, bool, error) {
	if s.call == "SchoolRounds" {
		return nil, false, errDown
	}
	return s.Surveys.SchoolRounds(ctx, sc)
}

func (s failingStore) Responses(ctx context.Context, id int64) ([]survey.Response, error) {
	if s.call == "Responses" {
		return nil, errDown
	}
	return s.Surveys.Responses(ctx, id)
}

func (s failingStore) Current(ctx context.Context, day string) ([]survey.Survey, error) {
	if s.call == "Current" {
		return nil, errDown
	}
	return s.Surveys.Current(ctx, day)
}

func (s failingStore) Completion(ctx context.Context, k application.RoundKey) (survey.Survey, error) {
	if s.call == "Completion" {
		return survey.Survey{}, errDown
	}
	return s.Surveys.Completion(ctx, k)
}

type failingApps struct{}

func (failingApps) ListByUser(context.Context, string) ([]application.Header, error) {
	return nil, errDown
}

// A store failure is the caller's error and leaves nothing half done: no
// flush, no audit row, no questions changed.
func TestStoreFailuresSurface(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	setup := func(call string) (fixture, int64, int64) {
		f := newFixture(t)
		id, err := f.svc.Create(ctx, adm, published(survey.AudienceSchool, r236))
		if err != nil {
			t.Fatal(err)
		}
		n := f.apply(t, "kim", r236)
		f.svc.Store = failingStore{memstore.Surveys{Store: f.m}, call}
		f.svc.Flush = func() { t.Errorf("%s: flushed after a failure", call) }
		return f, id, n
	}
	for _, call := range []string{"SchoolQuestions", "SaveSchoolQuestions"} {
		f, _, _ := setup(call)
		if _, err := f.svc.SaveQuestions(ctx, adm, "236", application.StagePart, []application.Question{radio("q1")}); !errors.Is(err, errDown) {
			t.Errorf("%s: %v", call, err)
		}
		if len(f.m.Logged()) != 1 { // the survey's creation only
			t.Errorf("%s: audited %v", call, f.m.Logged())
		}
	}
	f, _, _ := setup("SchoolRounds")
	if _, err := f.svc.Questions(ctx, adm, "236", application.StagePart); !errors.Is(err, errDown) {
		t.Errorf("rounds: %v", err)
	}
	if _, err := f.svc.Create(ctx, adm, published(survey.AudienceSchool, r236)); !errors.Is(err, errDown) {
		t.Errorf("create without rounds: %v", err)
	}
	f, id, _ := setup("Responses")
	if _, err := f.svc.Results(ctx, adm, id); !errors.Is(err, errDown) {
		t.Errorf("results: %v", err)
	}
	if _, err := f.svc.Export(ctx, adm, id, false); !errors.Is(err, errDown) {
		t.Errorf("export: %v", err)
	}
	if slices.ContainsFunc(f.m.Logged(), func(l memstore.Logged) bool { return l.Action == "survey.export" }) {
		t.Error("a failed export was logged")
	}
	f, _, _ = setup("Current")
	if _, err := f.svc.Open(ctx, user("kim")); !errors.Is(err, errDown) {
		t.Errorf("open: %v", err)
	}
	f, _, n := setup("Completion")
	f.svc.Apps = completed{f.svc.Apps, n}
	if _, _, err := f.svc.Completion(ctx, user("kim"), n); !errors.Is(err, errDown) {
		t.Errorf("completion: %v", err)
	}
	f, id, _ = setup("")
	f.svc.Apps = failingApps{}
	if _, err := f.svc.Open(ctx, user("kim")); !errors.Is(err, errDown) {
		t.Errorf("open without applications: %v", err)
	}
	if _, _, err := f.svc.One(ctx, user("kim"), id); !errors.Is(err, errDown) {
		t.Errorf("one without applications: %v", err)
	}
	if _, _, err := f.svc.Completion(ctx, user("kim"), 1); !errors.Is(err, errDown) {
		t.Errorf("completion without applications: %v", err)
	}
}

// Only applicants answer surveys; staff get 403 from the applicant's calls
// and applicants get 403 from the staff's.
func TestWhoAnswersWhoManages(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	id, err := f.svc.Create(ctx, sys, published(survey.AudienceAll, application.RoundKey{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []permission.Principal{sys, adm, {}} {
		if _, err := f.svc.Open(ctx, p); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s open: %v", p.UserID, err)
		}
		if _, _, err := f.svc.One(ctx, p, id); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s one: %v", p.UserID, err)
		}
		if _, _, err := f.svc.Completion(ctx, p, 1); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s completion: %v", p.UserID, err)
		}
	}
	for _, p := range []permission.Principal{user("kim"), setAdm, {}} {
		if _, _, err := f.svc.List(ctx, p, survey.Query{}); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s list: %v", p.UserID, err)
		}
		if _, err := f.svc.Get(ctx, p, id); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s get: %v", p.UserID, err)
		}
		if _, err := f.svc.Create(ctx, p, published(survey.AudienceSchool, r236)); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s create: %v", p.UserID, err)
		}
	}
	if _, err := f.svc.Get(ctx, sys, 999); apperr.CodeOf(err) != survey.CodeNotFound {
		t.Errorf("missing survey: %v", err)
	}
	if _, _, err := f.svc.One(ctx, user("kim"), 999); apperr.CodeOf(err) != survey.CodeNotFound {
		t.Errorf("missing survey for an applicant: %v", err)
	}
	// The provider's survey is the system admin's: a school admin may not
	// read or change it.
	if _, err := f.svc.Get(ctx, adm, id); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("school admin read the provider's survey: %v", err)
	}
	if err := f.svc.Update(ctx, adm, id, published(survey.AudienceSchool, r236)); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("school admin changed the provider's survey: %v", err)
	}
}

// A page of the list holds 1 to 100 surveys; the system admin sees every
// school's, a school admin their school's only.
func TestListPages(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	for range 3 {
		if _, err := f.svc.Create(ctx, adm, published(survey.AudienceSchool, r236)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.svc.Create(ctx, other, published(survey.AudienceSchool, rSKK)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p         permission.Principal
		q         survey.Query
		n, total  int
		wantSchls []string
	}{
		{sys, survey.Query{Limit: 100}, 4, 4, []string{"236", "SKK"}},
		{sys, survey.Query{Limit: 0}, 1, 4, nil},
		{sys, survey.Query{Limit: 1000}, 4, 4, nil},
		{sys, survey.Query{SchoolCode: "SKK", Limit: 10}, 1, 1, []string{"SKK"}},
		{adm, survey.Query{SchoolCode: "SKK", Limit: 10}, 3, 3, []string{"236"}},
	} {
		l, total, err := f.svc.List(ctx, tc.p, tc.q)
		if err != nil || len(l) != tc.n || total != tc.total {
			t.Errorf("%s %+v: %d of %d (%v)", tc.p.UserID, tc.q, len(l), total, err)
		}
		var schools []string
		for _, s := range l {
			if !slices.Contains(schools, s.SchoolCode) {
				schools = append(schools, s.SchoolCode)
			}
		}
		slices.Sort(schools)
		if tc.wantSchls != nil && !slices.Equal(schools, tc.wantSchls) {
			t.Errorf("%s %+v: schools %v", tc.p.UserID, tc.q, schools)
		}
	}
}

// The publishing rules, field by field.
func TestValidate(t *testing.T) {
	t.Parallel()
	rounds := []application.RoundKey{r236}
	ok := published(survey.AudienceSchool, r236)
	for _, tc := range []struct {
		name     string
		edit     func(*survey.Survey)
		provider bool
		want     map[string]string
	}{
		{"valid", func(*survey.Survey) {}, false, map[string]string{}},
		{"no titles", func(s *survey.Survey) { s.TitleKo, s.TitleEn = " ", strings.Repeat("t", survey.MaxTitle+1) }, false,
			map[string]string{"titleKo": form.CodeRequired, "titleEn": form.CodeTooLong}},
		{"bad days", func(s *survey.Survey) { s.StartDay, s.EndDay = "2026/05/01", "tomorrow" }, false,
			map[string]string{"startDay": window.CodeDateFormat, "endDay": window.CodeDateFormat}},
		{"one day", func(s *survey.Survey) { s.StartDay, s.EndDay = "2026-05-01", "2026-05-01" }, false, map[string]string{}},
		{"unknown audience", func(s *survey.Survey) { s.Audience = "EVERYONE" }, true, map[string]string{"audience": survey.CodeAudience}},
		{"ALL with a school", func(s *survey.Survey) { s.Audience = survey.AudienceAll }, true, map[string]string{"audience": survey.CodeAudience}},
		{"ALL by the provider", func(s *survey.Survey) { s.Audience, s.SchoolCode = survey.AudienceAll, "" }, true, map[string]string{}},
		{"SCHOOL without a school", func(s *survey.Survey) { s.SchoolCode = "" }, true, map[string]string{"audience": survey.CodeAudience}},
		{"ROUND without a school", func(s *survey.Survey) { s.Audience, s.SchoolCode = survey.AudienceRound, "" }, true,
			map[string]string{"audience": survey.CodeAudience}},
		{"ROUND of the school", func(s *survey.Survey) { s.Audience = survey.AudienceRound }, false, map[string]string{}},
		{"completion of a school", func(s *survey.Survey) { s.Completion = true }, false, map[string]string{"completion": survey.CodeCompletion}},
		{"no questions", func(s *survey.Survey) { s.Questions = nil }, false, map[string]string{"questions": survey.CodeQuestionsNone}},
	} {
		s := ok
		tc.edit(&s)
		got := fieldsOf(survey.Validate(s, rounds, tc.provider))
		if len(got) != len(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("%s: %s=%q, want %q", tc.name, k, got[k], v)
			}
		}
	}
}

// A system admin's survey for a school that does not exist is refused on
// the field; a SCHOOL survey drops the round it was given.
func TestCreateUnknownSchoolAndDroppedRound(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	s := published(survey.AudienceSchool, application.RoundKey{SchoolCode: "NOPE", EnterYear: 2027, RecruitPartSeq: 1})
	if got := fieldsOf(func() error { _, err := f.svc.Create(ctx, sys, s); return err }()); got["schoolCode"] != "school.not_found" {
		t.Errorf("unknown school: %v", got)
	}
	id, err := f.svc.Create(ctx, sys, published(survey.AudienceSchool, r236))
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.svc.Get(ctx, adm, id)
	if err != nil || got.EnterYear != 0 || got.RecruitPartSeq != 0 || got.CreatedBy != "sys" {
		t.Fatalf("stored %+v %v", got, err)
	}
	// The update keeps the school and the creator, and is audited.
	in := published(survey.AudienceRound, rSKK)
	in.TitleKo = "바뀐 설문"
	if err := f.svc.Update(ctx, adm, id, in); err != nil {
		t.Fatal(err)
	}
	got, _ = f.svc.Get(ctx, sys, id)
	if got.SchoolCode != "236" || got.Round() != r236 || got.TitleKo != "바뀐 설문" || got.CreatedBy != "sys" {
		t.Fatalf("updated %+v", got)
	}
	l := f.m.Logged()
	last := l[len(l)-1]
	if last.String() != "adm survey.update survey:1" || last.Detail["before"].(map[string]any)["titleKo"] != "설문" ||
		last.Detail["after"].(map[string]any)["audience"] != survey.AudienceRound {
		t.Fatalf("audit %v %v", last, last.Detail)
	}
	// A refused update (a round the school does not have) changes nothing.
	in.RecruitPartSeq = 7
	if got := fieldsOf(f.svc.Update(ctx, adm, id, in)); got["recruitPartSeq"] != survey.CodeRoundUnknown {
		t.Fatalf("unknown round: %v", got)
	}
	if l2 := f.m.Logged(); len(l2) != len(l) {
		t.Fatalf("refused update audited: %v", l2[len(l):])
	}
}

// cancelled reports every application of the user as cancelled.
type cancelled struct{ survey.Applications }

func (c cancelled) ListByUser(ctx context.Context, userID string) ([]application.Header, error) {
	hs, err := c.Applications.ListByUser(ctx, userID)
	for i := range hs {
		hs[i].State.Status = application.Cancel
	}
	return hs, err
}

// A cancelled application does not make one an applicant of its school;
// a closed survey still opens (it says it is closed) for whom it is meant.
func TestCancelledApplicationsAndClosedSurveys(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	id, err := f.svc.Create(ctx, adm, published(survey.AudienceSchool, r236))
	if err != nil {
		t.Fatal(err)
	}
	f.apply(t, "kim", r236)
	live := f.svc.Apps
	f.svc.Apps = cancelled{live}
	if l, err := f.svc.Open(ctx, user("kim")); err != nil || len(l) != 0 {
		t.Errorf("cancelled applicant sees %v %v", l, err)
	}
	if _, _, err := f.svc.One(ctx, user("kim"), id); apperr.CodeOf(err) != survey.CodeNotFound {
		t.Errorf("cancelled applicant opened it: %v", err)
	}
	f.svc.Apps = live
	f.clock.Set(time.Date(2026, 5, 31, 23, 59, 0, 0, window.Seoul))
	if _, open, err := f.svc.One(ctx, user("kim"), id); err != nil || !open {
		t.Errorf("last day in Seoul: open %v %v", open, err)
	}
	f.clock.Set(time.Date(2026, 5, 31, 15, 0, 0, 0, time.UTC)) // 2026-06-01 00:00 in Seoul
	if m, open, err := f.svc.One(ctx, user("kim"), id); err != nil || open || m.ID != id || m.Answered {
		t.Errorf("after the last day: %+v open %v %v", m, open, err)
	}
}

// Results and the export cover text, multi-choice and commented answers,
// in the language asked for, the day in Asia/Seoul; the export's row count
// is logged.
func TestResultsAndExportOfEveryKind(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	s := published(survey.AudienceSchool, r236)
	check := application.Question{Code: "q2", InputType: "checkbox", KorText: "고른 것", EngText: "Picked", Items: []application.Item{
		{Code: application.Code{Code: "a", KorValue: "가", EngValue: "A"}}, {Code: application.Code{Code: "b", KorValue: "나", EngValue: "B"}}}}
	free := application.Question{Code: "q3", InputType: "text", KorText: "의견", EngText: "Opinion"}
	s.Questions = append(s.Questions, check, free)
	id, err := f.svc.Create(ctx, adm, s)
	if err != nil {
		t.Fatal(err)
	}
	f.apply(t, "kim", r236)
	f.apply(t, "lee", r236)
	f.clock.Set(time.Date(2026, 5, 10, 16, 30, 0, 0, time.UTC)) // 2026-05-11 01:30 in Seoul
	if err := f.svc.Answer(ctx, user("kim"), id, []form.SurveyAnswer{{QuestionCode: "q1", ItemCode: "y"},
		{QuestionCode: "q2", ItemCode: "a"}, {QuestionCode: "q2", ItemCode: "b"}, {QuestionCode: "q3", Answer: "좋아요"}}); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Answer(ctx, user("lee"), id, []form.SurveyAnswer{{QuestionCode: "q1", ItemCode: "n", Comment: "늦음"},
		{QuestionCode: "q3"}}); err != nil {
		t.Fatal(err)
	}
	res, err := f.svc.Results(ctx, sys, id)
	if err != nil || res.Total != 2 {
		t.Fatalf("results %+v %v", res, err)
	}
	if q := res.Questions[1]; q.Items[0].Count != 1 || q.Items[1].Count != 1 || len(q.Texts) != 0 {
		t.Errorf("checkbox %+v", q)
	}
	if q := res.Questions[2]; !slices.Equal(q.Texts, []string{"좋아요"}) || len(q.Items) != 0 {
		t.Errorf("text %+v", q)
	}
	if q := res.Questions[0]; q.Items[0].Count != 1 || len(q.Items[0].Comments) != 0 || !slices.Equal(q.Items[1].Comments, []string{"늦음"}) {
		t.Errorf("radio %+v", q)
	}
	ko, err := f.svc.Export(ctx, adm, id, false)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"answeredAt", "q1 질문", "q2 고른 것", "q3 의견"},
		{"2026-05-11 01:30", "예", "가; 나", "좋아요"},
		{"2026-05-11 01:30", "아니오 (늦음)", "", ""},
	}
	if !slices.EqualFunc(ko, want, slices.Equal) {
		t.Errorf("Korean export %q", ko)
	}
	en, _ := f.svc.Export(ctx, adm, id, true)
	if en[0][2] != "q2 Picked" || en[1][2] != "A; B" || en[2][1] != "No (늦음)" {
		t.Errorf("English export %q", en)
	}
	var exports []map[string]any
	for _, l := range f.m.Logged() {
		if l.Action == "survey.export" {
			exports = append(exports, l.Detail)
		}
	}
	if len(exports) != 2 || exports[0]["rows"] != "2" {
		t.Errorf("export log %v", exports)
	}
	if _, err := f.svc.Export(ctx, other, id, true); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("another school exported: %v", err)
	}
}
