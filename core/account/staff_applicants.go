package account

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// The all-applicants list of the back office: staff read applicants'
// accounts, each read written to the personal-data access log.

// ListUsers is the all-applicants list of the back office; a school admin
// sees only their school's applicants.
func (s *Service) ListUsers(ctx context.Context, p permission.Principal, q ListQuery) ([]User, int, error) {
	school, ok := permission.Scope(p, permission.UserListAll)
	if !ok {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	return s.listLogged(ctx, p, applicantsOf(q, school), "user.list")
}

// listLogged reads one page of accounts (at most 100, 10 when the caller
// asks for none) and logs who was shown.
func (s *Service) listLogged(ctx context.Context, p permission.Principal, q ListQuery, action string) ([]User, int, error) {
	if q.Limit <= 0 || q.Limit > 100 {
		q.Limit = 10
	}
	q.Offset = max(q.Offset, 0)
	users, total, err := s.Users.List(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	ids := make([]string, len(users))
	for i, u := range users {
		ids[i] = u.UserID
	}
	err = s.Access.Record(ctx, p.UserID, action, "users", map[string]any{"userIds": ids, "search": q.Search})
	return users, total, err
}

// applicantsOf limits a back-office user list to applicants: accounts with
// ROLE_USER (never staff), and for a school-bound admin only those who have
// an application to that school, whatever school a staff account is bound to.
func applicantsOf(q ListQuery, school string) ListQuery {
	q.Member = permission.RoleUser
	q.AppliedTo = school
	return q
}

// GetUser is one user for the back office, limited like ListUsers.
func (s *Service) GetUser(ctx context.Context, p permission.Principal, pk int64) (User, error) {
	school, ok := permission.Scope(p, permission.UserListAll)
	if !ok {
		return User{}, apperr.Forbidden("auth.forbidden")
	}
	found, _, err := s.Users.List(ctx, applicantsOf(ListQuery{PK: pk, Limit: 1}, school))
	if err != nil {
		return User{}, err
	}
	if len(found) != 1 {
		return User{}, apperr.NotFound(CodeUserNotFound)
	}
	u := found[0]
	return u, s.Access.Record(ctx, p.UserID, "user.read", u.UserID, nil)
}
