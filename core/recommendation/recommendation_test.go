package recommendation

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/window"
)

// Spec section 4: 00010 sent (applicant can cancel); 00020 opened and 00030
// creating (cancel only via support); 00040 completed (no cancel or delete).
func TestCheckCancel(t *testing.T) {
	t.Parallel()
	cases := []struct {
		s    Status
		by   Actor
		code string
	}{
		{Sent, ByApplicant, ""},
		{Sent, BySupport, ""},
		{Opened, ByApplicant, CodeCancelBySupport},
		{Opened, BySupport, ""},
		{Creating, ByApplicant, CodeCancelBySupport},
		{Creating, BySupport, ""},
		{Completed, ByApplicant, CodeCompleted},
		{Completed, BySupport, CodeCompleted},
		{Sent, ByRecommender, CodeNotAllowed},
		{"00099", ByApplicant, CodeStatusUnknown},
		{"00099", BySupport, CodeStatusUnknown},
	}
	for _, c := range cases {
		if got := apperr.CodeOf(CheckCancel(c.s, c.by)); got != c.code {
			t.Errorf("CheckCancel(%s,%s)=%q want %q", c.s, c.by, got, c.code)
		}
	}
}

func TestStatusFlow(t *testing.T) {
	t.Parallel()
	for _, s := range Statuses {
		if got, err := ParseStatus(string(s)); err != nil || got != s {
			t.Fatal("ParseStatus")
		}
	}
	if _, err := ParseStatus("10"); err == nil {
		t.Fatal("10")
	}
	if OnOpen(Sent) != Opened || OnOpen(Creating) != Creating || OnOpen(Completed) != Completed {
		t.Fatal("OnOpen")
	}
	for _, s := range []Status{Sent, Opened, Creating} {
		if got, err := OnSave(s); err != nil || got != Creating {
			t.Fatal("OnSave", s)
		}
		if got, err := OnSubmit(s); err != nil || got != Completed {
			t.Fatal("OnSubmit", s)
		}
	}
	if _, err := OnSave(Completed); apperr.CodeOf(err) != CodeSubmitted {
		t.Fatal("save completed")
	}
	if _, err := OnSubmit(Completed); apperr.CodeOf(err) != CodeSubmitted {
		t.Fatal("submit twice")
	}
	if _, err := OnSave("x"); apperr.CodeOf(err) != CodeStatusUnknown {
		t.Fatal("save unknown")
	}
	if _, err := OnSubmit("x"); apperr.CodeOf(err) != CodeStatusUnknown {
		t.Fatal("submit unknown")
	}
}

// decisions.md: keys are random (at least 128 bits), stored hashed.
func TestKeys(t *testing.T) {
	t.Parallel()
	k1, h1, err := NewKey(nil)
	if err != nil || len(k1) != 43 || ParseKey(k1) != nil || HashKey(k1) != h1 || len(h1) != 64 {
		t.Fatalf("NewKey: %q %q %v", k1, h1, err)
	}
	k2, _, _ := NewKey(nil)
	if k1 == k2 {
		t.Fatal("two equal keys")
	}
	if KeyBytes*8 < 128 {
		t.Fatal("key below 128 bits")
	}
	det, _, _ := NewKey(bytes.NewReader(make([]byte, 32)))
	if det != strings.Repeat("A", 43) {
		t.Fatalf("deterministic key %q", det)
	}
	if _, _, err := NewKey(bytes.NewReader(make([]byte, 8))); err == nil {
		t.Fatal("short randomness accepted")
	}
	for _, bad := range []string{"", k1[:42], k1 + "A", strings.Repeat("A", 42) + "=", strings.Repeat("+", 43), strings.Repeat("A", 42) + "B"} {
		if e, _ := apperr.As(ParseKey(bad)); e == nil || e.Kind != apperr.KindNotFound {
			t.Errorf("ParseKey(%q) accepted", bad)
		}
	}
}

// Issue 3 item 7: "the RECOMMEND deadline"; decisions.md: keys die when the
// recommendation window closes.
func TestCheckDeadline(t *testing.T) {
	t.Parallel()
	w, _ := window.FromDates(window.Recommend, "2026-03-05", "2026-04-10")
	r := window.NewRound(w)
	at := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 12, 0, 0, 0, window.Seoul) }
	cases := []struct {
		now    time.Time
		exempt bool
		code   string
	}{
		{at(3, 5), false, ""},
		{at(4, 10), false, ""},
		{at(4, 11), false, CodeDeadlinePassed},
		{at(3, 4), false, CodeNotOpenYet},
		{at(5, 1), true, ""},
	}
	for _, c := range cases {
		if got := apperr.CodeOf(CheckDeadline(r, c.now, c.exempt)); got != c.code {
			t.Errorf("%v: %q want %q", c.now, got, c.code)
		}
	}
	if apperr.CodeOf(CheckDeadline(window.NewRound(), at(3, 5), false)) != CodeDeadlinePassed {
		t.Fatal("no window")
	}
}

