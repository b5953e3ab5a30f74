package competition

import (
	"context"
	"slices"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
)

// School answers a school's competition page (by code or by the slug of
// its pages), counted at most once per TTL. Anyone may read it: it holds
// nothing personal.
func (s *Service) School(ctx context.Context, school string) (Page, error) {
	school = strings.TrimSpace(school)
	if school == "" {
		var f apperr.Fields
		f.Add("schoolCode", form.CodeRequired)
		return Page{}, f.Err()
	}
	c := s.entry(school)
	c.mu.Lock()
	defer c.mu.Unlock()
	now := s.now()
	if c.page != nil && now.Sub(c.page.CountedAt) < orDefault(s.TTL, DefaultTTL) {
		return *c.page, nil
	}
	p, err := s.count(ctx, school)
	if err != nil {
		return Page{}, err
	}
	c.page = &p
	return p, nil
}

func (s *Service) entry(school string) *cached {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pages == nil {
		s.pages = map[string]*cached{}
	}
	c, ok := s.pages[school]
	if !ok {
		c = &cached{}
		s.pages[school] = c
	}
	return c
}

// count reads the school and its rounds and counts each round shown.
func (s *Service) count(ctx context.Context, school string) (Page, error) {
	schools, err := s.Ref.Schools(ctx)
	if err != nil {
		return Page{}, err
	}
	i := slices.IndexFunc(schools, func(sc application.School) bool { return sc.SchoolCode == school || sc.Slug == school })
	if i < 0 {
		return Page{}, apperr.NotFound(CodeSchoolUnknown)
	}
	sc := schools[i]
	p := Page{SchoolCode: sc.SchoolCode, SchoolKorName: sc.KorName, SchoolEngName: sc.EngName, Rounds: []Board{}}
	rounds, err := s.Ref.Rounds(ctx, sc.SchoolCode)
	if err != nil {
		return Page{}, err
	}
	now := s.now()
	recent := orDefault(s.Recent, DefaultRecent)
	for _, r := range rounds {
		if !shown(r, now, recent) {
			continue
		}
		counts, err := s.Counter.Count(ctx, r.RoundKey)
		if err != nil {
			return Page{}, err
		}
		p.Rounds = append(p.Rounds, board(r, counts, now))
	}
	p.CountedAt = now
	return p, nil
}
