package application_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
)

var closeAdm = permission.Principal{UserID: "close", Roles: []permission.Role{permission.RoleCloseAdmin}}

// seedRound stores a draft, two submitted applications (one with two
// documents), a completed and a cancelled one in the test round, and one in
// another round of the school.
func seedRound(t *testing.T, f fixture) {
	t.Helper()
	f.seed(1, "u1", key, application.State{Status: application.FileSave}, "작성 중")
	f.seed(2, "u2", key, application.State{Status: application.Submit}, "제출")
	f.seed(3, "u3", key, application.State{Status: application.Submit, Reviewing: true, ReviewStatus: application.BasisSave}, "보완 중")
	f.seed(4, "u4", key, application.State{Status: application.Complete}, "완료")
	f.seed(5, "u5", key, application.State{Status: application.Cancel}, "취소")
	f.seed(6, "u6", application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 2}, application.State{Status: application.Submit}, "다른 회차")
	docs := memstore.Documents{Store: f.m.Store}
	for i, d := range []document.Document{{FileKey: "f1", ApplNo: 2, ItemCode: "00001", Size: 100}, {FileKey: "f2", ApplNo: 2, ItemCode: "00002", Size: 250},
		{FileKey: "f3", ApplNo: 1, ItemCode: "00001", Size: 1000}} {
		if _, _, err := docs.Put(context.Background(), d); err != nil {
			t.Fatalf("doc %d: %v", i, err)
		}
	}
}

// An export holds the round's submitted applications only (not drafts nor
// cancelled ones, nor another round's); it is logged before any data
// leaves; another school's round is missing, callers who may not export get
// 403 and nothing is logged for them.
func TestExport(t *testing.T) {
	t.Parallel()
	f := newStaff(t)
	seedRound(t, f)
	ctx := context.Background()
	for _, tc := range []struct {
		p    permission.Principal
		k    application.RoundKey
		kind apperr.Kind
	}{
		{otherSch, key, apperr.KindNotFound},
		{setAdm, key, apperr.KindForbidden},
		{settleAdm, key, apperr.KindForbidden},
		{kim, key, apperr.KindForbidden},
		{sys, application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 9}, apperr.KindNotFound},
	} {
		if _, _, _, err := f.s.Export(ctx, tc.p, tc.k, application.ExportApplicants); apperr.KindOf(err) != tc.kind {
			t.Errorf("%s %v: %v, want %v", tc.p.UserID, tc.k, err, tc.kind)
		}
	}
	if len(f.m.logs()) != 0 {
		t.Fatalf("refused exports logged: %v", f.m.logs())
	}
	apps, files, bytes, err := f.s.Export(ctx, schoolAdm, key, application.ExportDocuments)
	if err != nil || apps != 3 || files != 2 || bytes != 350 {
		t.Fatalf("export %d applicants, %d files, %d bytes (%v)", apps, files, bytes, err)
	}
	l := f.m.Logged()
	if len(l) != 1 || l[0].String() != "sa application.export round:236/2027/1" || l[0].Detail["kind"] != application.ExportDocuments ||
		l[0].Detail["applicants"] != 3 || l[0].Detail["files"] != 2 {
		t.Fatalf("logged %v", l)
	}
}

// The workbook's letters cell, in both languages.
func TestLettersText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		asked, done int
		locale      string
		want        string
	}{
		{0, 0, "ko", ""},
		{0, 0, "en", ""},
		{3, 2, "ko", "3건 중 2건 완료"},
		{3, 2, "en", "2/3 completed"},
		{1, 0, "", "1건 중 0건 완료"},
	} {
		r := application.ExportRow{LettersRequested: tc.asked, LettersCompleted: tc.done}
		if got := r.LettersText(tc.locale); got != tc.want {
			t.Errorf("%d/%d %s: %q, want %q", tc.done, tc.asked, tc.locale, got, tc.want)
		}
	}
}

