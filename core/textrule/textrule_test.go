package textrule

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Spec section 5 "Names": each name field and the characters it allows.
func TestNameRules(t *testing.T) {
	t.Parallel()
	type rule struct {
		name string
		fn   func(string) bool
	}
	cases := []struct {
		spec string
		r    rule
		in   string
		want bool
	}{
		{"korName: Korean only", rule{"KorName", KorName}, "홍길동", true},
		{"korName: without spaces", rule{"KorName", KorName}, "홍 길동", false},
		{"korName: no English", rule{"KorName", KorName}, "홍Gil", false},
		{"korName: no loose jamo", rule{"KorName", KorName}, "홍ㄱ", false},
		{"korName: required", rule{"KorName", KorName}, "", false},
		{"engName: English only", rule{"EngName", EngName}, "Hong Gil Dong", true},
		{"engName: no digits", rule{"EngName", EngName}, "Hong2", false},
		{"engName: no double space", rule{"EngName", EngName}, "Hong  Gil", false},
		{"engName: no leading space", rule{"EngName", EngName}, " Hong", false},
		{"engName: no Korean", rule{"EngName", EngName}, "홍", false},
		{"engFirstName: letters and digits", rule{"EngAlnum", EngAlnum}, "John3", true},
		{"engFirstName: no space", rule{"EngAlnum", EngAlnum}, "John Paul", false},
		{"engFirstName: no hyphen", rule{"EngAlnum", EngAlnum}, "Jean-Luc", false},
		{"firstName: Korean, English, digits", rule{"KorEngDigit", KorEngDigit}, "길동Gil2", true},
		{"firstName: no hyphen", rule{"KorEngDigit", KorEngDigit}, "Gil-Dong", false},
		{"firstName_eng: English only", rule{"EngOnly", EngOnly}, "Gildong", true},
		{"firstName_eng: no digits", rule{"EngOnly", EngOnly}, "Gil2", false},
		{"middleName: hyphen allowed", rule{"MiddleName", MiddleName}, "Anne-마리2", true},
		{"middleName: no space", rule{"MiddleName", MiddleName}, "Anne Marie", false},
		{"middleName: no apostrophe", rule{"MiddleName", MiddleName}, "O'Neil", false},
		{"profSign: Korean and English", rule{"ProfSign", ProfSign}, "김교수 Kim", true},
		{"profSign: no digits", rule{"ProfSign", ProfSign}, "Kim2", false},
		{"profSign: no dot", rule{"ProfSign", ProfSign}, "Dr. Kim", false},
		{"department: Korean, uppercase English, spaces", rule{"Department", Department}, "경영학과 MBA", true},
		{"department: no lowercase", rule{"Department", Department}, "Business", false},
		{"department: not only spaces", rule{"Department", Department}, "   ", false},
		{"department: no digits", rule{"Department", Department}, "경영2", false},
		{"phone: international", rule{"Phone", Phone}, "+82 (10) 1234-5678", true},
		{"phone: too short", rule{"Phone", Phone}, "123-456", false},
		{"phone: plus inside", rule{"Phone", Phone}, "010+1234567", false},
		{"phone: letters", rule{"Phone", Phone}, "010-1234-abcd", false},
		{"childNum: digits only", rule{"Digits", Digits}, "02", true},
		{"childNum: no sign", rule{"Digits", Digits}, "-1", false},
		{"childNum: no fullwidth digits", rule{"Digits", Digits}, "１", false},
		{"searchSchoolName: tip format", rule{"SchoolName", SchoolName}, "Univ. of St. Andrews (UK)", true},
		{"searchSchoolName: Korean", rule{"SchoolName", SchoolName}, "서울대학교", true},
		{"searchSchoolName: must start with a letter", rule{"SchoolName", SchoolName}, "(UK)", false},
		{"searchSchoolName: no symbols", rule{"SchoolName", SchoolName}, "a<script>", false},
		{"searchSchoolName: required", rule{"SchoolName", SchoolName}, "", false},
	}
	for _, c := range cases {
		t.Run(c.spec, func(t *testing.T) {
			t.Parallel()
			if got := c.r.fn(c.in); got != c.want {
				t.Fatalf("%s(%q)=%v want %v", c.r.name, c.in, got, c.want)
			}
		})
	}
	long := ""
	for range 101 {
		long += "a"
	}
	if SchoolName(long) {
		t.Fatal("101 characters accepted")
	}
}

