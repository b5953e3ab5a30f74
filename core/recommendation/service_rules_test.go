package recommendation_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/recommendation"
)

var (
	sysAdmin = permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSysAdmin}}
	s1Admin  = permission.Principal{UserID: "s1", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S1"}
	s2Admin  = permission.Principal{UserID: "s2", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S2"}
)

type recorded struct{ actions []string }

func (l *recorded) Record(_ context.Context, actor, action, target string, _ map[string]any) error {
	l.actions = append(l.actions, actor+" "+action+" "+target)
	return nil
}

// The applicant's own mistakes are named before the window is looked at;
// a cancelled application takes no request.
func TestCreateInputAndCancelledApplication(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	_, err := e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "fr")
	if ae, _ := apperr.As(err); ae == nil || ae.Fields[0].Field != "locale" {
		t.Fatalf("an unknown language: %v", err)
	}
	bad := req("lee@example.com")
	bad.Institution = ""
	if _, err := e.svc.Create(ctx, principal("kim"), n, bad, "ko"); apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("no institution: %v", err)
	}
	if err := (memstore.Applications{Store: e.store}).Update(ctx, n, func(_ context.Context, a *application.Application) error {
		return a.Cancel(application.MustSteps(application.BasisSave), application.ByApplicant, t0)
	}); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	wantCode(t, err, application.CodeNotModifiable)
	if len(e.mails()) != 0 {
		t.Fatal("a refused request was mailed")
	}
}

// Resend and correction: only for requests not completed, a correction
// only to a well-formed address no other request of the application has.
func TestResendAndCorrectionRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	a, _ := e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	b, _ := e.svc.Create(ctx, principal("kim"), n, req("park@example.com"), "ko")
	_, err := e.svc.ChangeEmail(ctx, principal("kim"), n, a.No, "not an address")
	if ae, _ := apperr.As(err); ae == nil || ae.Fields[0].Code != account.CodeEmailFormat {
		t.Fatalf("malformed address: %v", err)
	}
	_, err = e.svc.ChangeEmail(ctx, principal("kim"), n, a.No, "PARK@example.com")
	if ae, _ := apperr.As(err); ae == nil || ae.Fields[0].Code != recommendation.CodeDuplicate {
		t.Fatalf("the other request's address: %v", err)
	}
	if _, err := e.svc.Save(ctx, e.keys[1], 0, recommendation.Draft{Letter: fullLetter(), Profile: prof}, true); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.Resend(ctx, principal("kim"), n, b.No)
	wantCode(t, err, recommendation.CodeSubmitted)
	_, err = e.svc.ChangeEmail(ctx, principal("kim"), n, b.No, "choi@example.com")
	wantCode(t, err, recommendation.CodeSubmitted)
	// A request of another application is not found through this one.
	m := e.app(t, "kim", k2)
	if _, err := e.svc.Resend(ctx, principal("kim"), m, a.No); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("through another application: %v", err)
	}
	v, err := e.svc.Resend(ctx, principal("kim"), n, a.No)
	if err != nil || v.Status != recommendation.Sent || len(e.keys) != 3 {
		t.Fatalf("resend: %+v %v", v, err)
	}
}

