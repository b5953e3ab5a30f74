package recommendation

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/window"
)

var (
	reqRound = application.RoundKey{SchoolCode: "S1", EnterYear: 2027, RecruitPartSeq: 1}
	reqAt    = time.Date(2027, 3, 10, 10, 0, 0, 0, window.Seoul)
)

func ask(email string) Ask {
	return Ask{ApplNo: 7, Round: reqRound, ApplicantUserID: "kim", ApplicantName: "김하늘",
		Request: Request{ProfName: "Lee", Email: email, Institution: "KU", Position: "Professor"}, Locale: "en"}
}

// stored is a request as a store hands it out: numbered, unchanged since
// it was loaded, in status st.
func stored(t *testing.T, no int64, email string, st Status) Req {
	t.Helper()
	r, err := NewReq(ask(email), nil, 2, "key-"+email, reqAt)
	if err != nil {
		t.Fatal(err)
	}
	d := r.Data()
	d.No, d.Status = no, st
	if st == Completed {
		at := reqAt
		d.SubmittedAt = &at
	}
	out, err := UnmarshalReqFromDatabase(d)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func codeOf(err error) string {
	if err == errReq {
		return "errReq"
	}
	return apperr.CodeOf(err)
}

func fieldOf(err error) string {
	if e, ok := apperr.As(err); ok && len(e.Fields) > 0 {
		return e.Fields[0].Field + ":" + e.Fields[0].Code
	}
	return ""
}

// Spec section 3 and the round's template: at most the round's number of
// letters, one request per address, both counted over the live requests of
// the same application.
func TestNewReq(t *testing.T) {
	t.Parallel()
	mine := []Req{stored(t, 1, "a@example.com", Sent), stored(t, 2, "b@example.com", Completed)}
	cancelled := stored(t, 3, "c@example.com", Opened)
	if err := cancelled.Cancel(BySupport); err != nil {
		t.Fatal(err)
	}
	other := stored(t, 4, "d@example.com", Sent)
	otherData := other.Data()
	otherData.ApplNo = 8
	other, _ = UnmarshalReqFromDatabase(otherData)

	cases := []struct {
		name    string
		mod     func(a *Ask)
		live    []Req
		letters int
		key     string
		code    string // "" ok; errReq; or an apperr code
		field   string
	}{
		{"first of two", nil, nil, 2, "k", "", ""},
		{"second of two", nil, mine[:1], 2, "k", "", ""},
		{"third of two", nil, mine, 2, "k", CodeEnough, ""},
		{"a round asking for none", nil, nil, 0, "k", CodeEnough, ""},
		{"cancelled and other applications' requests do not count", nil, []Req{mine[0], cancelled, other}, 2, "k", "", ""},
		{"the same address again, written differently", func(a *Ask) { a.Request.Email = " A@Example.com " }, mine[:1], 5, "k", "validation.failed", "email:" + CodeDuplicate},
		{"a cancelled request's address may be asked again", func(a *Ask) { a.Request.Email = "c@example.com" }, []Req{cancelled}, 5, "k", "", ""},
		{"the recommender's name", func(a *Ask) { a.Request.ProfName = "Lee2" }, nil, 2, "k", "validation.failed", "profName:" + CodeName},
		{"a language we do not mail in", func(a *Ask) { a.Locale = "fr" }, nil, 2, "k", "validation.failed", "locale:" + CodeChoice},
		{"no application", func(a *Ask) { a.ApplNo = 0 }, nil, 2, "k", "errReq", ""},
		{"no applicant", func(a *Ask) { a.ApplicantUserID = " " }, nil, 2, "k", "errReq", ""},
		{"no round", func(a *Ask) { a.Round = application.RoundKey{} }, nil, 2, "k", "errReq", ""},
		{"no key", nil, nil, 2, "", "errReq", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a := ask("new@example.com")
			if c.mod != nil {
				c.mod(&a)
			}
			r, err := NewReq(a, c.live, c.letters, c.key, reqAt)
			if codeOf(err) != c.code || fieldOf(err) != c.field {
				t.Fatalf("got %v (%s), want %s %s", err, fieldOf(err), c.code, c.field)
			}
			if err != nil {
				if r != nil {
					t.Fatal("a refused request was made")
				}
				return
			}
			if r.Status() != Sent || !r.HasKey(c.key) || !r.Changed() || r.No() != 0 || r.Cancelled() || !r.CreatedAt().Equal(reqAt) {
				t.Fatalf("new request: %+v", r.Data())
			}
		})
	}
	r, _ := NewReq(Ask{ApplNo: 7, Round: reqRound, ApplicantUserID: "kim", Exempt: true,
		Request: Request{ProfName: "Lee", Email: " Lee@Example.COM ", Institution: "KU", Position: "Professor"}, Locale: "ko"}, nil, 1, "k", reqAt)
	if r.ApplicantName() != "kim" || r.Email() != "lee@example.com" || !r.Exempt() || r.Locale() != "ko" {
		t.Fatalf("before the basic info, the user id names the applicant; the address is normalized: %+v", r.Data())
	}
}