// Spec section 5: "Essays: 400 words ... Korean variants use 400 or 800
// characters"; "Text areas show a character count against a maximum".
func TestCounting(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in           string
		chars, words int
	}{
		{"", 0, 0},
		{"안녕 하세요", 6, 2},
		{"one  two\nthree\r\nfour", 19, 4},
		{"  lead and trail  ", 18, 3},
	}
	for _, c := range cases {
		if Chars(c.in) != c.chars || Words(c.in) != c.words {
			t.Errorf("%q: chars %d words %d", c.in, Chars(c.in), Words(c.in))
		}
	}
	if !Within("가나다", 3) || Within("가나다라", 3) || Within("\xff", 10) {
		t.Fatal("Within")
	}
}

func fuzzRule(f *testing.F, fn func(string) bool, allowed func(rune) bool) {
	for _, s := range []string{"홍길동", "Hong Gil", "a-b", "", " ", "\xff", "ㄱ", "A1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !fn(s) {
			return
		}
		if !utf8.ValidString(s) || s == "" {
			t.Fatalf("accepted %q", s)
		}
		for _, r := range s {
			if !allowed(r) {
				t.Fatalf("accepted %q with %q", s, r)
			}
		}
	})
}

func FuzzKorName(f *testing.F) {
	fuzzRule(f, KorName, func(r rune) bool { return r >= '가' && r <= '힣' })
}
func FuzzEngName(f *testing.F) {
	fuzzRule(f, EngName, func(r rune) bool { return isEnglish(r) || r == ' ' })
}
func FuzzEngOnly(f *testing.F) { fuzzRule(f, EngOnly, isEnglish) }
func FuzzEngAlnum(f *testing.F) {
	fuzzRule(f, EngAlnum, func(r rune) bool { return isEnglish(r) || isDigit(r) })
}
func FuzzKorEngDigit(f *testing.F) {
	fuzzRule(f, KorEngDigit, func(r rune) bool { return isHangul(r) || isEnglish(r) || isDigit(r) })
}
func FuzzMiddleName(f *testing.F) {
	fuzzRule(f, MiddleName, func(r rune) bool { return isHangul(r) || isEnglish(r) || isDigit(r) || r == '-' })
}
func FuzzProfSign(f *testing.F) {
	fuzzRule(f, ProfSign, func(r rune) bool { return isHangul(r) || isEnglish(r) || r == ' ' })
}
func FuzzDepartment(f *testing.F) {
	fuzzRule(f, Department, func(r rune) bool { return isHangul(r) || isUpper(r) || r == ' ' })
}
func FuzzDigits(f *testing.F) { fuzzRule(f, Digits, isDigit) }
func FuzzSchoolName(f *testing.F) {
	fuzzRule(f, SchoolName, func(r rune) bool { return r != '<' && r != '>' && r != '"' && r != '\n' })
}
func FuzzChars(f *testing.F) {
	f.Add("a\r\nb")
	f.Fuzz(func(t *testing.T, s string) {
		if c := Chars(s); c < 0 || c > len(s) {
			t.Fatalf("Chars(%q)=%d", s, c)
		}
		if w := Words(s); w < 0 || w > len(s) {
			t.Fatalf("Words(%q)=%d", s, w)
		}
	})
}

func FuzzPhone(f *testing.F) {
	fuzzRule(f, Phone, func(r rune) bool { return isDigit(r) || strings.ContainsRune("+-() ", r) })
}
