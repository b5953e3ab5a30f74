package round

import (
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/school"
)

// AcceptedConsents answers the consent texts an application accepted, in
// the versions it accepted (for the applicant's own view).
func (s *Service) AcceptedConsents(ctx context.Context, k application.RoundKey, acc []school.Acceptance) ([]school.ConsentItem, error) {
	items, err := s.Store.AcceptedConsents(ctx, k, acc)
	if err != nil {
		return nil, err
	}
	// Versions not stored are the service defaults.
	for _, a := range acc {
		if slices.ContainsFunc(items, func(it school.ConsentItem) bool { return it.Code == a.Code }) {
			continue
		}
		for _, d := range school.DefaultConsents() {
			if d.Code == a.Code && d.Version == a.Version {
				items = append(items, d)
			}
		}
	}
	return items, nil
}

// ConsentVersions answers the consent items a round asks for, each with
// its earlier versions (public: applicants may read what changed before
// they accept). Only the texts of the scope in force count: the round's
// own items, else the school's, else the service defaults, which keep no
// history.
func (s *Service) ConsentVersions(ctx context.Context, k application.RoundKey) ([]ConsentVersions, error) {
	r, err := application.LoadRound(ctx, s.Ref, k)
	if err != nil {
		return nil, err
	}
	var earlier []school.ConsentItem
	switch {
	case len(r.RoundConsents) > 0:
		earlier, err = s.Store.ConsentHistory(ctx, k)
	case len(r.SchoolConsents) > 0:
		earlier, err = s.Store.ConsentHistory(ctx, application.RoundKey{SchoolCode: k.SchoolCode})
	}
	if err != nil {
		return nil, err
	}
	return HistoryOf(r.Rules.Consents, earlier), nil
}
