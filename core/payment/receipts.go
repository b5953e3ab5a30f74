package payment

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// PaidAttempt is a paid attempt with the school and round it paid for.
type PaidAttempt struct {
	Attempt
	Round application.Round
}

// Receipts lists the caller's attempts that were paid, newest first, with
// their school and round.
func (s *Service) Receipts(ctx context.Context, p permission.Principal) ([]PaidAttempt, error) {
	if !p.Authenticated() {
		return nil, apperr.Unauthenticated("auth.required")
	}
	list, err := s.Store.ByUser(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	rounds := map[application.RoundKey]application.Round{}
	var out []PaidAttempt
	for _, a := range list {
		if a.Result() != Paid && a.Result() != Cancelled {
			continue
		}
		h, err := s.Apps.Get(ctx, a.ApplNo())
		if err != nil {
			return nil, err
		}
		r, ok := rounds[h.Round]
		if !ok {
			if r, err = application.LoadRound(ctx, s.Ref, h.Round); err != nil {
				return nil, err
			}
			rounds[h.Round] = r
		}
		out = append(out, PaidAttempt{Attempt: a, Round: r})
	}
	return out, nil
}

// Receipt answers one paid attempt of the caller.
func (s *Service) Receipt(ctx context.Context, p permission.Principal, paymentID string) (Attempt, application.Header, application.Round, error) {
	att, err := s.Store.Get(ctx, paymentID)
	if err != nil || att.Result() != Paid && att.Result() != Cancelled {
		return Attempt{}, application.Header{}, application.Round{}, apperr.NotFound(CodeNotFound)
	}
	h, err := s.guard().Read(ctx, p, att.ApplNo())
	if err != nil {
		return Attempt{}, application.Header{}, application.Round{}, apperr.NotFound(CodeNotFound)
	}
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	return att, h, r, err
}
