package window

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
)

func kst(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, Seoul)
}

func fieldCodes(err error) map[string]string {
	out := map[string]string{}
	if e, ok := apperr.As(err); ok {
		for _, f := range e.Fields {
			out[f.Field] = f.Code
		}
	}
	return out
}

// Spec section 9: "Date format yyyy-MM-dd in the Asia/Seoul time zone."
func TestParseDate(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		ok   bool
		want time.Time
	}{
		{"2026-03-01", true, kst(2026, 3, 1, 0, 0)},
		{"2024-02-29", true, kst(2024, 2, 29, 0, 0)},
		{"2023-02-29", false, time.Time{}},
		{"2026-3-1", false, time.Time{}},
		{"2026/03/01", false, time.Time{}},
		{"", false, time.Time{}},
		{"2026-03-01T00:00", false, time.Time{}},
		{"abcdefghij", false, time.Time{}},
	}
	for _, c := range cases {
		got, err := ParseDate(c.in)
		if (err == nil) != c.ok {
			t.Errorf("ParseDate(%q) err=%v, want ok=%v", c.in, err, c.ok)
			continue
		}
		if c.ok && !got.Equal(c.want) {
			t.Errorf("ParseDate(%q)=%v want %v", c.in, got, c.want)
		}
		if !c.ok && apperr.CodeOf(err) != CodeDateFormat {
			t.Errorf("ParseDate(%q) code=%q", c.in, apperr.CodeOf(err))
		}
	}
}

func TestSeoulDay(t *testing.T) {
	t.Parallel()
	// 2026-03-01 15:30 UTC is already 2026-03-02 00:30 in Seoul.
	utc := time.Date(2026, 3, 1, 15, 30, 0, 0, time.UTC)
	if got := FormatDate(utc); got != "2026-03-02" {
		t.Fatalf("FormatDate=%s", got)
	}
	if !Today(utc).Equal(kst(2026, 3, 2, 0, 0)) {
		t.Fatalf("Today=%v", Today(utc))
	}
	if !EndOfDay(utc).Equal(kst(2026, 3, 3, 0, 0)) {
		t.Fatalf("EndOfDay=%v", EndOfDay(utc))
	}
	if _, off := kst(2026, 7, 1, 0, 0).Zone(); off != 9*3600 {
		t.Fatalf("Seoul offset %d", off)
	}
}

func TestClock(t *testing.T) {
	t.Parallel()
	c := At(2026, 1, 2, 3, 4)
	if !c.Now().Equal(kst(2026, 1, 2, 3, 4)) {
		t.Fatal("At")
	}
	c.Advance(time.Hour)
	if !c.Now().Equal(kst(2026, 1, 2, 4, 4)) {
		t.Fatal("Advance")
	}
	c.Set(kst(2027, 1, 1, 0, 0))
	if c.Now().Year() != 2027 {
		t.Fatal("Set")
	}
	var _ Clock = SystemClock{}
	if d := time.Since(SystemClock{}.Now()); d < 0 || d > time.Minute {
		t.Fatal("SystemClock")
	}
}

// Spec section 5 "Dates": startDay only after today; endDay only after the
// start date; retireDay not after today.
func TestDateRules(t *testing.T) {
	t.Parallel()
	now := kst(2026, 5, 10, 23, 59)
	cases := []struct {
		name  string
		check func(f *apperr.Fields)
		want  string
	}{
		{"startDay tomorrow ok", func(f *apperr.Fields) { StartAfterToday(f, "d", kst(2026, 5, 11, 0, 0), now) }, ""},
		{"startDay today refused", func(f *apperr.Fields) { StartAfterToday(f, "d", kst(2026, 5, 10, 0, 0), now) }, CodeStartAfterToday},
		{"startDay past refused", func(f *apperr.Fields) { StartAfterToday(f, "d", kst(2025, 5, 10, 0, 0), now) }, CodeStartAfterToday},
		{"endDay after start ok", func(f *apperr.Fields) { EndAfterStart(f, "d", kst(2026, 1, 1, 0, 0), kst(2026, 1, 2, 0, 0)) }, ""},
		{"endDay same day refused", func(f *apperr.Fields) { EndAfterStart(f, "d", kst(2026, 1, 1, 0, 0), kst(2026, 1, 1, 0, 0)) }, CodeEndAfterStart},
		{"endDay before refused", func(f *apperr.Fields) { EndAfterStart(f, "d", kst(2026, 1, 2, 0, 0), kst(2026, 1, 1, 0, 0)) }, CodeEndAfterStart},
		{"retireDay today ok", func(f *apperr.Fields) { NotAfterToday(f, "d", kst(2026, 5, 10, 0, 0), now) }, ""},
		{"retireDay tomorrow refused", func(f *apperr.Fields) { NotAfterToday(f, "d", kst(2026, 5, 11, 0, 0), now) }, CodeNotAfterToday},
		{"required date empty", func(f *apperr.Fields) { CheckDate(f, "d", "") }, CodeDateRequired},
		{"required date bad", func(f *apperr.Fields) { CheckDate(f, "d", "2026-13-01") }, CodeDateFormat},
		{"optional empty ok", func(f *apperr.Fields) { CheckOptionalDate(f, "d", "") }, ""},
		{"optional bad", func(f *apperr.Fields) { CheckOptionalDate(f, "d", "x") }, CodeDateFormat},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var f apperr.Fields
			c.check(&f)
			got := ""
			if len(f) > 0 {
				got = f[0].Code
			}
			if got != c.want {
				t.Fatalf("got %q want %q", got, c.want)
			}
		})
	}
}

