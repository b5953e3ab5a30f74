package examno

import (
	"math"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
)

var vals = Values{EnterYear: 2026, RecruitPartSeq: 2, MajorCode: "MPPM", CategoryCode: "G1"}

// decisions.md "Exam number": a template of tokens such as year, round, major
// code, category, zero-padded sequence; the admin rule check previews the
// numbers a rule would give.
func TestNumber(t *testing.T) {
	t.Parallel()
	cases := []struct {
		tpl  string
		n    int
		want string
	}{
		{"{YYYY}{ROUND}{SEQ:4}", 1, "202620001"},
		{"{YY}-{ROUND:2}-{MAJOR}-{SEQ:3}", 12, "26-02-MPPM-012"},
		{"EW{YY}{CATEGORY}{SEQ:5}", 99999, "EW26G199999"},
		{"{SEQ:1}", 9, "9"},
		{"A_{SEQ:2}_Z", 7, "A_07_Z"},
	}
	for _, c := range cases {
		tpl, err := Parse(c.tpl)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.tpl, err)
		}
		if got, err := tpl.Number(vals, c.n); err != nil || got != c.want {
			t.Errorf("%s #%d = %q %v, want %q", c.tpl, c.n, got, err, c.want)
		}
		if tpl.String() != c.tpl {
			t.Error("String")
		}
	}
}

// Validation of a template: what the rule check refuses.
func TestParseErrors(t *testing.T) {
	t.Parallel()
	cases := []struct{ tpl, code string }{
		{"", CodeTemplateEmpty},
		{strings.Repeat("A", 57) + "{SEQ:3}", CodeTemplateTooLong},
		{"{YYYY}", CodeSeqCount},
		{"{SEQ:3}{SEQ:3}", CodeSeqCount},
		{"{SEQ}", CodeTokenWidth},
		{"{SEQ:0}", CodeTokenWidth},
		{"{SEQ:10}", CodeTokenWidth},
		{"{ROUND:x}{SEQ:2}", CodeTokenWidth},
		{"{YYYY:4}{SEQ:2}", CodeTokenWidth},
		{"{yyyy}{SEQ:2}", CodeTokenUnknown},
		{"{NAME}{SEQ:2}", CodeTokenUnknown},
		{"{SEQ:2", CodeTemplateSyntax},
		{"A B{SEQ:2}", CodeTemplateSyntax},
		{"A}{SEQ:2}", CodeTemplateSyntax},
		{"가{SEQ:2}", CodeTemplateSyntax},
	}
	for _, c := range cases {
		if _, err := Parse(c.tpl); apperr.CodeOf(err) != c.code {
			t.Errorf("Parse(%q)=%v want %s", c.tpl, err, c.code)
		}
	}
}

func TestNumberErrors(t *testing.T) {
	t.Parallel()
	tpl, _ := Parse("{YYYY}{ROUND:1}{MAJOR}{CATEGORY}{SEQ:2}")
	cases := []struct {
		name string
		v    Values
		n    int
		code string
	}{
		{"sequence 0", vals, 0, CodeSeqOverflow},
		{"sequence beyond width is never wrapped", vals, 100, CodeSeqOverflow},
		{"no year", Values{RecruitPartSeq: 1, MajorCode: "M", CategoryCode: "C"}, 1, CodeValueMissing},
		{"no round", Values{EnterYear: 2026, MajorCode: "M", CategoryCode: "C"}, 1, CodeValueMissing},
		{"round wider than its width", Values{EnterYear: 2026, RecruitPartSeq: 12, MajorCode: "M", CategoryCode: "C"}, 1, CodeValueCharacters},
		{"no major", Values{EnterYear: 2026, RecruitPartSeq: 1, CategoryCode: "C"}, 1, CodeValueMissing},
		{"major with a space", Values{EnterYear: 2026, RecruitPartSeq: 1, MajorCode: "M M", CategoryCode: "C"}, 1, CodeValueCharacters},
		{"no category", Values{EnterYear: 2026, RecruitPartSeq: 1, MajorCode: "M"}, 1, CodeValueMissing},
	}
	for _, c := range cases {
		if _, err := tpl.Number(c.v, c.n); apperr.CodeOf(err) != c.code {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if _, err := (Template{}).Number(vals, 1); apperr.CodeOf(err) != CodeSeqCount {
		t.Fatal("zero template")
	}
	if tpl.Capacity() != 99 {
		t.Fatal("Capacity")
	}
}

func TestPreview(t *testing.T) {
	t.Parallel()
	tpl, _ := Parse("{YY}{SEQ:2}")
	got, err := tpl.Preview(vals, 98, 3)
	if apperr.CodeOf(err) != CodeSeqOverflow || strings.Join(got, ",") != "2698,2699" {
		t.Fatalf("Preview: %v %v", got, err)
	}
	got, err = tpl.Preview(vals, 1, 1000)
	if apperr.CodeOf(err) != CodeSeqOverflow || len(got) != 99 {
		t.Fatalf("capacity-limited preview: %d %v", len(got), err)
	}
	tpl3, _ := Parse("{SEQ:3}")
	if got, _ := tpl3.Preview(vals, 1, 1000); len(got) != 100 {
		t.Fatal("preview capped at 100")
	}
	if got, err := tpl3.Preview(vals, math.MaxInt, 2); apperr.CodeOf(err) != CodeSeqOverflow || len(got) != 0 {
		t.Fatal("preview from the largest int")
	}
	if got, err := tpl.Preview(vals, 1, -5); err != nil || len(got) != 0 {
		t.Fatal("negative count")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"{YYYY}{ROUND:2}{SEQ:4}", "{SEQ:1}", "{", "}{SEQ:1}", "A-{MAJOR}_{CATEGORY}{SEQ:9}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tpl, err := Parse(s)
		if err != nil {
			return
		}
		if len(s) > MaxTemplate || strings.Count(s, "{SEQ:") != 1 {
			t.Fatalf("accepted %q", s)
		}
		a, err1 := tpl.Number(vals, 1)
		b, err2 := tpl.Number(vals, 2)
		if err1 != nil || err2 != nil {
			return // e.g. a one-digit round of 2 in {ROUND:1} is fine, but a value may be missing
		}
		if a == b {
			t.Fatalf("%q numbers two completions the same: %q", s, a)
		}
	})
}

func FuzzNumber(f *testing.F) {
	f.Add(2026, 1, "MPPM", "G1", 5)
	f.Fuzz(func(t *testing.T, year, round int, major, cat string, n int) {
		tpl, _ := Parse("{YYYY}{ROUND:2}{MAJOR}{CATEGORY}{SEQ:4}")
		s, err := tpl.Number(Values{year, round, major, cat}, n)
		if err != nil {
			return
		}
		for _, r := range s {
			if !isLiteral(r) {
				t.Fatalf("number %q has %q", s, r)
			}
		}
		if !strings.HasSuffix(s, pad(n, 4)) || n > 9999 {
			t.Fatalf("%q for %d", s, n)
		}
	})
}