func TestUnmarshalReqFromDatabase(t *testing.T) {
	t.Parallel()
	at := reqAt.Add(time.Hour)
	d := ReqData{No: 3, ApplNo: 7, Round: reqRound, ApplicantUserID: "kim", ApplicantName: "김하늘", Exempt: true,
		Request: Request{ProfName: "Lee", Email: "lee@example.com", Phone: "010-1234-5678", Institution: "KU", Position: "Professor"},
		Locale:  "en", Status: Creating, KeyHashes: []string{"h1", "h2"}, CreatedAt: reqAt, MailSentAt: &at, MailError: "",
		OpenedAt: &at, SavedAt: &at, RemindedAt: &at, TemplateVersion: 2,
		Letter:  Letter{Answers: map[string]string{"rec_form_q1": "x"}, ProfSign: "Lee"},
		Profile: Profile{Email: "lee@example.com", Name: "Lee"}, FileName: "a.pdf", FileStored: "f1", FileSize: 10, PDFStored: ""}
	r, err := UnmarshalReqFromDatabase(d)
	if err != nil || !reflect.DeepEqual(r.Data(), d) || r.Changed() {
		t.Fatalf("round trip: %+v %v", r.Data(), err)
	}
	// What the accessors answer are copies: changing them changes nothing.
	r.Letter().Answers["rec_form_q1"] = "changed"
	r.KeyHashes()[0] = "changed"
	*r.SavedAt() = time.Time{}
	d.Letter.Answers["rec_form_q1"] = "changed behind"
	if r.Letter().Answers["rec_form_q1"] != "x" || !r.HasKey("h1") || !r.SavedAt().Equal(at) {
		t.Fatalf("a copy changed the request: %+v", r.Data())
	}
	if r.Exempt() != true || r.MailError() != "" || r.FileSize() != 10 || !r.CreatedAt().Equal(reqAt) || !r.UsesTemplate(2) || r.UsesTemplate(1) {
		t.Fatalf("accessors: %+v", r.Data())
	}
	for _, bad := range []func(d *ReqData){
		func(d *ReqData) { d.Status = "00099" },
		func(d *ReqData) { d.No = 0 },
		func(d *ReqData) { d.ApplNo = 0 },
	} {
		x := d
		bad(&x)
		if _, err := UnmarshalReqFromDatabase(x); err == nil {
			t.Errorf("a broken row read: %+v", x)
		}
	}
}

