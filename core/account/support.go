package account

import (
	"strings"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
)

// Support tools of user/management (issue 23): a system admin corrects a
// member's e-mail address or details, unlocks a locked sign-in, and looks
// at (and resends) the mails sent to the member. Every action takes a
// reason and is written to the audit log.

// Codes of the support tools.
const (
	CodeReasonRequired = "account.reason_required"
	CodeReasonTooLong  = "account.reason_too_long"
	CodeLocaleUnknown  = "account.locale_unknown"
	CodeMailNotFound   = "account.mail_not_found"
	CodeMailHasSecret  = "account.mail_has_secret"
	CodeMailNotKept    = "account.mail_not_kept"
)

// MaxReason is the longest reason of a support action, in characters.
const MaxReason = 500

// checkReason reads the reason staff give for a support action (field
// "reason").
func checkReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	var f apperr.Fields
	switch {
	case reason == "":
		f.Add("reason", CodeReasonRequired)
	case utf8.RuneCountInString(reason) > MaxReason:
		f.AddParam("reason", CodeReasonTooLong, "max", MaxReason)
	}
	return reason, f.Err()
}

// MaskEmail hides most of an address for a mail or a log: its first
// character and the domain stay ("k***@example.com").
func MaskEmail(addr string) string {
	at := strings.LastIndexByte(addr, '@')
	if at <= 0 {
		return "***"
	}
	r, _ := utf8.DecodeRuneInString(addr)
	return string(r) + "***" + addr[at:]
}
