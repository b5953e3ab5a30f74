package account

import (
	"net/mail"
	"strings"
	"unicode"
)

// Message codes of the account rules (texts live with the HTTP adapter).
const (
	CodeUserIDFormat    = "account.user_id_format"
	CodeUserIDOccupied  = "account.user_id_occupied"
	CodeEmailFormat     = "account.email_format"
	CodeEmailOccupied   = "account.email_occupied"
	CodePasswordRule    = "account.password_rule"
	CodePasswordMissing = "account.password_required"
	CodeCodeMismatch    = "account.code_mismatch"
	CodeAgreeTerms      = "account.agree_terms"
	CodeAgreePrivacy    = "account.agree_privacy"
	CodeCaptcha         = "captcha.invalid"
	CodeCaptchaRequired = "captcha.required"
	CodeLoginFailed     = "login.failed"
	CodeLoginInactive   = "login.inactive"
	CodeLoginLocked     = "login.rate_limited"
	CodeCodeTooOften    = "account.code_too_often"
	CodeCodeTooMany     = "account.code_too_many"
	CodeMailSent        = "mail.sent"
	CodeUnauthenticated = "auth.required"
	CodeSessionExpired  = "auth.expired"
)

// User ids: letters and digits only (spec section 5), 4 to 20 long.
const (
	UserIDMin = 4
	UserIDMax = 20
	// Passwords: 8 to 16 with a lowercase letter, an uppercase letter and a
	// digit (decisions.md resolves the spec's 6-16 / 8-16 conflict).
	PasswordMin = 8
	PasswordMax = 16
	EmailMax    = 254
)

// ValidateUserID returns "" or the message code of the broken rule.
func ValidateUserID(id string) string {
	n := 0
	for _, r := range id {
		n++
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return CodeUserIDFormat
		}
	}
	if n < UserIDMin || n > UserIDMax {
		return CodeUserIDFormat
	}
	return ""
}

// ValidatePassword returns "" or the message code of the broken rule. The
// same rule applies on sign-up, change and reset.
func ValidatePassword(pw string) string {
	if pw == "" {
		return CodePasswordMissing
	}
	var lower, upper, digit bool
	n := 0
	for _, r := range pw {
		n++
		switch {
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= '0' && r <= '9':
			digit = true
		case r > unicode.MaxASCII || unicode.IsControl(r) || r == ' ':
			return CodePasswordRule
		}
	}
	if n < PasswordMin || n > PasswordMax || !lower || !upper || !digit {
		return CodePasswordRule
	}
	return ""
}

// NormalizeEmail trims and lower-cases an address; ok is false when it is
// not a plain address.
func NormalizeEmail(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > EmailMax || strings.ContainsAny(s, " <>\"") {
		return "", false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".") {
		return "", false
	}
	return strings.ToLower(s), true
}
