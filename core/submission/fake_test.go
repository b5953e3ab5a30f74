package submission

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// errBoom is what an injected port failure answers.
var errBoom = errors.New("port failure")

// mail is one queued mail.
type mail struct {
	Kind, Locale, To string
	Data             map[string]any
}

// stored is everything the fake's transactions cover: a failed InTx puts
// it back as it was, as a rolled-back database transaction would.
type stored struct {
	apps     map[int64]application.Header
	docs     map[int64][]Document
	saved    map[int64][]application.Status
	payments map[int64]payment.Quote
	consents map[int64][]school.Acceptance
	assigned map[int64]string
	seq      map[application.RoundKey]int
	mails    []mail
}

func (d stored) clone() stored {
	c := stored{
		apps: maps.Clone(d.apps), docs: map[int64][]Document{}, saved: map[int64][]application.Status{},
		payments: maps.Clone(d.payments), consents: maps.Clone(d.consents), assigned: maps.Clone(d.assigned),
		seq: maps.Clone(d.seq), mails: slices.Clone(d.mails),
	}
	for k, v := range d.docs {
		c.docs[k] = slices.Clone(v)
	}
	for k, v := range d.saved {
		c.saved[k] = slices.Clone(v)
	}
	return c
}

// fake is an in-memory implementation of every port of the package.
// Methods the package does not call come from the embedded nil
// interfaces and panic if called.
type fake struct {
	application.Reference
	application.Applications
	application.Forms

	mu       sync.Mutex
	txMu     sync.Mutex
	round    application.Round
	items    []DocItem
	parts    map[int64]application.Part
	info     map[int64]form.ApplicantInfo
	rule     string
	contacts map[string]Contact
	done     map[string][]Completed // CompletedByEmail
	captcha  bool
	counts   map[string]int
	logs     []string
	files    map[string][]byte
	nextFile int
	fail     map[string]error
	calls    map[string]int
	// beforeTx, when set, runs once as the first transaction begins:
	// another request changing an application between the checks and
	// the lock (and committed, so a rollback keeps it).
	beforeTx func(apps map[int64]application.Header)
	stored
}

func newFake(r application.Round) *fake {
	return &fake{
		round: r, parts: map[int64]application.Part{}, info: map[int64]form.ApplicantInfo{},
		contacts: map[string]Contact{}, done: map[string][]Completed{}, captcha: true,
		counts: map[string]int{}, files: map[string][]byte{}, fail: map[string]error{}, calls: map[string]int{},
		stored: stored{
			apps: map[int64]application.Header{}, docs: map[int64][]Document{}, saved: map[int64][]application.Status{},
			payments: map[int64]payment.Quote{}, consents: map[int64][]school.Acceptance{},
			assigned: map[int64]string{}, seq: map[application.RoundKey]int{},
		},
	}
}

// failing answers the injected error of an operation: fail[op] on every
// call, fail["op@n"] on the n-th call only (call with mu held).
func (f *fake) failing(op string) error {
	f.calls[op]++
	if err := f.fail[op+"@"+strconv.Itoa(f.calls[op])]; err != nil {
		return err
	}
	return f.fail[op]
}

// Tx

type fakeTxKey struct{}

// InTx serializes transactions (txMu stands for PostgreSQL's row locks) and
// restores the snapshot when fn fails; a nested call joins the outer
// transaction, as PostgreSQL's InTx does.
func (f *fake) InTx(ctx context.Context, fn func(context.Context) error) error {
	if ctx.Value(fakeTxKey{}) != nil {
		return fn(ctx)
	}
	f.txMu.Lock()
	defer f.txMu.Unlock()
	ctx = context.WithValue(ctx, fakeTxKey{}, true)
	f.mu.Lock()
	if f.beforeTx != nil {
		f.beforeTx(f.apps)
		f.beforeTx = nil
	}
	snap := f.stored.clone()
	f.mu.Unlock()
	if err := fn(ctx); err != nil {
		f.mu.Lock()
		f.stored = snap
		f.mu.Unlock()
		return err
	}
	return nil
}

// Reference

