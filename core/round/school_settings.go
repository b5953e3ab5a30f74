package round

import (
	"context"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// School answers a school's settings.
func (s *Service) School(ctx context.Context, p permission.Principal, code string) (SchoolSettings, error) {
	if !permission.Can(p, permission.RecruitPartManage, code) {
		return SchoolSettings{}, apperr.NotFound(CodeSchoolNotFound)
	}
	return s.Store.School(ctx, code)
}

// SaveSchool changes a school's settings, audited, and answers them as
// stored.
func (s *Service) SaveSchool(ctx context.Context, p permission.Principal, in SchoolSettings) (SchoolSettings, error) {
	if !permission.Can(p, permission.RecruitPartManage, in.SchoolCode) {
		return SchoolSettings{}, apperr.NotFound(CodeSchoolNotFound)
	}
	old, err := s.Store.School(ctx, in.SchoolCode)
	if err != nil {
		return SchoolSettings{}, err
	}
	in.Slug, in.Majors = old.Slug, old.Majors
	in.KorName, in.EngName = strings.TrimSpace(in.KorName), strings.TrimSpace(in.EngName)
	in.Color = strings.TrimSpace(in.Color)
	if err := ValidateSchool(in); err != nil {
		return SchoolSettings{}, err
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.SaveSchool(ctx, in); err != nil {
			return err
		}
		changes := schoolChanges(old, in)
		if len(changes) == 0 {
			return nil
		}
		return s.Audit.Record(ctx, p.UserID, "school.update", "school:"+in.SchoolCode, AuditDetail(changes))
	})
	if err != nil {
		return SchoolSettings{}, err
	}
	s.flush()
	return s.Store.School(ctx, in.SchoolCode)
}
