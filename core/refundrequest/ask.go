package refundrequest

import (
	"context"

	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
)

// AskInput is what the applicant sends: the reason and, for a
// virtual-account payment, where the refund goes.
type AskInput struct {
	Reason  string
	Account *payment.RefundAccount
}

// Ask files the caller's refund request about the paid payment of one of
// their applications. Another applicant's application is missing; an
// application not paid or fully refunded, or whose payment already has a
// pending request, is a conflict. The request and its audit line commit
// together.
func (s *Service) Ask(ctx context.Context, p permission.Principal, applNo int64, in AskInput) (Request, error) {
	if err := applicant(p); err != nil {
		return Request{}, err
	}
	h, err := s.own(ctx, p, applNo)
	if err != nil {
		return Request{}, err
	}
	var out Request
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		paid, err := s.paid(ctx, applNo)
		if err != nil {
			return err
		}
		paid.UserID = h.UserID // the owner asks, whoever's session paid
		r, err := NewRequest(paid, in.Reason, in.Account, s.now())
		if err != nil {
			return err
		}
		if out, err = s.Store.Create(ctx, r); err != nil {
			return err
		}
		return s.audit(ctx, p, "refund_request.create", out, map[string]any{"reason": out.Reason(),
			"withinWithdrawal": out.WithinWithdrawal(), "daysSincePaid": out.DaysSincePaid()})
	})
	return out, err
}
