package evaluation_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/apperr/apperrtest"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/evaluation"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
)

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

var (
	now    = time.Date(2026, 11, 20, 3, 0, 0, 0, time.UTC)
	round  = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1}
	round2 = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 2}
	admin  = permission.Principal{UserID: "admin236", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
	admin2 = permission.Principal{UserID: "adminskk", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "SKKGSB"}
	sys    = permission.Principal{UserID: "sys", Roles: []permission.Role{permission.RoleSysAdmin}}
	guest  = permission.Principal{}
	rev    = func(id, school string) permission.Principal {
		return permission.Principal{UserID: id, Roles: []permission.Role{permission.RoleReviewer}, SchoolCode: school}
	}
	rev1, rev2, rev3 = rev("rev1", "236"), rev("rev2", "236"), rev("rev3", "236")
	revOther         = rev("revskk", "SKKGSB")
)

var criteria = []evaluation.Criterion{
	{Key: "research", NameKo: "연구 역량", NameEn: "Research", Weight: 3, Min: 0, Max: 10},
	{Key: "fit", NameKo: "전공 적합성", NameEn: "Fit", Weight: 1, Min: 1, Max: 5},
}

type env struct {
	svc *evaluation.Service
	st  *memstore.Store
}

func newEnv(t *testing.T) *env {
	t.Helper()
	st := memstore.New()
	ctx := context.Background()
	for _, p := range []permission.Principal{admin, rev1, rev2, rev3, revOther, {UserID: "applicant", Roles: []permission.Role{permission.RoleUser}}} {
		m, err := account.NewMember(account.NewUser{UserID: p.UserID, Email: p.UserID + "@example.com", PasswordHash: "h", Roles: p.Roles,
			SchoolCode: p.SchoolCode, Locale: "ko", AgreedAt: now})
		if err == nil {
			_, err = (memstore.Users{Store: st}).Create(ctx, m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	svc := &evaluation.Service{Rubrics: memstore.Rubrics{Store: st}, Sheets: memstore.Sheets{Store: st}, Roster: memstore.Backoffice{Store: st},
		Users: memstore.Users{Store: st}, Directory: memstore.Users{Store: st}, Log: memstore.AccessLog{Store: st}, Tx: st, Clock: fixedClock{now}}
	return &env{svc: svc, st: st}
}

// seed stores applications 1..n of a round with a status.
func (e *env) seed(k application.RoundKey, from, n int, status application.Status) {
	for i := from; i < from+n; i++ {
		e.st.Seed(application.Header{ApplNo: int64(i), UserID: fmt.Sprintf("user%d", i), Round: k, ApplID: fmt.Sprintf("2027-%04d", i),
			ApplicantName: fmt.Sprintf("지원자%d", i), State: application.State{Status: status}, CreatedAt: now, UpdatedAt: now},
			application.Part{MajorCode: "M1"})
	}
}

func TestRubricIsValidatedAndLockedByTheFirstSubmission(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	_, err := e.svc.Rubric(ctx, admin, round)
	apperrtest.WantCode(t, err, apperr.KindNotFound, evaluation.CodeNoRubric)
	bad := []struct {
		field, code string
		c           []evaluation.Criterion
	}{
		{"criteria", evaluation.CodeCriteria, nil},
		{"criteria", evaluation.CodeCriteria, make([]evaluation.Criterion, evaluation.MaxCriteria+1)},
		{"criteria[1].key", evaluation.CodeCriterionKey, []evaluation.Criterion{criteria[0], criteria[0]}},
		{"criteria[0].key", evaluation.CodeCriterionKey, []evaluation.Criterion{{Key: "Bad Key", NameKo: "가", NameEn: "a", Weight: 1, Max: 1}}},
		{"criteria[0].nameKo", evaluation.CodeCriterionName, []evaluation.Criterion{{Key: "a", NameEn: "a", Weight: 1, Max: 1}}},
		{"criteria[0].nameEn", evaluation.CodeCriterionName, []evaluation.Criterion{{Key: "a", NameKo: "가", NameEn: strings.Repeat("a", 101), Weight: 1, Max: 1}}},
		{"criteria[0].weight", evaluation.CodeWeight, []evaluation.Criterion{{Key: "a", NameKo: "가", NameEn: "a", Weight: 0, Max: 1}}},
		{"criteria[0].max", evaluation.CodeRange, []evaluation.Criterion{{Key: "a", NameKo: "가", NameEn: "a", Weight: 1, Min: 3, Max: 3}}},
		{"criteria[0].max", evaluation.CodeRange, []evaluation.Criterion{{Key: "a", NameKo: "가", NameEn: "a", Weight: 1, Max: 1001}}},
	}
	for _, b := range bad {
		_, err := e.svc.SetRubric(ctx, admin, round, b.c)
		apperrtest.WantField(t, err, b.field, b.code)
	}
	for _, p := range []permission.Principal{admin2, rev1} {
		_, err := e.svc.SetRubric(ctx, p, round, criteria)
		apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	}
	_, err = e.svc.SetRubric(ctx, guest, round, criteria)
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")

	r, err := e.svc.SetRubric(ctx, admin, round, []evaluation.Criterion{{Key: " research ", NameKo: " 연구 ", NameEn: "Research", Weight: 1, Max: 5}})
	if err != nil || r.Criteria()[0].Key != "research" || r.Criteria()[0].NameKo != "연구" || r.UpdatedBy() != "admin236" {
		t.Fatalf("first rubric %+v %v", r.Data(), err)
	}
	if r, err = e.svc.SetRubric(ctx, sys, round, criteria); err != nil || len(r.Criteria()) != 2 || r.UpdatedBy() != "sys" {
		t.Fatalf("second rubric %+v %v", r.Data(), err)
	}
	if got, err := e.svc.Rubric(ctx, rev1, round); err != nil || got.Criteria()[1].Name("en") != "Fit" || got.Criteria()[1].Name("ko") != "전공 적합성" {
		t.Fatalf("reviewer reads %+v %v", got.Data(), err)
	}
	_, err = e.svc.Rubric(ctx, revOther, round)
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	if e.st.LoggedCount("evaluation.rubric") != 2 {
		t.Errorf("rubric changes logged %d times", e.st.LoggedCount("evaluation.rubric"))
	}

	e.seed(round, 1, 1, application.Complete)
	if _, err := e.svc.Assign(ctx, admin, round, []int64{1}, []string{"rev1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.SaveDraft(ctx, rev1, 1, map[string]int{"research": 8, "fit": 5}, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Submit(ctx, rev1, 1); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.SetRubric(ctx, admin, round, criteria[:1])
	apperrtest.WantCode(t, err, apperr.KindConflict, evaluation.CodeRubricLocked)
	if got, _ := e.svc.Rubric(ctx, admin, round); !got.Locked() || len(got.Criteria()) != 2 {
		t.Fatalf("locked rubric %+v", got.Data())
	}
}

func TestAssignByHandChecksReviewersAndApplications(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	e.seed(round, 1, 3, application.Complete)
	e.seed(round2, 10, 1, application.Complete)
	for _, id := range []string{"revskk", "admin236", "nobody"} {
		_, err := e.svc.Assign(ctx, admin, round, []int64{1}, []string{"rev1", id})
		apperrtest.WantField(t, err, "reviewers", evaluation.CodeReviewerUnknown)
	}
	_, err := e.svc.Assign(ctx, admin, round, []int64{1}, nil)
	apperrtest.WantField(t, err, "reviewers", evaluation.CodeReviewerUnknown)
	_, err = e.svc.Assign(ctx, admin, round, []int64{1, 10}, []string{"rev1"})
	apperrtest.WantField(t, err, "applNos", evaluation.CodeApplicationOther)
	_, err = e.svc.Assign(ctx, admin2, round, []int64{1}, []string{"rev1"})
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")

	n, err := e.svc.Assign(ctx, admin, round, []int64{1, 2}, []string{"rev1", "rev2", "rev1"})
	if err != nil || n != 4 {
		t.Fatalf("assigned %d %v", n, err)
	}
	if n, err = e.svc.Assign(ctx, admin, round, []int64{2, 3}, []string{"rev2"}); err != nil || n != 1 {
		t.Fatalf("second assign %d %v", n, err)
	}
	if e.st.LoggedCount("evaluation.assign") != 2 {
		t.Errorf("assignments logged %d times", e.st.LoggedCount("evaluation.assign"))
	}
	mine, err := e.svc.MyAssignments(ctx, rev2)
	if err != nil || len(mine) != 3 || mine[0].ApplNo != 1 || mine[2].ApplID != "2027-0003" || mine[2].ApplicantName != "지원자3" || mine[0].Submitted {
		t.Fatalf("rev2's list %+v %v", mine, err)
	}
	if mine, err := e.svc.MyAssignments(ctx, rev3); err != nil || len(mine) != 0 {
		t.Fatalf("rev3's list %+v %v", mine, err)
	}
	_, err = e.svc.MyAssignments(ctx, admin)
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	_, err = e.svc.MyAssignments(ctx, guest)
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")

	if err := e.svc.MayRead(ctx, rev1, 2); err != nil {
		t.Fatalf("rev1 may not read 2: %v", err)
	}
	apperrtest.WantCode(t, e.svc.MayRead(ctx, rev1, 3), apperr.KindNotFound, evaluation.CodeNotAssigned)
	apperrtest.WantCode(t, e.svc.MayRead(ctx, admin, 1), apperr.KindNotFound, evaluation.CodeNotAssigned)
	apperrtest.WantCode(t, e.svc.MayRead(ctx, guest, 1), apperr.KindUnauthenticated, "auth.required")
	// A reviewer moved to another school no longer reads what it was assigned.
	apperrtest.WantCode(t, e.svc.MayRead(ctx, rev("rev1", "SKKGSB"), 1), apperr.KindNotFound, evaluation.CodeNotAssigned)

	apperrtest.WantCode(t, e.svc.Unassign(ctx, admin2, 1, "rev1"), apperr.KindNotFound, evaluation.CodeNotAssigned)
	apperrtest.WantCode(t, e.svc.Unassign(ctx, guest, 1, "rev1"), apperr.KindUnauthenticated, "auth.required")
	if err := e.svc.Unassign(ctx, admin, 1, "rev1"); err != nil {
		t.Fatal(err)
	}
	apperrtest.WantCode(t, e.svc.MayRead(ctx, rev1, 1), apperr.KindNotFound, evaluation.CodeNotAssigned)
	if _, err := e.svc.SetRubric(ctx, admin, round, criteria); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.SaveDraft(ctx, rev1, 2, map[string]int{"research": 1, "fit": 1}, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Submit(ctx, rev1, 2); err != nil {
		t.Fatal(err)
	}
	apperrtest.WantCode(t, e.svc.Unassign(ctx, admin, 2, "rev1"), apperr.KindConflict, evaluation.CodeSubmitted)
}

func TestAssignEvenlyIsDeterministicAndBalanced(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	e.seed(round, 1, 5, application.Complete)
	e.seed(round, 6, 1, application.Submit) // not submitted: left out
	_, err := e.svc.AssignEvenly(ctx, admin, round, []string{"rev1", "rev2"}, 3, string(application.Complete))
	apperrtest.WantField(t, err, "perApplication", evaluation.CodePerApplication)
	_, err = e.svc.AssignEvenly(ctx, admin, round, []string{"revskk"}, 1, "")
	apperrtest.WantField(t, err, "reviewers", evaluation.CodeReviewerUnknown)
	_, err = e.svc.AssignEvenly(ctx, rev1, round, []string{"rev1"}, 1, "")
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	// rev3 already holds application 1.
	if _, err := e.svc.Assign(ctx, admin, round, []int64{1}, []string{"rev3"}); err != nil {
		t.Fatal(err)
	}
	n, err := e.svc.AssignEvenly(ctx, admin, round, []string{"rev1", "rev2", "rev3"}, 2, string(application.Complete))
	if err != nil || n != 9 {
		t.Fatalf("assigned %d %v", n, err)
	}
	sheets, _ := (memstore.Sheets{Store: e.st}).ForRound(ctx, round)
	var got []string
	load := map[string]int{}
	for _, s := range sheets {
		got = append(got, fmt.Sprintf("%d:%s", s.ApplNo(), s.Reviewer()))
		load[s.Reviewer()]++
	}
	want := []string{"1:rev1", "1:rev3", "2:rev1", "2:rev2", "3:rev2", "3:rev3", "4:rev1", "4:rev2", "5:rev1", "5:rev3"}
	if !slices.Equal(got, want) {
		t.Fatalf("assignments %v\nwant %v", got, want)
	}
	if load["rev1"] != 4 || load["rev2"] != 3 || load["rev3"] != 3 {
		t.Errorf("loads %v", load)
	}
	if n, err := e.svc.AssignEvenly(ctx, admin, round, []string{"rev1", "rev2", "rev3"}, 2, string(application.Complete)); err != nil || n != 0 {
		t.Fatalf("a second run added %d %v", n, err)
	}
	if e.st.LoggedCount("evaluation.assign_evenly") != 2 {
		t.Errorf("logged %d", e.st.LoggedCount("evaluation.assign_evenly"))
	}
}

func TestReviewersScoreAndSeeOthersOnlyAfterSubmitting(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	e.seed(round, 1, 3, application.Complete)
	if _, err := e.svc.Assign(ctx, admin, round, []int64{1, 2, 3}, []string{"rev1", "rev2"}); err != nil {
		t.Fatal(err)
	}
	_, err := e.svc.SaveDraft(ctx, rev1, 1, map[string]int{"research": 5}, "")
	apperrtest.WantCode(t, err, apperr.KindConflict, evaluation.CodeNoRubric)
	_, err = e.svc.Submit(ctx, rev1, 1)
	apperrtest.WantCode(t, err, apperr.KindConflict, evaluation.CodeNoRubric)
	if _, err := e.svc.SetRubric(ctx, admin, round, criteria); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.SaveDraft(ctx, rev1, 1, map[string]int{"research": 11}, "")
	apperrtest.WantField(t, err, "scores.research", evaluation.CodeScore)
	_, err = e.svc.SaveDraft(ctx, rev1, 1, map[string]int{"style": 1}, "")
	apperrtest.WantField(t, err, "scores.style", evaluation.CodeScore)
	_, err = e.svc.SaveDraft(ctx, rev1, 1, nil, strings.Repeat("가", evaluation.MaxComment+1))
	apperrtest.WantField(t, err, "comment", evaluation.CodeCommentTooLong)
	_, err = e.svc.SaveDraft(ctx, rev3, 1, map[string]int{"research": 1}, "")
	apperrtest.WantCode(t, err, apperr.KindNotFound, evaluation.CodeNotAssigned)
	_, err = e.svc.SaveDraft(ctx, revOther, 1, map[string]int{"research": 1}, "")
	apperrtest.WantCode(t, err, apperr.KindNotFound, evaluation.CodeNotAssigned)

	if s, err := e.svc.SaveDraft(ctx, rev1, 1, nil, "  초안  "); err != nil || s.Comment() != "초안" || len(s.Scores()) != 0 {
		t.Fatalf("empty draft %+v %v", s.Data(), err)
	}
	if _, err := e.svc.SaveDraft(ctx, rev1, 1, map[string]int{"research": 9}, "연구 계획이 구체적"); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.Submit(ctx, rev1, 1)
	apperrtest.WantField(t, err, "scores.fit", evaluation.CodeScoreMissing)
	if _, err := e.svc.SaveDraft(ctx, rev2, 1, map[string]int{"research": 4, "fit": 2}, "rev2 draft"); err != nil {
		t.Fatal(err)
	}
	// Before submitting, rev1 sees its own sheet only.
	views, err := e.svc.ReadSheets(ctx, rev1, 1)
	if err != nil || len(views) != 1 || views[0].Reviewer != "rev1" || views[0].Scores["research"] != 9 || views[0].Total != nil {
		t.Fatalf("rev1 before submitting: %+v %v", views, err)
	}
	if _, err := e.svc.SaveDraft(ctx, rev1, 1, map[string]int{"research": 9, "fit": 5}, "연구 계획이 구체적"); err != nil {
		t.Fatal(err)
	}
	s, err := e.svc.Submit(ctx, rev1, 1)
	if err != nil || !s.Submitted() {
		t.Fatalf("submit %v", err)
	}
	_, err = e.svc.Submit(ctx, rev1, 1)
	apperrtest.WantCode(t, err, apperr.KindConflict, evaluation.CodeSubmitted)
	_, err = e.svc.SaveDraft(ctx, rev1, 1, map[string]int{"research": 1}, "")
	apperrtest.WantCode(t, err, apperr.KindConflict, evaluation.CodeSubmitted)
	// rev2 has not submitted: it still sees only its own.
	if views, _ := e.svc.ReadSheets(ctx, rev2, 1); len(views) != 1 || views[0].Reviewer != "rev2" {
		t.Fatalf("rev2 before submitting: %+v", views)
	}
	// rev1 submitted: it sees rev2 as assigned, but not rev2's draft.
	views, _ = e.svc.ReadSheets(ctx, rev1, 1)
	if len(views) != 2 || *views[0].Total != 92.5 || views[1].Submitted || len(views[1].Scores) != 0 || views[1].Comment != "" {
		t.Fatalf("rev1 after submitting: %+v", views)
	}
	if _, err := e.svc.Submit(ctx, rev2, 1); err != nil {
		t.Fatal(err)
	}
	views, _ = e.svc.ReadSheets(ctx, rev1, 1)
	if len(views) != 2 || views[1].Comment != "rev2 draft" || *views[1].Total != 36.25 {
		t.Fatalf("rev1 after both: %+v", views)
	}
	if views, err := e.svc.ReadSheets(ctx, admin, 1); err != nil || len(views) != 2 {
		t.Fatalf("staff read %+v %v", views, err)
	}
	for _, p := range []permission.Principal{rev3, admin2, revOther} {
		_, err := e.svc.ReadSheets(ctx, p, 1)
		apperrtest.WantCode(t, err, apperr.KindNotFound, evaluation.CodeNotAssigned)
	}
	_, err = e.svc.ReadSheets(ctx, rev1, 99)
	apperrtest.WantCode(t, err, apperr.KindNotFound, evaluation.CodeNotAssigned)
	_, err = e.svc.ReadSheets(ctx, guest, 1)
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")
	if e.st.LoggedCount("evaluation.submit") != 2 {
		t.Errorf("submissions logged %d", e.st.LoggedCount("evaluation.submit"))
	}
	if mine, _ := e.svc.MyAssignments(ctx, rev1); !mine[0].Submitted || mine[1].Submitted {
		t.Errorf("rev1's list %+v", mine)
	}
}

func TestScoreTableShowsMeanAndSpreadSorted(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	e.seed(round, 1, 4, application.Complete)
	_, err := e.svc.ScoreTable(ctx, admin, evaluation.TableQuery{Round: round})
	apperrtest.WantCode(t, err, apperr.KindNotFound, evaluation.CodeNoRubric)
	if _, err := e.svc.SetRubric(ctx, admin, round, criteria); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Assign(ctx, admin, round, []int64{1, 2, 3}, []string{"rev1", "rev2"}); err != nil {
		t.Fatal(err)
	}
	score := func(p permission.Principal, n int64, research, fit int) {
		t.Helper()
		if _, err := e.svc.SaveDraft(ctx, p, n, map[string]int{"research": research, "fit": fit}, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Submit(ctx, p, n); err != nil {
			t.Fatal(err)
		}
	}
	score(rev1, 1, 10, 5) // 100
	score(rev2, 1, 6, 3)  // 3*0.6+1*0.5 = 2.3/4 = 57.5
	score(rev1, 2, 8, 5)  // 3*0.8+1 = 3.4/4 = 85
	// 3: nobody submitted
	tb, err := e.svc.ScoreTable(ctx, admin, evaluation.TableQuery{Round: round, Sort: "mean", Desc: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Rows) != 3 || !slices.Equal(tb.Reviewers, []string{"rev1", "rev2"}) || len(tb.Criteria) != 2 {
		t.Fatalf("table %+v", tb)
	}
	r := tb.Rows
	if r[0].ApplNo != 2 || *r[0].Mean != 85 || *r[0].Spread != 0 || r[0].Submitted != 1 || r[0].Reviews[1].Total != nil {
		t.Fatalf("first row %+v", r[0])
	}
	if r[1].ApplNo != 1 || *r[1].Mean != 78.75 || *r[1].Spread != 42.5 || r[1].ApplID != "2027-0001" || r[1].ApplicantName != "지원자1" ||
		r[1].Status != application.Complete {
		t.Fatalf("second row %+v", r[1])
	}
	if r[2].ApplNo != 3 || r[2].Mean != nil || r[2].Spread != nil {
		t.Fatalf("last row %+v", r[2])
	}
	order := func(sort string, desc bool) []int64 {
		t.Helper()
		tb, err := e.svc.ScoreTable(ctx, sys, evaluation.TableQuery{Round: round, Sort: sort, Desc: desc})
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, r := range tb.Rows {
			out = append(out, r.ApplNo)
		}
		return out
	}
	for _, c := range []struct {
		sort string
		desc bool
		want []int64
	}{
		{"", false, []int64{1, 2, 3}}, {"mean", false, []int64{1, 2, 3}}, {"spread", true, []int64{1, 2, 3}},
		{"spread", false, []int64{2, 1, 3}}, {"submitted", true, []int64{1, 2, 3}}, {"applId", true, []int64{3, 2, 1}},
		{"applicantName", false, []int64{1, 2, 3}},
	} {
		if got := order(c.sort, c.desc); !slices.Equal(got, c.want) {
			t.Errorf("sort %s desc %v: %v want %v", c.sort, c.desc, got, c.want)
		}
	}
	_, err = e.svc.ScoreTable(ctx, admin, evaluation.TableQuery{Round: round, Sort: "total"})
	apperrtest.WantField(t, err, "sort", evaluation.CodeSortUnknown)
	for _, p := range []permission.Principal{admin2, rev1} {
		_, err := e.svc.ScoreTable(ctx, p, evaluation.TableQuery{Round: round})
		apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	}
}

func TestAggregatesRefuseBrokenInput(t *testing.T) {
	t.Parallel()
	if _, err := evaluation.NewRubric(application.RoundKey{}, criteria, "a", now); err == nil {
		t.Error("a rubric without a round")
	}
	if _, err := evaluation.UnmarshalRubricFromDatabase(evaluation.RubricData{Round: round}); err == nil {
		t.Error("a stored rubric without criteria")
	}
	if _, err := evaluation.Assign(round, 0, "rev1", "a", now); err == nil {
		t.Error("a sheet without an application")
	}
	if _, err := evaluation.UnmarshalSheetFromDatabase(evaluation.SheetData{ApplNo: 1, Round: round}); err == nil {
		t.Error("a stored sheet without a reviewer")
	}
	s, err := evaluation.UnmarshalSheetFromDatabase(evaluation.SheetData{ApplNo: 1, Reviewer: "r", Round: round})
	if err != nil || s.Scores() == nil || s.ApplNo() != 1 {
		t.Fatalf("%+v %v", s.Data(), err)
	}
	r, _ := evaluation.NewRubric(round, criteria, "a", now)
	if _, ok := r.Total(map[string]int{"research": 1}); ok {
		t.Error("a total of partial scores")
	}
	// A criterion removed after a draft: Submit drops its score.
	s, _ = evaluation.Assign(round, 1, "r", "a", now)
	_ = s.SaveDraft(r, map[string]int{"research": 2, "fit": 2}, "", now)
	one, _ := evaluation.NewRubric(round, criteria[:1], "a", now)
	if err := s.Submit(one, now); err != nil || len(s.Scores()) != 1 {
		t.Fatalf("submit on a smaller rubric %v %v", s.Scores(), err)
	}
	// A score out of a changed range is refused at submission.
	s, _ = evaluation.Assign(round, 1, "r", "a", now)
	_ = s.SaveDraft(r, map[string]int{"research": 9, "fit": 2}, "", now)
	narrow, _ := evaluation.NewRubric(round, []evaluation.Criterion{{Key: "research", NameKo: "가", NameEn: "a", Weight: 1, Max: 5}}, "a", now)
	if err := s.Submit(narrow, now); apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("submit out of range: %v", err)
	}
	r.Lock(now)
	r.Lock(now.Add(time.Hour))
	if !r.Data().LockedAt.Equal(now) {
		t.Error("a second lock moved the time")
	}
}

func TestListReviewersNamesTheSchoolsReviewersToItsStaff(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	for _, p := range []permission.Principal{admin, sys} {
		got, err := e.svc.ListReviewers(ctx, p, round)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range got {
			ids = append(ids, r.UserID)
		}
		if fmt.Sprint(ids) != "[rev1 rev2 rev3]" || got[0].Email != "rev1@example.com" {
			t.Fatalf("%s: reviewers %v", p.UserID, got)
		}
	}
	for _, p := range []permission.Principal{admin2, rev1} {
		_, err := e.svc.ListReviewers(ctx, p, round)
		apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	}
	_, err := e.svc.ListReviewers(ctx, guest, round)
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")
}
