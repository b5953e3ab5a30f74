package evaluation

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// SetRubric sets a round's rubric (school admins of the round's school,
// system admins): the first one is created, a later one replaces the
// criteria until a sheet of the round is submitted. Audited.
func (s *Service) SetRubric(ctx context.Context, p permission.Principal, k application.RoundKey, criteria []Criterion) (Rubric, error) {
	if err := check(p, permission.EvaluationManage, k.SchoolCode); err != nil {
		return Rubric{}, err
	}
	var out Rubric
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		_, err := s.Rubrics.Get(ctx, k)
		switch {
		case apperr.KindOf(err) == apperr.KindNotFound:
			r, err := NewRubric(k, criteria, p.UserID, s.now())
			if err != nil {
				return err
			}
			if err := s.Rubrics.Create(ctx, r); err != nil {
				return err
			}
			out = r
		case err != nil:
			return err
		default:
			if err := s.Rubrics.Update(ctx, k, func(_ context.Context, r *Rubric) error {
				if err := r.SetCriteria(criteria, p.UserID, s.now()); err != nil {
					return err
				}
				out = *r
				return nil
			}); err != nil {
				return err
			}
		}
		return s.audit(ctx, p, "evaluation.rubric", k, map[string]any{"criteria": len(out.criteria)})
	})
	return out, err
}

// Rubric reads a round's rubric: staff of the school and its reviewers.
// CodeNoRubric (not found) when none is set.
func (s *Service) Rubric(ctx context.Context, p permission.Principal, k application.RoundKey) (Rubric, error) {
	if check(p, permission.EvaluationManage, k.SchoolCode) != nil {
		if err := check(p, permission.EvaluationScore, k.SchoolCode); err != nil {
			return Rubric{}, err
		}
	}
	return s.Rubrics.Get(ctx, k)
}