// The dashboard counts a round by the status staff see (the review status
// while under review) and per day over the last 30 days in Asia/Seoul;
// set and closing admins see it, applicants do not, another school's round
// is missing.
func TestDashboard(t *testing.T) {
	t.Parallel()
	f := newStaff(t)
	seedRound(t, f)
	// One application started long ago, one just after midnight in Seoul.
	old := f.m.app(4)
	old.CreatedAt = now.AddDate(0, 0, -application.DashboardDays-1)
	f.m.Seed(old, f.m.part(4))
	early := f.m.app(2)
	early.CreatedAt = time.Date(2026, 11, 21, 15, 30, 0, 0, time.UTC) // 2026-11-22 00:30 in Seoul
	f.m.Seed(early, f.m.part(2))
	ctx := context.Background()
	for _, tc := range []struct {
		p    permission.Principal
		k    application.RoundKey
		kind apperr.Kind
	}{
		{otherSch, key, apperr.KindNotFound},
		{kim, key, apperr.KindForbidden},
		{permission.Principal{}, key, apperr.KindForbidden},
		{sys, application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 9}, apperr.KindNotFound},
	} {
		if _, err := f.s.Dashboard(ctx, tc.p, tc.k); apperr.KindOf(err) != tc.kind {
			t.Errorf("%s: %v, want %v", tc.p.UserID, err, tc.kind)
		}
	}
	for _, p := range []permission.Principal{schoolAdm, setAdm, closeAdm, sys} {
		d, err := f.s.Dashboard(ctx, p, key)
		if err != nil {
			t.Fatalf("%s: %v", p.UserID, err)
		}
		if d.Total != 5 || d.ByStatus[application.Submit] != 1 || d.ByStatus[application.BasisSave] != 1 || d.ByStatus[application.Complete] != 1 ||
			d.ByStatus[application.Cancel] != 1 || d.Reviewing != 1 {
			t.Errorf("%s: counts %+v", p.UserID, d)
		}
		if len(d.Days) != 1 || d.Days[0].Day != "2026-11-22" || d.Days[0].Created != 4 {
			t.Errorf("%s: days %+v", p.UserID, d.Days)
		}
	}
	if len(f.m.logs()) != 0 {
		t.Errorf("the dashboard holds no personal data, yet was logged: %v", f.m.logs())
	}
}

// completion is the completion of applications of the test round, with the
// exam-number rule {YYYY}{SEQ:3}.
func completion(f fixture) application.Completion {
	f.m.SetRule(key, "{YYYY}{SEQ:3}")
	return application.Completion{Apps: f.s.Apps, Numbers: memstore.ExamNumbers{Store: f.m.Store},
		Recipients: f.s.Staff.Recipients, Mailer: f.s.Staff.Mailer}
}

// Completing a submitted application gives it the round's next exam
// number and mails it in the applicant's language (or the one asked for);
// a refused completion takes no number and mails nothing.
func TestComplete(t *testing.T) {
	t.Parallel()
	f := newStaff(t)
	c := completion(f)
	ctx := context.Background()
	r := namedRound()
	f.seed(1, "kim", key, application.State{Status: application.FileSave}, "김")
	f.seed(2, "kim", key, application.State{Status: application.Submit}, "김")
	f.seed(3, "lee", key, application.State{Status: application.VbankIssue}, "이")
	f.seed(4, "ja", key, application.State{Status: application.Submit}, "일")
	complete := func(n int64, by application.Actor, to *port.Recipient, locale string, after func(context.Context, string) error) error {
		return f.s.Apps.Update(ctx, n, func(ctx context.Context, a *application.Application) error {
			return c.Complete(ctx, a, r, by, to, locale, now, after)
		})
	}
	for _, tc := range []struct {
		name string
		n    int64
		by   application.Actor
		code string
	}{
		{"a draft", 1, application.ByPayment, application.CodeBadTransition},
		{"by the applicant", 2, application.ByApplicant, application.CodeActorNotAllowed},
	} {
		if err := complete(tc.n, tc.by, nil, "", nil); apperr.CodeOf(err) != tc.code {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.code)
		}
	}
	if f.m.Counter(key) != 0 || len(f.mails()) != 0 {
		t.Fatalf("a refused completion took number %d or mailed %+v", f.m.Counter(key), f.mails())
	}
	var receipt string
	if err := complete(2, application.ByPayment, nil, "", func(_ context.Context, id string) error { receipt = id; return nil }); err != nil {
		t.Fatal(err)
	}
	if h := f.m.app(2); h.ApplID != "2027001" || h.State.Status != application.Complete || receipt != "2027001" {
		t.Fatalf("completed %+v, receipt %q", h, receipt)
	}
	// Staff complete lee's transfer and choose English for the mail.
	if err := complete(3, application.BySysAdmin, nil, "en", nil); err != nil {
		t.Fatal(err)
	}
	ms := f.mails()
	if len(ms) != 2 || ms[0].To != "kim@example.com" || ms[0].Locale != "en" || ms[1].To != "lee@example.com" || ms[1].Locale != "en" {
		t.Fatalf("mails %+v", ms)
	}
	if m := ms[0].Message.(mailmsg.ApplicationCompleted); m.ExamNumber != "2027001" || m.School != "Ewha" || m.Round != "Spring 2027" {
		t.Fatalf("mail %+v", m)
	}
	if m := ms[1].Message.(mailmsg.ApplicationCompleted); m.ExamNumber != "2027002" {
		t.Fatalf("second number %+v", m)
	}
	// The caller read the contact: a locale the service does not speak is Korean.
	err := f.s.Apps.Update(ctx, 4, func(ctx context.Context, a *application.Application) error {
		return c.CompleteIn(ctx, a, r, application.ByPayment, port.Recipient{Email: "ja@example.com", Locale: "ja"}, now, nil)
	})
	if err != nil {
		t.Fatal(err)
	}
	ms = f.mails()
	if last := ms[len(ms)-1]; last.To != "ja@example.com" || last.Locale != "ko" || last.Message.(mailmsg.ApplicationCompleted).School != "이화여대" {
		t.Fatalf("mail %+v", last)
	}
}

