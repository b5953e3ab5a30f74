package round

import (
	"context"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// Update changes a round, audited with what changed; consent texts
// applications accepted get a new version, and the old one stays readable
// for them. It answers the round as its page shows it.
func (s *Service) Update(ctx context.Context, p permission.Principal, k application.RoundKey, in Values) (View, error) {
	if err := s.may(p, permission.RecruitPartManage, k.SchoolCode); err != nil {
		return View{}, err
	}
	majors, err := s.Store.Majors(ctx, k.SchoolCode)
	if err != nil {
		return View{}, err
	}
	// The consents in force before (the round's, the school's or the
	// defaults) are what an edit is compared with.
	before, err := application.LoadRound(ctx, s.Ref, k)
	if err != nil {
		return View{}, err
	}
	now := s.Clock.Now()
	err = s.Store.Update(ctx, k, func(ctx context.Context, st *Settings) error {
		inUse, err := s.Store.PartsInUse(ctx, k)
		if err != nil {
			return err
		}
		changes, err := st.Edit(in, Facts{Now: now, Majors: majors, PartsInUse: inUse, ConsentsInForce: before.Rules.Consents,
			ConsentInUse: func(code, version string) (bool, error) { return s.Store.ConsentInUse(ctx, k, code, version) }})
		if err != nil || len(changes) == 0 {
			return err
		}
		return s.Audit.Record(ctx, p.UserID, "round.update", Target(k), AuditDetail(changes))
	})
	if err != nil {
		return View{}, err
	}
	s.flush()
	return s.view(ctx, k)
}
