package refundrequest

import (
	"context"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/textrule"
)

// SchoolRule is a school with its rule text (empty when it has none).
type SchoolRule struct {
	School application.School
	Rule   Rule
}

// Rules lists every school with its refund rule text, for the staff who
// may refund (system admins): the texts are theirs to edit.
func (s *Service) Rules(ctx context.Context, p permission.Principal) ([]SchoolRule, error) {
	if err := staff(p); err != nil {
		return nil, err
	}
	schools, err := s.Schools.Schools(ctx)
	if err != nil {
		return nil, err
	}
	rules, err := s.Texts.Rules(ctx)
	if err != nil {
		return nil, err
	}
	by := map[string]Rule{}
	for _, r := range rules {
		by[r.SchoolCode] = r
	}
	out := make([]SchoolRule, 0, len(schools))
	for _, sc := range schools {
		r, ok := by[sc.SchoolCode]
		if !ok {
			r = Rule{SchoolCode: sc.SchoolCode}
		}
		out = append(out, SchoolRule{School: sc, Rule: r})
	}
	return out, nil
}

// PutRule sets a school's rule text in Korean and English (either may be
// empty; both empty shows no rule), audited with the old and new text.
func (s *Service) PutRule(ctx context.Context, p permission.Principal, school, ko, en string) (Rule, error) {
	if err := staff(p); err != nil {
		return Rule{}, err
	}
	ko, en = strings.TrimSpace(ko), strings.TrimSpace(en)
	var f apperr.Fields
	for field, v := range map[string]string{"ko": ko, "en": en} {
		if !textrule.Within(v, MaxRule) {
			f.AddParam(field, CodeRuleTooLong, "max", MaxRule)
		}
	}
	if err := f.Err(); err != nil {
		return Rule{}, err
	}
	schools, err := s.Schools.Schools(ctx)
	if err != nil {
		return Rule{}, err
	}
	known := false
	for _, sc := range schools {
		known = known || sc.SchoolCode == school
	}
	if !known {
		return Rule{}, apperr.NotFound(CodeSchoolUnknown)
	}
	r := Rule{SchoolCode: school, Ko: ko, En: en, UpdatedBy: p.UserID, UpdatedAt: s.now()}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		old, _, err := s.Texts.Rule(ctx, school)
		if err != nil {
			return err
		}
		if err := s.Texts.PutRule(ctx, r); err != nil {
			return err
		}
		if s.Log == nil {
			return nil
		}
		return s.Log.Record(ctx, p.UserID, "refund_rule.update", "school:"+school, map[string]any{"oldKo": old.Ko, "oldEn": old.En,
			"ko": ko, "en": en})
	})
	return r, err
}