// Staff read a round's template (the default until one is saved) only for
// their school; the role is checked first.
func TestStaffReadsTemplate(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	tpl, err := e.svc.Template(ctx, s1Admin, k1)
	if err != nil || tpl.Version != 0 || len(tpl.Questions) != 16 || tpl.Letters != 2 {
		t.Fatalf("default: %+v %v", tpl, err)
	}
	if _, err := e.svc.Template(ctx, s2Admin, k1); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another school's: %v", err)
	}
	if _, err := e.svc.Template(ctx, principal("kim"), k1); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("an applicant: %v", err)
	}
	unknown := application.RoundKey{SchoolCode: "S1", EnterYear: 1999, RecruitPartSeq: 1}
	if _, err := e.svc.Template(ctx, s1Admin, unknown); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("a round that does not exist: %v", err)
	}
	if _, err := e.svc.SaveTemplate(ctx, principal("kim"), recommendation.DefaultTemplate(k1)); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("an applicant saves: %v", err)
	}
	saved := recommendation.DefaultTemplate(k1)
	saved.Letters = 3
	saved.Questions[0].Options = []string{"a", "b"} // options make a choice
	v, err := e.svc.SaveTemplate(ctx, s1Admin, saved)
	if err != nil || v.Version != 1 || v.Questions[0].Kind != recommendation.KindChoice {
		t.Fatalf("save: %+v %v", v, err)
	}
	if again, err := e.svc.SaveTemplate(ctx, s1Admin, saved); err != nil || again.Version != 1 {
		t.Fatalf("the same again: %+v %v", again, err)
	}
	if tpl, _ := e.svc.Template(ctx, s1Admin, k1); tpl.Letters != 3 || tpl.Version != 1 {
		t.Fatalf("saved: %+v", tpl)
	}
}

// Staff files: only a completed letter's, only for staff of its school,
// each read logged.
func TestLetterFileRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	log := &recorded{}
	e.svc.Log = log
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	a, _ := e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	if _, err := e.svc.Upload(ctx, e.keys[0], 0, "letter.pdf", bytes.NewReader([]byte("%PDF-1.4 x"))); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.svc.LetterFile(ctx, sysAdmin, a.No, false); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("a letter not submitted: %v", err)
	}
	if _, err := e.svc.Save(ctx, e.keys[0], 0, recommendation.Draft{Letter: fullLetter(), Profile: prof}, true); err != nil {
		t.Fatal(err)
	}
	name, rc, err := e.svc.LetterFile(ctx, s1Admin, a.No, true)
	if err != nil || name != "recommendation-"+itoa(a.No)+".pdf" {
		t.Fatalf("pdf: %q %v", name, err)
	}
	body, _ := io.ReadAll(rc)
	if !strings.HasPrefix(string(body), "%PDF") {
		t.Fatalf("pdf body %q", body)
	}
	if _, _, err := e.svc.LetterFile(ctx, s2Admin, a.No, true); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another school's staff: %v", err)
	}
	if _, _, err := e.svc.LetterFile(ctx, principal("kim"), a.No, true); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("the applicant: %v", err)
	}
	if _, _, err := e.svc.LetterFile(ctx, sysAdmin, 9999, true); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("no such letter: %v", err)
	}
	if _, err := e.svc.Letters(ctx, s1Admin, n); err != nil {
		t.Fatal(err)
	}
	want := []string{"s1 recommend.file recommendation:" + itoa(a.No), "s1 recommend.list application:" + itoa(n)}
	if !slices.Equal(log.actions, want) {
		t.Fatalf("logged %v", log.actions)
	}
	// The file cannot change once the letter is submitted.
	_, err = e.svc.Upload(ctx, e.keys[0], 0, "late.pdf", bytes.NewReader([]byte("%PDF-1.4 y")))
	wantCode(t, err, recommendation.CodeSubmitted)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// An upload replaces the earlier file, which leaves the file store; a
// letter without a printer is submitted without a PDF.
func TestUploadReplacesAndNoPrinter(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.svc.Printer = nil
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	_, _ = e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	f1, err := e.svc.Upload(ctx, e.keys[0], 0, "first.pdf", bytes.NewReader([]byte("%PDF-1.4 one")))
	if err != nil || f1.Req.Status() != recommendation.Creating {
		t.Fatalf("first: %v", err)
	}
	first := f1.Req.FileStored()
	f2, err := e.svc.Upload(ctx, e.keys[0], 0, "second.pdf", bytes.NewReader([]byte("%PDF-1.4 two")))
	if err != nil || f2.Req.FileName() != "second.pdf" {
		t.Fatalf("second: %v", err)
	}
	if _, ok := e.files.m[first]; ok {
		t.Fatal("the replaced file was kept")
	}
	f, err := e.svc.Save(ctx, e.keys[0], 0, recommendation.Draft{Letter: fullLetter(), Profile: prof}, true)
	if err != nil || f.Req.Status() != recommendation.Completed || f.Req.PDFStored() != "" {
		t.Fatalf("submit without a printer: %+v %v", f.Req.Data(), err)
	}
}

