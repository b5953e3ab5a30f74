package recommendation

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// requestable loads an application whose owner may send, resend, correct
// or cancel requests now: inside RECOMMEND_REQUEST and not cancelled.
func (s *Service) requestable(ctx context.Context, p permission.Principal, applNo int64) (application.Header, application.Round, error) {
	h, err := s.guard().Change(ctx, p, applNo)
	if err != nil {
		return h, application.Round{}, err
	}
	if h.State.Effective() == application.Cancel {
		return h, application.Round{}, apperr.Conflict(application.CodeNotModifiable)
	}
	rd, err := s.Rounds.Round(ctx, h.Round)
	if err != nil {
		return h, rd, err
	}
	return h, rd, s.guard().Allow(p, rd, window.ActRequestRecommend, s.now())
}

// Create sends a request to a recommender: at most as many as the round
// asks for, one per e-mail address (NewReq, under the store's lock on the
// application's requests). The mail carrying the key is queued with it.
func (s *Service) Create(ctx context.Context, p permission.Principal, applNo int64, in Request, locale string) (ApplicantView, error) {
	// The input is checked before the window, so a form sent after the
	// window with a mistake in it is told about the mistake first.
	in, err := in.Validate()
	if err != nil {
		return ApplicantView{}, err
	}
	if err := CheckLocale(locale); err != nil {
		return ApplicantView{}, err
	}
	h, rd, err := s.requestable(ctx, p, applNo)
	if err != nil {
		return ApplicantView{}, err
	}
	t, err := s.template(ctx, h.Round)
	if err != nil {
		return ApplicantView{}, err
	}
	key, hash, err := NewKey(s.Rand)
	if err != nil {
		return ApplicantView{}, err
	}
	ask := Ask{ApplNo: applNo, Round: h.Round, ApplicantUserID: h.UserID, ApplicantName: h.ApplicantName,
		Exempt: application.Exempt(p), Request: in, Locale: locale}
	var out Req
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		out, err = s.Store.Add(ctx, applNo, func(live []Req) (*Req, error) {
			return NewReq(ask, live, t.Letters, hash, s.now())
		})
		if err != nil {
			return err
		}
		return s.mailKey(ctx, out, rd, key, false)
	})
	if err != nil {
		return ApplicantView{}, err
	}
	return out.ApplicantView(), nil
}