// Spec section 4 on the aggregate: what each actor's change does in each
// status. The applicant resends, corrects and cancels; the recommender
// opens, saves and submits; support cancels; nothing changes a completed
// letter, and a cancelled request is gone.
func TestReqStatusRules(t *testing.T) {
	t.Parallel()
	ops := []struct {
		name string
		do   func(r *Req) error
	}{
		{"resend", func(r *Req) error { return r.Resend("new") }},
		{"change e-mail", func(r *Req) error { return r.ChangeEmail("other@example.com", nil, "new") }},
		{"applicant cancels", func(r *Req) error { return r.Cancel(ByApplicant) }},
		{"support cancels", func(r *Req) error { return r.Cancel(BySupport) }},
		{"recommender cancels", func(r *Req) error { return r.Cancel(ByRecommender) }},
		{"open", func(r *Req) error { return r.Open(1, reqAt) }},
		{"save draft", func(r *Req) error { return r.SaveDraft(Letter{}, Profile{}, reqAt) }},
		{"submit", func(r *Req) error { return r.Submit(Letter{ProfSign: "Lee"}, Profile{Name: "Lee"}, "pdf", reqAt) }},
		{"attach file", func(r *Req) error { _, err := r.AttachFile("a.pdf", "f", 1); return err }},
	}
	// want[op][status]: "" allowed with the status after, else the code refused with.
	type want struct{ code, after string }
	table := map[string]map[Status]want{
		"resend":              {Sent: {"", "00010"}, Opened: {"", "00020"}, Creating: {"", "00030"}, Completed: {CodeSubmitted, ""}},
		"change e-mail":       {Sent: {"", "00010"}, Opened: {CodeOpenedNoEdit, ""}, Creating: {CodeOpenedNoEdit, ""}, Completed: {CodeSubmitted, ""}},
		"applicant cancels":   {Sent: {"", "00010"}, Opened: {CodeCancelBySupport, ""}, Creating: {CodeCancelBySupport, ""}, Completed: {CodeCompleted, ""}},
		"support cancels":     {Sent: {"", "00010"}, Opened: {"", "00020"}, Creating: {"", "00030"}, Completed: {CodeCompleted, ""}},
		"recommender cancels": {Sent: {CodeNotAllowed, ""}, Opened: {CodeNotAllowed, ""}, Creating: {CodeNotAllowed, ""}, Completed: {CodeCompleted, ""}},
		"open":                {Sent: {"", "00020"}, Opened: {"", "00020"}, Creating: {"", "00030"}, Completed: {"", "00040"}},
		"save draft":          {Sent: {"", "00030"}, Opened: {"", "00030"}, Creating: {"", "00030"}, Completed: {CodeSubmitted, ""}},
		"submit":              {Sent: {"", "00040"}, Opened: {"", "00040"}, Creating: {"", "00040"}, Completed: {CodeSubmitted, ""}},
		"attach file":         {Sent: {"", "00030"}, Opened: {"", "00030"}, Creating: {"", "00030"}, Completed: {CodeSubmitted, ""}},
	}
	for _, op := range ops {
		for _, st := range Statuses {
			w := table[op.name][st]
			r := stored(t, 1, "lee@example.com", st)
			before := r.Data()
			err := op.do(&r)
			if codeOf(err) != w.code {
				t.Errorf("%s in %s: %v, want %q", op.name, st, err, w.code)
				continue
			}
			if err != nil {
				if !reflect.DeepEqual(r.Data(), before) || r.Changed() {
					t.Errorf("%s in %s: refused but changed %+v", op.name, st, r.Data())
				}
				continue
			}
			if string(r.Status()) != w.after {
				t.Errorf("%s in %s: status %s, want %s", op.name, st, r.Status(), w.after)
			}
		}
		// A cancelled request does not exist for any change.
		r := stored(t, 1, "lee@example.com", Sent)
		_ = r.Cancel(ByApplicant)
		if err := op.do(&r); err == nil || apperr.CodeOf(err) != CodeNoRequest {
			t.Errorf("%s of a cancelled request: %v", op.name, err)
		}
	}
}