// Whatever fails during a completion undoes it: no number is kept, nothing
// is mailed, the application stays where it was.
func TestCompleteFailures(t *testing.T) {
	t.Parallel()
	stop := errors.New("receipt failed")
	for _, tc := range []struct {
		name  string
		user  string
		rule  string
		after func(context.Context, string) error
		check func(error) bool
	}{
		{"the owner cannot be mailed", "gone", "{YYYY}{SEQ:3}", nil, func(err error) bool { return apperr.KindOf(err) == apperr.KindNotFound }},
		{"the round's rule is broken", "kim", "{NOPE}", nil, func(err error) bool { return apperr.KindOf(err) == apperr.KindInvalid }},
		{"the number does not fit", "kim", "{SEQ:1}", nil, func(err error) bool { return err != nil }},
		{"the receipt fails", "kim", "{YYYY}{SEQ:3}", func(context.Context, string) error { return stop }, func(err error) bool { return errors.Is(err, stop) }},
	} {
		f := newStaff(t)
		c := completion(f)
		f.m.SetRule(key, tc.rule)
		ctx := context.Background()
		f.seed(1, tc.user, key, application.State{Status: application.Submit}, "김")
		if tc.name == "the number does not fit" {
			for range 9 {
				if _, _, err := (memstore.ExamNumbers{Store: f.m.Store}).Next(ctx, key); err != nil {
					t.Fatal(err)
				}
			}
		}
		err := f.s.Apps.Update(ctx, 1, func(ctx context.Context, a *application.Application) error {
			return c.Complete(ctx, a, namedRound(), application.ByPayment, nil, "", now, tc.after)
		})
		if !tc.check(err) {
			t.Errorf("%s: %v", tc.name, err)
		}
		if h := f.m.app(1); h.State.Status != application.Submit || h.ApplID != "" || len(f.mails()) != 0 {
			t.Errorf("%s: left %+v and %d mails", tc.name, h, len(f.mails()))
		}
	}
}

// A completed application is cancelled only by a system admin (the full
// refund of issue 10), also while under review; an expired virtual account
// sends the application back to SUBMIT.
func TestCancelCompletedAndExpiredAccount(t *testing.T) {
	t.Parallel()
	load := func(st application.State) *application.Application {
		a, err := application.UnmarshalApplicationFromDatabase(application.Header{ApplNo: 1, UserID: "kim", Round: key, State: st, ApplID: "2027001"})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	at := now.Add(time.Hour)
	a := load(application.State{Status: application.Complete})
	for _, by := range []application.Actor{application.ByApplicant, application.ByPayment} {
		if err := a.CancelCompleted(by, at); apperr.CodeOf(err) != application.CodeActorNotAllowed || apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s cancelled a completed application: %v", by, err)
		}
	}
	if err := load(application.State{Status: application.Submit}).CancelCompleted(application.BySysAdmin, at); apperr.CodeOf(err) != application.CodeBadTransition {
		t.Errorf("a submitted application: %v", err)
	}
	if err := a.CancelCompleted(application.BySysAdmin, at); err != nil || a.State().Status != application.Cancel || a.ApplID() != "2027001" ||
		!a.UpdatedAt().Equal(at) {
		t.Fatalf("cancel %+v %q %v", a.State(), a.ApplID(), err)
	}
	r := load(application.State{Status: application.Complete, Reviewing: true, ReviewStatus: application.Complete})
	if err := r.CancelCompleted(application.BySysAdmin, at); err != nil || r.State().ReviewStatus != application.Cancel || r.State().Status != application.Complete {
		t.Fatalf("cancel under review %+v %v", r.State(), err)
	}

	v := load(application.State{Status: application.VbankIssue})
	if err := v.ExpireVirtualAccount(at); err != nil || v.State().Status != application.Submit {
		t.Fatalf("expired account %+v %v", v.State(), err)
	}
	if err := v.ExpireVirtualAccount(at); apperr.CodeOf(err) != application.CodeBadTransition {
		t.Fatalf("expire twice: %v", err)
	}
	// Removing a required document of a submitted application is refused.
	s := load(application.State{Status: application.Submit})
	if err := s.RemoveDocument(application.MustSteps(application.FileSave), true, at); err == nil || s.State().Status != application.Submit {
		t.Fatalf("document removed after submission: %+v %v", s.State(), err)
	}
}

