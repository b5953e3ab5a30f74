package notice_test

import (
	"context"
	"fmt"
	"slices"
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
	"github.com/gradapply/gradapply/core/notice"
	"github.com/gradapply/gradapply/core/permission"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

var (
	now    = time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC)
	round  = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1}
	round2 = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 2}
	skk    = application.RoundKey{SchoolCode: "SKKGSB", EnterYear: 2027, RecruitPartSeq: 1}
	admin  = permission.Principal{UserID: "admin236", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
	admin2 = permission.Principal{UserID: "adminskk", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "SKKGSB"}
	sys    = permission.Principal{UserID: "sys", Roles: []permission.Role{permission.RoleSysAdmin}}
	rev    = permission.Principal{UserID: "rev1", Roles: []permission.Role{permission.RoleReviewer}, SchoolCode: "236"}
	guest  = permission.Principal{}
	user   = func(n int) permission.Principal {
		return permission.Principal{UserID: fmt.Sprintf("user%d", n), Roles: []permission.Role{permission.RoleUser}}
	}
)

type env struct {
	svc   *notice.Service
	st    *memstore.Store
	clock *clock
}

// newEnv: users 1..5 (even ones read English, user5 withdrew); user1 has
// two COMPLETE applications of round (1, 2), user2 one (3), user3 one
// SUBMIT (4), user4 one of round2 (5), user5 one COMPLETE (6).
func newEnv(t *testing.T) *env {
	t.Helper()
	st := memstore.New()
	st.SetRound(application.Round{RoundKey: round, KorName: "2027 전기", EngName: "2027 Spring", SchoolKorName: "이화여대 국제대학원", SchoolEngName: "Ewha GSIS"})
	ctx := context.Background()
	for i := 1; i <= 4; i++ {
		loc := map[bool]string{true: "en", false: "ko"}[i%2 == 0]
		m, err := account.NewMember(account.NewUser{UserID: fmt.Sprintf("user%d", i), Email: fmt.Sprintf("user%d@example.com", i), PasswordHash: "h",
			Roles: []permission.Role{permission.RoleUser}, Locale: loc, AgreedAt: now})
		if err == nil {
			_, err = (memstore.Users{Store: st}).Create(ctx, m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	seed := func(n int64, u int, k application.RoundKey, s application.Status) {
		st.Seed(application.Header{ApplNo: n, UserID: fmt.Sprintf("user%d", u), Round: k, State: application.State{Status: s}}, application.Part{})
	}
	seed(1, 1, round, application.Complete)
	seed(2, 1, round, application.Complete)
	seed(3, 2, round, application.Complete)
	seed(4, 3, round, application.Submit)
	seed(5, 4, round2, application.Complete)
	seed(6, 5, round, application.Complete)
	c := &clock{t: now}
	svc := &notice.Service{Notices: memstore.Notices{Store: st}, Mails: memstore.BulkMails{Store: st}, Roster: memstore.Backoffice{Store: st},
		Outcomes: memstore.Decisions{Store: st}, Apps: memstore.Applications{Store: st}, Rounds: memstore.Reference{Store: st},
		Recipients: memstore.Applicants{Store: st}, Mailer: memstore.Outbox{Store: st}, Log: memstore.AccessLog{Store: st}, Tx: st, Clock: c}
	return &env{svc: svc, st: st, clock: c}
}

func content(school string, k *application.RoundKey, title string, from, to time.Time) notice.Content {
	return notice.Content{School: school, Round: k, Title: notice.Text{Ko: title, En: title + " (en)"}, Body: notice.Text{Ko: "본문", En: "Body"},
		Starts: from, Ends: to}
}

func titles(list []notice.Notice) []string {
	out := []string{}
	for _, n := range list {
		out = append(out, n.Content().Title.Ko)
	}
	return out
}

func TestNoticesShowOnTheSchoolPageAndToTheRoundsApplicants(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	day := 24 * time.Hour
	_, err := e.svc.Publish(ctx, admin, notice.Content{School: "236", Round: &skk, Title: notice.Text{Ko: " ", En: strings.Repeat("a", 201)},
		Starts: now, Ends: now})
	apperrtest.WantField(t, err, "titleKo", notice.CodeTitle)
	apperrtest.WantField(t, err, "titleEn", notice.CodeTitle)
	apperrtest.WantField(t, err, "bodyKo", notice.CodeBody)
	apperrtest.WantField(t, err, "ends", notice.CodePeriod)
	apperrtest.WantField(t, err, "round", notice.CodeRoundSchool)
	_, err = e.svc.Publish(ctx, admin, content("", nil, "사이트", now, now.Add(day)))
	apperrtest.WantCode(t, err, apperr.KindForbidden, notice.CodeSiteWide)
	_, err = e.svc.Publish(ctx, admin2, content("236", nil, "남의 학교", now, now.Add(day)))
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	for _, p := range []permission.Principal{rev, user(1)} {
		_, err = e.svc.Publish(ctx, p, content("236", nil, "x", now, now.Add(day)))
		apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	}
	_, err = e.svc.Publish(ctx, guest, content("236", nil, "x", now, now.Add(day)))
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")

	publish := func(p permission.Principal, c notice.Content) notice.Notice {
		t.Helper()
		n, err := e.svc.Publish(ctx, p, c)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	site := publish(sys, content("", nil, "서비스 점검", now, now.Add(day)))
	school := publish(admin, content("236", nil, "입학 설명회", now.Add(-day), now.Add(2*day)))
	r1 := publish(admin, content("236", &round, "1차 면접", now.Add(time.Hour), now.Add(3*day)))
	publish(admin, content("236", &round2, "2차 안내", now, now.Add(day)))
	publish(admin2, content("SKKGSB", nil, "성균관 안내", now, now.Add(day)))
	publish(admin, content("236", nil, "지난 공지", now.Add(-3*day), now.Add(-day)))
	if e.st.LoggedCount("notice.publish") != 6 {
		t.Errorf("logged %d", e.st.LoggedCount("notice.publish"))
	}

	page, err := e.svc.SchoolPage(ctx, "236")
	if err != nil || !slices.Equal(titles(page), []string{"2차 안내", "서비스 점검", "입학 설명회"}) {
		t.Fatalf("school page now: %v %v", titles(page), err)
	}
	e.clock.set(now.Add(2 * time.Hour))
	if page, _ := e.svc.SchoolPage(ctx, "236"); !slices.Equal(titles(page), []string{"1차 면접", "2차 안내", "서비스 점검", "입학 설명회"}) {
		t.Fatalf("school page later: %v", titles(page))
	}
	mine, err := e.svc.Mine(ctx, user(1))
	if err != nil || !slices.Equal(titles(mine), []string{"1차 면접", "서비스 점검", "입학 설명회"}) {
		t.Fatalf("round 1's applicant: %v %v", titles(mine), err)
	}
	if mine, _ := e.svc.Mine(ctx, user(4)); !slices.Equal(titles(mine), []string{"2차 안내", "서비스 점검", "입학 설명회"}) {
		t.Fatalf("round 2's applicant: %v", titles(mine))
	}
	if mine, _ := e.svc.Mine(ctx, user(9)); !slices.Equal(titles(mine), []string{"서비스 점검"}) {
		t.Fatalf("no application: %v", titles(mine))
	}
	_, err = e.svc.Mine(ctx, guest)
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")

	// Staff lists: a school admin its school's, a system admin every one.
	if list, err := e.svc.StaffList(ctx, admin); err != nil || len(list) != 4 {
		t.Fatalf("school admin's list %v %v", titles(list), err)
	}
	if list, _ := e.svc.StaffList(ctx, sys); len(list) != 6 {
		t.Fatalf("system admin's list %v", titles(list))
	}
	_, err = e.svc.StaffList(ctx, rev)
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	_, err = e.svc.StaffList(ctx, guest)
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")

	// Editing and removing: one's own school's only; the site's by system admins.
	_, err = e.svc.Edit(ctx, admin2, school.ID(), content("", nil, "x", now, now.Add(day)))
	apperrtest.WantCode(t, err, apperr.KindNotFound, notice.CodeNotFound)
	_, err = e.svc.Edit(ctx, admin, site.ID(), content("", nil, "x", now, now.Add(day)))
	apperrtest.WantCode(t, err, apperr.KindForbidden, notice.CodeSiteWide)
	_, err = e.svc.Edit(ctx, admin, school.ID(), content("", nil, "x", now, now))
	apperrtest.WantField(t, err, "ends", notice.CodePeriod)
	_, err = e.svc.Edit(ctx, guest, school.ID(), content("", nil, "x", now, now.Add(day)))
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")
	n, err := e.svc.Edit(ctx, admin, school.ID(), content("SKKGSB", nil, "설명회 연기", now, now.Add(day)))
	if err != nil || n.School() != "236" || n.Content().Title.Ko != "설명회 연기" || n.UpdatedBy() != "admin236" || n.CreatedBy() != "admin236" || !n.UpdatedAt().Equal(now.Add(2*time.Hour)) ||
		!n.CreatedAt().Equal(now) {
		t.Fatalf("edit %+v %v", n.Data(), err)
	}
	if err := e.svc.Remove(ctx, admin, r1.ID()); err != nil {
		t.Fatal(err)
	}
	if mine, _ := e.svc.Mine(ctx, user(1)); slices.Contains(titles(mine), "1차 면접") {
		t.Fatal("a removed notice still shows")
	}
	apperrtest.WantCode(t, e.svc.Remove(ctx, admin, r1.ID()), apperr.KindNotFound, notice.CodeNotFound)
	if e.st.LoggedCount("notice.edit") != 1 || e.st.LoggedCount("notice.remove") != 1 {
		t.Errorf("edit %d remove %d", e.st.LoggedCount("notice.edit"), e.st.LoggedCount("notice.remove"))
	}
}

var letter = notice.Letter{Filter: notice.Filter{Status: application.Complete}, Subject: notice.Text{Ko: "면접 일정", En: "Interview schedule"},
	Body: notice.Text{Ko: "면접은 12월 5일입니다.", En: "Interviews are on 5 December."}}

func TestBulkMailReachesEachApplicantOnceInTheirLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	_, err := e.svc.Compose(ctx, admin, round, notice.Letter{Filter: notice.Filter{Status: "DONE", Decision: "maybe"}})
	apperrtest.WantField(t, err, "status", notice.CodeStatus)
	apperrtest.WantField(t, err, "decision", notice.CodeDecision)
	apperrtest.WantField(t, err, "subjectKo", notice.CodeSubject)
	apperrtest.WantField(t, err, "bodyEn", notice.CodeMailBody)
	for _, p := range []permission.Principal{admin2, rev} {
		_, err = e.svc.Compose(ctx, p, round, letter)
		apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	}
	m, err := e.svc.Compose(ctx, admin, round, letter)
	if err != nil || m.State() != notice.Draft {
		t.Fatalf("compose %v", err)
	}
	pv, err := e.svc.PreviewMail(ctx, admin, m.ID())
	if err != nil || pv.Recipients != 3 || pv.Ko != (mailmsg.BulkMail{School: "이화여대 국제대학원", Subject: "면접 일정", Body: "면접은 12월 5일입니다."}) ||
		pv.En.School != "Ewha GSIS" || pv.En.Subject != "Interview schedule" {
		t.Fatalf("preview %+v %v", pv, err)
	}
	for _, p := range []permission.Principal{admin2} {
		_, err = e.svc.PreviewMail(ctx, p, m.ID())
		apperrtest.WantCode(t, err, apperr.KindNotFound, notice.CodeMailNotFound)
	}
	_, err = e.svc.PreviewMail(ctx, rev, m.ID())
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	_, err = e.svc.PreviewMail(ctx, guest, m.ID())
	apperrtest.WantCode(t, err, apperr.KindUnauthenticated, "auth.required")
	edited := letter
	edited.Subject.Ko = "면접 일정 (변경)"
	if m, err = e.svc.EditMail(ctx, admin, m.ID(), edited); err != nil || m.Letter().Subject.Ko != "면접 일정 (변경)" {
		t.Fatalf("edit %v", err)
	}
	_, err = e.svc.EditMail(ctx, admin2, m.ID(), edited)
	apperrtest.WantCode(t, err, apperr.KindNotFound, notice.CodeMailNotFound)

	m, n, err := e.svc.Send(ctx, admin, m.ID())
	if err != nil || n != 3 || m.State() != notice.Sending || m.SentBy() != "admin236" || !m.SentAt().Equal(now) || m.Round() != round ||
		m.CreatedBy() != "admin236" || !m.CreatedAt().Equal(now) {
		t.Fatalf("send %d %+v %v", n, m.Data(), err)
	}
	_, _, err = e.svc.Send(ctx, admin, m.ID())
	apperrtest.WantCode(t, err, apperr.KindConflict, notice.CodeNotDraft)
	_, err = e.svc.EditMail(ctx, admin, m.ID(), letter)
	apperrtest.WantCode(t, err, apperr.KindConflict, notice.CodeNotDraft)

	// Batches of 2: user1 (once for two applications) and user2, then
	// user5 (withdrew: counted, not mailed), then the mail is done.
	for i, want := range []int{2, 1, 0} {
		if got, err := e.svc.SendDue(ctx, 2); err != nil || got != want {
			t.Fatalf("batch %d: %d %v", i, got, err)
		}
		if i == 0 {
			if _, pr, _ := e.svc.ProgressOf(ctx, admin, m.ID()); pr != (notice.Progress{Total: 3, Sent: 2}) {
				t.Fatalf("progress after one batch %+v", pr)
			}
		}
	}
	m, pr, err := e.svc.ProgressOf(ctx, admin, m.ID())
	if err != nil || pr != (notice.Progress{Total: 3, Sent: 3}) || m.State() != notice.Done || m.DoneAt() == nil {
		t.Fatalf("progress at the end %+v %+v %v", pr, m.Data(), err)
	}
	mails := e.st.MailsOfKind("bulk_mail")
	if len(mails) != 2 {
		t.Fatalf("%d mails: %+v", len(mails), mails)
	}
	byTo := map[string]memstore.Mail{}
	for _, x := range mails {
		byTo[x.To] = x
	}
	if x := byTo["user1@example.com"]; x.Locale != "ko" || x.Message.(mailmsg.BulkMail).Subject != "면접 일정 (변경)" {
		t.Errorf("ko mail %+v", x)
	}
	if x := byTo["user2@example.com"]; x.Locale != "en" || x.Message.(mailmsg.BulkMail).School != "Ewha GSIS" {
		t.Errorf("en mail %+v", x)
	}
	if list, err := e.svc.MailsOf(ctx, admin, round); err != nil || len(list) != 1 {
		t.Fatalf("mails of the round %d %v", len(list), err)
	}
	_, err = e.svc.MailsOf(ctx, admin2, round)
	apperrtest.WantCode(t, err, apperr.KindForbidden, "auth.forbidden")
	if e.st.LoggedCount("bulk_mail.compose") != 1 || e.st.LoggedCount("bulk_mail.edit") != 1 || e.st.LoggedCount("bulk_mail.send") != 1 {
		t.Errorf("audit %d %d %d", e.st.LoggedCount("bulk_mail.compose"), e.st.LoggedCount("bulk_mail.edit"), e.st.LoggedCount("bulk_mail.send"))
	}
}

func TestBulkMailByDecision(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	for _, it := range []struct {
		n    int64
		kind decision.Kind
	}{{1, decision.Admit}, {3, decision.Reject}} {
		d, err := decision.New(application.Header{ApplNo: it.n, UserID: "x", Round: round, State: application.State{Status: application.Complete}},
			it.kind, 0, "admin", now)
		if err == nil {
			err = (memstore.Decisions{Store: e.st}).Create(ctx, d)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	l := letter
	l.Filter = notice.Filter{Decision: decision.Admit}
	m, err := e.svc.Compose(ctx, sys, round, l)
	if err != nil {
		t.Fatal(err)
	}
	if pv, err := e.svc.PreviewMail(ctx, sys, m.ID()); err != nil || pv.Recipients != 1 {
		t.Fatalf("admitted: %d %v", pv.Recipients, err)
	}
	l.Filter = notice.Filter{Decision: decision.Waitlist}
	m, _ = e.svc.Compose(ctx, admin, round, l)
	_, _, err = e.svc.Send(ctx, admin, m.ID())
	apperrtest.WantCode(t, err, apperr.KindConflict, notice.CodeNoRecipients)
	if got, _ := e.svc.Mails.Get(ctx, m.ID()); got.State() != notice.Draft {
		t.Fatal("a mail to nobody was started")
	}
	_, _, err = e.svc.ProgressOf(ctx, admin, 999)
	apperrtest.WantCode(t, err, apperr.KindNotFound, notice.CodeMailNotFound)
}

func TestAggregatesRefuseBrokenInput(t *testing.T) {
	t.Parallel()
	if _, err := notice.NewNotice(content("236", nil, "x", now, now.Add(time.Hour)), "", now); err == nil {
		t.Error("a notice by nobody")
	}
	if _, err := notice.UnmarshalNoticeFromDatabase(notice.NoticeData{}); err == nil {
		t.Error("a stored notice without a number")
	}
	if _, err := notice.NewBulkMail(application.RoundKey{}, letter, "a", now); err == nil {
		t.Error("a mail without a round")
	}
	if _, err := notice.UnmarshalBulkMailFromDatabase(notice.BulkMailData{ID: 1, Round: round, State: "lost"}); err == nil {
		t.Error("a stored mail of no state")
	}
	if (notice.Text{Ko: "가", En: "a"}).In("en") != "a" {
		t.Error("Text.In")
	}
	m, _ := notice.NewBulkMail(round, letter, "a", now)
	m.Finish(now) // a draft is not finished
	if m.State() != notice.Draft {
		t.Error("a draft finished")
	}
}
