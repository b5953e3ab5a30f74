package storetest

import (
	"context"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/survey"
)

func choice(code string, items ...string) application.Question {
	q := application.Question{Code: code, Depth: 1, IsLeaf: true, InputType: "radio", KorText: "질문 " + code, EngText: "Question " + code, Required: true}
	for i, it := range items {
		q.Items = append(q.Items, application.Item{Code: application.Code{Code: it, KorValue: "항목 " + it, EngValue: "Item " + it, Seq: i + 1}})
	}
	return q
}

func questionCodes(qs []application.Question) []string {
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

// RunSurveys is the contract of survey.Store.
func RunSurveys(t *testing.T, newEnv New) {
	ctx := context.Background()
	if newEnv(t).Surveys == nil {
		t.Skip("no survey store")
	}
	t.Run("school questions: what an application answered is retired, the rest deleted", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		sc := e.Round.SchoolCode
		st := application.StageSurvey
		if _, err := e.Surveys.SaveSchoolQuestions(ctx, sc, st, []application.Question{choice("a", "1", "2"), choice("b", "1"), choice("c", "1")}); err != nil {
			t.Fatal(err)
		}
		n := app(t, e, "kim")
		ans := func(q, it string) application.SurveyAnswer {
			return application.SurveyAnswer{SurveyAnswer: form.SurveyAnswer{QuestionCode: q, ItemCode: it}}
		}
		if err := e.Forms.SaveSurvey(ctx, n, st, application.SurveyData{Answers: []application.SurveyAnswer{ans("a", "2"), ans("b", "1")}}); err != nil {
			t.Fatal(err)
		}
		// a loses item 2 (answered) and keeps 1 as "10"; b (answered) and c (not) go; d is new.
		a := choice("a", "10")
		a.KorText = "고친 질문"
		retired, err := e.Surveys.SaveSchoolQuestions(ctx, sc, st, []application.Question{choice("d", "x"), a})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(retired)
		if !slices.Equal(retired, []string{"a/2", "b"}) {
			t.Fatalf("retired %v, want a/2 and b", retired)
		}
		got, err := e.Surveys.SchoolQuestions(ctx, sc, st)
		if err != nil {
			t.Fatal(err)
		}
		if c := questionCodes(got); !slices.Equal(c, []string{"d:x", "a:10"}) || got[1].KorText != "고친 질문" {
			t.Fatalf("in force: %v %+v", c, got)
		}
		// b given again is in force again; other stages and schools are untouched.
		if _, err := e.Surveys.SaveSchoolQuestions(ctx, sc, st, []application.Question{choice("b", "1")}); err != nil {
			t.Fatal(err)
		}
		got, _ = e.Surveys.SchoolQuestions(ctx, sc, st)
		if c := questionCodes(got); !slices.Equal(c, []string{"b:1"}) {
			t.Fatalf("after b again: %v", c)
		}
		if got, _ := e.Surveys.SchoolQuestions(ctx, sc, application.StagePart); len(got) != 0 {
			t.Fatalf("PART stage: %v", questionCodes(got))
		}
		if _, ok, err := e.Surveys.SchoolRounds(ctx, "NOPE"); ok || err != nil {
			t.Fatalf("unknown school: %v %v", ok, err)
		}
		if ks, ok, err := e.Surveys.SchoolRounds(ctx, sc); !ok || err != nil || !slices.Contains(ks, e.Round) {
			t.Fatalf("school rounds: %v %v %v", ks, ok, err)
		}
	})
	t.Run("site surveys: one response per user, open days, completion per round", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		in := survey.Survey{SchoolCode: e.Round.SchoolCode, TitleKo: "설문", TitleEn: "Survey", StartDay: "2026-03-01", EndDay: "2026-03-31",
			Audience: survey.AudienceRound, EnterYear: e.Round.EnterYear, RecruitPartSeq: e.Round.RecruitPartSeq, Completion: true,
			Questions: []application.Question{choice("q1", "y", "n")}, CreatedBy: "admin"}
		id, err := e.Surveys.Create(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Surveys.Create(ctx, in); apperr.KindOf(err) != apperr.KindInvalid {
			t.Fatalf("a second completion survey of the round: %v", err)
		}
		if _, err := e.Surveys.Get(ctx, id+100); apperr.CodeOf(err) != survey.CodeNotFound {
			t.Fatalf("unknown survey: %v", err)
		}
		got, err := e.Surveys.Get(ctx, id)
		if err != nil || got.TitleEn != "Survey" || got.StartDay != "2026-03-01" || got.EndDay != "2026-03-31" || !got.Completion ||
			!slices.Equal(questionCodes(got.Questions), []string{"q1:yn"}) || got.Responses != 0 {
			t.Fatalf("get: %+v %v", got, err)
		}
		if c, err := e.Surveys.Completion(ctx, e.Round); err != nil || c.ID != id {
			t.Fatalf("completion: %+v %v", c, err)
		}
		if _, err := e.Surveys.Completion(ctx, e.Unknown); apperr.CodeOf(err) != survey.CodeNotFound {
			t.Fatalf("completion of another round: %v", err)
		}
		for _, day := range []string{"2026-02-28", "2026-04-01"} {
			if l, _ := e.Surveys.Current(ctx, day); len(l) != 0 {
				t.Fatalf("open on %s: %v", day, l)
			}
		}
		if l, _ := e.Surveys.Current(ctx, "2026-03-31"); len(l) != 1 || len(l[0].Questions) != 1 {
			t.Fatalf("open on the last day: %+v", l)
		}
		r := survey.Response{UserID: "kim", AnsweredAt: base, Answers: []form.SurveyAnswer{{QuestionCode: "q1", ItemCode: "y", Comment: "좋음"}}}
		if err := e.Surveys.Answer(ctx, id, r); err != nil {
			t.Fatal(err)
		}
		r.Answers[0].ItemCode = "n"
		wantCode(t, e.Surveys.Answer(ctx, id, r), apperr.KindConflict, survey.CodeAnswered)
		if err := e.Surveys.Answer(ctx, id, survey.Response{UserID: "lee", AnsweredAt: base.Add(1e9)}); err != nil {
			t.Fatal(err)
		}
		done, err := e.Surveys.Answered(ctx, "kim", []int64{id, id + 1})
		if err != nil || !done[id] || done[id+1] {
			t.Fatalf("answered: %v %v", done, err)
		}
		rs, err := e.Surveys.Responses(ctx, id)
		if err != nil || len(rs) != 2 || rs[0].UserID != "kim" || len(rs[0].Answers) != 1 || rs[0].Answers[0].ItemCode != "y" ||
			rs[0].Answers[0].Comment != "좋음" || rs[1].UserID != "lee" || len(rs[1].Answers) != 0 {
			t.Fatalf("responses: %+v %v", rs, err)
		}
		err = e.Surveys.Update(ctx, id, func(old survey.Survey) (survey.Survey, error) {
			if old.Responses != 2 {
				t.Errorf("update sees %d responses", old.Responses)
			}
			old.TitleEn, old.EndDay = "Survey 2", "2026-04-30"
			return old, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		list, total, err := e.Surveys.List(ctx, survey.Query{SchoolCode: e.Round.SchoolCode, Limit: 10})
		if err != nil || total != 1 || len(list) != 1 || list[0].TitleEn != "Survey 2" || list[0].EndDay != "2026-04-30" || list[0].Responses != 2 {
			t.Fatalf("list: %+v %d %v", list, total, err)
		}
		if _, total, _ := e.Surveys.List(ctx, survey.Query{SchoolCode: "OTHER", Limit: 10}); total != 0 {
			t.Fatalf("another school's list: %d", total)
		}
	})
}
