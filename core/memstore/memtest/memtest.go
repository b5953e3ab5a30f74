// Package memtest is the fixture of core's use-case tests over
// core/memstore: one round of school S1 with three document items,
// application 100 of user u1 in a chosen state, the document and
// submission services wired on the store, and failure injection: each
// port is the memstore store wrapped in a small type that answers the
// error set with Fail for a named operation.
package memtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/submission"
	"github.com/gradapply/gradapply/core/window"
)

// ErrBoom is what an injected port failure answers.
var ErrBoom = errors.New("port failure")

// Callers.
var (
	Owner      = permission.Principal{UserID: "u1", Roles: []permission.Role{permission.RoleUser}}
	ExemptUser = permission.Principal{UserID: "u1", Roles: []permission.Role{permission.RoleTimeIndependent}}
	Stranger   = permission.Principal{UserID: "u2", Roles: []permission.Role{permission.RoleUser}}
	SysAdmin   = permission.Principal{UserID: "admin", Roles: []permission.Role{permission.RoleSysAdmin}}
	OwnAdmin   = permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S1"}
	OtherAdmin = permission.Principal{UserID: "sb", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S2"}
	Anonymous  = permission.Principal{}
)

// RoundKey is the round of Round.
var RoundKey = application.RoundKey{SchoolCode: "S1", EnterYear: 2026, RecruitPartSeq: 2}

// Now lies inside the SUBMIT window of Round.
var Now = time.Date(2026, 3, 10, 12, 0, 0, 0, window.Seoul)

// ApplNo is the application New stores.
const ApplNo = 100

// Consents are the round's consent items (two, to keep requests short).
var Consents = []school.ConsentItem{
	{Code: school.CodeConsentPersonal, Version: "2024-09-10"},
	{Code: school.CodeConsentThirdParty, Version: "2024-09-10"},
}

// AllConsents accepts every consent of Round.
func AllConsents() map[string]string {
	return map[string]string{school.CodeConsentPersonal: "2024-09-10", school.CodeConsentThirdParty: "2024-09-10"}
}

// Round asks for BASIS_SAVE and FILE_SAVE, charges a fee, allows extra
// documents and has its SUBMIT window open at Now.
func Round() application.Round {
	return application.Round{
		RoundKey: RoundKey, KorName: "2026 전기", EngName: "2026 Spring",
		SchoolKorName: "한국대학원", SchoolEngName: "Korea Graduate School",
		FeeKrw: 80000,
		Windows: []window.Window{
			{Kind: window.Submit, Start: Now.AddDate(0, 0, -5), End: Now.AddDate(0, 0, 5)},
			{Kind: window.Complete, Start: Now.AddDate(0, 0, -5), End: Now.AddDate(0, 0, 7)},
		},
		Steps: application.MustSteps(application.BasisSave, application.FileSave),
		Rules: school.Rules{SchoolCode: "S1", ExtraDocuments: true, Consents: Consents},
		Parts: []application.Offer{{ApplPartNo: 7, MajorCode: "CS", MajorEngName: "Computer Science"}, {ApplPartNo: 8, MajorCode: "EE"}},
	}
}

// Items: 00001 photo (required, images), 00002 transcript (required,
// pdf), 00003 portfolio (optional, pdf or zip, 1 KiB at most).
func Items() []document.DocItem {
	return []document.DocItem{
		{Item: document.Item{Code: "00001", Required: true, Extensions: []string{"jpg", "png"}}, KorName: "사진", EngName: "Photo", GroupCode: "G1", Seq: 1},
		{Item: document.Item{Code: "00002", Required: true, Extensions: []string{"pdf"}}, KorName: "성적", EngName: "Transcript", GroupCode: "G2", Seq: 2},
		{Item: document.Item{Code: "00003", Extensions: []string{"pdf", "zip"}, MaxSize: 1024}, KorName: "포트폴리오", EngName: "Portfolio", GroupCode: "G2", Seq: 3},
	}
}

// Valid files: a PDF head, and images that decode whole (uploads decode
// images, see document.CheckImage).
var (
	PDF = []byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n")
	JPG = encoded(jpeg.Encode)
	PNG = encoded(func(w io.Writer, m image.Image, _ *jpeg.Options) error { return png.Encode(w, m) })
)

// encoded is a 2x2 image in the service's navy, as enc writes it.
func encoded(enc func(io.Writer, image.Image, *jpeg.Options) error) []byte {
	m := image.NewRGBA(image.Rect(0, 0, 2, 2))
	for i := 0; i < len(m.Pix); i += 4 {
		copy(m.Pix[i:], []byte{0x1f, 0x3a, 0x68, 0xff})
	}
	var b bytes.Buffer
	if err := enc(&b, m, nil); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// State is a plain state of status s.
func State(s application.Status) application.State { return application.State{Status: s} }

// Env is a memstore holding Round, its items and application 100 of u1,
// with both services over it.
type Env struct {
	St      *memstore.Store
	Docs    *document.Service
	Sub     *submission.Service
	Captcha *Captcha
	Counter *Counter
	f       *failures
	stored  map[string]string // document key -> stored file name
}

// New is an Env with application 100 in state st, in round r (which must
// have RoundKey's key), part 7 (CS, category GEN), owned by u1 whose
// contact is hong@example.com in ko.
func New(t testing.TB, st application.State, r application.Round) *Env {
	t.Helper()
	s := memstore.New()
	s.Now = func() time.Time { return Now }
	s.SetRound(r)
	s.SetItems(r.RoundKey, Items())
	s.SetRule(r.RoundKey, "{YYYY}{ROUND:2}-{MAJOR}-{SEQ:4}")
	s.Seed(application.Header{ApplNo: ApplNo, UserID: "u1", Round: r.RoundKey, State: st, ApplicantName: "홍길동"},
		application.Part{ApplPartNo: 7, MajorCode: "CS", CategoryCode: "GEN"})
	e := &Env{St: s, Captcha: &Captcha{OK: true}, f: &failures{fail: map[string]error{}, calls: map[string]int{}}, stored: map[string]string{}}
	e.Counter = &Counter{f: e.f, counts: map[string]int{}}
	e.AddUser(t, "u1", "hong@example.com", "ko")
	apps := &apps{Applications: memstore.Applications{Store: s}, f: e.f}
	ref, forms, log := ref{memstore.Reference{Store: s}, e.f}, forms{memstore.Forms{Store: s}, e.f}, accessLog{memstore.AccessLog{Store: s}, e.f}
	docs := docs{memstore.Documents{Store: s}, e.f}
	clock := window.NewFixedClock(Now)
	e.Docs = &document.Service{Ref: ref, Apps: apps, Forms: forms, Log: log, Docs: docs,
		Files: files{memstore.Files{Store: s}, e.f}, Clock: clock}
	e.Sub = &submission.Service{Ref: ref, Apps: apps, Forms: forms, Log: log, Docs: docs,
		Numbers: numbers{memstore.ExamNumbers{Store: s}, e.f}, Payments: payments{memstore.Payments{Store: s}, e.f},
		Consents: consents{memstore.Applications{Store: s}, e.f}, Applicants: applicants{memstore.Applicants{Store: s}, e.f},
		Mailer: mailer{memstore.Outbox{Store: s}, e.f}, Captcha: e.Captcha, Counter: e.Counter, Tx: s, Clock: clock}
	return e
}

// AddUser stores an account.
func (e *Env) AddUser(t testing.TB, userID, email, locale string) account.User {
	t.Helper()
	m, err := account.NewMember(account.NewUser{UserID: userID, Email: email,
		PasswordHash: "x", Roles: []permission.Role{permission.RoleUser}, Locale: locale})
	var u account.User
	if err == nil {
		u, err = memstore.Users{Store: e.St}.Create(context.Background(), m)
	}
	if err != nil {
		t.Fatalf("add user %s: %v", userID, err)
	}
	return u
}

// Seed stores another application of Round (user u1 unless h says).
func (e *Env) Seed(h application.Header, p application.Part) {
	if h.UserID == "" {
		h.UserID = "u1"
	}
	if h.Round == (application.RoundKey{}) {
		h.Round = RoundKey
	}
	e.St.Seed(h, p)
}

// Fail makes op fail with ErrBoom: on every call, or on the n-th call
// only when op is written "op@n". Operations: round, get, lock, setstate
// (the aggregate's write), part, info, marksaved, log, items, list,
// docput, docdelete, fileput, fileopen, rule, next, assign, pay, accept,
// contact, completed, queue, incr.
func (e *Env) Fail(op string) { e.FailWith(op, ErrBoom) }

// FailWith makes op fail with err (nil: stop failing).
func (e *Env) FailWith(op string, err error) {
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	if err == nil {
		delete(e.f.fail, op)
		return
	}
	e.f.fail[op] = err
}

// BeforeUpdate runs fn once, just before the first Update takes the row
// lock: another request changing the application between the checks and
// the lock.
func (e *Env) BeforeUpdate(fn func(st *memstore.Store)) {
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	e.f.beforeTx = func() { fn(e.St) }
}

// SetState writes an application's state as another request would have.
func SetState(st *memstore.Store, applNo int64, s application.State) {
	h, _ := memstore.Applications{Store: st}.Get(context.Background(), applNo)
	p, _ := memstore.Applications{Store: st}.Part(context.Background(), applNo)
	h.State = s
	st.Seed(h, p)
}

// AddDoc stores a document of application 100 and its file, as an earlier
// upload would have.
func (e *Env) AddDoc(t testing.TB, key, item string, slot int, ext string, body []byte) document.Document {
	t.Helper()
	return e.AddDocTo(t, ApplNo, key, item, slot, ext, body)
}

// AddDocTo stores a document of any application and its file.
func (e *Env) AddDocTo(t testing.TB, applNo int64, key, item string, slot int, ext string, body []byte) document.Document {
	t.Helper()
	ctx := context.Background()
	name, size, err := memstore.Files{Store: e.St}.Put(ctx, bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	d := document.Document{FileKey: key, ApplNo: applNo, ItemCode: item, Slot: slot, FileName: key + "." + ext,
		StoredName: name, Ext: ext, Size: size, UploadedAt: Now}
	if _, _, err := (memstore.Documents{Store: e.St}).Put(ctx, d); err != nil {
		t.Fatalf("add document %s: %v", key, err)
	}
	e.stored[key] = name
	return d
}

// HasFile reports whether the file of the document AddDoc stored under
// key is still in the file store.
func (e *Env) HasFile(key string) bool {
	name, ok := e.stored[key]
	return ok && slices.Contains(e.St.FileNames(), name)
}

// HasStored reports whether a stored file name is in the file store.
func (e *Env) HasStored(name string) bool { return slices.Contains(e.St.FileNames(), name) }

// FileCount is how many files the file store holds.
func (e *Env) FileCount() int { return len(e.St.FileNames()) }

// DocList lists an application's documents.
func (e *Env) DocList(applNo int64) []document.Document {
	l, _ := memstore.Documents{Store: e.St}.List(context.Background(), applNo)
	return l
}

// Header is application 100 as stored.
func (e *Env) Header() application.Header {
	h, _ := memstore.Applications{Store: e.St}.Get(context.Background(), ApplNo)
	return h
}

// Saved reports whether FILE_SAVE was recorded as saved for an application.
func (e *Env) Saved(applNo int64) bool {
	_, ok, _ := memstore.Forms{Store: e.St}.SavedAt(context.Background(), applNo, application.FileSave)
	return ok
}

// Accepted answers the consents recorded for an application.
func (e *Env) Accepted(applNo int64) []school.Acceptance {
	l, _ := memstore.Applications{Store: e.St}.Consents(context.Background(), applNo)
	return l
}

// Logged answers the access log as "actor action target".
func (e *Env) Logged() []string {
	var out []string
	for _, l := range e.St.Logged() {
		out = append(out, l.String())
	}
	return out
}

// Mail is one queued mail, its message's fields by their Go names.
type Mail struct {
	Kind, Locale, To string
	Data             map[string]any
}

// Mails answers the committed mails.
func (e *Env) Mails() []Mail {
	var out []Mail
	for _, j := range e.St.Jobs() {
		m, ok := j.Payload.(memstore.Mail)
		if !ok {
			continue
		}
		b, _ := json.Marshal(m.Message)
		var data map[string]any
		_ = json.Unmarshal(b, &data)
		out = append(out, Mail{Kind: m.Message.Kind(), Locale: m.Locale, To: m.To, Data: data})
	}
	return out
}

// Completed stores, for each entry, a COMPLETE application with its exam
// number in a round of its own named as the entry says, owned by the
// account using email (u1 for hong@example.com, else a new one), whose
// locale becomes the first entry's.
func (e *Env) Completed(t testing.TB, email string, list []submission.Completed) {
	t.Helper()
	if len(list) == 0 {
		return
	}
	userID := "u1"
	if strings.EqualFold(email, "hong@example.com") {
		e.SetLocale(t, list[0].Locale)
	} else {
		userID = e.AddUser(t, "c-"+email, email, list[0].Locale).UserID
	}
	for i, c := range list {
		k := application.RoundKey{SchoolCode: "C" + strconv.Itoa(i), EnterYear: 2026, RecruitPartSeq: 1}
		e.St.SetRound(application.Round{RoundKey: k, SchoolKorName: c.SchoolKorName, SchoolEngName: c.SchoolEngName,
			KorName: c.RoundKorName, EngName: c.RoundEngName})
		e.St.Seed(application.Header{ApplNo: int64(1000 + i), UserID: userID, Round: k, ApplID: c.ApplID,
			State: State(application.Complete)}, application.Part{ApplPartNo: 1})
	}
}

// Counters answers the rate-limit counts.
func (e *Env) Counters() map[string]int {
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	return maps.Clone(e.Counter.counts)
}

// ---- failure injection ----

type failures struct {
	mu       sync.Mutex
	fail     map[string]error
	calls    map[string]int
	beforeTx func()
}

func (f *failures) err(op string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls[op]++
	if err := f.fail[op+"@"+strconv.Itoa(f.calls[op])]; err != nil {
		return err
	}
	return f.fail[op]
}

type ref struct {
	memstore.Reference
	f *failures
}

func (r ref) Round(ctx context.Context, k application.RoundKey) (application.Round, error) {
	if err := r.f.err("round"); err != nil {
		return application.Round{}, err
	}
	return r.Reference.Round(ctx, k)
}

type apps struct {
	memstore.Applications
	f *failures
}

func (a *apps) Get(ctx context.Context, n int64) (application.Header, error) {
	if err := a.f.err("get"); err != nil {
		return application.Header{}, err
	}
	return a.Applications.Get(ctx, n)
}

// Update fails on "lock" and "get" (the locked read) before the rule, and
// on "setstate" after a rule that changed the aggregate (the write): the
// store then rolls back what the rule wrote.
func (a *apps) Update(ctx context.Context, n int64, fn func(context.Context, *application.Application) error) error {
	a.f.mu.Lock()
	race := a.f.beforeTx
	a.f.beforeTx = nil
	a.f.mu.Unlock()
	if race != nil {
		race()
	}
	if err := a.f.err("lock"); err != nil {
		return err
	}
	if err := a.f.err("get"); err != nil {
		return err
	}
	return a.Applications.Update(ctx, n, func(ctx context.Context, app *application.Application) error {
		if err := fn(ctx, app); err != nil {
			return err
		}
		if app.Changed() {
			return a.f.err("setstate")
		}
		return nil
	})
}

func (a *apps) Part(ctx context.Context, n int64) (application.Part, error) {
	if err := a.f.err("part"); err != nil {
		return application.Part{}, err
	}
	return a.Applications.Part(ctx, n)
}

type forms struct {
	memstore.Forms
	f *failures
}

func (s forms) Info(ctx context.Context, n int64) (form.ApplicantInfo, bool, error) {
	if err := s.f.err("info"); err != nil {
		return form.ApplicantInfo{}, false, err
	}
	return s.Forms.Info(ctx, n)
}

func (s forms) MarkSaved(ctx context.Context, n int64, step application.Status, at time.Time) error {
	if err := s.f.err("marksaved"); err != nil {
		return err
	}
	return s.Forms.MarkSaved(ctx, n, step, at)
}

type accessLog struct {
	memstore.AccessLog
	f *failures
}

func (l accessLog) Record(ctx context.Context, actor, action, target string, d map[string]any) error {
	if err := l.f.err("log"); err != nil {
		return err
	}
	return l.AccessLog.Record(ctx, actor, action, target, d)
}

type docs struct {
	memstore.Documents
	f *failures
}

func (d docs) Items(ctx context.Context, k application.RoundKey) ([]document.DocItem, error) {
	if err := d.f.err("items"); err != nil {
		return nil, err
	}
	return d.Documents.Items(ctx, k)
}

func (d docs) List(ctx context.Context, n int64) ([]document.Document, error) {
	if err := d.f.err("list"); err != nil {
		return nil, err
	}
	return d.Documents.List(ctx, n)
}

func (d docs) Put(ctx context.Context, doc document.Document) (document.Document, bool, error) {
	if err := d.f.err("docput"); err != nil {
		return document.Document{}, false, err
	}
	return d.Documents.Put(ctx, doc)
}

func (d docs) Delete(ctx context.Context, n int64, key string) error {
	if err := d.f.err("docdelete"); err != nil {
		return err
	}
	return d.Documents.Delete(ctx, n, key)
}

type files struct {
	memstore.Files
	f *failures
}

func (s files) Put(ctx context.Context, r io.Reader, limit int64) (string, int64, error) {
	if err := s.f.err("fileput"); err != nil {
		return "", 0, err
	}
	return s.Files.Put(ctx, r, limit)
}

func (s files) Open(ctx context.Context, name string) (io.ReadCloser, error) {
	if err := s.f.err("fileopen"); err != nil {
		return nil, err
	}
	return s.Files.Open(ctx, name)
}

type numbers struct {
	memstore.ExamNumbers
	f *failures
}

func (s numbers) Rule(ctx context.Context, k application.RoundKey) (string, error) {
	if err := s.f.err("rule"); err != nil {
		return "", err
	}
	return s.ExamNumbers.Rule(ctx, k)
}

func (s numbers) Next(ctx context.Context, k application.RoundKey) (int, string, error) {
	if err := s.f.err("next"); err != nil {
		return 0, "", err
	}
	if err := s.f.err("rule"); err != nil {
		return 0, "", err
	}
	return s.ExamNumbers.Next(ctx, k)
}

func (s numbers) Assign(ctx context.Context, n int64, id string, at time.Time) error {
	if err := s.f.err("assign"); err != nil {
		return err
	}
	return s.ExamNumbers.Assign(ctx, n, id, at)
}

type payments struct {
	memstore.Payments
	f *failures
}

func (s payments) Insert(ctx context.Context, a payment.Attempt) error {
	if err := s.f.err("pay"); err != nil {
		return err
	}
	return s.Payments.Insert(ctx, a)
}

type consents struct {
	memstore.Applications
	f *failures
}

func (s consents) Accept(ctx context.Context, n int64, acc []school.Acceptance) error {
	if err := s.f.err("accept"); err != nil {
		return err
	}
	return s.Applications.Accept(ctx, n, acc)
}

type applicants struct {
	memstore.Applicants
	f *failures
}

func (s applicants) Recipient(ctx context.Context, userID string) (port.Recipient, error) {
	if err := s.f.err("contact"); err != nil {
		return port.Recipient{}, err
	}
	return s.Applicants.Recipient(ctx, userID)
}

func (s applicants) CompletedByEmail(ctx context.Context, email string) ([]submission.Completed, error) {
	if err := s.f.err("completed"); err != nil {
		return nil, err
	}
	return s.Applicants.CompletedByEmail(ctx, email)
}

type mailer struct {
	memstore.Outbox
	f *failures
}

func (s mailer) Queue(ctx context.Context, locale, to string, m mailmsg.Message) error {
	if err := s.f.err("queue"); err != nil {
		return err
	}
	return s.Outbox.Queue(ctx, locale, to, m)
}

// Captcha answers OK for every proof.
type Captcha struct{ OK bool }

// Verify implements submission.Captcha.
func (c *Captcha) Verify(context.Context, string) bool { return c.OK }

// Counter counts in memory (the rate limits), failing on "incr".
type Counter struct {
	f      *failures
	counts map[string]int
}

// Incr implements submission.Counter.
func (c *Counter) Incr(_ context.Context, key string, _ time.Duration) (int, error) {
	if err := c.f.err("incr"); err != nil {
		return 0, err
	}
	c.f.mu.Lock()
	defer c.f.mu.Unlock()
	c.counts[key]++
	return c.counts[key], nil
}

// FileBytes answers a stored file's content (nil when there is none).
func (e *Env) FileBytes(name string) []byte {
	rc, err := memstore.Files{Store: e.St}.Open(context.Background(), name)
	if err != nil {
		return nil
	}
	defer rc.Close()
	b, _ := io.ReadAll(rc)
	return b
}

// WantErr checks an error's kind and message code; a zero code wants nil.
func WantErr(t testing.TB, err error, kind apperr.Kind, code string) {
	t.Helper()
	if code == "" {
		if err != nil {
			t.Fatalf("unexpected error %v", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("no error, want %s %s", kind, code)
	}
	if apperr.KindOf(err) != kind || apperr.CodeOf(err) != code {
		t.Fatalf("error %v, want %s %s", err, kind, code)
	}
}

// WantField checks a validation error naming field with code.
func WantField(t testing.TB, err error, field, code string) apperr.FieldError {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.KindInvalid {
		t.Fatalf("error %v, want a validation error on %s", err, field)
	}
	for _, fe := range e.Fields {
		if fe.Field == field && fe.Code == code {
			return fe
		}
	}
	t.Fatalf("error %v, want field %s %s", err, field, code)
	return apperr.FieldError{}
}

// SetLocale changes u1's stored locale.
func (e *Env) SetLocale(t testing.TB, locale string) {
	t.Helper()
	u, err := memstore.Users{Store: e.St}.ByUserID(context.Background(), "u1")
	if err == nil {
		err = memstore.Users{Store: e.St}.Update(context.Background(), u.PK, func(_ context.Context, m *account.Member) error {
			return m.RecordLogin(Now, locale)
		})
	}
	if err != nil {
		t.Fatal(err)
	}
}

// SetSeq uses up the first n exam numbers of RoundKey.
func (e *Env) SetSeq(t testing.TB, n int) {
	t.Helper()
	for range n {
		if _, _, err := (memstore.ExamNumbers{Store: e.St}).Next(context.Background(), RoundKey); err != nil {
			t.Fatal(err)
		}
	}
}

// Seq is the last exam number taken in RoundKey.
func (e *Env) Seq() int { return e.St.Counter(RoundKey) }

// Paid answers the payments recorded for an application.
func (e *Env) Paid(applNo int64) []payment.Attempt {
	list, _ := memstore.Payments{Store: e.St}.ByApplication(context.Background(), applNo)
	var out []payment.Attempt
	for _, a := range list {
		if a.Result() == payment.Paid {
			out = append(out, a)
		}
	}
	return out
}
