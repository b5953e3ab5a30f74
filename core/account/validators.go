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
	CodeCodeTries       = "account.code_tries" // CodeMaxAttempts wrong codes: only a new code helps
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
	// The account lifecycle (issue 14): find id, reset a forgotten
	// password, My Info, withdrawal.
	CodeResetLinkInvalid  = "account.reset_link_invalid"
	CodeFindTooMany       = "account.find_too_many"
	CodeConfirmFailed     = "account.confirm_failed"
	CodeConfirmLocked     = "account.confirm_locked"
	CodeTicketRequired    = "account.ticket_required"
	CodePasswordSame      = "account.password_same"
	CodeCurrentPassword   = "account.current_password"
	CodePhoneFormat       = "account.phone_format"
	CodeEmailSame         = "account.email_same"
	CodeWithdrawConfirm   = "account.withdraw_confirm"
	CodeWithdrawInFlight  = "account.withdraw_payment_in_flight"
	CodeWithdrawNotMember = "account.withdraw_not_applicant"
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
	// Phone numbers: 9 to 20 digits.
	PhoneMin = 9
	PhoneMax = 20
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

// NormalizePhone keeps digits, one leading +, and - or spaces between
// digits; it returns the digits (with the +) or false.
func NormalizePhone(s string) (string, bool) {
	s = strings.TrimSpace(s)
	var b strings.Builder
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
			b.WriteRune(r)
		case r == '-' || r == ' ':
		default:
			return "", false
		}
	}
	n := len(strings.TrimPrefix(b.String(), "+"))
	if n < PhoneMin || n > PhoneMax {
		return "", false
	}
	return b.String(), true
}
