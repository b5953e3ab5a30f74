package recommendation_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/recommendation"
	"github.com/gradapply/gradapply/core/window"
)

type rounds map[application.RoundKey]application.Round

func (r rounds) Round(_ context.Context, k application.RoundKey) (application.Round, error) {
	rd, ok := r[k]
	if !ok {
		return rd, apperr.NotFound(application.CodeRoundNotFound)
	}
	return rd, nil
}

type contacts struct{}

func (contacts) Recipient(_ context.Context, userID string) (port.Recipient, error) {
	return port.Recipient{Email: userID + "@example.com", Locale: "en"}, nil
}

type files struct{ m map[string][]byte }

func (f *files) Put(_ context.Context, r io.Reader, limit int64) (string, int64, error) {
	b, _ := io.ReadAll(io.LimitReader(r, limit))
	name := "f" + string(rune('a'+len(f.m)))
	f.m[name] = b
	return name, int64(len(b)), nil
}
func (f *files) Open(_ context.Context, name string) (io.ReadCloser, error) {
	return io.NopCloser(bytes.NewReader(f.m[name])), nil
}
func (f *files) Delete(_ context.Context, name string) error { delete(f.m, name); return nil }

type printer struct{ docs []recommendation.LetterDoc }

func (p *printer) Letter(_ context.Context, d recommendation.LetterDoc) ([]byte, error) {
	p.docs = append(p.docs, d)
	return []byte("%PDF-1.4 letter"), nil
}

var (
	k1 = application.RoundKey{SchoolCode: "S1", EnterYear: 2027, RecruitPartSeq: 1}
	k2 = application.RoundKey{SchoolCode: "S2", EnterYear: 2027, RecruitPartSeq: 1}
	// The request window is March, the writing window March to mid-April.
	t0 = time.Date(2027, 3, 10, 10, 0, 0, 0, window.Seoul)
)

func round(k application.RoundKey, kor, eng string) application.Round {
	return application.Round{RoundKey: k, KorName: "1차", EngName: "Round 1", SchoolKorName: kor, SchoolEngName: eng,
		Windows: []window.Window{
			{Kind: window.RecommendRequest, Start: t0.AddDate(0, 0, -9), End: t0.AddDate(0, 0, 20)},
			{Kind: window.Recommend, Start: t0.AddDate(0, 0, -9), End: t0.AddDate(0, 0, 35)},
		}}
}

type env struct {
	svc   *recommendation.Service
	store *memstore.Store
	clock *window.FixedClock
	files *files
	keys  []string // every key mailed, in order
	pr    *printer
}

func principal(id string) permission.Principal {
	return permission.Principal{UserID: id, Roles: []permission.Role{permission.RoleUser}}
}

func newEnv(t *testing.T) *env {
	t.Helper()
	s := memstore.New()
	e := &env{store: s, clock: window.NewFixedClock(t0), files: &files{m: map[string][]byte{}}, pr: &printer{}}
	recs := memstore.Recommendations{Store: s}
	e.svc = &recommendation.Service{Apps: memstore.Applications{Store: s}, Rounds: rounds{k1: round(k1, "가대학원", "A School"), k2: round(k2, "나대학원", "B School")},
		Store: recs, Profiles: recs, Templates: recs, Recipients: contacts{}, Mailer: memstore.Outbox{Store: s}, Files: e.files,
		Printer: e.pr, Tx: s, Clock: e.clock, KeyURL: func(key string) string { e.keys = append(e.keys, key); return "https://x.example/recommend/" + key }}
	return e
}

func (e *env) app(t *testing.T, user string, k application.RoundKey) int64 {
	t.Helper()
	a, err := application.NewApplication(user, k, t0)
	if err != nil {
		t.Fatal(err)
	}
	n, err := memstore.Applications{Store: e.store}.Create(context.Background(), application.Creation{App: a, Part: application.Part{ApplPartNo: 1, MajorCode: "M"}})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func (e *env) mails() []memstore.Mail {
	var out []memstore.Mail
	for _, j := range e.store.Jobs() {
		out = append(out, j.Payload.(memstore.Mail))
	}
	return out
}

func req(email string) recommendation.Request {
	return recommendation.Request{ProfName: "Lee Prof", Email: email, Institution: "Korea University", Position: "Professor"}
}

func fullLetter() recommendation.Letter {
	l := recommendation.Letter{Answers: map[string]string{}, ProfSign: "Lee Prof"}
	for _, q := range recommendation.DefaultTemplate(k1).Questions {
		a := "Known for three years.\n\nAs her advisor."
		if len(q.Options) > 0 {
			a = q.Options[0]
		}
		l.Answers[q.Code] = a
	}
	return l
}

var prof = recommendation.Profile{Name: "Lee Prof", Institution: "Korea University", Position: "Professor", Phone: "010-1234-5678"}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if apperr.CodeOf(err) != code {
		t.Fatalf("want %s, got %v", code, err)
	}
}

func TestRequestMailsKeyInRecommendersLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	v, err := e.svc.Create(ctx, principal("kim"), n, req(" Lee@Example.com "), "en")
	if err != nil || v.Status != recommendation.Sent || !v.Cancellable {
		t.Fatalf("create: %+v %v", v, err)
	}
	ms := e.mails()
	m, ok := ms[0].Message.(mailmsg.RecommendRequest)
	if len(ms) != 1 || !ok || ms[0].Locale != "en" || ms[0].To != "lee@example.com" || m.School != "A School" ||
		!strings.HasSuffix(string(m.Link), e.keys[0]) || m.Deadline != "2027-04-14 10:00" || m.RequestNo != v.No {
		t.Fatalf("mail: %+v", ms)
	}
	if len(e.keys[0]) < 22 {
		t.Fatalf("key of %d characters", len(e.keys[0]))
	}
	// Only the hash is stored.
	r, _ := memstore.Recommendations{Store: e.store}.Get(ctx, v.No)
	if len(r.KeyHashes()) != 1 || r.KeyHashes()[0] != recommendation.HashKey(e.keys[0]) {
		t.Fatalf("stored keys %q", r.KeyHashes())
	}
	// Another user's application does not exist for them.
	if _, err := e.svc.Create(ctx, principal("park"), n, req("x@example.com"), "ko"); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another applicant: %v", err)
	}
	// One request per address; no more than the round asks for (2).
	_, err = e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	wantCode(t, err, "validation.failed")
	if _, err := e.svc.Create(ctx, principal("kim"), n, req("park@example.com"), "ko"); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.Create(ctx, principal("kim"), n, req("choi@example.com"), "ko")
	wantCode(t, err, recommendation.CodeEnough)
	list, _ := e.svc.Requests(ctx, principal("kim"), n)
	if list.Letters != 2 || len(list.Requests) != 2 || list.CanRequest {
		t.Fatalf("list: %+v", list)
	}
}

func TestRequestWindow(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	e.clock.Set(t0.AddDate(0, 0, 21)) // RECOMMEND_REQUEST closed, RECOMMEND open
	_, err := e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	wantCode(t, err, window.CodeClosed)
	list, _ := e.svc.Requests(ctx, principal("kim"), n)
	if list.CanRequest || apperr.CodeOf(list.WindowError) != window.CodeClosed {
		t.Fatalf("list after the window: %+v", list)
	}
	// An applicant exempt from windows still may.
	exempt := principal("kim")
	exempt.Roles = append(exempt.Roles, permission.RoleTimeIndependent)
	if _, err := e.svc.Create(ctx, exempt, n, req("lee@example.com"), "ko"); err != nil {
		t.Fatal(err)
	}
}

func TestCancelOnlyWhileSentAndLinkDies(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	a, _ := e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	b, _ := e.svc.Create(ctx, principal("kim"), n, req("park@example.com"), "ko")
	keyA, keyB := e.keys[0], e.keys[1]
	if _, err := e.svc.Open(ctx, keyB, 0); err != nil {
		t.Fatal(err)
	}
	wantCode(t, e.svc.Cancel(ctx, principal("kim"), n, b.No), recommendation.CodeCancelBySupport)
	if _, err := e.svc.Save(ctx, keyB, 0, recommendation.Draft{Letter: recommendation.Letter{Answers: map[string]string{"rec_form_q1": "2 years"}}}, false); err != nil {
		t.Fatal(err)
	}
	wantCode(t, e.svc.Cancel(ctx, principal("kim"), n, b.No), recommendation.CodeCancelBySupport)
	if _, err := e.svc.Save(ctx, keyB, 0, recommendation.Draft{Letter: fullLetter(), Profile: prof}, true); err != nil {
		t.Fatal(err)
	}
	wantCode(t, e.svc.Cancel(ctx, principal("kim"), n, b.No), recommendation.CodeCompleted)
	// Another applicant cannot cancel it.
	if err := e.svc.Cancel(ctx, principal("park"), n, a.No); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another applicant cancels: %v", err)
	}
	if err := e.svc.Cancel(ctx, principal("kim"), n, a.No); err != nil {
		t.Fatal(err)
	}
	_, err := e.svc.Overview(ctx, keyA)
	wantCode(t, err, recommendation.CodeNoRequest)
	list, _ := e.svc.Requests(ctx, principal("kim"), n)
	if len(list.Requests) != 1 || list.Requests[0].Status != recommendation.Completed {
		t.Fatalf("after cancel: %+v", list.Requests)
	}
}

