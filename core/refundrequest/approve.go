package refundrequest

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
)

// ApproveInput is an approval: refund everything that remains (00001) or
// a part (00003, Amount in major units), with the reason the applicant
// reads (the refund's reason) and an internal note.
type ApproveInput struct {
	Type   string
	Amount string
	Reason string
	Note   string
}

// Approve refunds a pending request through the existing staff refund
// (the Refunder: core/payment Staff.Cancel) in the request's transaction:
// the request's row lock keeps two staff from refunding it twice, and a
// refund the provider refuses leaves the request pending. The refund
// account is the one the applicant gave. The applicant is mailed the
// answer (beside the refund's own mail) and the approval is audited.
// A refusal by the provider is kept as the staff refund recorded it (the
// request's transaction commits with the request unchanged) and answered
// as the error.
func (s *Service) Approve(ctx context.Context, p permission.Principal, id int64, in ApproveInput) (Request, error) {
	if err := staff(p); err != nil {
		return Request{}, err
	}
	var f apperr.Fields
	if t, err := payment.ParseCancelType(in.Type); err != nil || t == payment.CancelZero {
		f.Add("cancelType", CodeCancelType)
	}
	if fe, ok := apperr.As(checkAnswer(in.Reason, in.Note)); ok {
		f = append(f, fe.Fields...)
	}
	if err := f.Err(); err != nil {
		return Request{}, err
	}
	var refused error
	out, err := s.decide(ctx, p, id, func(ctx context.Context, r *Request) error {
		c, err := s.Refunder.Refund(ctx, p, r.PaymentID(), payment.CancelInput{Type: in.Type, Amount: in.Amount, Reason: in.Reason,
			Refund: r.Account()})
		if apperr.CodeOf(err) == payment.CodeProviderRefused {
			// The provider said no: nothing was refunded and the request
			// stays pending, but the staff refund recorded the refusal (an
			// alert of pay-failure/history) in this transaction: commit it.
			refused = err
			return nil
		}
		if err != nil {
			return err
		}
		if err := r.Approve(p.UserID, c.Amount, c.ID, in.Reason, in.Note, s.now()); err != nil {
			return err
		}
		if err := s.audit(ctx, p, "refund_request.approve", *r, map[string]any{"cancelType": in.Type, "amount": c.Amount.String(),
			"cancelId": c.ID, "reason": r.Answer(), "note": r.Note(), "withinWithdrawal": r.WithinWithdrawal()}); err != nil {
			return err
		}
		return s.mail(ctx, *r, func(school, round, examNumber, requested string) mailmsg.Message {
			return mailmsg.RefundRequestApproved{School: school, Round: round, ExamNumber: examNumber, PaymentID: r.PaymentID(),
				Requested: requested, Refunded: c.Amount.String(), Reason: r.Answer()}
		})
	})
	if err == nil && refused != nil {
		return Request{}, refused
	}
	return out, err
}
