package account

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// RoleChange is a system admin setting a member's roles.
type RoleChange struct {
	Roles      []string
	SchoolCode string
}

// SetRoles grants and revokes roles (auth/detail, Member.ChangeRoles):
// school admins and setting admins are bound to one known school, other
// accounts to none; the last system admin keeps the role; a system admin
// does not change their own roles. The member's sessions are revoked, so a
// removed role stops at once and a new one works from the next sign-in.
func (s *Service) SetRoles(ctx context.Context, p permission.Principal, userID string, c RoleChange) (User, error) {
	if !permission.Can(p, permission.AuthManage, "") {
		return User{}, apperr.Forbidden("auth.forbidden")
	}
	roles, f := parseRoles(c.Roles)
	school, bf := checkBinding(roles, c.SchoolCode)
	f = append(f, bf...)
	if err := f.Err(); err != nil {
		return User{}, err
	}
	var out User
	err := s.manage(ctx, p, userID, func(ctx context.Context, m *Member) error {
		before := m.User()
		if err := m.ChangeRoles(roles, school); err != nil {
			return err
		}
		if school != "" {
			ok, err := s.Members.SchoolExists(ctx, school)
			if err != nil {
				return err
			}
			if !ok {
				var f apperr.Fields
				f.Add("schoolCode", CodeSchoolRequired)
				return f.Err()
			}
		}
		if err := s.keepSysAdmin(ctx, before, m.Status(), m.Roles()); err != nil {
			return err
		}
		out = m.User()
		return s.Access.Record(ctx, p.UserID, "member.roles", m.UserID(), map[string]any{"from": roleNames(before.Roles), "to": roleNames(roles), "schoolCode": school})
	})
	return out, err
}
