package refundrequest

import (
	"context"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// Form is what the request form shows: the application and its round,
// the paid payment (what remains refundable, whether a refund account is
// needed), the school's rule text and the caller's requests about it,
// newest first.
type Form struct {
	Header   application.Header
	Round    application.Round
	Paid     Paid
	Rule     Rule
	Requests []Request
}

// Open is the request awaiting an answer, if any.
func (f Form) Open() *Request {
	for i := range f.Requests {
		if f.Requests[i].State() == Pending {
			return &f.Requests[i]
		}
	}
	return nil
}

// Form reads the request form of one of the caller's applications.
// Another applicant's application is missing; one that is not paid is a
// conflict (CodeNotPaid).
func (s *Service) Form(ctx context.Context, p permission.Principal, applNo int64) (Form, error) {
	if err := applicant(p); err != nil {
		return Form{}, err
	}
	h, err := s.own(ctx, p, applNo)
	if err != nil {
		return Form{}, err
	}
	paid, err := s.paid(ctx, applNo)
	if err != nil {
		return Form{}, err
	}
	r, err := application.LoadRound(ctx, s.Rounds, h.Round)
	if err != nil {
		return Form{}, err
	}
	rule, _, err := s.Texts.Rule(ctx, h.Round.SchoolCode)
	if err != nil {
		return Form{}, err
	}
	reqs, _, err := s.Store.List(ctx, Query{ApplNo: applNo, UserID: p.UserID})
	if err != nil {
		return Form{}, err
	}
	return Form{Header: h, Round: r, Paid: paid, Rule: rule, Requests: reqs}, nil
}
