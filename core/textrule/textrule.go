package textrule

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

func isHangul(r rune) bool  { return r >= '가' && r <= '힣' }
func isEnglish(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' }
func isUpper(r rune) bool   { return r >= 'A' && r <= 'Z' }
func isDigit(r rune) bool   { return r >= '0' && r <= '9' }

// only reports whether s is non-empty and every rune satisfies ok.
func only(s string, ok func(rune) bool) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !ok(r) {
			return false
		}
	}
	return true
}

// words reports whether s is one or more words of runes satisfying ok,
// separated by single spaces, without leading or trailing space.
func words(s string, ok func(rune) bool) bool {
	if s == "" {
		return false
	}
	for _, w := range strings.Split(s, " ") {
		if !only(w, ok) {
			return false
		}
	}
	return true
}

// KorName: Korean only, without spaces (korName).
func KorName(s string) bool { return only(s, isHangul) }

// EngName: English only, words separated by single spaces (engName).
func EngName(s string) bool { return words(s, isEnglish) }

// EngOnly: English letters only, no spaces (firstName_eng, lastName_eng).
func EngOnly(s string) bool { return only(s, isEnglish) }

// EngAlnum: English letters and digits (engFirstName, engLastName).
func EngAlnum(s string) bool {
	return only(s, func(r rune) bool { return isEnglish(r) || isDigit(r) })
}

// KorEngDigit: Korean, English and digits (firstName, lastName).
func KorEngDigit(s string) bool {
	return only(s, func(r rune) bool { return isHangul(r) || isEnglish(r) || isDigit(r) })
}

// MiddleName: Korean, English, digits and hyphen (middleName).
func MiddleName(s string) bool {
	return only(s, func(r rune) bool { return isHangul(r) || isEnglish(r) || isDigit(r) || r == '-' })
}

// ProfSign: Korean and English only, words separated by single spaces
// (the recommender's signature, profSign).
func ProfSign(s string) bool {
	return words(s, func(r rune) bool { return isHangul(r) || isEnglish(r) })
}

// Department: Korean letters, uppercase English and spaces (the department
// of a previous university). It must contain at least one letter.
func Department(s string) bool {
	return strings.TrimSpace(s) != "" && only(s, func(r rune) bool { return isHangul(r) || isUpper(r) || r == ' ' })
}

// Digits: one or more ASCII digits only (childNum, percentages, numbers).
func Digits(s string) bool { return only(s, isDigit) }

// SchoolName is the format of a school name typed after "search other"
// (searchSchoolName): letters of any script, digits, spaces and the
// punctuation . , ' ( ) & -, starting with a letter or digit, at most 100
// characters.
func SchoolName(s string) bool {
	if s == "" || utf8.RuneCountInString(s) > 100 {
		return false
	}
	first, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsLetter(first) && !isDigit(first) {
		return false
	}
	return only(s, func(r rune) bool {
		return unicode.IsLetter(r) || isDigit(r) || strings.ContainsRune(" .,'()&-", r)
	})
}

// Chars counts the characters of a text as the applicant sees them: Unicode
// code points, with a CR LF line break counted once.
func Chars(s string) int {
	return utf8.RuneCountInString(s) - strings.Count(s, "\r\n")
}

// Words counts words: runs of characters between white space.
func Words(s string) int { return len(strings.Fields(s)) }

// Within reports whether a text is valid UTF-8 of at most max characters.
func Within(s string, max int) bool { return utf8.ValidString(s) && Chars(s) <= max }

// Phone accepts 7 to 20 digits with an optional leading +, hyphens, spaces
// and parentheses, as phone numbers are written in many countries.
func Phone(s string) bool {
	digits := 0
	for i, r := range s {
		switch {
		case isDigit(r):
			digits++
		case r == '+' && i == 0:
		case r == '-' || r == ' ' || r == '(' || r == ')':
		default:
			return false
		}
	}
	return digits >= 7 && digits <= 20
}
