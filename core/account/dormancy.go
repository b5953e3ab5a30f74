package account

import (
	"time"

	"github.com/gradapply/gradapply/core/window"
)

// Dormancy and membership-term rules (spec section 4 "Membership terms",
// section 9 "36-month dormancy; 10-day fix period"; decisions.md
// "Dormancy"): 30 days before the 36th month without login the member is
// e-mailed; at 36 months the account is closed and its personal data
// removed (submitted applications keep their own retention).
const (
	DormancyMonths     = 36
	DormancyNoticeDays = 30
	FixPeriodDays      = 10
)

// DormancyAction is what the scheduled job does for one member.
type DormancyAction string

const (
	DormancyNone   DormancyAction = ""
	DormancyNotify DormancyAction = "notify" // send the 30-day notice now
	DormancyClose  DormancyAction = "close"  // close the account and remove its personal data
)

// DormancyCloseAt is when an account with this last activity (last login,
// or sign-up when it never logged in) is closed: 36 calendar months later,
// counted in Asia/Seoul.
func DormancyCloseAt(lastActive time.Time) time.Time {
	return lastActive.In(window.Seoul).AddDate(0, DormancyMonths, 0)
}

// DormancyNoticeAt is 30 days before DormancyCloseAt.
func DormancyNoticeAt(lastActive time.Time) time.Time {
	return DormancyCloseAt(lastActive).AddDate(0, 0, -DormancyNoticeDays)
}

// Dormancy decides for one member. notifiedAt is when the notice was last
// sent (nil if never); a notice sent before the last activity does not
// count, since a login since then restarted the period.
func Dormancy(lastActive time.Time, notifiedAt *time.Time, now time.Time) DormancyAction {
	switch {
	case !now.Before(DormancyCloseAt(lastActive)):
		return DormancyClose
	case now.Before(DormancyNoticeAt(lastActive)):
		return DormancyNone
	case notifiedAt == nil || notifiedAt.Before(lastActive):
		return DormancyNotify
	}
	return DormancyNone
}

// FixDeadline is the end of the 10-day period a suspended member has to fix
// the cause (spec section 4).
func FixDeadline(suspendedAt time.Time) time.Time {
	return suspendedAt.In(window.Seoul).AddDate(0, 0, FixPeriodDays)
}

// LosesMembership reports whether a suspended member loses membership: the
// cause repeated after suspension, or not fixed within 10 days.
func LosesMembership(suspendedAt time.Time, fixed, repeated bool, now time.Time) bool {
	return repeated || (!fixed && !now.Before(FixDeadline(suspendedAt)))
}
