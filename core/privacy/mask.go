package privacy

import "strings"

// Mask replaces every character of s except the first keepStart and the
// last keepEnd with '*'; a string too short to keep both is fully masked.
func Mask(s string, keepStart, keepEnd int) string {
	r := []rune(s)
	// Clamp first, so that huge keeps cannot overflow their sum.
	keepStart = min(max(keepStart, 0), len(r))
	keepEnd = min(max(keepEnd, 0), len(r))
	if keepStart+keepEnd >= len(r) {
		return strings.Repeat("*", len(r))
	}
	for i := keepStart; i < len(r)-keepEnd; i++ {
		r[i] = '*'
	}
	return string(r)
}

// MaskRegistrationNo masks a resident or alien registration number given as
// 13 digits, as 6-7 digits with a hyphen, or as the back 7 digits only:
// the front 6 and the first back digit stay ("900101-1******"). Anything
// else is masked whole.
func MaskRegistrationNo(s string) string {
	digits := func(x string) bool {
		for _, c := range x {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	switch {
	case len(s) == 7 && digits(s):
		return s[:1] + "******"
	case len(s) == 13 && digits(s):
		return s[:7] + "******"
	case len(s) == 14 && s[6] == '-' && digits(s[:6]) && digits(s[7:]):
		return s[:8] + "******"
	}
	return Mask(s, 0, 0)
}

// MaskPassportNo shows the first two characters of a passport number.
func MaskPassportNo(s string) string { return Mask(s, 2, 0) }
