package evaluation

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// Assignment is one line of a reviewer's list.
type Assignment struct {
	ApplNo        int64
	Round         application.RoundKey
	ApplID        string
	ApplicantName string
	Submitted     bool
}

// MyAssignments lists what the calling reviewer is assigned, in its
// school, by application number (reviewers only).
func (s *Service) MyAssignments(ctx context.Context, p permission.Principal) ([]Assignment, error) {
	school, ok := permission.Scope(p, permission.EvaluationScore)
	if err := check(p, permission.EvaluationScore, school); err != nil || !ok {
		if err == nil {
			err = apperr.Forbidden("auth.forbidden")
		}
		return nil, err
	}
	sheets, err := s.Sheets.ForReviewer(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	out := []Assignment{}
	names := map[application.RoundKey]map[int64]application.StaffRow{}
	for _, sh := range sheets {
		if sh.round.SchoolCode != school {
			continue
		}
		if names[sh.round] == nil {
			apps, err := s.roundApps(ctx, sh.round, "")
			if err != nil {
				return nil, err
			}
			names[sh.round] = map[int64]application.StaffRow{}
			for _, a := range apps {
				names[sh.round][a.ApplNo] = a
			}
		}
		a := names[sh.round][sh.applNo]
		out = append(out, Assignment{ApplNo: sh.applNo, Round: sh.round, ApplID: a.ApplID, ApplicantName: a.ApplicantName,
			Submitted: sh.Submitted()})
	}
	return out, nil
}

// mine reads the caller's own sheet of an application; missing when the
// caller is not a reviewer of its school assigned to it.
func (s *Service) mine(ctx context.Context, p permission.Principal, applNo int64) (Sheet, error) {
	if !p.Authenticated() {
		return Sheet{}, apperr.Unauthenticated("auth.required")
	}
	sh, err := s.Sheets.Get(ctx, applNo, p.UserID)
	if err != nil {
		return Sheet{}, err
	}
	if !permission.Can(p, permission.EvaluationScore, sh.round.SchoolCode) {
		return Sheet{}, apperr.NotFound(CodeNotAssigned)
	}
	return sh, nil
}

// MayRead answers nil when p is a reviewer assigned to the application:
// the reader (issue 23 item 1) lets a reviewer open exactly those. Any
// other caller gets CodeNotAssigned (not found); staff who may read
// applications are checked by the reader itself.
func (s *Service) MayRead(ctx context.Context, p permission.Principal, applNo int64) error {
	_, err := s.mine(ctx, p, applNo)
	return err
}

// SaveDraft saves the calling reviewer's draft scores and comment.
func (s *Service) SaveDraft(ctx context.Context, p permission.Principal, applNo int64, scores map[string]int, comment string) (Sheet, error) {
	sh, err := s.mine(ctx, p, applNo)
	if err != nil {
		return Sheet{}, err
	}
	r, err := s.Rubrics.Get(ctx, sh.round)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return Sheet{}, apperr.Conflict(CodeNoRubric)
	}
	if err != nil {
		return Sheet{}, err
	}
	var out Sheet
	err = s.Sheets.Update(ctx, applNo, p.UserID, func(_ context.Context, sh *Sheet) error {
		if err := sh.SaveDraft(r, scores, comment, s.now()); err != nil {
			return err
		}
		out = *sh
		return nil
	})
	return out, err
}

// Submit submits the calling reviewer's sheet: every criterion scored. The
// first submission of a round locks its rubric (rubric lock, then sheet
// lock, in one transaction). Audited.
func (s *Service) Submit(ctx context.Context, p permission.Principal, applNo int64) (Sheet, error) {
	sh, err := s.mine(ctx, p, applNo)
	if err != nil {
		return Sheet{}, err
	}
	var out Sheet
	err = s.Rubrics.Update(ctx, sh.round, func(ctx context.Context, r *Rubric) error {
		return s.Sheets.Update(ctx, applNo, p.UserID, func(ctx context.Context, sh *Sheet) error {
			if err := sh.Submit(*r, s.now()); err != nil {
				return err
			}
			r.Lock(s.now())
			out = *sh
			total, _ := r.Total(sh.scores)
			return s.audit(ctx, p, "evaluation.submit", sh.round, map[string]any{"applNo": applNo, "total": total})
		})
	})
	if apperr.CodeOf(err) == CodeNoRubric {
		return Sheet{}, apperr.Conflict(CodeNoRubric)
	}
	return out, err
}
