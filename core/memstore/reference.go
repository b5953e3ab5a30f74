package memstore

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
)

// Reference is the reference data: schools, countries, universities,
// common codes and rounds, as the Set methods of Store put them.
type Reference struct{ *Store }

var _ application.Reference = Reference{}

type codeKey struct{ school, group string }

// SetRound stores a round (replacing the one of the same key).
func (s *Store) SetRound(r application.Round) {
	_ = s.do(context.Background(), func(d *data) error { d.rounds[r.RoundKey] = r; return nil })
}

// SetSchools replaces the schools.
func (s *Store) SetSchools(l ...application.School) {
	_ = s.do(context.Background(), func(d *data) error { d.schools = slices.Clone(l); return nil })
}

// SetCountries replaces the countries.
func (s *Store) SetCountries(l ...application.Country) {
	_ = s.do(context.Background(), func(d *data) error { d.countries = slices.Clone(l); return nil })
}

// SetUnivs adds universities (replacing those of the same code).
func (s *Store) SetUnivs(l ...application.Univ) {
	_ = s.do(context.Background(), func(d *data) error {
		for _, u := range l {
			d.univs[u.SchoolCode] = u
		}
		return nil
	})
}

// SetCodes replaces a code group of a school ("" the SYSTEM codes).
func (s *Store) SetCodes(school, group string, codes ...application.Code) {
	_ = s.do(context.Background(), func(d *data) error { d.codes[codeKey{school, group}] = slices.Clone(codes); return nil })
}

// Schools lists the schools by Korean name.
func (s Reference) Schools(ctx context.Context) ([]application.School, error) {
	var out []application.School
	err := s.do(ctx, func(d *data) error {
		out = slices.Clone(d.schools)
		slices.SortStableFunc(out, func(a, b application.School) int { return cmp.Compare(a.KorName, b.KorName) })
		return nil
	})
	return out, err
}

// Countries lists the countries in code order.
func (s Reference) Countries(ctx context.Context) ([]application.Country, error) {
	var out []application.Country
	err := s.do(ctx, func(d *data) error {
		out = slices.Clone(d.countries)
		slices.SortStableFunc(out, func(a, b application.Country) int { return cmp.Compare(a.Code, b.Code) })
		return nil
	})
	return out, err
}

// SearchUnivs finds universities whose Korean or English name holds q
// (case-insensitively), in a country if given, by Korean name, at most
// limit.
func (s Reference) SearchUnivs(ctx context.Context, q, country string, limit int) ([]application.Univ, error) {
	var out []application.Univ
	err := s.do(ctx, func(d *data) error {
		lq := strings.ToLower(q)
		for _, u := range d.univs {
			if (country == "" || u.CountryCode == country) &&
				(strings.Contains(strings.ToLower(u.KorName), lq) || strings.Contains(strings.ToLower(u.EngName), lq)) {
				out = append(out, u)
			}
		}
		slices.SortFunc(out, func(a, b application.Univ) int {
			return cmp.Or(cmp.Compare(a.KorName, b.KorName), cmp.Compare(a.SchoolCode, b.SchoolCode))
		})
		if len(out) > limit {
			out = out[:limit]
		}
		return nil
	})
	return out, err
}

// Univ finds one university.
func (s Reference) Univ(ctx context.Context, code string) (application.Univ, bool, error) {
	var u application.Univ
	var ok bool
	err := s.do(ctx, func(d *data) error { u, ok = d.univs[code]; return nil })
	return u, ok, err
}

// CodeGroup answers a group's codes exactly as stored for school ("" the
// SYSTEM ones), by seq and code; the fallback is core's.
func (s Reference) CodeGroup(ctx context.Context, school, group string) ([]application.Code, bool, error) {
	var out []application.Code
	err := s.do(ctx, func(d *data) error {
		out = slices.Clone(d.codes[codeKey{school, group}])
		slices.SortStableFunc(out, func(a, b application.Code) int { return cmp.Or(cmp.Compare(a.Seq, b.Seq), cmp.Compare(a.Code, b.Code)) })
		return nil
	})
	return out, len(out) > 0, err
}

// Rounds lists a school's rounds, newest first.
func (s Reference) Rounds(ctx context.Context, school string) ([]application.Round, error) {
	var out []application.Round
	err := s.do(ctx, func(d *data) error {
		for k, r := range d.rounds {
			if k.SchoolCode == school {
				out = append(out, r)
			}
		}
		slices.SortFunc(out, func(a, b application.Round) int {
			return cmp.Or(cmp.Compare(b.EnterYear, a.EnterYear), cmp.Compare(b.RecruitPartSeq, a.RecruitPartSeq))
		})
		return nil
	})
	return out, err
}

// Round loads a round; an unknown key is not found.
func (s Reference) Round(ctx context.Context, k application.RoundKey) (application.Round, error) {
	var r application.Round
	err := s.do(ctx, func(d *data) error {
		var ok bool
		if r, ok = d.rounds[k]; !ok {
			return apperr.NotFound(application.CodeRoundNotFound)
		}
		if c, ok := d.closures[k]; ok {
			r = r.WithClosure(&c)
		}
		return nil
	})
	return r, err
}

// systemCodes answers whether a SYSTEM code exists.
type systemCodes map[string]form.Set

func (c systemCodes) Has(group, code string) bool { return c[group].Has(code) }

// Lookups answers the code sets validation needs: the countries, the
// universities and the SYSTEM codes. What is not stored is not checked:
// with no SYSTEM code at all the checker is nil, and without the COMP_TYPE
// or EMPLOYMENT_TYPE group that set is nil, so tests need not load the
// whole common-code table.
func (s Reference) Lookups(ctx context.Context) (form.Lookups, form.CodeChecker, error) {
	var lk form.Lookups
	codes := systemCodes{}
	err := s.do(ctx, func(d *data) error {
		countries, univs := form.Set{}, form.Set{}
		for _, c := range d.countries {
			countries[c.Code] = true
		}
		for code := range d.univs {
			univs[code] = true
		}
		for k, l := range d.codes {
			if k.school != "" {
				continue
			}
			set := form.Set{}
			for _, c := range l {
				set[c.Code] = true
			}
			codes[k.group] = set
		}
		lk = form.Lookups{Countries: countries, Schools: univs}
		if set, ok := codes["COMP_TYPE"]; ok {
			lk.CompanyTypes = set
		}
		if set, ok := codes["EMPLOYMENT_TYPE"]; ok {
			lk.EmploymentTypes = set
		}
		return nil
	})
	if err != nil || len(codes) == 0 {
		return lk, nil, err
	}
	return lk, codes, nil
}
