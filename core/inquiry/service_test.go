package inquiry_test

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/inquiry"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/window"
)

var t0 = time.Date(2027, 3, 10, 10, 0, 0, 0, window.Seoul)

type contacts struct{}

func (contacts) Recipient(_ context.Context, userID string) (port.Recipient, error) {
	locale := "ko"
	if strings.HasPrefix(userID, "en") {
		locale = "en"
	}
	return port.Recipient{Email: userID + "@example.com", Locale: locale}, nil
}

type env struct {
	svc   *inquiry.Service
	store *memstore.Store
	clock *window.FixedClock
}

func newEnv(t *testing.T) *env {
	t.Helper()
	s := memstore.New()
	s.SetSchools(application.School{SchoolCode: "S1", KorName: "가대학원", EngName: "A School"},
		application.School{SchoolCode: "S2", KorName: "나대학원", EngName: "B School"})
	e := &env{store: s, clock: window.NewFixedClock(t0)}
	e.svc = &inquiry.Service{Store: memstore.Inquiries{Store: s}, Schools: memstore.Reference{Store: s},
		Apps: memstore.Applications{Store: s}, Recipients: contacts{}, Mailer: memstore.Outbox{Store: s},
		Files: memstore.Files{Store: s}, Log: memstore.AccessLog{Store: s}, Tx: s, Clock: e.clock,
		DetailURL: func(no int64) string { return "https://x.example/inquiry/user/detail?no=" + strconv.FormatInt(no, 10) }}
	return e
}

func member(id string) permission.Principal {
	return permission.Principal{UserID: id, Roles: []permission.Role{permission.RoleUser}}
}

func schoolAdmin(id, school string) permission.Principal {
	return permission.Principal{UserID: id, Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: school}
}

var sysAdmin = permission.Principal{UserID: "root", Roles: []permission.Role{permission.RoleSysAdmin}}

func (e *env) ask(t *testing.T, user, school string) inquiry.Inquiry {
	t.Helper()
	q, err := e.svc.Ask(context.Background(), member(user), inquiry.Draft{Type: "payment", Title: "환불 문의", Body: "전형료 환불이 가능한가요?", SchoolCode: school}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func fields(err error) map[string]string {
	out := map[string]string{}
	if e, ok := apperr.As(err); ok {
		for _, f := range e.Fields {
			out[f.Field] = f.Code
		}
	}
	return out
}

func TestAskChecksEveryField(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		d    inquiry.Draft
		want map[string]string
	}{
		{"empty", inquiry.Draft{Title: "  ", Body: "\n"}, map[string]string{"type": inquiry.CodeType, "title": form.CodeRequired, "body": form.CodeRequired}},
		{"unknown type", inquiry.Draft{Type: "HELP", Title: "t", Body: "b"}, map[string]string{"type": inquiry.CodeType}},
		{"too long", inquiry.Draft{Type: "other", Title: strings.Repeat("가", inquiry.MaxTitle+1), Body: strings.Repeat("b", inquiry.MaxBody+1)},
			map[string]string{"title": form.CodeTooLong, "body": form.CodeTooLong}},
		{"unknown school", inquiry.Draft{Type: "other", Title: "t", Body: "b", SchoolCode: "S9"}, map[string]string{"schoolCode": inquiry.CodeSchool}},
	} {
		_, err := e.svc.Ask(ctx, member("kim"), tc.d, "", nil)
		got := fields(err)
		if apperr.KindOf(err) != apperr.KindInvalid || len(got) != len(tc.want) {
			t.Errorf("%s: %v", tc.name, err)
		}
		for f, c := range tc.want {
			if got[f] != c {
				t.Errorf("%s: field %s: %q, want %q", tc.name, f, got[f], c)
			}
		}
	}
	if l, n, _ := e.svc.Mine(ctx, member("kim"), 0, 10); n != 0 || len(l) != 0 {
		t.Fatalf("refused drafts were saved: %d", n)
	}
	q := e.ask(t, "kim", "S1")
	if q.Status != inquiry.Waiting || q.UserID != "kim" || q.SchoolCode != "S1" || q.Type != inquiry.TypePayment {
		t.Fatalf("asked %+v", q)
	}
}

func TestAttachmentFollowsTheDocumentRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	d := inquiry.Draft{Type: "application", Title: "서류", Body: "첨부합니다", SchoolCode: "S1"}
	pdf := []byte("%PDF-1.4\n% a receipt\n")
	q, err := e.svc.Ask(ctx, member("kim"), d, "영수증.PDF", bytes.NewReader(pdf))
	if err != nil {
		t.Fatal(err)
	}
	if q.File.Name != "영수증.pdf" || q.File.Size != int64(len(pdf)) {
		t.Fatalf("file %+v", q.File)
	}
	f, rc, err := e.svc.File(ctx, member("kim"), q.No)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	_ = rc.Close()
	if f.Name != "영수증.pdf" || !bytes.Equal(b, pdf) {
		t.Fatalf("read back %q %q", f.Name, b)
	}
	// Another member cannot read it; staff of the school can, and it is logged.
	if _, _, err := e.svc.File(ctx, member("lee"), q.No); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another member: %v", err)
	}
	if _, _, err := e.svc.File(ctx, schoolAdmin("s2", "S2"), q.No); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another school: %v", err)
	}
	if _, rc, err := e.svc.File(ctx, schoolAdmin("s1", "S1"), q.No); err != nil {
		t.Fatal(err)
	} else {
		_ = rc.Close()
	}
	if l := e.store.Logged(); len(l) != 1 || l[0].String() != "s1 inquiry.file inquiry:1" {
		t.Fatalf("logged %v", l)
	}
	files := len(e.store.FileNames())
	for name, body := range map[string][]byte{
		"virus.exe": []byte("MZ"),
		"fake.pdf":  []byte("MZ\x90\x00 not a pdf"),
		"big.jpg":   append([]byte("\xff\xd8\xff\xe0"), make([]byte, document.ImageMaxSize)...),
	} {
		_, err := e.svc.Ask(ctx, member("kim"), d, name, bytes.NewReader(body))
		if fields(err)["file"] == "" {
			t.Errorf("%s: %v", name, err)
		}
	}
	if len(e.store.FileNames()) != files {
		t.Fatal("a refused file was kept")
	}
}

