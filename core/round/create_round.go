package round

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// Create stores a new round of a school the caller manages, audited with
// every value it was created with. It answers the round as its page
// shows it.
func (s *Service) Create(ctx context.Context, p permission.Principal, k application.RoundKey, in Values) (View, error) {
	if !permission.Can(p, permission.RecruitPartManage, k.SchoolCode) {
		return View{}, apperr.Forbidden("auth.forbidden")
	}
	if _, err := s.Store.School(ctx, k.SchoolCode); err != nil {
		var f apperr.Fields
		f.Add("schoolCode", CodeSchoolNotFound)
		return View{}, f.Err()
	}
	majors, err := s.Store.Majors(ctx, k.SchoolCode)
	if err != nil {
		return View{}, err
	}
	st, err := NewSettings(k, in, Facts{Now: s.Clock.Now(), Majors: majors})
	if err != nil {
		return View{}, err
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.Create(ctx, st); err != nil {
			return err
		}
		return s.Audit.Record(ctx, p.UserID, "round.create", Target(k), map[string]any{"after": st.AuditFields()})
	})
	if err != nil {
		return View{}, err
	}
	s.flush()
	return s.view(ctx, k)
}
