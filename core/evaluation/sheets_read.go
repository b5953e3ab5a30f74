package evaluation

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// SheetView is a sheet as a caller may read it. Total is set for a
// submitted sheet.
type SheetView struct {
	ApplNo      int64
	Reviewer    string
	Scores      map[string]int
	Comment     string
	Submitted   bool
	SubmittedAt *time.Time
	Total       *float64
}

func (s *Service) view(ctx context.Context, sh Sheet) (SheetView, error) {
	v := SheetView{ApplNo: sh.applNo, Reviewer: sh.reviewer, Scores: sh.Scores(), Comment: sh.comment, Submitted: sh.Submitted(),
		SubmittedAt: sh.submittedAt}
	if sh.Submitted() {
		r, err := s.Rubrics.Get(ctx, sh.round)
		if err != nil {
			return v, err
		}
		if t, ok := r.Total(sh.scores); ok {
			v.Total = &t
		}
	}
	return v, nil
}

// ReadSheets lists the sheets of an application a caller may read. A
// reviewer assigned to it reads its own sheet, and the others' submitted
// sheets only once its own is submitted; staff of the school read every
// submitted sheet and see who has not submitted (without their drafts).
// Anyone else: CodeNotAssigned (not found).
func (s *Service) ReadSheets(ctx context.Context, p permission.Principal, applNo int64) ([]SheetView, error) {
	if !p.Authenticated() {
		return nil, apperr.Unauthenticated("auth.required")
	}
	all, err := s.Sheets.ForApplication(ctx, applNo)
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return nil, apperr.NotFound(CodeNotAssigned)
	}
	school := all[0].round.SchoolCode
	staff := permission.Can(p, permission.EvaluationManage, school)
	var own *Sheet
	for i := range all {
		if all[i].reviewer == p.UserID && permission.Can(p, permission.EvaluationScore, school) {
			own = &all[i]
		}
	}
	if !staff && own == nil {
		return nil, apperr.NotFound(CodeNotAssigned)
	}
	out := []SheetView{}
	for _, sh := range all {
		mineToo := own != nil && sh.reviewer == own.reviewer
		if !mineToo && !(staff || own.Submitted()) {
			continue
		}
		v, err := s.view(ctx, sh)
		if err != nil {
			return nil, err
		}
		if !mineToo && !sh.Submitted() {
			v.Scores, v.Comment = map[string]int{}, "" // another's draft
		}
		out = append(out, v)
	}
	return out, nil
}
