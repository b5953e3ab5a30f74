package memstore

import (
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/school"
)

// School answers a school's settings: its reference row (SetSchools), its
// settings (defaults until saved), steps and majors.
func (s Rounds) School(ctx context.Context, code string) (round.SchoolSettings, error) {
	x := round.SchoolSettings{SchoolCode: code, PassportNone: "N/A", VisaNone: school.VisaNone, ExtraDocuments: true}
	err := s.do(ctx, func(d *data) error {
		sc, ok := d.school(code)
		if !ok {
			return apperr.NotFound(round.CodeSchoolNotFound)
		}
		x.KorName, x.EngName, x.Slug, x.Color, x.LogoURL = sc.KorName, sc.EngName, sc.Slug, sc.Color, sc.LogoURL
		x.ContactEmail, x.ContactPhone = sc.ContactEmail, sc.ContactPhone
		rd := d.round()
		x.RefusedNationalities = []string{}
		if row, ok := rd.schools[code]; ok {
			x.RefusedNationalities = orEmpty(slices.Clone(row.refused))
			x.PassportNone, x.VisaNone, x.ExtraDocuments = row.passportNone, row.visa, row.extraDocs
		}
		x.Steps = []application.Status{}
		for _, st := range application.OptionalSteps {
			if slices.Contains(rd.steps[code], st) {
				x.Steps = append(x.Steps, st)
			}
		}
		x.Majors = orEmpty(slices.Clone(rd.majors[code]))
		x.VideoEssayMajors = []string{}
		for _, m := range x.Majors {
			if m.VideoEssay {
				x.VideoEssayMajors = append(x.VideoEssayMajors, m.Code)
			}
		}
		return nil
	})
	return x, err
}

// SaveSchool writes a school's settings.
func (s Rounds) SaveSchool(ctx context.Context, x round.SchoolSettings) error {
	return s.do(ctx, func(d *data) error {
		i := slices.IndexFunc(d.schools, func(sc application.School) bool { return sc.SchoolCode == x.SchoolCode })
		if i < 0 {
			return apperr.NotFound(round.CodeSchoolNotFound)
		}
		d.schools = slices.Clone(d.schools) // shared with the committed data
		sc := &d.schools[i]
		sc.KorName, sc.EngName, sc.Color, sc.LogoURL = x.KorName, x.EngName, x.Color, x.LogoURL
		sc.ContactEmail, sc.ContactPhone = x.ContactEmail, x.ContactPhone
		rd := d.round()
		rd.schools[x.SchoolCode] = schoolRow{refused: slices.Clone(x.RefusedNationalities), passportNone: x.PassportNone,
			visa: x.VisaNone, extraDocs: x.ExtraDocuments}
		rd.steps[x.SchoolCode] = slices.Clone(x.Steps)
		majors := slices.Clone(rd.majors[x.SchoolCode])
		for j := range majors {
			majors[j].VideoEssay = slices.Contains(x.VideoEssayMajors, majors[j].Code)
		}
		rd.majors[x.SchoolCode] = majors
		return nil
	})
}