// Spec section 5 "Dates" applied to an administrator setting a window.
func TestValidateNew(t *testing.T) {
	t.Parallel()
	now := kst(2026, 5, 10, 12, 0)
	cases := []struct {
		start, end string
		want       map[string]string
	}{
		{"2026-05-11", "2026-05-20", map[string]string{}},
		{"2026-05-10", "2026-05-20", map[string]string{"startDay": CodeStartAfterToday}},
		{"2026-05-11", "2026-05-11", map[string]string{"endDay": CodeEndAfterStart}},
		{"", "2026-05-11", map[string]string{"startDay": CodeDateRequired}},
		{"2026-05-11", "bad", map[string]string{"endDay": CodeDateFormat}},
	}
	for _, c := range cases {
		got := fieldCodes(ValidateNew(c.start, c.end, now))
		if len(got) != len(c.want) {
			t.Errorf("%s..%s: got %v want %v", c.start, c.end, got, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s..%s: got %v want %v", c.start, c.end, got, c.want)
			}
		}
	}
}

// Spec section 4: window types COMPLETE, SUBMIT, RECOMMEND, RECOMMEND_REQUEST;
// spec section 6: ROLE_TIME_INDEPENDENT is exempt from time limits.
func TestRoundAllow(t *testing.T) {
	t.Parallel()
	sub, _ := FromDates(Submit, "2026-03-01", "2026-03-31")
	com, _ := FromDates(Complete, "2026-03-01", "2026-04-02")
	req, _ := FromDates(RecommendRequest, "2026-03-01", "2026-03-31")
	rec, _ := FromDates(Recommend, "2026-03-05", "2026-04-10")
	r := NewRound(sub, com, req, rec)
	cases := []struct {
		name   string
		act    Action
		now    time.Time
		exempt bool
		want   string
	}{
		{"edit inside SUBMIT", ActEdit, kst(2026, 3, 31, 23, 59), false, ""},
		{"edit at SUBMIT end (24:00 of last day)", ActEdit, kst(2026, 4, 1, 0, 0), false, CodeClosed},
		{"submit before opening", ActSubmit, kst(2026, 2, 28, 23, 59), false, CodeNotOpen},
		{"submit at opening", ActSubmit, kst(2026, 3, 1, 0, 0), false, ""},
		{"pay in COMPLETE after SUBMIT closed", ActPay, kst(2026, 4, 2, 12, 0), false, ""},
		{"pay after COMPLETE", ActPay, kst(2026, 4, 3, 0, 0), false, CodeClosed},
		{"request recommendation late", ActRequestRecommend, kst(2026, 4, 1, 0, 0), false, CodeClosed},
		{"write letter before RECOMMEND", ActWriteRecommend, kst(2026, 3, 4, 0, 0), false, CodeNotOpen},
		{"write letter inside RECOMMEND", ActWriteRecommend, kst(2026, 4, 10, 12, 0), false, ""},
		{"time-independent edits late", ActEdit, kst(2027, 1, 1, 0, 0), true, ""},
		{"time-independent pays late", ActPay, kst(2027, 1, 1, 0, 0), true, ""},
		{"unknown action", Action("x"), kst(2026, 3, 10, 0, 0), false, CodeUnknownKind},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := apperr.CodeOf(r.Allow(c.act, c.now, c.exempt)); got != c.want {
				t.Fatalf("got %q want %q", got, c.want)
			}
		})
	}
	empty := NewRound()
	if got := apperr.CodeOf(empty.Allow(ActSubmit, kst(2026, 3, 10, 0, 0), false)); got != CodeNotSet {
		t.Fatalf("missing window: %q", got)
	}
	if !r.Open(Submit, kst(2026, 3, 10, 0, 0)) || r.Open(Submit, kst(2026, 4, 10, 0, 0)) || empty.Open(Submit, kst(2026, 3, 10, 0, 0)) {
		t.Fatal("Open")
	}
	if e, _ := apperr.As(r.Allow(ActSubmit, kst(2026, 4, 10, 0, 0), false)); e.Kind != apperr.KindForbidden || e.Params["end"] != "2026-04-01 00:00" {
		t.Fatalf("closed error %+v", e)
	}
}

