package application

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// A closed round's windows end at the close, its applications are changed
// by a system admin only, and the applicant is refused with the close.
func TestClosedRoundLocksChanges(t *testing.T) {
	start := time.Date(2030, 3, 1, 0, 0, 0, 0, window.Seoul)
	at := start.AddDate(0, 0, 5)
	r := Round{Windows: []window.Window{{Kind: window.Submit, Start: start, End: start.AddDate(0, 0, 20)}}}
	school := permission.Principal{UserID: "s", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S1"}
	sys := permission.Principal{UserID: "a", Roles: []permission.Role{permission.RoleSysAdmin}}
	if checkStaffChange(school, r) != nil {
		t.Fatal("an open round refuses staff")
	}
	closed := r.WithClosure(&Closure{At: at, By: "closer", Reason: "quota"})
	if err := checkStaffChange(school, closed); apperr.CodeOf(err) != CodeRoundClosed {
		t.Fatalf("school admin on a closed round: %v", err)
	}
	if err := checkStaffChange(sys, closed); err != nil {
		t.Fatalf("system admin on a closed round: %v", err)
	}
	applicant := permission.Principal{UserID: "u", Roles: []permission.Role{permission.RoleUser, permission.RoleTimeIndependent}}
	if err := (Guard{}).Allow(applicant, closed, window.ActEdit, at.Add(time.Minute)); apperr.CodeOf(err) != window.CodeRoundClosed {
		t.Fatalf("a time-independent applicant after the close: %v", err)
	}
	if r.Windows[0].End.Equal(at) {
		t.Fatal("WithClosure changed the round it was given")
	}
}