func TestChangeEmailKillsOldLink(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	a, _ := e.svc.Create(ctx, principal("kim"), n, req("lee@exmaple.com"), "ko")
	v, err := e.svc.ChangeEmail(ctx, principal("kim"), n, a.No, "lee@example.com")
	if err != nil || v.Request.Email != "lee@example.com" {
		t.Fatalf("change: %+v %v", v, err)
	}
	_, err = e.svc.Overview(ctx, e.keys[0])
	wantCode(t, err, recommendation.CodeNoRequest)
	ms := e.mails()
	if len(ms) != 2 || ms[1].To != "lee@example.com" {
		t.Fatalf("mails: %+v", ms)
	}
	if _, err := e.svc.Open(ctx, e.keys[1], 0); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.ChangeEmail(ctx, principal("kim"), n, a.No, "other@example.com")
	wantCode(t, err, recommendation.CodeOpenedNoEdit)
	// Resend keeps earlier links working.
	if _, err := e.svc.Resend(ctx, principal("kim"), n, a.No); err != nil {
		t.Fatal(err)
	}
	for _, k := range e.keys[1:] {
		if _, err := e.svc.Overview(ctx, k); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRecommenderSeesEveryRequestAndDetailsPrefilled(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n1 := e.app(t, "kim", k1)
	n2 := e.app(t, "park", k2)
	n3 := e.app(t, "choi", k1)
	a, _ := e.svc.Create(ctx, principal("kim"), n1, req("lee@example.com"), "ko")
	_, _ = e.svc.Create(ctx, principal("choi"), n3, req("other@example.com"), "ko")
	key1 := e.keys[0]
	if _, err := e.svc.Save(ctx, key1, 0, recommendation.Draft{Letter: fullLetter(), Profile: recommendation.Profile{
		Name: "Lee Jaewon", Institution: "Seoul University", Position: "Dean", Phone: "010-1111-2222"}}, true); err != nil {
		t.Fatal(err)
	}
	b, _ := e.svc.Create(ctx, principal("park"), n2, req("lee@example.com"), "en")
	key2 := e.keys[2]
	ov, err := e.svc.Overview(ctx, key2)
	if err != nil || len(ov.Entries) != 2 || ov.Current != b.No || ov.Profile.Name != "Lee Jaewon" || ov.Profile.Position != "Dean" {
		t.Fatalf("overview: %+v %v", ov, err)
	}
	schools := []string{ov.Entries[0].SchoolEngName, ov.Entries[1].SchoolEngName}
	if !slices.Equal(schools, []string{"A School", "B School"}) || ov.Entries[0].Writable || !ov.Entries[1].Writable {
		t.Fatalf("entries: %+v", ov.Entries)
	}
	f, err := e.svc.Open(ctx, key2, 0)
	if err != nil || f.Profile.Institution != "Seoul University" || f.Req.Status() != recommendation.Opened {
		t.Fatalf("prefill: %+v %v", f.Profile, err)
	}
	// The same key opens the first letter (same address) but not another's.
	if f, err := e.svc.Open(ctx, key2, a.No); err != nil || f.Req.Status() != recommendation.Completed {
		t.Fatalf("own earlier letter: %v", err)
	}
	_, err = e.svc.Open(ctx, key2, 2) // the request to other@example.com
	wantCode(t, err, recommendation.CodeNoRequest)
	_, err = e.svc.Save(ctx, key1, 0, recommendation.Draft{Letter: fullLetter(), Profile: prof}, true)
	wantCode(t, err, recommendation.CodeSubmitted)
	_, err = e.svc.Overview(ctx, "not-a-key")
	wantCode(t, err, recommendation.CodeNoRequest)
}

func TestDraftSubmitAndApplicantNotice(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	_, _ = e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	key := e.keys[0]
	draft := recommendation.Letter{Answers: map[string]string{"rec_form_q2": "First paragraph.\r\n\r\nSecond paragraph."}}
	f, err := e.svc.Save(ctx, key, 0, recommendation.Draft{Letter: draft}, false)
	if err != nil || f.Req.Status() != recommendation.Creating || f.Req.Letter().Answers["rec_form_q2"] != "First paragraph.\n\nSecond paragraph." {
		t.Fatalf("draft: %+v %v", f.Req, err)
	}
	// Submitting an incomplete letter names every missing field and keeps the draft.
	_, err = e.svc.Save(ctx, key, 0, recommendation.Draft{Letter: draft}, true)
	ae, _ := apperr.As(err)
	if ae == nil || ae.Code != recommendation.CodeCheckInput || len(ae.Fields) < 17 {
		t.Fatalf("incomplete submit: %v", err)
	}
	f, _ = e.svc.Open(ctx, key, 0)
	if f.Req.Status() != recommendation.Creating || f.Req.Letter().Answers["rec_form_q2"] == "" {
		t.Fatalf("draft lost: %+v", f.Req)
	}
	bad := fullLetter()
	bad.Answers["rec_form_q4"] = "nope"
	bad.ProfSign = "Lee <script>"
	_, err = e.svc.Save(ctx, key, 0, recommendation.Draft{Letter: bad, Profile: prof}, true)
	ae, _ = apperr.As(err)
	var fields []string
	for _, fe := range ae.Fields {
		fields = append(fields, fe.Field)
	}
	if !slices.Contains(fields, "answers.rec_form_q4") || !slices.Contains(fields, "profSign") {
		t.Fatalf("bad letter fields: %v", fields)
	}
	jobs := len(e.mails())
	f, err = e.svc.Save(ctx, key, 0, recommendation.Draft{Letter: fullLetter(), Profile: prof}, true)
	if err != nil || f.Req.Status() != recommendation.Completed || f.Req.PDFStored() == "" || f.Req.SubmittedAt() == nil {
		t.Fatalf("submit: %+v %v", f.Req, err)
	}
	ms := e.mails()
	if len(ms) != jobs+1 || ms[jobs].To != "kim@example.com" {
		t.Fatalf("notice: %+v", ms)
	}
	if m, ok := ms[jobs].Message.(mailmsg.RecommendCompleted); !ok || m.RecommenderName != "Lee Prof" {
		t.Fatalf("notice: %+v", ms[jobs])
	}
	if len(e.pr.docs) != 1 || e.pr.docs[0].Letter.Answers["rec_form_q2"] == "" {
		t.Fatalf("pdf: %+v", e.pr.docs)
	}
	// The applicant's view carries no letter content.
	list, _ := e.svc.Requests(ctx, principal("kim"), n)
	if list.Requests[0].Status != recommendation.Completed {
		t.Fatalf("status: %+v", list.Requests)
	}
}

func TestFileUploadAndRequiredFile(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	staff := permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSysAdmin}}
	tpl := recommendation.DefaultTemplate(k1)
	tpl.FileRequired = true
	if _, err := e.svc.SaveTemplate(ctx, staff, tpl); err != nil {
		t.Fatal(err)
	}
	n := e.app(t, "kim", k1)
	_, _ = e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	key := e.keys[0]
	_, err := e.svc.Save(ctx, key, 0, recommendation.Draft{Letter: fullLetter(), Profile: prof}, true)
	ae, _ := apperr.As(err)
	if ae == nil || !slices.ContainsFunc(ae.Fields, func(f apperr.FieldError) bool { return f.Field == "file" }) {
		t.Fatalf("file required: %v", err)
	}
	body := []byte("%PDF-1.4\n letter")
	_, err = e.svc.Upload(ctx, key, 0, "letter.exe", bytes.NewReader(body))
	if apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("exe: %v", err)
	}
	f, err := e.svc.Upload(ctx, key, 0, "추천서.pdf", bytes.NewReader(body))
	if err != nil || f.Req.FileName() != "추천서.pdf" {
		t.Fatalf("upload: %v", err)
	}
	if _, err := e.svc.Save(ctx, key, 0, recommendation.Draft{Letter: fullLetter(), Profile: prof}, true); err != nil {
		t.Fatal(err)
	}
	// Staff of the school read the letter; the applicant and other schools' staff do not.
	other := permission.Principal{UserID: "sb", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S2"}
	if _, err := e.svc.Letters(ctx, other, n); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("other school: %v", err)
	}
	// A role that may not read letters is refused before the number is looked at.
	if _, err := e.svc.Letters(ctx, principal("kim"), n); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("applicant reads letters: %v", err)
	}
	list, err := e.svc.Letters(ctx, staff, n)
	if err != nil || len(list) != 1 {
		t.Fatal(err)
	}
	name, rc, err := e.svc.LetterFile(ctx, staff, list[0].No(), false)
	if err != nil || name != "추천서.pdf" {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(rc)
	if !bytes.Equal(got, body) {
		t.Fatalf("file %q", got)
	}
}

