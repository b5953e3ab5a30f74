package decision_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/apperr/apperrtest"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

var (
	now     = time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC)
	release = now.Add(48 * time.Hour)
	round   = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1}
	round2  = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 2}
	admin   = permission.Principal{UserID: "admin236", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
	admin2  = permission.Principal{UserID: "adminskk", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "SKKGSB"}
	sys     = permission.Principal{UserID: "sys", Roles: []permission.Role{permission.RoleSysAdmin}}
	rev     = permission.Principal{UserID: "rev1", Roles: []permission.Role{permission.RoleReviewer}, SchoolCode: "236"}
	guest   = permission.Principal{}
	user    = func(n int) permission.Principal {
		return permission.Principal{UserID: fmt.Sprintf("user%d", n), Roles: []permission.Role{permission.RoleUser}}
	}
	messages = map[decision.Kind]decision.Message{
		decision.Admit:    {Ko: "합격을 축하합니다.", En: "Congratulations on your admission."},
		decision.Waitlist: {Ko: "예비 합격자로 선정되었습니다.", En: "You are on the waitlist."},
		decision.Reject:   {Ko: "함께하지 못하게 되어 아쉽습니다.", En: "We regret to tell you."},
	}
)

type env struct {
	svc   *decision.Service
	st    *memstore.Store
	clock *clock
}