func (f *fake) Round(_ context.Context, k application.RoundKey) (application.Round, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failing("round"); err != nil {
		return application.Round{}, err
	}
	if k != f.round.RoundKey {
		return application.Round{}, apperr.NotFound(application.CodeRoundNotFound)
	}
	return f.round, nil
}

// Applications

func (f *fake) Get(_ context.Context, n int64) (application.Header, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failing("get"); err != nil {
		return application.Header{}, err
	}
	h, ok := f.apps[n]
	if !ok {
		return application.Header{}, apperr.NotFound(application.CodeNotFound)
	}
	return h, nil
}

// Update locks (the fake's "lock" failure), runs fn in a transaction and
// writes back the aggregate when fn changed it (the "setstate" failure).
func (f *fake) Update(ctx context.Context, n int64, fn func(context.Context, *application.Application) error) error {
	return f.InTx(ctx, func(ctx context.Context) error {
		f.mu.Lock()
		err := f.failing("lock")
		f.mu.Unlock()
		if err != nil {
			return err
		}
		h, err := f.Get(ctx, n)
		if err != nil {
			return err
		}
		a, err := application.UnmarshalApplicationFromDatabase(h)
		if err != nil {
			return err
		}
		if err := fn(ctx, a); err != nil {
			return err
		}
		if !a.Changed() {
			return nil
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		if err := f.failing("setstate"); err != nil {
			return err
		}
		f.apps[n] = a.Header()
		return nil
	})
}

func (f *fake) Part(_ context.Context, n int64) (application.Part, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failing("part"); err != nil {
		return application.Part{}, err
	}
	return f.parts[n], nil
}

// Forms

func (f *fake) Info(_ context.Context, n int64) (form.ApplicantInfo, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failing("info"); err != nil {
		return form.ApplicantInfo{}, false, err
	}
	a, ok := f.info[n]
	return a, ok, nil
}

func (f *fake) MarkSaved(_ context.Context, n int64, step application.Status, _ time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failing("marksaved"); err != nil {
		return err
	}
	f.saved[n] = append(f.saved[n], step)
	return nil
}

// AccessLog

func (f *fake) Record(_ context.Context, actor, action, target string, _ map[string]any) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failing("log"); err != nil {
		return err
	}
	f.logs = append(f.logs, actor+" "+action+" "+target)
	return nil
}

// Documents (as docStore, since fake.Get is Applications.Get)

type docStore struct{ *fake }

func (d docStore) Items(context.Context, application.RoundKey) ([]DocItem, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.failing("items"); err != nil {
		return nil, err
	}
	return slices.Clone(d.items), nil
}

func (d docStore) List(_ context.Context, n int64) ([]Document, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.failing("list"); err != nil {
		return nil, err
	}
	return slices.Clone(d.docs[n]), nil
}

func (d docStore) Put(_ context.Context, doc Document) (Document, bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.failing("docput"); err != nil {
		return Document{}, false, err
	}
	list := d.docs[doc.ApplNo]
	i := slices.IndexFunc(list, func(o Document) bool { return o.ItemCode == doc.ItemCode && o.Slot == doc.Slot })
	if i >= 0 {
		old := list[i]
		list[i] = doc
		return old, true, nil
	}
	d.docs[doc.ApplNo] = append(list, doc)
	return Document{}, false, nil
}

func (d docStore) Get(_ context.Context, n int64, key string) (Document, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, doc := range d.docs[n] {
		if doc.FileKey == key {
			return doc, nil
		}
	}
	return Document{}, apperr.NotFound(CodeFileNotFound)
}

func (d docStore) Delete(_ context.Context, n int64, key string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.failing("docdelete"); err != nil {
		return err
	}
	d.docs[n] = slices.DeleteFunc(d.docs[n], func(doc Document) bool { return doc.FileKey == key })
	return nil
}

// FileStore (as fileStore: Put, Open and Delete clash with other ports)

type fileStore struct{ *fake }

func (s fileStore) Put(ctx context.Context, r io.Reader, limit int64) (string, int64, error) {
	s.mu.Lock()
	err := s.failing("fileput")
	s.mu.Unlock()
	if err != nil {
		return "", 0, err
	}
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return "", 0, err
	}
	if int64(len(b)) > limit {
		return "", 0, ErrTooLarge
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextFile++
	name := "f" + strconv.Itoa(s.nextFile)
	s.files[name] = b
	return name, int64(len(b)), nil
}