func TestMembersSeeOnlyTheirOwn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	q := e.ask(t, "kim", "")
	e.ask(t, "lee", "")
	if _, err := e.svc.Open(ctx, member("lee"), q.No); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("lee opened kim's: %v", err)
	}
	if _, err := e.svc.FollowUp(ctx, member("lee"), q.No, "hi"); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("lee followed up kim's: %v", err)
	}
	if _, err := e.svc.Close(ctx, member("lee"), q.No); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("lee closed kim's: %v", err)
	}
	l, n, err := e.svc.Mine(ctx, member("kim"), 0, 10)
	if err != nil || n != 1 || l[0].No != q.No {
		t.Fatalf("mine %v %d %v", l, n, err)
	}
	if _, _, err := e.svc.Mine(ctx, permission.Principal{}, 0, 10); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("guest: %v", err)
	}
}

func TestAnswerMailsAndMarksUnreadUntilOpened(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	q := e.ask(t, "en-kim", "S1")
	if _, err := e.svc.Answer(ctx, schoolAdmin("s2", "S2"), q.No, "not mine"); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another school answered: %v", err)
	}
	if _, err := e.svc.Answer(ctx, schoolAdmin("s1", "S1"), q.No, "  "); fields(err)["body"] != form.CodeRequired {
		t.Fatalf("empty answer: %v", err)
	}
	e.clock.Set(t0.Add(time.Hour))
	a, err := e.svc.Answer(ctx, schoolAdmin("s1", "S1"), q.No, "Yes, until the deadline.")
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != inquiry.Answered || len(a.Posts) != 1 || a.Posts[0].Author != "s1" || !a.Posts[0].At.Equal(t0.Add(time.Hour)) {
		t.Fatalf("answered %+v", a)
	}
	jobs := e.store.Jobs()
	if len(jobs) != 1 {
		t.Fatalf("%d mails", len(jobs))
	}
	m := jobs[0].Payload.(memstore.Mail)
	msg, ok := m.Message.(mailmsg.InquiryAnswered)
	if !ok || m.To != "en-kim@example.com" || m.Locale != "en" || msg.Title != "환불 문의" || msg.InquiryNo != q.No || msg.Link == "" {
		t.Fatalf("mail %+v", m)
	}
	if n, _ := e.svc.Unread(ctx, member("en-kim")); n != 1 {
		t.Fatalf("unread %d", n)
	}
	got, err := e.svc.Open(ctx, member("en-kim"), q.No)
	if err != nil || got.Posts[0].Body != "Yes, until the deadline." {
		t.Fatalf("open %+v %v", got, err)
	}
	if n, _ := e.svc.Unread(ctx, member("en-kim")); n != 0 {
		t.Fatalf("unread after opening %d", n)
	}
	// A follow-up waits for staff again; after closing nothing more is added.
	if f, err := e.svc.FollowUp(ctx, member("en-kim"), q.No, "And after the deadline?"); err != nil || f.Status != inquiry.Waiting || len(f.Posts) != 2 {
		t.Fatalf("follow-up %+v %v", f, err)
	}
	if c, err := e.svc.Close(ctx, member("en-kim"), q.No); err != nil || c.Status != inquiry.Closed {
		t.Fatalf("close %+v %v", c, err)
	}
	if _, err := e.svc.FollowUp(ctx, member("en-kim"), q.No, "again"); apperr.CodeOf(err) != inquiry.CodeClosed {
		t.Fatalf("follow-up when closed: %v", err)
	}
	if _, err := e.svc.Answer(ctx, sysAdmin, q.No, "late"); apperr.CodeOf(err) != inquiry.CodeClosed {
		t.Fatalf("answer when closed: %v", err)
	}
	if len(e.store.Jobs()) != 1 {
		t.Fatal("a refused answer mailed")
	}
}

func TestStaffSeeTheirSchoolsOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	a := e.ask(t, "kim", "S1")
	b := e.ask(t, "lee", "S2")
	none := e.ask(t, "park", "")
	count := func(p permission.Principal, q inquiry.Query) int {
		t.Helper()
		_, n, err := e.svc.List(ctx, p, q)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(schoolAdmin("s1", "S1"), inquiry.Query{}); n != 1 {
		t.Errorf("school admin S1 sees %d", n)
	}
	if n := count(schoolAdmin("s1", "S1"), inquiry.Query{SchoolCode: "S2"}); n != 0 {
		t.Errorf("school admin S1 asking for S2 sees %d", n)
	}
	if n := count(sysAdmin, inquiry.Query{}); n != 3 {
		t.Errorf("system admin sees %d", n)
	}
	if _, err := e.svc.Get(ctx, schoolAdmin("s1", "S1"), b.No); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("S1 read S2's: %v", err)
	}
	if _, err := e.svc.Get(ctx, schoolAdmin("s1", "S1"), none.No); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("S1 read one about no school: %v", err)
	}
	if _, err := e.svc.Get(ctx, schoolAdmin("s1", "S1"), a.No); err != nil {
		t.Error(err)
	}
	setAdmin := permission.Principal{UserID: "set", Roles: []permission.Role{permission.RoleSetAdmin}, SchoolCode: "S1"}
	if _, _, err := e.svc.List(ctx, setAdmin, inquiry.Query{}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Errorf("set admin listed: %v", err)
	}
	if _, err := e.svc.Get(ctx, member("kim"), a.No); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("a member used the staff read: %v", err)
	}
	var actions []string
	for _, l := range e.store.Logged() {
		actions = append(actions, l.String())
	}
	if want := "s1 inquiry.list inquiry|root inquiry.list inquiry|s1 inquiry.read inquiry:1"; strings.Join(actions, "|") != want {
		t.Errorf("logged %q", actions)
	}
}

func TestOptionsPutAppliedSchoolsFirst(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	a, _ := application.NewApplication("kim", application.RoundKey{SchoolCode: "S2", EnterYear: 2027, RecruitPartSeq: 1}, t0)
	if _, err := (memstore.Applications{Store: e.store}).Create(context.Background(), application.Creation{App: a, Part: application.Part{ApplPartNo: 1, MajorCode: "M"}}); err != nil {
		t.Fatal(err)
	}
	o, err := e.svc.Options(context.Background(), member("kim"))
	if err != nil || len(o.Types) != 5 || len(o.Schools) != 2 || o.Schools[0].SchoolCode != "S2" || !o.Schools[0].Applied || o.Schools[1].Applied {
		t.Fatalf("%+v %v", o, err)
	}
}
