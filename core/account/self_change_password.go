package account

import (
	"context"

	"github.com/gradapply/gradapply/core/permission"
)

// ChangePassword sets a new password after checking the current one
// (Member.ChangePassword). Every token of the account is revoked; the
// caller issues a fresh one for the session that made the change (returned
// user).
func (s *Service) ChangePassword(ctx context.Context, p permission.Principal, ticket, current, next string) (User, error) {
	var out User
	err := s.updateWithTicket(ctx, p, ticket, func(ctx context.Context, m *Member) error {
		if err := m.ChangePassword(s.Passwords, current, next); err != nil {
			return err
		}
		out = m.User()
		return s.Access.Record(ctx, m.UserID(), "account.password_change", m.UserID(), nil)
	})
	return out, err
}
