package account

import (
	"github.com/gradapply/gradapply/core/apperr"
)

// User status rules (spec section 4 "Other states", "Membership terms").
// An INACTIVE member (limited or suspended) may not sign in; WITHDRAW is
// final: withdrawal is immediate and cannot be undone (a new sign-up is a
// new account).
const (
	CodeStatusUnknown = "account.status_unknown"
	CodeStatusChange  = "account.status_change" // e.g. back from WITHDRAW
)

// Statuses lists every user status.
var Statuses = []Status{StatusActive, StatusInactive, StatusWithdraw}

// ParseStatus reads a user status.
func ParseStatus(s string) (Status, error) {
	switch Status(s) {
	case StatusActive, StatusInactive, StatusWithdraw:
		return Status(s), nil
	}
	return "", apperr.Invalid(CodeStatusUnknown)
}

// CanSignIn reports whether a member in this status may sign in.
func (s Status) CanSignIn() bool { return s == StatusActive }

// CheckStatusChange says whether an administrator (or the member, for
// WITHDRAW) may move a member from one status to another: ACTIVE and
// INACTIVE into each other, either into WITHDRAW, nothing out of WITHDRAW.
func CheckStatusChange(from, to Status) error {
	if _, err := ParseStatus(string(to)); err != nil {
		return err
	}
	switch from {
	case StatusActive, StatusInactive:
		if from == to {
			return apperr.Conflict(CodeStatusChange)
		}
		return nil
	case StatusWithdraw:
		return apperr.Conflict(CodeStatusChange)
	}
	return apperr.Invalid(CodeStatusUnknown)
}
