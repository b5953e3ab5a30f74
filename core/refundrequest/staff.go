package refundrequest

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/permission"
)

// Item is a request as staff see it: with the application's exam number,
// applicant and status, and what the payment has refunded and has left
// now (the request keeps what was paid when it was asked).
type Item struct {
	Request
	ApplID        string
	ApplicantName string
	Round         application.RoundKey
	AppStatus     application.Status
	RefundedSoFar money.Money
	Remaining     money.Money
}

func (s *Service) item(ctx context.Context, r Request) (Item, error) {
	it := Item{Request: r, RefundedSoFar: money.Zero(r.Paid().Paid.Currency()), Remaining: money.Zero(r.Paid().Paid.Currency())}
	h, err := s.Apps.Get(ctx, r.ApplNo())
	switch {
	case err == nil:
		it.ApplID, it.ApplicantName, it.Round, it.AppStatus = h.ApplID, h.ApplicantName, h.Round, h.State.Effective()
	case apperr.KindOf(err) != apperr.KindNotFound:
		return it, err
	}
	att, err := s.Payments.Get(ctx, r.PaymentID())
	switch {
	case err == nil:
		it.RefundedSoFar, it.Remaining = att.Refunded(), att.Remaining()
	case apperr.KindOf(err) != apperr.KindNotFound:
		return it, err
	}
	return it, nil
}

// List answers a page of requests for staff, newest first (pending ones
// are what a list filtered on Pending shows). A school-bound caller would
// see only its school's; today only system admins may refund.
func (s *Service) List(ctx context.Context, p permission.Principal, q Query) ([]Item, int, error) {
	if err := staff(p); err != nil {
		return nil, 0, err
	}
	if school, _ := permission.Scope(p, permission.PayCancel); school != "" {
		q.School = school
	}
	list, total, err := s.Store.List(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	// Lists show applicants' ids and names: the read is in the access log.
	if s.Log != nil {
		if err := s.Log.Record(ctx, p.UserID, "refund_request.list", "", map[string]any{"state": string(q.State), "school": q.School,
			"applNo": q.ApplNo, "rows": len(list)}); err != nil {
			return nil, 0, err
		}
	}
	out := make([]Item, 0, len(list))
	for _, r := range list {
		it, err := s.item(ctx, r)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, it)
	}
	return out, total, nil
}

// Open answers one request for staff, with its refund account; the read
// is audited (the account is personal data).
func (s *Service) Open(ctx context.Context, p permission.Principal, id int64) (Item, error) {
	if err := staff(p); err != nil {
		return Item{}, err
	}
	r, err := s.Store.Get(ctx, id)
	if err != nil {
		return Item{}, err
	}
	if !permission.Can(p, permission.PayCancel, r.SchoolCode()) {
		return Item{}, apperr.NotFound(CodeNotFound)
	}
	if r.Account() != nil {
		if err := s.audit(ctx, p, "refund_request.read", r, nil); err != nil {
			return Item{}, err
		}
	}
	return s.item(ctx, r)
}
