package application

import (
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Spec section 6: "A creator check compares the user id"; per page, the
// admin basic edit is for admin and school admin; STYLE.md: every route is
// tried with another user's ids.
func TestCheckAccess(t *testing.T) {
	t.Parallel()
	owner := permission.Principal{UserID: "kim", Roles: []permission.Role{permission.RoleUser}}
	other := permission.Principal{UserID: "lee", Roles: []permission.Role{permission.RoleUser}}
	sys := permission.Principal{UserID: "root", Roles: []permission.Role{permission.RoleSysAdmin}}
	schl := permission.Principal{UserID: "s", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
	set := permission.Principal{UserID: "t", Roles: []permission.Role{permission.RoleSetAdmin}, SchoolCode: "236"}
	stlm := permission.Principal{UserID: "m", Roles: []permission.Role{permission.RoleSettleAdmin}}
	cases := []struct {
		name   string
		p      permission.Principal
		school string
		write  bool
		ok     bool
	}{
		{"owner reads", owner, "236", false, true},
		{"owner edits", owner, "236", true, true},
		{"another applicant reads", other, "236", false, false},
		{"another applicant edits", other, "236", true, false},
		{"guest", permission.Principal{}, "236", false, false},
		{"system admin reads", sys, "236", false, true},
		{"system admin edits", sys, "236", true, true},
		{"school admin reads own school", schl, "236", false, true},
		{"school admin edits own school", schl, "236", true, true},
		{"school admin of another school", schl, "100", false, false},
		{"setting admin does not read, even their own school (no personal data)", set, "236", false, false},
		{"setting admin does not edit", set, "236", true, false},
		{"settlement staff does not read", stlm, "236", false, false},
		{"no school given", schl, "", false, false},
	}
	for _, c := range cases {
		err := checkAccess(c.p, "kim", c.school, c.write)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
		if err != nil && (apperr.KindOf(err) != apperr.KindNotFound || apperr.CodeOf(err) != CodeNotFound) {
			t.Errorf("%s: %v is not a not-found", c.name, err)
		}
	}
}