func newEnv(t *testing.T) *env {
	t.Helper()
	st := memstore.New()
	st.SetRound(application.Round{RoundKey: round, KorName: "2027 전기", EngName: "2027 Spring", SchoolKorName: "이화여대 국제대학원",
		SchoolEngName: "Ewha GSIS"})
	ctx := context.Background()
	for i := 1; i <= 6; i++ {
		loc := "ko"
		if i%2 == 0 {
			loc = "en"
		}
		if i == 6 {
			continue // user6 withdrew: no account
		}
		m, err := account.NewMember(account.NewUser{UserID: fmt.Sprintf("user%d", i), Email: fmt.Sprintf("user%d@example.com", i), PasswordHash: "h",
			Roles: []permission.Role{permission.RoleUser}, Locale: loc, AgreedAt: now})
		if err == nil {
			_, err = (memstore.Users{Store: st}).Create(ctx, m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i <= 6; i++ {
		st.Seed(application.Header{ApplNo: int64(i), UserID: fmt.Sprintf("user%d", i), Round: round, ApplID: fmt.Sprintf("2027-%04d", i),
			ApplicantName: fmt.Sprintf("지원자%d", i), State: application.State{Status: application.Complete}}, application.Part{MajorCode: "M1"})
	}
	st.Seed(application.Header{ApplNo: 7, UserID: "user1", Round: round, State: application.State{Status: application.Submit}}, application.Part{})
	st.Seed(application.Header{ApplNo: 8, UserID: "user1", Round: round2, State: application.State{Status: application.Complete}}, application.Part{})
	c := &clock{t: now}
	svc := &decision.Service{Decisions: memstore.Decisions{Store: st}, Releases: memstore.Releases{Store: st}, Apps: memstore.Applications{Store: st},
		Rounds: memstore.Reference{Store: st}, Recipients: memstore.Applicants{Store: st}, Mailer: memstore.Outbox{Store: st},
		Log: memstore.AccessLog{Store: st}, Tx: st, Clock: c, PublicURL: "https://apply.example/"}
	return &env{svc: svc, st: st, clock: c}
}

func TestStaffDecideOneByOneAndInBulk(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	_, err := e.svc.Decide(ctx, admin, decision.Item{ApplNo: 1, Kind: "maybe"})
	apperrtest.WantField(t, err, "decision", decision.CodeKind)
	_, err = e.svc.Decide(ctx, admin, decision.Item{ApplNo: 1, Kind: decision.Waitlist})
	apperrtest.WantField(t, err, "rank", decision.CodeRank)
	_, err = e.svc.Decide(ctx, admin, decision.Item{ApplNo: 1, Kind: decision.Admit, Rank: 2})
	apperrtest.WantField(t, err, "rank", decision.CodeRank)
	_, err = e.svc.Decide(ctx, admin, decision.Item{ApplNo: 7, Kind: decision.Admit})
	apperrtest.WantCode(t, err, apperr.KindConflict, decision.CodeNotComplete)
	for _, id := range []int64{1, 999} {
		_, err = e.svc.Decide(ctx, admin2, decision.Item{ApplNo: id, Kind: decision.Admit})
		apperrtest.WantCode(t, err, apperr.KindNotFound, application.CodeNotFound)
	}
	_, err = e.svc.Decide(ctx, rev, decision.Item{ApplNo: 1, Kind: decision.Admit})
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	_, err = e.svc.Decide(ctx, guest, decision.Item{ApplNo: 1, Kind: decision.Admit})
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")

	d, err := e.svc.Decide(ctx, admin, decision.Item{ApplNo: 1, Kind: decision.Reject})
	if err != nil || d.Kind() != decision.Reject || d.DecidedBy() != "admin236" {
		t.Fatalf("decide %+v %v", d.Data(), err)
	}
	if d, err = e.svc.Decide(ctx, sys, decision.Item{ApplNo: 1, Kind: decision.Admit}); err != nil || d.Kind() != decision.Admit || d.DecidedBy() != "sys" {
		t.Fatalf("change %+v %v", d.Data(), err)
	}
	if e.st.LoggedCount("decision.set") != 2 {
		t.Errorf("logged %d", e.st.LoggedCount("decision.set"))
	}

	_, err = e.svc.DecideMany(ctx, admin, round, nil)
	apperrtest.WantField(t, err, "items", decision.CodeTooMany)
	_, err = e.svc.DecideMany(ctx, admin, round, make([]decision.Item, decision.MaxBulk+1))
	apperrtest.WantField(t, err, "items", decision.CodeTooMany)
	_, err = e.svc.DecideMany(ctx, admin2, round, []decision.Item{{ApplNo: 2, Kind: decision.Admit}})
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	_, err = e.svc.DecideMany(ctx, admin, round, []decision.Item{{ApplNo: 2, Kind: decision.Admit}, {ApplNo: 8, Kind: decision.Admit}})
	apperrtest.WantField(t, err, "items[1].applNo", decision.CodeOtherRound)
	_, err = e.svc.DecideMany(ctx, admin, round, []decision.Item{{ApplNo: 2, Kind: decision.Admit}, {ApplNo: 3, Kind: decision.Waitlist}})
	apperrtest.WantField(t, err, "items[1].rank", decision.CodeRank)
	_, err = e.svc.DecideMany(ctx, admin, round, []decision.Item{{ApplNo: 2, Kind: decision.Admit}, {ApplNo: 7, Kind: decision.Admit}})
	apperrtest.WantCode(t, err, apperr.KindConflict, decision.CodeNotComplete)
	if list, _ := e.svc.List(ctx, admin, round); len(list) != 1 {
		t.Fatalf("a failed bulk kept %d decisions", len(list))
	}
	n, err := e.svc.DecideMany(ctx, admin, round, []decision.Item{{ApplNo: 2, Kind: decision.Admit}, {ApplNo: 3, Kind: decision.Waitlist, Rank: 1},
		{ApplNo: 4, Kind: decision.Reject}, {ApplNo: 5, Kind: decision.Waitlist, Rank: 2}, {ApplNo: 6, Kind: decision.Reject}, {ApplNo: 1, Kind: decision.Admit}})
	if err != nil || n != 6 {
		t.Fatalf("bulk %d %v", n, err)
	}
	list, err := e.svc.List(ctx, admin, round)
	if err != nil || len(list) != 6 || list[2].Kind() != decision.Waitlist || list[2].Rank() != 1 || list[4].Rank() != 2 ||
		list[0].UserID() != "user1" || list[0].Round() != round || !list[0].DecidedAt().Equal(now) || list[0].MailedAt() != nil {
		t.Fatalf("list %v", err)
	}
	_, err = e.svc.List(ctx, admin2, round)
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	if e.st.LoggedCount("decision.bulk") != 1 {
		t.Errorf("bulk logged %d", e.st.LoggedCount("decision.bulk"))
	}
}

func decideAll(t *testing.T, e *env) {
	t.Helper()
	if _, err := e.svc.DecideMany(context.Background(), admin, round, []decision.Item{{ApplNo: 1, Kind: decision.Admit},
		{ApplNo: 2, Kind: decision.Admit}, {ApplNo: 3, Kind: decision.Waitlist, Rank: 1}, {ApplNo: 4, Kind: decision.Reject},
		{ApplNo: 5, Kind: decision.Reject}, {ApplNo: 6, Kind: decision.Reject}}); err != nil {
		t.Fatal(err)
	}
}

func TestNothingReachesApplicantsBeforeTheRelease(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	decideAll(t, e)
	check := func(when string) {
		t.Helper()
		if list, err := e.svc.MyResults(ctx, user(1)); err != nil || len(list) != 0 {
			t.Fatalf("%s: results %+v %v", when, list, err)
		}
		_, err := e.svc.Result(ctx, user(1), 1)
		apperrtest.WantCode(t, err, apperr.KindNotFound, decision.CodeNoResult)
		_, err = e.svc.AdmissionLetter(ctx, user(1), 1)
		apperrtest.WantCode(t, err, apperr.KindNotFound, decision.CodeNoResult)
		if n, err := e.svc.SendDue(ctx, 0); err != nil || n != 0 || len(e.st.MailsOfKind("result_released")) != 0 {
			t.Fatalf("%s: mails %d %v", when, n, err)
		}
	}
	check("no release")
	bad := map[decision.Kind]decision.Message{decision.Admit: {Ko: "합격", En: ""}}
	_, err := e.svc.SetRelease(ctx, admin, round, time.Time{}, bad)
	apperrtest.WantField(t, err, "at", decision.CodeReleaseAt)
	apperrtest.WantField(t, err, "messages.admit.en", decision.CodeMessage)
	apperrtest.WantField(t, err, "messages.reject.ko", decision.CodeMessage)
	_, err = e.svc.SetRelease(ctx, admin2, round, release, messages)
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	if _, err := e.svc.SetRelease(ctx, admin, round, release.Add(time.Hour), messages); err != nil {
		t.Fatal(err)
	}
	r, err := e.svc.SetRelease(ctx, admin, round, release, messages)
	if err != nil || !r.At().Equal(release) || r.SetBy() != "admin236" || !r.SetAt().Equal(now) || r.Round() != round {
		t.Fatalf("reschedule %v", err)
	}
	_, err = e.svc.SetRelease(ctx, admin, round, release, bad)
	apperrtest.WantField(t, err, "messages.admit.en", decision.CodeMessage)
	e.clock.set(release.Add(-time.Second))
	check("a second before")
	pr, err := e.svc.ProgressOf(ctx, admin, round)
	if err != nil || pr.Released || pr.Release == nil || pr.Total != 6 || pr.Mailed != 0 || pr.ByKind[decision.Reject] != 3 {
		t.Fatalf("progress before %+v %v", pr, err)
	}
	// Another applicant's application is missing, released or not.
	_, err = e.svc.Result(ctx, user(2), 1)
	apperrtest.WantCode(t, err, apperr.KindNotFound, application.CodeNotFound)
	_, err = e.svc.Result(ctx, guest, 1)
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")
	_, err = e.svc.MyResults(ctx, guest)
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")
	if e.st.LoggedCount("decision.release") != 2 {
		t.Errorf("release logged %d", e.st.LoggedCount("decision.release"))
	}
}

func TestReleasePublishesResultsAndMailsEachApplicantOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	decideAll(t, e)
	if pr, err := e.svc.ProgressOf(ctx, sys, round); err != nil || pr.Release != nil || pr.Released {
		t.Fatalf("progress without a release %+v %v", pr, err)
	}
	if _, err := e.svc.SetRelease(ctx, admin, round, release, messages); err != nil {
		t.Fatal(err)
	}
	e.clock.set(release)
	// Released: nothing changes any more.
	_, err := e.svc.Decide(ctx, admin, decision.Item{ApplNo: 4, Kind: decision.Admit})
	apperrtest.WantCode(t, err, apperr.KindConflict, decision.CodeReleased)
	_, err = e.svc.DecideMany(ctx, admin, round, []decision.Item{{ApplNo: 4, Kind: decision.Admit}})
	apperrtest.WantCode(t, err, apperr.KindConflict, decision.CodeReleased)
	_, err = e.svc.SetRelease(ctx, admin, round, release.Add(time.Hour), messages)
	apperrtest.WantCode(t, err, apperr.KindConflict, decision.CodeReleased)

	list, err := e.svc.MyResults(ctx, user(1))
	if err != nil || len(list) != 1 || list[0].ApplNo != 1 || list[0].Kind != decision.Admit || list[0].Message != messages[decision.Admit] ||
		!list[0].ReleasedAt.Equal(release) {
		t.Fatalf("results %+v %v", list, err)
	}
	if r, err := e.svc.Result(ctx, user(3), 3); err != nil || r.Kind != decision.Waitlist || r.Rank != 1 {
		t.Fatalf("waitlisted %+v %v", r, err)
	}
	l, err := e.svc.AdmissionLetter(ctx, user(2), 2)
	if err != nil || l.ExamNumber != "2027-0002" || l.ApplicantName != "지원자2" || l.SchoolEng != "Ewha GSIS" || l.RoundKorName != "2027 전기" ||
		l.Message.En != messages[decision.Admit].En {
		t.Fatalf("letter %+v %v", l, err)
	}
	_, err = e.svc.AdmissionLetter(ctx, user(4), 4)
	apperrtest.WantCode(t, err, apperr.KindConflict, decision.CodeNotAdmitted)
	_, err = e.svc.AdmissionLetter(ctx, user(1), 8) // decided nothing in round 2
	apperrtest.WantCode(t, err, apperr.KindNotFound, decision.CodeNoResult)

	// Batches of 4: the first queues 4, the second the last 2 (one of them
	// withdrew: counted, not mailed), the third nothing.
	for i, want := range []int{4, 2, 0} {
		n, err := e.svc.SendDue(ctx, 4)
		if err != nil || n != want {
			t.Fatalf("batch %d: %d %v", i, n, err)
		}
		if i == 0 {
			if pr, _ := e.svc.ProgressOf(ctx, admin, round); pr.Mailed != 4 || pr.Total != 6 || !pr.Released {
				t.Fatalf("progress after one batch %+v", pr)
			}
		}
	}
	mails := e.st.MailsOfKind("result_released")
	if len(mails) != 5 {
		t.Fatalf("%d mails", len(mails))
	}
	got := map[string]mailmsg.ResultReleased{}
	for _, m := range mails {
		if _, dup := got[m.To]; dup {
			t.Fatalf("%s mailed twice", m.To)
		}
		got[m.To] = m.Message.(mailmsg.ResultReleased)
	}
	if m := got["user1@example.com"]; m.Result != "합격" || m.School != "이화여대 국제대학원" || m.Message != messages[decision.Admit].Ko ||
		m.Link != "https://apply.example/list" || m.ExamNumber != "2027-0001" {
		t.Errorf("ko admit mail %+v", m)
	}
	if m := got["user4@example.com"]; m.Result != "Not admitted" || m.Round != "2027 Spring" || m.Message != messages[decision.Reject].En {
		t.Errorf("en reject mail %+v", m)
	}
	if m := got["user3@example.com"]; m.Result != "예비 합격 (1번)" {
		t.Errorf("waitlist mail %+v", m)
	}
	if pr, _ := e.svc.ProgressOf(ctx, admin, round); pr.Mailed != 6 {
		t.Errorf("progress at the end %+v", pr)
	}
	if e.st.LoggedCount("decision.mail_batch") != 2 {
		t.Errorf("batches logged %d", e.st.LoggedCount("decision.mail_batch"))
	}
	_, err = e.svc.ProgressOf(ctx, rev, round)
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
}

func TestLabelsAndAggregates(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		k    decision.Kind
		rank int
		ko   string
		en   string
	}{{decision.Admit, 0, "합격", "Admitted"}, {decision.Waitlist, 3, "예비 합격 (3번)", "Waitlisted (No. 3)"}, {decision.Reject, 0, "불합격", "Not admitted"}} {
		if decision.Label(c.k, c.rank, "ko") != c.ko || decision.Label(c.k, c.rank, "en") != c.en {
			t.Errorf("label %s", c.k)
		}
	}
	if _, err := decision.New(application.Header{}, decision.Admit, 0, "a", now); err == nil {
		t.Error("a decision without an application")
	}
	if _, err := decision.UnmarshalDecisionFromDatabase(decision.Data{ApplNo: 1, Round: round, Kind: "x"}); err == nil {
		t.Error("a stored decision of no kind")
	}
	if _, err := decision.UnmarshalDecisionFromDatabase(decision.Data{ApplNo: 1}); err == nil {
		t.Error("a stored decision without a round")
	}
	if _, err := decision.NewRelease(application.RoundKey{}, now, messages, "a", now); err == nil {
		t.Error("a release without a round")
	}
	if _, err := decision.UnmarshalReleaseFromDatabase(decision.ReleaseData{Round: round}); err == nil {
		t.Error("a stored release without a time")
	}
	long := map[decision.Kind]decision.Message{}
	for k, m := range messages {
		long[k] = m
	}
	long[decision.Admit] = decision.Message{Ko: strings.Repeat("가", decision.MaxMessage+1), En: "x"}
	if _, err := decision.NewRelease(round, now, long, "a", now); apperr.KindOf(err) != apperr.KindInvalid {
		t.Errorf("a long message: %v", err)
	}
	d, _ := decision.New(application.Header{ApplNo: 1, Round: round, State: application.State{Status: application.Complete}}, decision.Admit, 0, "a", now)
	if err := d.Change("x", 0, "a", now); err == nil {
		t.Error("a change to no kind")
	}
	d.MarkMailed(now)
	d.MarkMailed(now.Add(time.Hour))
	if !d.MailedAt().Equal(now) {
		t.Error("a second mark moved the time")
	}
}

// Without a clock the service reads the machine's time; without an audit
// log it records nothing.
func TestServiceDefaults(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.svc.Clock, e.svc.Log = nil, nil
	d, err := e.svc.Decide(context.Background(), admin, decision.Item{ApplNo: 1, Kind: decision.Admit})
	if err != nil || time.Since(d.DecidedAt()) > time.Hour {
		t.Fatalf("%+v %v", d.Data(), err)
	}
	if len(e.st.Logged()) != 0 {
		t.Error("logged without a log")
	}
}