func TestFromDatesAndParseKind(t *testing.T) {
	t.Parallel()
	if _, err := FromDates(Submit, "2026-03-02", "2026-03-01"); fieldCodes(err)["endDay"] != CodeEndAfterStart {
		t.Fatalf("reversed: %v", err)
	}
	if w, err := FromDates(Submit, "2026-03-01", "2026-03-01"); err != nil || w.End.Sub(w.Start) != 24*time.Hour {
		t.Fatalf("one-day window: %v %v", w, err)
	}
	for _, k := range Kinds {
		if got, err := ParseKind(string(k)); err != nil || got != k {
			t.Fatalf("ParseKind(%s)", k)
		}
	}
	if _, err := ParseKind("submit"); apperr.CodeOf(err) != CodeUnknownKind {
		t.Fatal("lowercase kind accepted")
	}
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-03-01", "2024-02-29", "0000-00-00", "9999-12-31", "2026-3-01", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDate(s)
		if err != nil {
			return
		}
		// A parsed date prints back to the same text, at midnight in Seoul.
		if FormatDate(d) != s {
			t.Fatalf("round trip %q -> %q", s, FormatDate(d))
		}
		if !StartOfDay(d).Equal(d) {
			t.Fatalf("not midnight: %v", d)
		}
	})
}

func FuzzValidateNew(f *testing.F) {
	f.Add("2026-05-11", "2026-05-20")
	f.Add("", "x")
	f.Fuzz(func(t *testing.T, start, end string) {
		now := kst(2026, 5, 10, 12, 0)
		err := ValidateNew(start, end, now)
		if err == nil {
			s, _ := ParseDate(start)
			e, _ := ParseDate(end)
			if !s.After(now) || !e.After(s) {
				t.Fatalf("accepted %q..%q", start, end)
			}
		}
	})
}

// Closing a round early ends its SUBMIT and COMPLETE windows at the close
// (one not yet open never opens), leaves the recommendation windows alone,
// and refuses even an exempt applicant afterwards.
func TestCloseAtEndsClosableWindowsForEveryone(t *testing.T) {
	t.Parallel()
	day := func(d int) time.Time { return time.Date(2030, 3, d, 0, 0, 0, 0, Seoul) }
	ws := []Window{{Kind: Submit, Start: day(1), End: day(20)}, {Kind: Complete, Start: day(12), End: day(21)},
		{Kind: Recommend, Start: day(1), End: day(25)}}
	at := day(10)
	closed := NewRound(CloseAt(ws, at)...)
	if s := closed[Submit]; !s.End.Equal(at) || !s.ClosedEarly {
		t.Fatalf("submit window: %+v", s)
	}
	if c := closed[Complete]; !c.End.Equal(c.Start) || !c.ClosedEarly {
		t.Fatalf("a window not yet open never opens: %+v", c)
	}
	if r := closed[Recommend]; !r.End.Equal(day(25)) || r.ClosedEarly {
		t.Fatalf("recommendation window: %+v", r)
	}
	if ws[0].End != day(20) {
		t.Fatal("the stored windows are changed")
	}
	before := at.Add(-time.Minute)
	if err := closed.Allow(ActEdit, before, false); err != nil {
		t.Fatalf("before the close: %v", err)
	}
	for _, exempt := range []bool{false, true} {
		if err := closed.Allow(ActEdit, at, exempt); apperr.CodeOf(err) != CodeRoundClosed {
			t.Fatalf("after the close (exempt %v): %v", exempt, err)
		}
	}
	if err := closed.Allow(ActWriteRecommend, at, false); err != nil {
		t.Fatalf("letters are still written: %v", err)
	}
	// A window that had ended before the close is left as it was.
	late := CloseAt(ws, day(22))
	if late[0].ClosedEarly || late[1].ClosedEarly || !late[0].End.Equal(day(20)) {
		t.Fatalf("ended windows: %+v", late)
	}
}