// The money state staff see, and what the school keeps.
func TestMoneyPayState(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		m     application.Money
		state string
		net   int64
	}{
		{"nothing", application.Money{}, "", 0},
		{"an open attempt", application.Money{InFlight: true}, "in_flight", 0},
		{"paid", application.Money{Paid: true, Amount: 80000}, "paid", 80000},
		{"paid, another attempt open", application.Money{Paid: true, InFlight: true, Amount: 80000}, "paid", 80000},
		{"partly refunded", application.Money{Paid: true, Amount: 80000, Refunded: 30000}, "partially_refunded", 50000},
		{"refunded", application.Money{Paid: true, Amount: 80000, Refunded: 80000}, "refunded", 0},
		{"a free round", application.Money{Paid: true}, "paid", 0},
	} {
		if got := tc.m.PayState(); got != tc.state {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.state)
		}
		if got := tc.m.Net(); got != tc.net {
			t.Errorf("%s: net %d, want %d", tc.name, got, tc.net)
		}
	}
}

// A step validates what it saves: an unknown step is refused, the part and
// documents steps have nothing here, the survey falls back to the default
// questions, and submission collects every step's errors at once.
func TestValidateStepAndAll(t *testing.T) {
	t.Parallel()
	c := form.Context{Rules: testRound(true).Rules, Now: now}
	empty := form.Form{}
	if err := application.ValidateStep("NOPE", empty, c); apperr.CodeOf(err) != application.CodeStepNotInList {
		t.Errorf("unknown step: %v", err)
	}
	for _, st := range []application.Status{application.PartSave, application.FileSave} {
		if err := application.ValidateStep(st, empty, c); err != nil {
			t.Errorf("%s: %v", st, err)
		}
	}
	fields := func(err error) map[string]bool {
		out := map[string]bool{}
		for _, fc := range fieldCodes(err) {
			out[fc] = true
		}
		return out
	}
	for _, st := range []application.Status{application.BasisSave, application.AcadSave, application.Survey} {
		if err := application.ValidateStep(st, empty, c); apperr.KindOf(err) != apperr.KindInvalid || len(fieldCodes(err)) == 0 {
			t.Errorf("%s of an empty form: %v", st, err)
		}
	}
	// The language step checks the scores and the certificates together;
	// the career and additional-information steps their own lists.
	filled := form.Form{PartLanguages: []form.LanguageEntry{{ExamCode: "X"}}, CertificateList: []form.Certificate{{}},
		CareerList: []form.Career{{}}, Essays: []form.Essay{{No: 9}}}
	for _, tc := range []struct {
		step application.Status
		want []string
	}{
		{application.LangSave, []string{"partLanguages[0].score:" + form.CodeRequired, "certificateList[0].description:" + form.CodeRequired}},
		{application.CareerSave, []string{"careerList[0].companyName:" + form.CodeRequired}},
		{application.AddInfoSave, []string{"essays[0].no:" + form.CodeEssayUnknown}},
	} {
		got := fields(application.ValidateStep(tc.step, filled, c))
		for _, w := range tc.want {
			if !got[w] {
				t.Errorf("%s: no %s in %v", tc.step, w, got)
			}
		}
		for fc := range got {
			if !strings.HasPrefix(fc, map[application.Status]string{application.LangSave: "partLanguages", application.CareerSave: "career",
				application.AddInfoSave: "essays"}[tc.step]) && !(tc.step == application.LangSave && strings.HasPrefix(fc, "certificateList")) {
				t.Errorf("%s reports %s of another step", tc.step, fc)
			}
		}
	}
	basis := fields(application.ValidateStep(application.BasisSave, empty, c))
	acad := fields(application.ValidateStep(application.AcadSave, empty, c))
	all := fields(application.ValidateAll(application.MustSteps(application.BasisSave, application.AcadSave, application.FileSave), empty, c))
	for fc := range basis {
		if !all[fc] {
			t.Errorf("submission misses %s of the basic information", fc)
		}
	}
	for fc := range acad {
		if !all[fc] {
			t.Errorf("submission misses %s of the academic history", fc)
		}
	}
	if len(all) != len(basis)+len(acad) {
		t.Errorf("submission reports %d fields, want %d", len(all), len(basis)+len(acad))
	}
	if err := application.ValidateAll(application.MustSteps(application.FileSave), empty, c); err != nil {
		t.Errorf("a round asking only for documents: %v", err)
	}
}

