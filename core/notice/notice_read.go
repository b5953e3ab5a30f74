package notice

import (
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// shown keeps the notices that show now and that keep accepts.
func (s *Service) shown(list []Notice, keep func(Notice) bool) []Notice {
	now := s.now()
	out := []Notice{}
	for _, n := range list {
		if n.Shows(now) && keep(n) {
			out = append(out, n)
		}
	}
	return out
}

// SchoolPage answers the notices a school's public page shows now: the
// site's and the school's (every round's). Anyone may read them.
func (s *Service) SchoolPage(ctx context.Context, school string) ([]Notice, error) {
	list, err := s.Notices.List(ctx, Query{Site: true, Schools: []string{school}})
	if err != nil {
		return nil, err
	}
	return s.shown(list, func(Notice) bool { return true }), nil
}

// Mine answers the notices an applicant sees now: the site's, and for
// each of their applications its school's notices for the whole school
// and for its round.
func (s *Service) Mine(ctx context.Context, p permission.Principal) ([]Notice, error) {
	if !p.Authenticated() {
		return nil, apperr.Unauthenticated("auth.required")
	}
	apps, err := s.Apps.ListByUser(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	var schools []string
	var rounds []application.RoundKey
	for _, h := range apps {
		if !slices.Contains(schools, h.Round.SchoolCode) {
			schools = append(schools, h.Round.SchoolCode)
		}
		rounds = append(rounds, h.Round)
	}
	list, err := s.Notices.List(ctx, Query{Site: true, Schools: schools})
	if err != nil {
		return nil, err
	}
	return s.shown(list, func(n Notice) bool {
		r := n.content.Round
		return n.content.School == "" || r == nil || slices.Contains(rounds, *r)
	}), nil
}