func TestKeyRefusedAfterWindow(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	_, _ = e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	e.clock.Set(t0.AddDate(0, 0, 35))
	_, err := e.svc.Overview(ctx, e.keys[0])
	wantCode(t, err, recommendation.CodeDeadlinePassed)
	_, err = e.svc.Save(ctx, e.keys[0], 0, recommendation.Draft{Letter: fullLetter(), Profile: prof}, true)
	wantCode(t, err, recommendation.CodeDeadlinePassed)
}

func TestReminderOnceBeforeDeadline(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	a, _ := e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	_, _ = e.svc.Create(ctx, principal("kim"), n, req("park@example.com"), "en")
	if _, err := e.svc.Save(ctx, e.keys[1], 0, recommendation.Draft{Letter: fullLetter(), Profile: prof}, true); err != nil {
		t.Fatal(err)
	}
	if sent, err := e.svc.Remind(ctx, 3); err != nil || sent != 0 {
		t.Fatalf("too early: %d %v", sent, err)
	}
	e.clock.Set(t0.AddDate(0, 0, 33)) // two days before the deadline
	before := len(e.mails())
	if sent, err := e.svc.Remind(ctx, 3); err != nil || sent != 1 {
		t.Fatalf("remind: %d %v", sent, err)
	}
	if sent, _ := e.svc.Remind(ctx, 3); sent != 0 {
		t.Fatalf("second run sent %d", sent)
	}
	ms := e.mails()[before:]
	m, _ := ms[0].Message.(mailmsg.RecommendRequest)
	if len(ms) != 1 || ms[0].To != "lee@example.com" || !m.Reminder || m.RequestNo != a.No {
		t.Fatalf("reminders: %+v", ms)
	}
	// Both the first link and the reminder's open the letter.
	for _, k := range []string{e.keys[0], e.keys[len(e.keys)-1]} {
		if _, err := e.svc.Open(ctx, k, 0); err != nil {
			t.Fatalf("key %d: %v", slices.Index(e.keys, k), err)
		}
	}
}

