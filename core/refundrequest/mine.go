package refundrequest

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Mine lists the caller's requests, newest first (for /list).
func (s *Service) Mine(ctx context.Context, p permission.Principal) ([]Request, error) {
	if err := applicant(p); err != nil {
		return nil, err
	}
	list, _, err := s.Store.List(ctx, Query{UserID: p.UserID})
	return list, err
}

// MineOne answers one of the caller's requests; another applicant's is
// missing.
func (s *Service) MineOne(ctx context.Context, p permission.Principal, id int64) (Request, error) {
	if err := applicant(p); err != nil {
		return Request{}, err
	}
	r, err := s.Store.Get(ctx, id)
	if err != nil {
		return Request{}, err
	}
	if r.UserID() != p.UserID {
		return Request{}, apperr.NotFound(CodeNotFound)
	}
	return r, nil
}
