package feeschedule

import (
	"context"

	"github.com/gradapply/gradapply/core/permission"
)

// Rules lists the rules of one school, or of every school for "", by
// school, method and first day.
func (s *Service) Rules(ctx context.Context, p permission.Principal, school string) ([]SchoolRule, error) {
	if err := allowed(p); err != nil {
		return nil, err
	}
	var list []*Schedule
	if school != "" {
		sc, err := s.Store.Get(ctx, school)
		if err != nil {
			return nil, err
		}
		list = []*Schedule{sc}
	} else {
		var err error
		if list, err = s.Store.List(ctx); err != nil {
			return nil, err
		}
	}
	out := []SchoolRule{}
	for _, sc := range list {
		for _, r := range sc.Rules() {
			out = append(out, SchoolRule{School: sc.School(), Rule: r})
		}
	}
	return out, nil
}
