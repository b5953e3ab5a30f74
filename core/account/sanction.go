package account

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// Sanction kinds (spec section 4 "Membership terms": limited, suspended or
// ended).
//   - LIMIT: a notice to fix the cause within FixDays; the member keeps
//     signing in. Staff mark it fixed (MarkFixed); one not fixed by the
//     end of its FixBy day ends membership (RunFixPeriod, a scheduled job).
//   - SUSPEND: the member may not sign in (status INACTIVE) until staff
//     restore them. A suspension after an earlier one ends membership.
//   - END: loss of membership (status WITHDRAW, final).
const (
	SanctionLimit   = "LIMIT"
	SanctionSuspend = "SUSPEND"
	SanctionEnd     = "END"
)

// Sanction causes.
const (
	CauseFalseInfo  = "FALSE_INFO"
	CauseDisruption = "DISRUPTION"
	CauseOther      = "OTHER"
)

// FixDays is the time a limited member has to fix the cause.
const FixDays = 10

// Member-management codes.
const (
	CodeSanctionUnknown = "account.sanction_unknown"
	CodeCauseUnknown    = "account.cause_unknown"
	CodeNoteRequired    = "account.note_required"
	CodeNoteTooLong     = "account.note_too_long"
	CodeLastSysAdmin    = "account.last_sysadmin" // the last system admin keeps the role
	CodeSchoolRequired  = "account.school_required"
	CodeSchoolNotBound  = "account.school_not_needed"
	CodeRoleUnknown     = "account.role_unknown"
	CodeSelfChange      = "account.self_change" // staff do not suspend or demote themselves
	CodeUserNotFound    = "user.not_found"
)

// MaxNote is the longest note on a sanction or status change.
const MaxNote = 500

// Resolutions of a LIMIT.
const (
	ResolutionFixed = "FIXED" // staff saw the cause fixed in time
	ResolutionEnded = "ENDED" // not fixed in time: membership ended
)

// Sanction is one membership measure, as stored.
type Sanction struct {
	ID        int64 // given by the store
	UserPK    int64
	Kind      string
	Cause     string
	Note      string
	FixBy     string // LIMIT: yyyy-MM-dd (Asia/Seoul)
	By        string // staff user id
	CreatedAt time.Time
	// ResolvedAt and Resolution close a LIMIT (nil and "" while open).
	ResolvedAt *time.Time
	Resolution string
}

// Open reports whether s is a LIMIT still waiting for its fix.
func (s Sanction) Open() bool { return s.Kind == SanctionLimit && s.ResolvedAt == nil }

// DecideSanction applies the membership terms to a measure: a suspension
// of a member suspended before ends membership (spec section 4: "a repeat
// after suspension ... leads to loss of membership"). It answers the
// measure taken and the status it leaves the member in.
func DecideSanction(kind string, history []Sanction) (string, Status) {
	if kind == SanctionSuspend && slices.ContainsFunc(history, func(s Sanction) bool { return s.Kind == SanctionSuspend }) {
		kind = SanctionEnd
	}
	switch kind {
	case SanctionSuspend:
		return kind, StatusInactive
	case SanctionEnd:
		return kind, StatusWithdraw
	}
	return kind, StatusActive
}

// SanctionInput is a system admin limiting, suspending or ending a
// membership.
type SanctionInput struct {
	Kind  string
	Cause string
	Note  string
}

// check answers the input with its note trimmed, or the field errors: a
// known kind and cause, and a note of at most MaxNote.
func (in SanctionInput) check() (SanctionInput, error) {
	var f apperr.Fields
	if in.Kind != SanctionLimit && in.Kind != SanctionSuspend && in.Kind != SanctionEnd {
		f.Add("kind", CodeSanctionUnknown)
	}
	if in.Cause != CauseFalseInfo && in.Cause != CauseDisruption && in.Cause != CauseOther {
		f.Add("cause", CodeCauseUnknown)
	}
	note, err := checkNote(in.Note, true)
	if e, ok := apperr.As(err); ok {
		f = append(f, e.Fields...)
	}
	in.Note = note
	return in, f.Err()
}

func checkNote(note string, required bool) (string, error) {
	note = strings.TrimSpace(note)
	var f apperr.Fields
	switch {
	case required && note == "":
		f.Add("note", CodeNoteRequired)
	case utf8.RuneCountInString(note) > MaxNote:
		f.AddParam("note", CodeNoteTooLong, "max", MaxNote)
	}
	return note, f.Err()
}

// checkCause reads the cause of a status change: one of the sanction
// causes, OTHER when none is given.
func checkCause(c string) (string, error) {
	switch c {
	case CauseFalseInfo, CauseDisruption, CauseOther:
		return c, nil
	case "":
		return CauseOther, nil
	}
	var f apperr.Fields
	f.Add("cause", CodeCauseUnknown)
	return "", f.Err()
}

// noticeRestored is the action of a membership notice that restores the
// member (a status change to ACTIVE, a limit marked fixed).
const noticeRestored = "ACTIVE"

// membershipNotice is the mail of a measure or status change.
func membershipNotice(userID, action, cause, note, fixBy string) mailmsg.MembershipNotice {
	return mailmsg.MembershipNotice{UserID: userID, Limited: action == SanctionLimit, Suspended: action == SanctionSuspend,
		Ended: action == SanctionEnd, Restored: action == noticeRestored, FalseInfo: cause == CauseFalseInfo,
		Disruption: cause == CauseDisruption, Note: note, FixBy: fixBy}
}