func TestReqKeys(t *testing.T) {
	t.Parallel()
	r := stored(t, 1, "lee@example.com", Sent)
	r.MailRefused("550", reqAt)
	// A resend keeps the earlier link and forgets the refused mail.
	if err := r.Resend("second"); err != nil || !r.HasKey("key-lee@example.com") || !r.HasKey("second") ||
		r.MailRefusedAt() != nil || r.MailError() != "" || !r.Changed() {
		t.Fatalf("resend: %+v %v", r.Data(), err)
	}
	if err := r.Resend(""); err != errReq {
		t.Fatalf("a resend without a key: %v", err)
	}
	// A correction kills every earlier link.
	if err := r.ChangeEmail("Park@Example.com", nil, "third"); err != nil || r.Email() != "park@example.com" ||
		!sameKeys(r.KeyHashes(), "third") {
		t.Fatalf("change e-mail: %+v %v", r.Data(), err)
	}
	if err := r.ChangeEmail("x@example.com", nil, ""); err != errReq {
		t.Fatalf("a correction without a key: %v", err)
	}
	others := []Req{r, stored(t, 2, "choi@example.com", Sent)}
	cancelled := stored(t, 3, "kang@example.com", Sent)
	_ = cancelled.Cancel(ByApplicant)
	others = append(others, cancelled)
	if err := r.ChangeEmail("choi@example.com", others, "k"); fieldOf(err) != "email:"+CodeDuplicate {
		t.Fatalf("the address of another request: %v", err)
	}
	if err := r.ChangeEmail("park@example.com", others, "k"); err != nil {
		t.Fatalf("its own address again: %v", err)
	}
	if err := r.ChangeEmail("kang@example.com", others, "k"); err != nil {
		t.Fatalf("a cancelled request's address: %v", err)
	}
	if err := r.ChangeEmail("not-an-address", others, "k"); fieldOf(err) != "email:"+account.CodeEmailFormat {
		t.Fatalf("a malformed address: %v", err)
	}
	// Cancelling kills the links.
	if err := r.Cancel(ByApplicant); err != nil || len(r.KeyHashes()) != 0 || !r.Cancelled() {
		t.Fatalf("cancel: %+v %v", r.Data(), err)
	}
	if err := r.Cancel(BySupport); apperr.CodeOf(err) != CodeNoRequest {
		t.Fatalf("a second cancel: %v", err)
	}
}

func sameKeys(got []string, want ...string) bool { return reflect.DeepEqual(got, want) }

func TestReqRecommenderWrites(t *testing.T) {
	t.Parallel()
	r := stored(t, 1, "lee@example.com", Sent)
	// Opening fixes the template version once and the time of the first open.
	if err := r.Open(0, reqAt); err != nil || r.Status() != Opened || r.TemplateVersion() != 0 || r.TemplateFixed() {
		t.Fatalf("open on the default template: %+v %v", r.Data(), err)
	}
	if err := r.Open(3, reqAt.Add(time.Hour)); err != nil || r.TemplateVersion() != 3 || !r.OpenedAt().Equal(reqAt) {
		t.Fatalf("open again: %+v %v", r.Data(), err)
	}
	if err := r.Open(4, reqAt); err != nil || r.TemplateVersion() != 3 {
		t.Fatalf("a later version: %+v %v", r.Data(), err)
	}
	l := Letter{Answers: map[string]string{"rec_form_q1": "x"}, ProfSign: "Lee"}
	p := Profile{Email: "lee@example.com", Name: "Lee"}
	if err := r.SaveDraft(l, p, reqAt); err != nil || r.Status() != Creating || !r.SavedAt().Equal(reqAt) || r.Profile() != p {
		t.Fatalf("draft: %+v %v", r.Data(), err)
	}
	l.Answers["rec_form_q1"] = "changed by the caller"
	if r.Letter().Answers["rec_form_q1"] != "x" {
		t.Fatal("the caller's map is the letter")
	}
	old, err := r.AttachFile("a.pdf", "f1", 10)
	if err != nil || old != "" {
		t.Fatal(old, err)
	}
	if old, err = r.AttachFile("b.pdf", "f2", 20); err != nil || old != "f1" || r.FileName() != "b.pdf" || r.FileStored() != "f2" || r.FileSize() != 20 {
		t.Fatalf("replace the file: %q %+v %v", old, r.Data(), err)
	}
	if err := r.Submit(l, p, "pdf-1", reqAt.Add(time.Hour)); err != nil || r.Status() != Completed || r.PDFStored() != "pdf-1" ||
		!r.SubmittedAt().Equal(reqAt.Add(time.Hour)) || !r.SavedAt().Equal(reqAt.Add(time.Hour)) {
		t.Fatalf("submit: %+v %v", r.Data(), err)
	}
	// A completed letter is never put on a template version.
	c := stored(t, 2, "park@example.com", Completed)
	if err := c.Open(5, reqAt); err != nil || c.TemplateVersion() != 0 || !c.TemplateFixed() || c.Changed() {
		t.Fatalf("open a completed letter: %+v %v", c.Data(), err)
	}
}

