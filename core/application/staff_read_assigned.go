package application

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Assigned answers nil when p is a reviewer assigned to the application
// (evaluation.Service.MayRead), not found otherwise.
type Assigned interface {
	MayRead(ctx context.Context, p permission.Principal, applNo int64) error
}

// AssignedRead is the whole application for a reviewer assigned to it
// (issue 23): every step as StaffRead shows it, identification numbers
// masked, without the applicant's e-mail, consents or payments, and no
// action. The read is logged. Anyone not assigned is told it does not
// exist.
func (s *Service) AssignedRead(ctx context.Context, p permission.Principal, applNo int64) (StaffView, error) {
	if !p.Authenticated() {
		return StaffView{}, apperr.Unauthenticated("auth.required")
	}
	if s.Assigned == nil {
		return StaffView{}, apperr.NotFound(CodeNotFound)
	}
	if err := s.Assigned.MayRead(ctx, p, applNo); err != nil {
		if apperr.KindOf(err) == apperr.KindNotFound {
			return StaffView{}, apperr.NotFound(CodeNotFound)
		}
		return StaffView{}, err
	}
	h, err := s.Apps.Get(ctx, applNo)
	if err != nil {
		return StaffView{}, err
	}
	if s.Log != nil {
		if err := s.Log.Record(ctx, p.UserID, "application.read", "application:"+itoa(applNo),
			map[string]any{"section": "all", "as": "reviewer"}); err != nil {
			return StaffView{}, err
		}
	}
	rec, err := s.record(ctx, p, h, nil)
	if err != nil {
		return StaffView{}, err
	}
	v := StaffView{Record: rec}
	if v.Info, v.HasInfo, err = s.Forms.Info(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	v.Info = MaskInfo(v.Info, rulesFor(rec.Round, rec.Offer))
	if v.Academic, err = s.Forms.Academic(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	if v.Languages, err = s.Forms.Languages(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	if v.Careers, err = s.Forms.Careers(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	if v.Certs, v.Essays, err = s.Forms.AddInfo(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	return v, nil
}