func (s fileStore) Open(_ context.Context, name string) (io.ReadCloser, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.failing("fileopen"); err != nil {
		return nil, err
	}
	b, ok := s.files[name]
	if !ok {
		return nil, errors.New("no such file")
	}
	return io.NopCloser(bytes.NewReader(b)), nil
}

func (s fileStore) Delete(_ context.Context, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.files, name)
	return nil
}

// ExamNumbers, Payments, Consents, Applicants, Mailer, Captcha, Counter

type others struct{ *fake }

func (o others) Rule(context.Context, application.RoundKey) (string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.rule, o.failing("rule")
}

func (o others) Next(_ context.Context, k application.RoundKey) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.failing("next"); err != nil {
		return 0, err
	}
	o.seq[k]++
	return o.seq[k], nil
}

func (o others) Assign(_ context.Context, n int64, id string, _ time.Time) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.failing("assign"); err != nil {
		return err
	}
	for _, other := range o.assigned {
		if other == id {
			return apperr.Conflict("examno.duplicate")
		}
	}
	o.assigned[n] = id
	h := o.apps[n]
	h.ApplID = id
	o.apps[n] = h
	return nil
}

func (o others) Record(_ context.Context, n int64, q payment.Quote, _ time.Time) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.failing("pay"); err != nil {
		return err
	}
	o.payments[n] = q
	return nil
}

func (o others) Accept(_ context.Context, n int64, acc []school.Acceptance) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.failing("accept"); err != nil {
		return err
	}
	o.consents[n] = acc
	return nil
}

func (o others) Contact(_ context.Context, userID string) (Contact, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.contacts[userID], o.failing("contact")
}

func (o others) CompletedByEmail(_ context.Context, email string) ([]Completed, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.done[email], o.failing("completed")
}

func (o others) Queue(_ context.Context, locale, to string, msg mailmsg.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.failing("queue"); err != nil {
		return err
	}
	// Data is the message as the outbox holds it (its JSON), keyed as the
	// templates' fields are named in the payload.
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	var data map[string]any
	if err := json.Unmarshal(b, &data); err != nil {
		return err
	}
	o.mails = append(o.mails, mail{msg.Kind(), locale, to, data})
	return nil
}

func (o others) Verify(context.Context, string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.captcha
}

func (o others) Incr(_ context.Context, key string, _ time.Duration) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.failing("incr"); err != nil {
		return 0, err
	}
	o.counts[key]++
	return o.counts[key], nil
}

// ---- fixtures ----

