package feeschedule

import (
	"context"

	"github.com/gradapply/gradapply/core/permission"
)

// Rule answers one rule by its id (SchoolRule.ID).
func (s *Service) Rule(ctx context.Context, p permission.Principal, id string) (SchoolRule, error) {
	if err := allowed(p); err != nil {
		return SchoolRule{}, err
	}
	school, no, err := ParseID(id)
	if err != nil {
		return SchoolRule{}, err
	}
	sc, err := s.Store.Get(ctx, school)
	if err != nil {
		return SchoolRule{}, err
	}
	r, err := sc.Rule(no)
	if err != nil {
		return SchoolRule{}, err
	}
	return SchoolRule{School: school, Rule: r}, nil
}
