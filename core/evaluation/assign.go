package evaluation

import (
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// reviewers checks that every id is a reviewer bound to the school and
// answers them without repeats, in the order given.
func (s *Service) reviewers(ctx context.Context, school string, ids []string) ([]string, error) {
	var f apperr.Fields
	var out []string
	for _, id := range ids {
		if slices.Contains(out, id) {
			continue
		}
		u, err := s.Users.ByUserID(ctx, id)
		if apperr.KindOf(err) == apperr.KindNotFound || err == nil && (!u.Principal().Has(permission.RoleReviewer) || u.SchoolCode != school) {
			f.AddParam("reviewers", CodeReviewerUnknown, "userId", id)
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, u.UserID)
	}
	if len(ids) == 0 {
		f.Add("reviewers", CodeReviewerUnknown)
	}
	return out, f.Err()
}

// Assign gives each of the applications to each of the reviewers (by
// hand; school admins, system admins). Applications must be of the round,
// reviewers bound to its school; pairs already assigned are kept. It
// answers how many sheets were added. Audited.
func (s *Service) Assign(ctx context.Context, p permission.Principal, k application.RoundKey, applNos []int64, reviewerIDs []string) (int, error) {
	if err := check(p, permission.EvaluationManage, k.SchoolCode); err != nil {
		return 0, err
	}
	revs, err := s.reviewers(ctx, k.SchoolCode, reviewerIDs)
	if err != nil {
		return 0, err
	}
	apps, err := s.roundApps(ctx, k, "")
	if err != nil {
		return 0, err
	}
	var sheets []Sheet
	for _, n := range applNos {
		if !slices.ContainsFunc(apps, func(r application.StaffRow) bool { return r.ApplNo == n }) {
			return 0, apperr.Fields{{Field: "applNos", Code: CodeApplicationOther, Params: map[string]any{"applNo": n}}}.Err()
		}
		for _, r := range revs {
			sh, err := Assign(k, n, r, p.UserID, s.now())
			if err != nil {
				return 0, err
			}
			sheets = append(sheets, sh)
		}
	}
	return s.add(ctx, p, k, sheets, "evaluation.assign")
}

func (s *Service) add(ctx context.Context, p permission.Principal, k application.RoundKey, sheets []Sheet, action string) (int, error) {
	var n int
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if n, err = s.Sheets.Add(ctx, sheets); err != nil {
			return err
		}
		pairs := make([]string, len(sheets))
		for i, sh := range sheets {
			pairs[i] = itoa64(sh.applNo) + ":" + sh.reviewer
		}
		return s.audit(ctx, p, action, k, map[string]any{"added": n, "pairs": pairs})
	})
	return n, err
}

// AssignEvenly spreads a round's applications of a status ("" = every
// application; the edge passes COMPLETE for submitted ones) over the
// reviewers, perApplication reviewers each, deterministically (doc.go):
// applications in number order, each to the least-loaded reviewers not yet
// on it, existing sheets counted. It answers how many sheets were added.
func (s *Service) AssignEvenly(ctx context.Context, p permission.Principal, k application.RoundKey, reviewerIDs []string, perApplication int, status string) (int, error) {
	if err := check(p, permission.EvaluationManage, k.SchoolCode); err != nil {
		return 0, err
	}
	revs, err := s.reviewers(ctx, k.SchoolCode, reviewerIDs)
	if err != nil {
		return 0, err
	}
	if perApplication < 1 || perApplication > len(revs) {
		return 0, apperr.Fields{{Field: "perApplication", Code: CodePerApplication, Params: map[string]any{"max": len(revs)}}}.Err()
	}
	apps, err := s.roundApps(ctx, k, status)
	if err != nil {
		return 0, err
	}
	existing, err := s.Sheets.ForRound(ctx, k)
	if err != nil {
		return 0, err
	}
	load := map[string]int{}
	has := map[int64][]string{}
	for _, sh := range existing {
		load[sh.reviewer]++
		has[sh.applNo] = append(has[sh.applNo], sh.reviewer)
	}
	slices.SortFunc(apps, func(a, b application.StaffRow) int { return int(a.ApplNo - b.ApplNo) })
	var sheets []Sheet
	for _, a := range apps {
		for len(has[a.ApplNo]) < perApplication {
			pick := ""
			for _, r := range revs {
				if !slices.Contains(has[a.ApplNo], r) && (pick == "" || load[r] < load[pick]) {
					pick = r
				}
			}
			if pick == "" {
				break // every given reviewer is on it already
			}
			sh, err := Assign(k, a.ApplNo, pick, p.UserID, s.now())
			if err != nil {
				return 0, err
			}
			sheets = append(sheets, sh)
			load[pick]++
			has[a.ApplNo] = append(has[a.ApplNo], pick)
		}
	}
	return s.add(ctx, p, k, sheets, "evaluation.assign_evenly")
}

// Unassign withdraws a reviewer's assignment to an application while its
// sheet is not submitted. Audited.
func (s *Service) Unassign(ctx context.Context, p permission.Principal, applNo int64, reviewer string) error {
	if !p.Authenticated() {
		return apperr.Unauthenticated("auth.required")
	}
	return s.Sheets.Update(ctx, applNo, reviewer, func(ctx context.Context, sh *Sheet) error {
		if check(p, permission.EvaluationManage, sh.round.SchoolCode) != nil {
			return apperr.NotFound(CodeNotAssigned)
		}
		if err := sh.Withdraw(); err != nil {
			return err
		}
		return s.audit(ctx, p, "evaluation.unassign", sh.round, map[string]any{"applNo": applNo, "reviewer": reviewer})
	})
}
