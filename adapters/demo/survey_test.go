package demo_test

import (
	"context"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/demo"
	"github.com/gradapply/gradapply/adapters/password"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/survey"
)

type at time.Time

func (t at) Now() time.Time { return time.Time(t) }

// A first run has a site survey every applicant is asked, and a completion
// survey for school 236's round that its school admin manages (issue 23
// item 8), both open today, read through the survey service as the applicant
// and the staff pages read them.
func TestDemoSeedsBothKindsOfSurvey(t *testing.T) {
	t.Parallel()
	d, err := demo.Read("../../testdata/demo")
	if err != nil {
		t.Fatal(err)
	}
	db, _ := pgtest.New(t)
	ctx := context.Background()
	now := time.Now()
	if ok, err := demo.Load(ctx, db, d, password.Argon2{Memory: 64, Time: 1, Threads: 1}, now); err != nil || !ok {
		t.Fatalf("load: %v %v", ok, err)
	}
	svc := &survey.Service{Store: postgres.Surveys{DB: db}, Apps: postgres.Applications{DB: db},
		Audit: postgres.AccessLog{DB: db}, Tx: db, Clock: at(now)}

	open, err := svc.Open(ctx, permission.Principal{UserID: "applicant1", Roles: []permission.Role{permission.RoleUser}})
	if err != nil {
		t.Fatal(err)
	}
	if len(open) != 1 || open[0].TitleKo != "GradApply 이용 만족도 조사" || open[0].Answered || len(open[0].Questions) == 0 {
		t.Fatalf("applicant1 is asked %+v, want the site survey, unanswered, with its questions", open)
	}

	list, n, err := svc.List(ctx, permission.Principal{UserID: "schooladmin", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"},
		survey.Query{SchoolCode: "236", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 || len(list) != 1 || !list[0].Completion || list[0].Audience != survey.AudienceRound {
		t.Fatalf("school 236 manages %d surveys %+v, want its round's completion survey", n, list)
	}
	year := list[0].EnterYear
	got, err := (postgres.Surveys{DB: db}).Completion(ctx, application.RoundKey{SchoolCode: "236", EnterYear: year, RecruitPartSeq: 1})
	if err != nil || got.TitleEn != "After you applied" || len(got.Questions) < 2 {
		t.Fatalf("the round's completion survey: %+v %v", got, err)
	}
}
