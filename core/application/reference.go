package application

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// Schools answers the schools using the service.
func (s *Service) Schools(ctx context.Context) ([]School, error) {
	list, err := s.Ref.Schools(ctx)
	for i := range list {
		if list[i].Color == "" {
			list[i].Color = DefaultColor
		}
	}
	return list, err
}

// Countries answers every country.
func (s *Service) Countries(ctx context.Context) ([]Country, error) { return s.Ref.Countries(ctx) }

// SearchUnivs answers universities whose Korean or English name contains q.
func (s *Service) SearchUnivs(ctx context.Context, q, countryCode string, limit int) ([]Univ, error) {
	q = strings.TrimSpace(q)
	if q == "" && countryCode == "" {
		var f apperr.Fields
		f.Add("q", CodeSearchTooShort)
		return nil, f.Err()
	}
	if utf8.RuneCountInString(q) > 100 {
		var f apperr.Fields
		f.AddParam("q", form.CodeTooLong, "max", 100)
		return nil, f.Err()
	}
	switch {
	case limit <= 0:
		limit = 20
	case limit > 50:
		limit = 50
	}
	return s.Ref.SearchUnivs(ctx, q, countryCode, limit)
}

// Code types of /commcode/groups/{type}.
const (
	CodeTypeSystem = "SYSTEM"
	CodeTypeSchool = "SCHOOL"
)

func codeSchool(typ, school string) (string, error) {
	switch typ {
	case CodeTypeSystem:
		return "", nil
	case CodeTypeSchool:
		if strings.TrimSpace(school) == "" {
			var f apperr.Fields
			f.Add("schoolCode", form.CodeRequired)
			return "", f.Err()
		}
		return school, nil
	}
	return "", apperr.Invalid(CodeCodeType).With("type", typ)
}

// CodeGroups answers the codes of several groups.
func (s *Service) CodeGroups(ctx context.Context, typ, school string, groups []string) (map[string][]Code, error) {
	sc, err := codeSchool(typ, school)
	if err != nil {
		return nil, err
	}
	if len(groups) == 0 || len(groups) > 30 {
		return nil, apperr.NotFound(CodeCodeNotFound)
	}
	out := map[string][]Code{}
	for _, g := range groups {
		g = strings.TrimSpace(g)
		codes, ok, err := CodeGroupFor(ctx, s.Ref, sc, g)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, apperr.NotFound(CodeCodeNotFound).With("group", g)
		}
		out[g] = codes
	}
	return out, nil
}

// CodeOne answers one code of a group.
func (s *Service) CodeOne(ctx context.Context, typ, school, group, code string) (Code, error) {
	m, err := s.CodeGroups(ctx, typ, school, []string{group})
	if err != nil {
		return Code{}, err
	}
	for _, c := range m[group] {
		if c.Code == code {
			return c, nil
		}
	}
	return Code{}, apperr.NotFound(CodeCodeNotFound).With("group", group)
}

// RoundView is a round as the public round pages show it, with which of
// its windows are open, all read at one instant of the service's clock.
type RoundView struct {
	Round
	WindowOpen []bool // WindowOpen[i]: Windows[i] contains now
	SubmitOpen bool   // the SUBMIT window is open now
}

func (s *Service) view(r Round, now time.Time) RoundView {
	v := RoundView{Round: r, WindowOpen: make([]bool, len(r.Windows)), SubmitOpen: windows(r).Open(window.Submit, now)}
	for i, w := range r.Windows {
		v.WindowOpen[i] = w.Contains(now)
	}
	return v
}

// Rounds answers a school's rounds with their open windows.
func (s *Service) Rounds(ctx context.Context, school string) ([]RoundView, error) {
	if strings.TrimSpace(school) == "" {
		var f apperr.Fields
		f.Add("schoolCode", form.CodeRequired)
		return nil, f.Err()
	}
	list, err := s.Ref.Rounds(ctx, school)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]RoundView, len(list))
	for i, r := range list {
		out[i] = s.view(r.Resolve(), now)
	}
	return out, nil
}

// Round answers one round with its open windows.
func (s *Service) Round(ctx context.Context, k RoundKey) (RoundView, error) {
	r, err := LoadRound(ctx, s.Ref, k)
	if err != nil {
		return RoundView{}, err
	}
	return s.view(r, s.now()), nil
}

// InfoSettings answers which basic-info groups a round and part show and
// require. Any signed-in user may read them.
func (s *Service) InfoSettings(ctx context.Context, p permission.Principal, k RoundKey, applPartNo int64) ([]InfoItem, error) {
	r, err := LoadRound(ctx, s.Ref, k)
	if err != nil {
		return nil, err
	}
	if applPartNo != 0 {
		if _, ok := r.offer(applPartNo); !ok {
			return nil, apperr.NotFound(CodeRoundNotFound)
		}
	}
	return r.InfoSettings(applPartNo), nil
}