// The guard tells the owner from staff reading the application.
func TestGuardOwner(t *testing.T) {
	t.Parallel()
	g := application.Guard{}
	h := application.Header{ApplNo: 1, UserID: "kim", Round: key}
	for _, tc := range []struct {
		p    permission.Principal
		h    application.Header
		want bool
	}{
		{kim, h, true},
		{lee, h, false},
		{sys, h, false},
		{permission.Principal{}, application.Header{ApplNo: 1}, false},
		{kim, application.Header{ApplNo: 1}, false},
	} {
		if got := g.Owner(tc.p, tc.h); got != tc.want {
			t.Errorf("%q owns %q: %v", tc.p.UserID, tc.h.UserID, got)
		}
	}
}

// A round's own step list wins over the school's; none means the school's.
func TestResolveSteps(t *testing.T) {
	t.Parallel()
	school := []application.Status{application.BasisSave, application.AcadSave, application.LangSave, application.FileSave}
	s, err := application.ResolveSteps(nil, school)
	if err != nil || s.Last() != application.FileSave || !s.Has(application.LangSave) {
		t.Fatalf("school's list: %v %v", s.List(), err)
	}
	s, err = application.ResolveSteps([]application.Status{application.BasisSave, application.FileSave}, school)
	if err != nil || s.Has(application.LangSave) || len(s.List()) != 3 {
		t.Fatalf("round's list: %v %v", s.List(), err)
	}
	if _, err := application.ResolveSteps([]application.Status{application.FileSave, application.BasisSave}, school); apperr.CodeOf(err) != application.CodeStepsInvalid {
		t.Fatalf("a round's list out of order: %v", err)
	}
}

// facts answers a round without its windows.
type facts struct {
	rounds
	asked *int
}

func (f facts) RoundFacts(ctx context.Context, k application.RoundKey) (application.Round, error) {
	*f.asked++
	r, err := f.Round(ctx, k)
	r.Windows = nil
	return r, err
}

// A completion reads the round without its windows where the reader can;
// either way the round rules are applied (the default colour).
func TestLoadRoundFacts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := testRound(true)
	asked := 0
	got, err := application.LoadRoundFacts(ctx, facts{rounds{r: r}, &asked}, key)
	if err != nil || asked != 1 || len(got.Windows) != 0 || got.Color == "" {
		t.Fatalf("facts: %+v %v (asked %d)", got, err, asked)
	}
	got, err = application.LoadRoundFacts(ctx, rounds{r: r}, key)
	if err != nil || len(got.Windows) != 1 || got.Color == "" {
		t.Fatalf("plain reader: %+v %v", got, err)
	}
	other := application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 9}
	for _, ref := range []application.RoundReader{facts{rounds{r: r}, &asked}, rounds{r: r}} {
		if _, err := application.LoadRoundFacts(ctx, ref, other); apperr.CodeOf(err) != application.CodeRoundNotFound {
			t.Errorf("%T: a missing round: %v", ref, err)
		}
	}
}

// The basic-information step shows the groups the round sets for the
// chosen part: the part's required family list, no spouse (hidden round
// wide), and passport and visa for foreigners only, always required.
func TestInfoSections(t *testing.T) {
	t.Parallel()
	f := newFixture(t, testRound(true))
	n := f.apply(t, application.BasisSave)
	rec, err := f.s.Get(context.Background(), kim, n)
	if err != nil {
		t.Fatal(err)
	}
	sec := rec.InfoSections()
	if len(sec) != len(form.Origins) {
		t.Fatalf("origins %v", sec)
	}
	for _, o := range form.Origins {
		s := sec[o]
		if s.Has("spouse") || !s.Required("familyList") {
			t.Errorf("%s: %v", o, s)
		}
		if foreign := o == form.OriginForeign; s.Required("passport") != foreign || s.Required("visa") != foreign {
			t.Errorf("%s: passport and visa %v", o, s)
		}
	}
}