var (
	owner      = permission.Principal{UserID: "u1", Roles: []permission.Role{permission.RoleUser}}
	exemptUser = permission.Principal{UserID: "u1", Roles: []permission.Role{permission.RoleTimeIndependent}}
	stranger   = permission.Principal{UserID: "u2", Roles: []permission.Role{permission.RoleUser}}
	sysAdmin   = permission.Principal{UserID: "admin", Roles: []permission.Role{permission.RoleSysAdmin}}
	ownAdmin   = permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S1"}
	otherAdmin = permission.Principal{UserID: "sb", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S2"}
	anonymous  = permission.Principal{}
)

var roundKey = application.RoundKey{SchoolCode: "S1", EnterYear: 2026, RecruitPartSeq: 2}

// now lies inside the SUBMIT window of testRound.
var now = time.Date(2026, 3, 10, 12, 0, 0, 0, window.Seoul)

// consents are the round's consent items (two, to keep requests short).
var consents = []school.ConsentItem{
	{Code: school.CodeConsentPersonal, Version: "2024-09-10"},
	{Code: school.CodeConsentThirdParty, Version: "2024-09-10"},
}

func allConsents() map[string]string {
	return map[string]string{school.CodeConsentPersonal: "2024-09-10", school.CodeConsentThirdParty: "2024-09-10"}
}

// testRound asks for BASIS_SAVE and FILE_SAVE, charges a fee, allows
// extra documents and has its SUBMIT window open at now.
func testRound() application.Round {
	return application.Round{
		RoundKey: roundKey, KorName: "2026 전기", EngName: "2026 Spring",
		SchoolKorName: "한국대학원", SchoolEngName: "Korea Graduate School",
		FeeKrw: 80000,
		Windows: []window.Window{
			{Kind: window.Submit, Start: now.AddDate(0, 0, -5), End: now.AddDate(0, 0, 5)},
			{Kind: window.Complete, Start: now.AddDate(0, 0, -5), End: now.AddDate(0, 0, 7)},
		},
		Steps: application.MustSteps(application.BasisSave, application.FileSave),
		Rules: school.Rules{SchoolCode: "S1", ExtraDocuments: true, Consents: consents},
		Parts: []application.Offer{{ApplPartNo: 7, MajorCode: "CS", MajorEngName: "Computer Science"}, {ApplPartNo: 8, MajorCode: "EE"}},
	}
}

// Items: 00001 photo (required, images), 00002 transcript (required,
// pdf), 00003 portfolio (optional, pdf or zip, 1 KiB at most).
func testItems() []DocItem {
	return []DocItem{
		{Item: document.Item{Code: "00001", Required: true, Extensions: []string{"jpg", "png"}}, KorName: "사진", EngName: "Photo", GroupCode: "G1", Seq: 1},
		{Item: document.Item{Code: "00002", Required: true, Extensions: []string{"pdf"}}, KorName: "성적", EngName: "Transcript", GroupCode: "G2", Seq: 2},
		{Item: document.Item{Code: "00003", Extensions: []string{"pdf", "zip"}, MaxSize: 1024}, KorName: "포트폴리오", EngName: "Portfolio", GroupCode: "G2", Seq: 3},
	}
}

const applNo = 100

// env is a service over a fresh fake holding application 100 of user u1
// in the given state, with no documents.
type env struct {
	*fake
	s *Service
}

func newEnv(t *testing.T, st application.State, r application.Round) env {
	t.Helper()
	f := newFake(r)
	f.items = testItems()
	f.rule = "{YYYY}{ROUND:2}-{MAJOR}-{SEQ:4}"
	f.apps[applNo] = application.Header{ApplNo: applNo, UserID: "u1", Round: r.RoundKey, State: st, ApplicantName: "홍길동"}
	f.parts[applNo] = application.Part{ApplPartNo: 7, MajorCode: "CS", CategoryCode: "GEN"}
	f.contacts["u1"] = Contact{Email: "hong@example.com", Locale: "ko"}
	o := others{f}
	s := &Service{
		Ref: f, Apps: f, Forms: f, Log: f, Docs: docStore{f}, Files: fileStore{f},
		Numbers: o, Payments: o, Consents: o, Applicants: o, Mailer: o, Captcha: o, Counter: o,
		Tx: f, Clock: window.NewFixedClock(now),
	}
	return env{f, s}
}

func state(s application.Status) application.State { return application.State{Status: s} }

// addDoc stores a document and its file, as an earlier upload would have.
func (e env) addDoc(key, item string, slot int, ext string, body []byte) Document {
	e.mu.Lock()
	defer e.mu.Unlock()
	name := "stored-" + key
	e.files[name] = body
	d := Document{FileKey: key, ApplNo: applNo, ItemCode: item, Slot: slot, FileName: key + "." + ext,
		StoredName: name, Ext: ext, Size: int64(len(body)), UploadedAt: now}
	e.docs[applNo] = append(e.docs[applNo], d)
	return d
}

func (e env) header() application.Header {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.apps[applNo]
}

func (e env) fileCount() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.files)
}

func (e env) mailList() []mail {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.mails)
}

// ---- assertions ----

// wantErr checks an error's kind and message code; a zero code wants nil.
func wantErr(t *testing.T, err error, kind apperr.Kind, code string) {
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

// wantField checks a validation error naming field with code.
func wantField(t *testing.T, err error, field, code string) apperr.FieldError {
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

// Heads of valid files.
var (
	pdfBody = []byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n")
	jpgBody = append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, bytes.Repeat([]byte{0x11}, 100)...)
	pngBody = append([]byte{0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A}, bytes.Repeat([]byte{0x22}, 100)...)
)
