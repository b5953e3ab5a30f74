package memstore

import (
	"cmp"
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/evaluation"
)

// Rubrics is the store of the rounds' rubrics (core/evaluation).
type Rubrics struct{ *Store }

// Sheets is the store of reviewers' sheets, the assignments (core/evaluation).
type Sheets struct{ *Store }

var (
	_ evaluation.Rubrics = Rubrics{}
	_ evaluation.Sheets  = Sheets{}
)

var (
	rubricMap = aggregateMap[application.RoundKey, evaluation.RubricData, evaluation.Rubric]{
		rows:     func(d *data) map[application.RoundKey]evaluation.RubricData { return d.officer().rubrics },
		notFound: evaluation.CodeNoRubric, load: evaluation.UnmarshalRubricFromDatabase, save: evaluation.Rubric.Data,
	}
	sheetMap = aggregateMap[sheetKey, evaluation.SheetData, evaluation.Sheet]{
		rows:     func(d *data) map[sheetKey]evaluation.SheetData { return d.officer().sheets },
		notFound: evaluation.CodeNotAssigned, load: evaluation.UnmarshalSheetFromDatabase, save: evaluation.Sheet.Data,
		gone: evaluation.Sheet.Withdrawn,
	}
)

// Create stores a round's first rubric.
func (s Rubrics) Create(ctx context.Context, r evaluation.Rubric) error {
	return s.do(ctx, func(d *data) error {
		o := d.officer()
		k := r.Round()
		if _, ok := o.rubrics[k]; ok {
			return apperr.Conflict(evaluation.CodeRubricExists)
		}
		o.rubrics[k] = r.Data()
		return nil
	})
}

// Get answers a round's rubric.
func (s Rubrics) Get(ctx context.Context, k application.RoundKey) (evaluation.Rubric, error) {
	return rubricMap.get(ctx, s.Store, k)
}

// Update changes a round's rubric in a transaction.
func (s Rubrics) Update(ctx context.Context, k application.RoundKey, fn func(ctx context.Context, r *evaluation.Rubric) error) error {
	return rubricMap.update(ctx, s.Store, k, fn)
}

// Add stores new sheets, skipping pairs already assigned.
func (s Sheets) Add(ctx context.Context, sheets []evaluation.Sheet) (int, error) {
	n := 0
	err := s.do(ctx, func(d *data) error {
		o := d.officer()
		for _, sh := range sheets {
			k := sheetKey{sh.ApplNo(), sh.Reviewer()}
			if _, ok := o.sheets[k]; ok {
				continue
			}
			o.sheets[k] = sh.Data()
			n++
		}
		return nil
	})
	return n, err
}

// Get answers one sheet.
func (s Sheets) Get(ctx context.Context, applNo int64, reviewer string) (evaluation.Sheet, error) {
	return sheetMap.get(ctx, s.Store, sheetKey{applNo, reviewer})
}

// Update changes one sheet in a transaction, deleting it when withdrawn.
func (s Sheets) Update(ctx context.Context, applNo int64, reviewer string, fn func(ctx context.Context, sh *evaluation.Sheet) error) error {
	return sheetMap.update(ctx, s.Store, sheetKey{applNo, reviewer}, fn)
}

func (s Sheets) sheets(ctx context.Context, keep func(evaluation.SheetData) bool) ([]evaluation.Sheet, error) {
	var rows []evaluation.SheetData
	err := s.do(ctx, func(d *data) error {
		for _, r := range d.officer().sheets {
			if keep(r) {
				rows = append(rows, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(rows, func(a, b evaluation.SheetData) int {
		return cmp.Or(cmp.Compare(a.ApplNo, b.ApplNo), cmp.Compare(a.Reviewer, b.Reviewer))
	})
	out := make([]evaluation.Sheet, 0, len(rows))
	for _, r := range rows {
		sh, err := evaluation.UnmarshalSheetFromDatabase(r)
		if err != nil {
			return nil, err
		}
		out = append(out, sh)
	}
	return out, nil
}

// ForRound lists a round's sheets.
func (s Sheets) ForRound(ctx context.Context, k application.RoundKey) ([]evaluation.Sheet, error) {
	return s.sheets(ctx, func(r evaluation.SheetData) bool { return r.Round == k })
}

// ForApplication lists an application's sheets.
func (s Sheets) ForApplication(ctx context.Context, applNo int64) ([]evaluation.Sheet, error) {
	return s.sheets(ctx, func(r evaluation.SheetData) bool { return r.ApplNo == applNo })
}

// ForReviewer lists a reviewer's sheets.
func (s Sheets) ForReviewer(ctx context.Context, reviewer string) ([]evaluation.Sheet, error) {
	return s.sheets(ctx, func(r evaluation.SheetData) bool { return r.Reviewer == reviewer })
}