// Spec section 3 "Recommendation request: recommender name, e-mail, phone,
// institution, position".
func TestRequestValidate(t *testing.T) {
	t.Parallel()
	ok := Request{"김교수", " Prof@Univ.AC.KR ", "+82 10-1234-5678", "서울대학교", "교수"}
	got, err := ok.Validate()
	if err != nil || got.Email != "prof@univ.ac.kr" {
		t.Fatal(got, err)
	}
	cases := []struct {
		r     Request
		field string
		code  string
	}{
		{Request{"Kim2", "a@b.cc", "", "U", "P"}, "profName", CodeName},
		{Request{"Kim", "a@b", "", "U", "P"}, "email", account.CodeEmailFormat},
		{Request{"Kim", "a@b.cc", "12", "U", "P"}, "phone", CodePhone},
		{Request{"Kim", "a@b.cc", "010+1234567", "U", "P"}, "phone", CodePhone},
		{Request{"Kim", "a@b.cc", "010-1234-abcd", "U", "P"}, "phone", CodePhone},
		{Request{"Kim", "a@b.cc", "", " ", "P"}, "institution", CodeRequired},
		{Request{"Kim", "a@b.cc", "", "U", strings.Repeat("x", 101)}, "position", CodeTooLong},
	}
	for _, c := range cases {
		_, err := c.r.Validate()
		e, _ := apperr.As(err)
		if e == nil || e.Fields[0].Field != c.field || e.Fields[0].Code != c.code {
			t.Errorf("%+v: %v", c.r, err)
		}
	}
}

// Spec section 5: "Recommendation questions q1 to q16: all required"; spec
// section 8: recommendation questions show 'Is required'; profSign:
// Korean and English only.
func TestLetterValidate(t *testing.T) {
	t.Parallel()
	qs := DefaultQuestions()
	qs[3] = Question{Code: qs[3].Code, Options: []string{"top1", "top5", "top10"}}
	qs[0].Max = 10
	full := Letter{Answers: map[string]string{}, ProfSign: "Kim Cheolsu"}
	for _, q := range qs {
		full.Answers[q.Code] = "answer"
	}
	full.Answers["rec_form_q4"] = "top5"
	if err := full.Validate(qs, true); err != nil {
		t.Fatalf("complete letter: %v", err)
	}
	if len(qs) != 16 || qs[15].Code != "rec_form_q16" {
		t.Fatal("DefaultQuestions")
	}
	clone := func(mod func(l *Letter)) Letter {
		l := Letter{Answers: map[string]string{}, ProfSign: full.ProfSign}
		for k, v := range full.Answers {
			l.Answers[k] = v
		}
		mod(&l)
		return l
	}
	cases := []struct {
		name   string
		l      Letter
		submit bool
		want   []string
	}{
		{"q16 missing on submit", clone(func(l *Letter) { delete(l.Answers, "rec_form_q16") }), true, []string{"answers.rec_form_q16:" + CodeRequired}},
		{"blank answer on submit", clone(func(l *Letter) { l.Answers["rec_form_q2"] = "  " }), true, []string{"answers.rec_form_q2:" + CodeRequired}},
		{"draft may be incomplete", clone(func(l *Letter) { delete(l.Answers, "rec_form_q16"); l.ProfSign = "" }), false, nil},
		{"signature required on submit", clone(func(l *Letter) { l.ProfSign = "" }), true, []string{"profSign:" + CodeRequired}},
		{"signature with digits", clone(func(l *Letter) { l.ProfSign = "Kim 2" }), false, []string{"profSign:" + CodeProfSign}},
		{"choice not an option", clone(func(l *Letter) { l.Answers["rec_form_q4"] = "top2" }), false, []string{"answers.rec_form_q4:" + CodeChoice}},
		{"text above max", clone(func(l *Letter) { l.Answers["rec_form_q1"] = "12345678901" }), false, []string{"answers.rec_form_q1:" + CodeTooLong}},
		{"default max 4000", clone(func(l *Letter) { l.Answers["rec_form_q2"] = strings.Repeat("가", 4001) }), false, []string{"answers.rec_form_q2:" + CodeTooLong}},
		{"unknown questions", clone(func(l *Letter) { l.Answers["zz"] = "x"; l.Answers["aa"] = "y" }), false, []string{"answers.aa:" + CodeCheckInput, "answers.zz:" + CodeCheckInput}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e, _ := apperr.As(c.l.Validate(qs, c.submit))
			var got []string
			if e != nil {
				for _, f := range e.Fields {
					got = append(got, f.Field+":"+f.Code)
				}
			}
			if strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Fatalf("got %v want %v", got, c.want)
			}
		})
	}
}

func FuzzParseKey(f *testing.F) {
	k, _, _ := NewKey(nil)
	f.Add(k)
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		if ParseKey(s) == nil && len(s) != 43 {
			t.Fatalf("accepted %q", s)
		}
	})
}

func FuzzRequestValidate(f *testing.F) {
	f.Add("김교수", "a@b.cc", "010-1234-5678", "U", "P")
	f.Fuzz(func(t *testing.T, name, email, phone, inst, pos string) {
		r, err := Request{name, email, phone, inst, pos}.Validate()
		if err != nil {
			return
		}
		if r.Email != strings.ToLower(r.Email) || r.ProfName == "" || strings.TrimSpace(r.Institution) == "" {
			t.Fatalf("accepted %+v", r)
		}
	})
}

func FuzzLetterValidate(f *testing.F) {
	f.Add("rec_form_q1", "answer", "Kim", true)
	f.Fuzz(func(t *testing.T, code, answer, sign string, submit bool) {
		qs := DefaultQuestions()
		l := Letter{Answers: map[string]string{code: answer}, ProfSign: sign}
		err := l.Validate(qs, submit)
		if submit && err == nil {
			t.Fatal("a one-answer letter was submitted")
		}
	})
}
