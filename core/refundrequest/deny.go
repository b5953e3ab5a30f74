package refundrequest

import (
	"context"

	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
)

// Deny refuses a pending request with the reason the applicant reads and
// an internal note; nothing is refunded. The applicant is mailed and the
// denial audited, in the request's transaction.
func (s *Service) Deny(ctx context.Context, p permission.Principal, id int64, reason, note string) (Request, error) {
	if err := staff(p); err != nil {
		return Request{}, err
	}
	if err := checkAnswer(reason, note); err != nil {
		return Request{}, err
	}
	return s.decide(ctx, p, id, func(ctx context.Context, r *Request) error {
		if err := r.Deny(p.UserID, reason, note, s.now()); err != nil {
			return err
		}
		if err := s.audit(ctx, p, "refund_request.deny", *r, map[string]any{"reason": r.Answer(), "note": r.Note(),
			"withinWithdrawal": r.WithinWithdrawal()}); err != nil {
			return err
		}
		return s.mail(ctx, *r, func(school, round, examNumber, requested string) mailmsg.Message {
			return mailmsg.RefundRequestDenied{School: school, Round: round, ExamNumber: examNumber, PaymentID: r.PaymentID(),
				Requested: requested, Reason: r.Answer()}
		})
	})
}