func TestTemplateVersions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	staff := permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S1"}
	if _, err := e.svc.SaveTemplate(ctx, staff, recommendation.DefaultTemplate(k2)); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("other school's template: %v", err)
	}
	tpl := recommendation.DefaultTemplate(k1)
	v1, err := e.svc.SaveTemplate(ctx, staff, tpl)
	if err != nil || v1.Version != 1 {
		t.Fatalf("first: %+v %v", v1, err)
	}
	tpl.Questions[0].Eng = "How long have you known the applicant?"
	if v, _ := e.svc.SaveTemplate(ctx, staff, tpl); v.Version != 1 {
		t.Fatalf("unused template changed in place: version %d", v.Version)
	}
	n := e.app(t, "kim", k1)
	_, _ = e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	if _, err := e.svc.Open(ctx, e.keys[0], 0); err != nil {
		t.Fatal(err)
	}
	tpl.Questions = tpl.Questions[:15]
	v2, err := e.svc.SaveTemplate(ctx, staff, tpl)
	if err != nil || v2.Version != 2 {
		t.Fatalf("in use: %+v %v", v2, err)
	}
	f, _ := e.svc.Open(ctx, e.keys[0], 0)
	if f.Template.Version != 1 || len(f.Template.Questions) != 16 || f.Template.Questions[0].Eng != "How long have you known the applicant?" {
		t.Fatalf("letter moved to version %d", f.Template.Version)
	}
	tpl.Questions[0].Kor = ""
	_, err = e.svc.SaveTemplate(ctx, staff, tpl)
	ae, _ := apperr.As(err)
	if ae == nil || ae.Fields[0].Field != "questions[0].kor" {
		t.Fatalf("empty text: %v", err)
	}
}

