package feeschedule

import (
	"context"
	"strings"

	"github.com/gradapply/gradapply/core/permission"
)

// Add adds a rule to a school's schedule, audited as feerule.add.
func (s *Service) Add(ctx context.Context, p permission.Principal, school string, d Draft) (SchoolRule, error) {
	if err := allowed(p); err != nil {
		return SchoolRule{}, err
	}
	school = strings.TrimSpace(school)
	if err := s.knownSchool(ctx, school); err != nil {
		return SchoolRule{}, err
	}
	return s.change(ctx, p, school, "feerule.add", func(sc *Schedule) (Rule, map[string]any, error) {
		r, err := sc.Add(d)
		return r, auditDetail(r), err
	})
}
