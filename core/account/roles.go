package account

import (
	"slices"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// bindRoles checks a set of roles with its school binding: at least one
// role, each known, bound to a school exactly when checkBinding says. It
// answers the roles sorted without repeats.
func bindRoles(roles []permission.Role, school string) ([]permission.Role, string, error) {
	var f apperr.Fields
	out := make([]permission.Role, 0, len(roles))
	for _, r := range roles {
		if _, ok := permission.ParseRole(string(r)); !ok {
			f.AddParam("roles", CodeRoleUnknown, "role", string(r))
			continue
		}
		out = append(out, r)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	if len(roles) == 0 {
		f.Add("roles", CodeRoleUnknown)
	}
	school, bf := checkBinding(out, school)
	f = append(f, bf...)
	return out, school, f.Err()
}

// checkBinding is the school binding of a set of roles: school admins,
// setting admins and reviewers are bound to one school, other accounts to none.
func checkBinding(roles []permission.Role, school string) (string, apperr.Fields) {
	var f apperr.Fields
	bound := slices.ContainsFunc(roles, permission.SchoolBound)
	school = strings.TrimSpace(school)
	switch {
	case bound && school == "":
		f.Add("schoolCode", CodeSchoolRequired)
	case !bound && school != "":
		f.Add("schoolCode", CodeSchoolNotBound)
	}
	return school, f
}

// parseRoles reads role names: each known, at least one; repeats dropped.
func parseRoles(names []string) ([]permission.Role, apperr.Fields) {
	var f apperr.Fields
	var roles []permission.Role
	for _, r := range names {
		role, ok := permission.ParseRole(r)
		if !ok {
			f.AddParam("roles", CodeRoleUnknown, "role", r)
			continue
		}
		if !slices.Contains(roles, role) {
			roles = append(roles, role)
		}
	}
	if len(names) == 0 {
		f.Add("roles", CodeRoleUnknown)
	}
	return roles, f
}

func roleNames(roles []permission.Role) []string {
	out := make([]string, len(roles))
	for i, r := range roles {
		out[i] = string(r)
	}
	return out
}
