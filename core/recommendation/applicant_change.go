package recommendation

import (
	"context"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// change runs fn on one request of the applicant's application under its
// row lock, inside the RECOMMEND_REQUEST window.
func (s *Service) change(ctx context.Context, p permission.Principal, applNo, no int64, fn func(ctx context.Context, r *Req, rd application.Round) error) (ApplicantView, error) {
	_, rd, err := s.requestable(ctx, p, applNo)
	if err != nil {
		return ApplicantView{}, err
	}
	var out Req
	err = s.Store.Update(ctx, no, func(ctx context.Context, r *Req) error {
		if r.ApplNo() != applNo || r.Cancelled() {
			return apperr.NotFound(CodeNoRequest)
		}
		if err := fn(ctx, r, rd); err != nil {
			return err
		}
		out = *r
		return nil
	})
	if err != nil {
		return ApplicantView{}, err
	}
	return out.ApplicantView(), nil
}

// Resend mails the request again with a new key; earlier links keep
// working. A completed letter needs no reminder.
func (s *Service) Resend(ctx context.Context, p permission.Principal, applNo, no int64) (ApplicantView, error) {
	return s.change(ctx, p, applNo, no, func(ctx context.Context, r *Req, rd application.Round) error {
		key, hash, err := NewKey(s.Rand)
		if err != nil {
			return err
		}
		if err := r.Resend(hash); err != nil {
			return err
		}
		return s.mailKey(ctx, *r, rd, key, false)
	})
}

// ChangeEmail corrects the address of a request nobody has opened yet: the
// old link dies and the new address gets a new one.
func (s *Service) ChangeEmail(ctx context.Context, p permission.Principal, applNo, no int64, email string) (ApplicantView, error) {
	if _, ok := account.NormalizeEmail(email); !ok {
		return ApplicantView{}, apperr.Fields{{Field: "email", Code: account.CodeEmailFormat}}.Err()
	}
	return s.change(ctx, p, applNo, no, func(ctx context.Context, r *Req, rd application.Round) error {
		others, err := s.Store.ForApplication(ctx, applNo)
		if err != nil {
			return err
		}
		key, hash, err := NewKey(s.Rand)
		if err != nil {
			return err
		}
		if err := r.ChangeEmail(email, others, hash); err != nil {
			return err
		}
		return s.mailKey(ctx, *r, rd, key, false)
	})
}

// Cancel withdraws a request: the applicant only in 00010 (spec section 4);
// its links die with it.
func (s *Service) Cancel(ctx context.Context, p permission.Principal, applNo, no int64) error {
	_, err := s.change(ctx, p, applNo, no, func(_ context.Context, r *Req, _ application.Round) error {
		return r.Cancel(ByApplicant)
	})
	return err
}