// A draft's details are checked when given; a key opens another letter of
// its address only while that letter's window is open.
func TestDraftDetailsAndOtherLetters(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n1 := e.app(t, "kim", k1)
	_, _ = e.svc.Create(ctx, principal("kim"), n1, req("lee@example.com"), "ko")
	_, err := e.svc.Save(ctx, e.keys[0], 0, recommendation.Draft{Profile: recommendation.Profile{Name: "Lee 2"}}, false)
	ae, _ := apperr.As(err)
	if ae == nil || !slices.ContainsFunc(ae.Fields, func(f apperr.FieldError) bool { return f.Field == "profile.name" }) {
		t.Fatalf("draft details: %v", err)
	}
	f, err := e.svc.Save(ctx, e.keys[0], 0, recommendation.Draft{Letter: recommendation.Letter{Answers: map[string]string{"rec_form_q1": "   "}}}, false)
	if err != nil || len(f.Req.Letter().Answers) != 0 || f.Req.Profile() != (recommendation.Profile{}) {
		t.Fatalf("an empty draft: %+v %v", f.Req.Data(), err)
	}
	// The request of a round whose window closed earlier is not opened by a
	// key of a still-open round.
	closed := round(k2, "나대학원", "B School")
	closed.Windows[1].End = t0.AddDate(0, 0, -1)
	e.svc.Rounds.(rounds)[k2] = closed
	n2 := e.app(t, "park", k2)
	exempt := principal("park")
	exempt.Roles = append(exempt.Roles, permission.RoleTimeIndependent)
	b, err := e.svc.Create(ctx, exempt, n2, req("lee@example.com"), "ko")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Open(ctx, e.keys[0], b.No); err != nil {
		t.Fatalf("an exempt applicant's letter after its window: %v", err)
	}
	ov, _ := e.svc.Overview(ctx, e.keys[0])
	if len(ov.Entries) != 2 || !ov.Entries[1].Writable {
		t.Fatalf("overview: %+v", ov.Entries)
	}
}

type failingLog struct{}

func (failingLog) Record(context.Context, string, string, string, map[string]any) error {
	return errors.New("log down")
}

// Reminders are audited per run; a failing audit log is the run's error.
// The mail server's acceptance clears an earlier refusal.
func TestRemindAuditAndMailTaken(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	log := &recorded{}
	e.svc.Log = log
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	a, _ := e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	if sent, err := e.svc.Remind(ctx, 3); err != nil || sent != 0 || !slices.Equal(log.actions, []string{"system job.recommend_remind recommend_request"}) {
		t.Fatalf("audited run: %d %v %v", sent, err, log.actions)
	}
	e.svc.Log = failingLog{}
	if _, err := e.svc.Remind(ctx, 3); err == nil {
		t.Fatal("a run that could not be audited succeeded")
	}
	_ = e.svc.MailResult(ctx, a.No, "550 refused")
	if err := e.svc.MailResult(ctx, a.No, ""); err != nil {
		t.Fatal(err)
	}
	list, _ := e.svc.Requests(ctx, principal("kim"), n)
	if r := list.Requests[0]; r.MailSentAt == nil || r.MailRefusedAt != nil || r.MailError != "" {
		t.Fatalf("taken: %+v", r)
	}
	if err := e.svc.MailResult(ctx, 9999, ""); apperr.CodeOf(err) != recommendation.CodeNoRequest {
		t.Fatalf("an unknown request: %v", err)
	}
}
