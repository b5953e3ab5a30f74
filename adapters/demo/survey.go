package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/survey"
	"github.com/gradapply/gradapply/core/window"
)

// demoSurveys are the two kinds of survey a first run can try (issue 23
// item 8): the provider's site survey for every applicant, open from a week
// ago for two months, and the completion survey of school 236's round, asked
// once an application there is complete. Both pass survey.Validate.
func demoSurveys(now time.Time, year int) []survey.Survey {
	start := window.FormatDate(now.AddDate(0, 0, -7))
	end := window.FormatDate(now.AddDate(0, 2, 0))
	item := func(code, ko, en string) application.Item {
		return application.Item{Code: application.Code{Code: code, KorValue: ko, EngValue: en}}
	}
	site := survey.Survey{
		TitleKo: "GradApply 이용 만족도 조사", TitleEn: "How was GradApply for you?",
		StartDay: start, EndDay: end, Audience: survey.AudienceAll, CreatedBy: "sysadmin",
		Questions: survey.Normalise([]application.Question{
			{Code: "q1", InputType: "radio", Required: true,
				KorText: "원서 작성은 얼마나 쉬웠습니까?", EngText: "How easy was it to fill in the application?",
				Items: []application.Item{item("1", "매우 쉬움", "Very easy"), item("2", "쉬움", "Easy"),
					item("3", "보통", "Neither"), item("4", "어려움", "Hard"), item("5", "매우 어려움", "Very hard")}},
			{Code: "q2", InputType: "checkbox",
				KorText: "어떤 기기로 작성했습니까? (모두 선택)", EngText: "Which devices did you use? (all that apply)",
				Items: []application.Item{item("pc", "PC", "Computer"), item("mobile", "휴대폰", "Phone"),
					item("tablet", "태블릿", "Tablet")}},
			{Code: "q3", InputType: "textarea",
				KorText: "개선했으면 하는 점을 알려 주세요.", EngText: "What should we improve?"},
		}),
	}
	completion := survey.Survey{
		SchoolCode: "236", EnterYear: year, RecruitPartSeq: 1, Completion: true,
		TitleKo: "원서 접수 완료 설문", TitleEn: "After you applied",
		StartDay: start, EndDay: end, Audience: survey.AudienceRound, CreatedBy: "schooladmin",
		Questions: survey.Normalise([]application.Question{
			{Code: "route", InputType: "radio", Required: true,
				KorText: "본 전형을 처음 알게 된 경로는 무엇입니까?", EngText: "How did you first hear about this programme?",
				Items: []application.Item{item("web", "학교 홈페이지", "The school's website"),
					item("friend", "지인 추천", "A friend or colleague"), item("fair", "입학 설명회", "An admissions fair"),
					{Code: application.Code{Code: "etc", KorValue: "기타", EngValue: "Other"}, HasComment: true}}},
			{Code: "why", InputType: "text",
				KorText: "지원을 결정한 가장 큰 이유는 무엇입니까?", EngText: "What made you decide to apply?"},
		}),
	}
	return []survey.Survey{site, completion}
}

// loadSurveys stores the demo surveys (school 236 must be loaded).
func loadSurveys(ctx context.Context, db *postgres.DB, now time.Time, year int) error {
	store := postgres.Surveys{DB: db}
	for _, s := range demoSurveys(now, year) {
		if err := survey.Validate(s, []application.RoundKey{s.Round()}, true); err != nil {
			return fmt.Errorf("demo: survey %q: %w", s.TitleEn, err)
		}
		if _, err := store.Create(ctx, s); err != nil {
			return fmt.Errorf("demo: survey %q: %w", s.TitleEn, err)
		}
	}
	return nil
}
