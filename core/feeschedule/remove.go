package feeschedule

import (
	"context"

	"github.com/gradapply/gradapply/core/permission"
)

// Remove removes a rule (by id), audited as feerule.remove with what it
// was; payments it priced fall back to the rule in effect before it.
func (s *Service) Remove(ctx context.Context, p permission.Principal, id string) (SchoolRule, error) {
	if err := allowed(p); err != nil {
		return SchoolRule{}, err
	}
	school, no, err := ParseID(id)
	if err != nil {
		return SchoolRule{}, err
	}
	return s.change(ctx, p, school, "feerule.remove", func(sc *Schedule) (Rule, map[string]any, error) {
		r, err := sc.Remove(no)
		return r, auditDetail(r), err
	})
}
