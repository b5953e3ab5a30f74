package document

import (
	"strings"
	"testing"
	"unicode"

	"github.com/gradapply/gradapply/core/apperr"
)

// The file-name rule as a Korean applicant meets it (issue 8, defect 6):
// names people really give their documents pass, names that could mislead
// or escape do not.
func TestNameAllowed(t *testing.T) {
	t.Parallel()
	cases := []struct {
		base string
		ok   bool
	}{
		{"성적증명서(최종)", true},
		{"성적증명서[2026]", true},
		{"졸업증명서 {사본}", true},
		{"자기소개서_v2-최종", true},
		{"2026.03.01 재학증명서", true},
		{"김하늘, 이력서", true},
		{"R&D 계획서 + 부록", true},
		{"홍길동·추천서", true},
		{"履歴書", true},
		{"Lebenslauf Müller", true},
		{"CV", true},
		{"1", true},
		{"\u1112\u1161\u11ab", true}, // 한 in decomposed jamo (macOS names)
		{"e\u0301tude", true},        // a combining accent
		{"", false},
		{".", false},
		{"..", false},
		{" . ", false},
		{"()", false},
		{"../../etc/passwd", false},
		{`..\boot`, false},
		{"a/b", false},
		{`a\b`, false},
		{"a:b", false},
		{"a*b", false},
		{"a?b", false},
		{`a"b`, false},
		{"a'b", false},
		{"a<b>", false},
		{"a|b", false},
		{"a#b", false},
		{"a%b", false},
		{"a;b", false},
		{"a=b", false},
		{"a$b", false},
		{"a`b", false},
		{"tab\tname", false},
		{"line\nbreak", false},
		{"nul\x00", false},
		{"cv\u202egpj", false}, // right-to-left override hiding an extension
		{"zero\u200bwidth", false},
		{"bad\xffutf8", false},
	}
	for _, c := range cases {
		if got := NameAllowed(c.base); got != c.ok {
			t.Errorf("NameAllowed(%q) = %v, want %v", c.base, got, c.ok)
		}
		var f apperr.Fields
		CheckName(&f, "file", c.base)
		if refused := f.Err() != nil; refused == c.ok {
			t.Errorf("CheckName(%q) refused=%v, want %v", c.base, refused, !c.ok)
		}
	}
}

func TestFormatSize(t *testing.T) {
	t.Parallel()
	cases := map[int64]string{
		ImageMaxSize:    "3 MB",
		OtherMaxSize:    "30 MB",
		1024:            "1 KB",
		500 * 1024:      "500 KB",
		1536 * 1024:     "1.5 MB",
		3*1024*1024 - 1: "2.9 MB",
		1000:            "1000 bytes",
	}
	for n, want := range cases {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// The too-large refusal names the limit in megabytes, not bytes.
func TestTooLargeNamesMegabytes(t *testing.T) {
	t.Parallel()
	photo := Item{Code: "PHOTO", Extensions: []string{"png"}}
	_, err := photo.Check(Upload{FileName: "photo.png", Size: ImageMaxSize + 1, Head: pngHead})
	e, _ := apperr.As(err)
	if e == nil || len(e.Fields) != 1 || e.Fields[0].Code != CodeTooLarge || e.Fields[0].Params["max"] != "3 MB" {
		t.Fatalf("too large: %+v", err)
	}
}

func FuzzNameAllowed(f *testing.F) {
	for _, s := range []string{"성적증명서(최종)", "a/b", "..", "cv\u202egpj", "R&D + 부록", "\x00", "a\\b", "홍길동·추천서"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, base string) {
		if !NameAllowed(base) {
			return
		}
		if strings.ContainsAny(base, "/\\:*?\"<>|#%;'`$=") || strings.Trim(base, ". ()[]{}_-,+&\u00b7") == "" {
			t.Fatalf("accepted %q", base)
		}
		for _, r := range base {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || (unicode.IsSpace(r) && r != ' ') {
				t.Fatalf("accepted %q with %U", base, r)
			}
		}
	})
}