func TestMailResult(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	a, _ := e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	if err := e.svc.MailResult(ctx, a.No, "550 5.1.1 no such user"); err != nil {
		t.Fatal(err)
	}
	list, _ := e.svc.Requests(ctx, principal("kim"), n)
	if r := list.Requests[0]; r.MailRefusedAt == nil || r.MailSentAt != nil || !strings.Contains(r.MailError, "550") {
		t.Fatalf("refused: %+v", r)
	}
}

type auditLog struct{ entries []string }

func (a *auditLog) Record(_ context.Context, actor, action, target string, detail map[string]any) error {
	a.entries = append(a.entries, actor+" "+action+" "+target+" "+detail["status"].(string)+" "+detail["reason"].(string))
	return nil
}

// Support cancels a request the recommender has opened, with a reason:
// the link dies, the applicant (in their language) and the recommender (in
// theirs) are mailed the reason, the cancellation is audited; nobody else
// may, a completed letter stays, and a reason is required.
func TestSupportCancelsOpenedRequest(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	log := &auditLog{}
	e.svc.Log = log
	ctx := context.Background()
	n := e.app(t, "kim", k1)
	a, _ := e.svc.Create(ctx, principal("kim"), n, req("lee@example.com"), "ko")
	key := e.keys[0]
	if _, err := e.svc.Open(ctx, key, 0); err != nil {
		t.Fatal(err)
	}
	support := permission.Principal{UserID: "admin", Roles: []permission.Role{permission.RoleSysAdmin}}
	schoolAdmin := permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S1"}
	for _, p := range []permission.Principal{principal("kim"), schoolAdmin} {
		if _, err := e.svc.CancelBySupport(ctx, p, a.No, "wrong person"); apperr.KindOf(err) != apperr.KindNotFound {
			t.Fatalf("%s cancels: %v", p.UserID, err)
		}
	}
	_, err := e.svc.CancelBySupport(ctx, support, a.No, "  ")
	if !strings.Contains(fmt.Sprint(err), "[reason:recommend.required]") {
		t.Fatalf("no reason: %v", err)
	}
	_, err = e.svc.CancelBySupport(ctx, support, a.No, strings.Repeat("가", recommendation.MaxCancelReason+1))
	if !strings.Contains(fmt.Sprint(err), "[reason:recommend.too_long]") {
		t.Fatalf("long reason: %v", err)
	}
	before := len(e.mails())
	if _, err := e.svc.CancelBySupport(ctx, support, a.No, "지원자가 추천인을 바꾸기로 했습니다."); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Overview(ctx, key); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("the link still opens: %v", err)
	}
	ms := e.mails()[before:]
	if len(ms) != 2 {
		t.Fatalf("mails %+v", ms)
	}
	toApplicant, toRecommender := ms[0].Message.(mailmsg.RecommendCancelled), ms[1].Message.(mailmsg.RecommendCancelled)
	if ms[0].To != "kim@example.com" || ms[0].Locale != "en" || toApplicant.ToRecommender || toApplicant.School != "A School" ||
		toApplicant.Reason != "지원자가 추천인을 바꾸기로 했습니다." {
		t.Fatalf("to the applicant: %+v", ms[0])
	}
	if ms[1].To != "lee@example.com" || ms[1].Locale != "ko" || !toRecommender.ToRecommender || toRecommender.School != "가대학원" {
		t.Fatalf("to the recommender: %+v", ms[1])
	}
	if len(log.entries) != 1 || log.entries[0] != "admin recommend.cancel recommendation:"+strconv.FormatInt(a.No, 10)+" 00020 지원자가 추천인을 바꾸기로 했습니다." {
		t.Fatalf("audit %v", log.entries)
	}
	// Once cancelled it is gone; a completed letter cannot be cancelled.
	if _, err := e.svc.CancelBySupport(ctx, support, a.No, "again"); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("second cancel: %v", err)
	}
	b, _ := e.svc.Create(ctx, principal("kim"), n, req("park@example.com"), "ko")
	if _, err := e.svc.Save(ctx, e.keys[len(e.keys)-1], 0, recommendation.Draft{Letter: fullLetter(), Profile: prof}, true); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.CancelBySupport(ctx, support, b.No, "late")
	wantCode(t, err, recommendation.CodeCompleted)
}
