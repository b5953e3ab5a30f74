package account

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Withdraw ends the member's account at once (decisions.md): refused while
// a payment is in flight, with that reason. Staff accounts are not closed
// here (their roles are managed in the back office).
func (s *Service) Withdraw(ctx context.Context, p permission.Principal, ticket string, confirmed bool) error {
	u, err := s.ticketUser(ctx, p, ticket)
	if err != nil {
		return err
	}
	if !confirmed {
		return fieldErr("confirm", CodeWithdrawConfirm)
	}
	if u.Principal().IsAdmin() {
		return apperr.Forbidden(CodeWithdrawNotMember)
	}
	busy, err := s.Life.PaymentInFlight(ctx, u.PK)
	if err != nil {
		return err
	}
	if busy {
		return apperr.Conflict(CodeWithdrawInFlight)
	}
	var c Closed
	err = s.updateWithTicket(ctx, p, ticket, func(ctx context.Context, m *Member) error {
		var err error
		if c, err = s.closeAccount(ctx, m); err != nil {
			return err
		}
		return s.Access.Record(ctx, m.UserID(), "account.withdraw", m.UserID(), map[string]any{"applicationsKept": c.Unlinked, "draftsDeleted": c.Drafts})
	})
	if err != nil {
		return err
	}
	return s.removeFiles(ctx, c.Files)
}