// The mail server's answer, and the one reminder before the deadline.
func TestReqMailAndReminder(t *testing.T) {
	t.Parallel()
	r := stored(t, 1, "lee@example.com", Sent)
	r.MailRefused(strings.Repeat("가", MaxMailError+10), reqAt)
	if len([]rune(r.MailError())) != MaxMailError || r.MailSentAt() != nil || !r.MailRefusedAt().Equal(reqAt) {
		t.Fatalf("refused: %+v", r.Data())
	}
	r.MailTaken(reqAt.Add(time.Minute))
	if r.MailError() != "" || r.MailRefusedAt() != nil || !r.MailSentAt().Equal(reqAt.Add(time.Minute)) {
		t.Fatalf("taken: %+v", r.Data())
	}
	if sent, err := r.Remind("", reqAt); sent || err != errReq {
		t.Fatalf("a reminder without a key: %v %v", sent, err)
	}
	if sent, err := r.Remind("rem", reqAt); !sent || err != nil || !r.HasKey("rem") || !r.HasKey("key-lee@example.com") || !r.RemindedAt().Equal(reqAt) {
		t.Fatalf("remind: %v %v %+v", sent, err, r.Data())
	}
	if sent, _ := r.Remind("rem2", reqAt.Add(time.Hour)); sent || r.HasKey("rem2") {
		t.Fatal("reminded twice")
	}
	for _, st := range []Status{Completed} {
		x := stored(t, 2, "park@example.com", st)
		if sent, _ := x.Remind("k", reqAt); sent || x.Changed() {
			t.Fatalf("reminded in %s", st)
		}
	}
	x := stored(t, 3, "choi@example.com", Opened)
	_ = x.Cancel(BySupport)
	if sent, _ := x.Remind("k", reqAt); sent {
		t.Fatal("a cancelled request reminded")
	}
}

// The applicant sees the request, never the letter; they may cancel and
// correct only while it is sent. Keys expire with the RECOMMEND window
// unless the applicant is exempt.
func TestReqViewsAndDeadline(t *testing.T) {
	t.Parallel()
	for _, st := range Statuses {
		v := stored(t, 1, "lee@example.com", st).ApplicantView()
		if v.Cancellable != (st == Sent) || v.EmailEditable != (st == Sent) || v.Status != st || v.Request.Email != "lee@example.com" {
			t.Errorf("view in %s: %+v", st, v)
		}
	}
	w, _ := window.FromDates(window.Recommend, "2027-03-01", "2027-03-31")
	wr := window.NewRound(w)
	r := stored(t, 1, "lee@example.com", Sent)
	if err := r.CheckDeadline(wr, reqAt); err != nil {
		t.Fatal(err)
	}
	if err := r.CheckDeadline(wr, reqAt.AddDate(0, 1, 0)); apperr.CodeOf(err) != CodeDeadlinePassed {
		t.Fatalf("after the window: %v", err)
	}
	d := r.Data()
	d.Exempt = true
	x, _ := UnmarshalReqFromDatabase(d)
	if err := x.CheckDeadline(wr, reqAt.AddDate(0, 1, 0)); err != nil {
		t.Fatalf("an exempt applicant's recommender: %v", err)
	}
	if CheckLocale("ko") != nil || CheckLocale("en") != nil || CheckLocale("") == nil {
		t.Fatal("CheckLocale")
	}
}
