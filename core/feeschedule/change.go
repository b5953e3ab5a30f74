package feeschedule

import (
	"context"

	"github.com/gradapply/gradapply/core/permission"
)

// Change replaces a rule (by id) with a draft, audited as feerule.change
// with the rule before and after.
func (s *Service) Change(ctx context.Context, p permission.Principal, id string, d Draft) (SchoolRule, error) {
	if err := allowed(p); err != nil {
		return SchoolRule{}, err
	}
	school, no, err := ParseID(id)
	if err != nil {
		return SchoolRule{}, err
	}
	return s.change(ctx, p, school, "feerule.change", func(sc *Schedule) (Rule, map[string]any, error) {
		before, err := sc.Rule(no)
		if err != nil {
			return Rule{}, nil, err
		}
		r, err := sc.Change(no, d)
		return r, map[string]any{"before": auditDetail(before), "after": auditDetail(r)}, err
	})
}
