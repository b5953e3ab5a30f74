package round

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// Create stores a new round of a school the caller manages, audited with
// every value it was created with.
func (s *Service) Create(ctx context.Context, p permission.Principal, k application.RoundKey, in Values) error {
	if !permission.Can(p, permission.RecruitPartManage, k.SchoolCode) {
		return apperr.Forbidden("auth.forbidden")
	}
	if _, err := s.Store.School(ctx, k.SchoolCode); err != nil {
		var f apperr.Fields
		f.Add("schoolCode", CodeSchoolNotFound)
		return f.Err()
	}
	majors, err := s.Store.Majors(ctx, k.SchoolCode)
	if err != nil {
		return err
	}
	st, err := NewSettings(k, in, Facts{Now: s.Clock.Now(), Majors: majors})
	if err != nil {
		return err
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.Create(ctx, st); err != nil {
			return err
		}
		return s.Audit.Record(ctx, p.UserID, "round.create", Target(k), map[string]any{"after": st.AuditFields()})
	})
	if err == nil {
		s.flush()
	}
	return err
}
