package account

import (
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Member management of the back office (issue 13): user/management (status
// and the membership terms of spec section 4) and auth/list (roles). Only a
// system admin manages members and roles (permission.UserManage,
// permission.AuthManage). Every change revokes the member's sessions
// (decisions.md "A role change revokes the member's sessions"), is written
// to the audit log and, for the membership terms, mailed to the member.

// MemberDetail is one account for user/management, with its measures.
type MemberDetail struct {
	User      User
	Sanctions []Sanction
	Phone     string    // "" when none (or no lifecycle store)
	Login     LoginLock // whether sign-in is locked now
}

func canManage(p permission.Principal, a permission.Action) bool {
	return (a == permission.UserManage || a == permission.AuthManage) && permission.Can(p, a, "")
}

// ListMembers is user/management and auth/list: every account (staff
// included), for a system admin. The list is logged.
func (s *Service) ListMembers(ctx context.Context, p permission.Principal, a permission.Action, q ListQuery) ([]User, int, error) {
	if !canManage(p, a) {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	q.Member, q.AppliedTo = "", ""
	return s.listLogged(ctx, p, q, "member.list")
}

// Member is one account with its measures, for a system admin.
func (s *Service) Member(ctx context.Context, p permission.Principal, a permission.Action, userID string) (MemberDetail, error) {
	if !canManage(p, a) {
		return MemberDetail{}, apperr.Forbidden("auth.forbidden")
	}
	u, err := s.Users.ByUserID(ctx, userID)
	if err != nil {
		return MemberDetail{}, err
	}
	list, err := s.Members.Sanctions(ctx, u.PK)
	if err != nil {
		return MemberDetail{}, err
	}
	d := MemberDetail{User: u, Sanctions: list}
	if s.Life != nil {
		pr, err := s.Life.Profile(ctx, u.PK)
		if err != nil {
			return MemberDetail{}, err
		}
		d.Phone = pr.Phone
	}
	if d.Login, err = s.loginLock(ctx, u.UserID); err != nil {
		return MemberDetail{}, err
	}
	err = s.Access.Record(ctx, p.UserID, "member.read", u.UserID, nil)
	return d, err
}

// manage changes another member for a system admin p: fn runs on the
// locked member; staff do not change themselves here.
func (s *Service) manage(ctx context.Context, p permission.Principal, userID string, fn func(ctx context.Context, m *Member) error) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		u, err := s.Users.ByUserID(ctx, userID)
		if err != nil {
			return err
		}
		if u.UserID == p.UserID {
			return apperr.Conflict(CodeSelfChange)
		}
		return s.Users.Update(ctx, u.PK, fn)
	})
}

// keepSysAdmin refuses a change that leaves no active system admin: u as
// it was, next status and roles as they would be.
func (s *Service) keepSysAdmin(ctx context.Context, u User, next Status, roles []permission.Role) error {
	was := slices.Contains(u.Roles, permission.RoleSysAdmin) && u.Status == StatusActive
	stays := slices.Contains(roles, permission.RoleSysAdmin) && next == StatusActive
	if !was || stays {
		return nil
	}
	n, err := s.Members.CountRole(ctx, permission.RoleSysAdmin)
	if err != nil {
		return err
	}
	if n <= 1 {
		return apperr.Conflict(CodeLastSysAdmin)
	}
	return nil
}
