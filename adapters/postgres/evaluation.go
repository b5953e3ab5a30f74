package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/evaluation"
)

// Rubrics stores the rounds' rubrics (eval_rubric).
type Rubrics struct{ DB *DB }

// Sheets stores reviewers' sheets, the assignments (eval_sheet).
type Sheets struct{ DB *DB }

var (
	_ evaluation.Rubrics = Rubrics{}
	_ evaluation.Sheets  = Sheets{}
)

// criterionJSON is a criterion as eval_rubric.criteria holds it.
type criterionJSON struct {
	Key    string `json:"key"`
	NameKo string `json:"nameKo"`
	NameEn string `json:"nameEn"`
	Weight int    `json:"weight"`
	Min    int    `json:"min"`
	Max    int    `json:"max"`
}

var rubricSelect = Builder.Select("school_code", "enter_year", "recruit_part_seq", "criteria", "locked_at", "updated_by",
	"updated_at").From("eval_rubric")

func scanRubric(row pgx.Row) (evaluation.Rubric, error) {
	var d evaluation.RubricData
	var raw []byte
	if err := row.Scan(&d.Round.SchoolCode, &d.Round.EnterYear, &d.Round.RecruitPartSeq, &raw, &d.LockedAt, &d.UpdatedBy,
		&d.UpdatedAt); err != nil {
		return evaluation.Rubric{}, err
	}
	var cs []criterionJSON
	if err := json.Unmarshal(raw, &cs); err != nil {
		return evaluation.Rubric{}, fmt.Errorf("postgres: rubric criteria: %w", err)
	}
	for _, c := range cs {
		d.Criteria = append(d.Criteria, evaluation.Criterion(c))
	}
	return evaluation.UnmarshalRubricFromDatabase(d)
}

var rubricRows = aggregateRows[evaluation.Rubric]{table: "eval_rubric", what: "rubric", sel: rubricSelect, scan: scanRubric,
	notFound: evaluation.CodeNoRubric, values: rubricValues}

func rubricValues(r evaluation.Rubric) (map[string]any, error) {
	d := r.Data()
	cs := make([]criterionJSON, len(d.Criteria))
	for i, c := range d.Criteria {
		cs[i] = criterionJSON(c)
	}
	raw, err := json.Marshal(cs)
	if err != nil {
		return nil, err
	}
	return map[string]any{"criteria": raw, "locked_at": d.LockedAt, "updated_by": d.UpdatedBy, "updated_at": d.UpdatedAt}, nil
}

// Create stores a round's first rubric.
func (s Rubrics) Create(ctx context.Context, r evaluation.Rubric) error {
	v, err := rubricValues(r)
	if err != nil {
		return err
	}
	k := r.Round()
	v["school_code"], v["enter_year"], v["recruit_part_seq"] = k.SchoolCode, k.EnterYear, k.RecruitPartSeq
	if _, err := s.DB.exec(ctx, Builder.Insert("eval_rubric").SetMap(v)); err != nil {
		if IsUniqueViolation(err, "") {
			return apperr.Conflict(evaluation.CodeRubricExists)
		}
		return fmt.Errorf("postgres: create rubric: %w", err)
	}
	return nil
}

// Get answers a round's rubric.
func (s Rubrics) Get(ctx context.Context, k application.RoundKey) (evaluation.Rubric, error) {
	return rubricRows.get(ctx, s.DB, rubricSelect.Where(roundWhere(k)))
}

// Update locks the round's rubric row for fn and writes it back.
func (s Rubrics) Update(ctx context.Context, k application.RoundKey, fn func(ctx context.Context, r *evaluation.Rubric) error) error {
	return rubricRows.update(ctx, s.DB, roundWhere(k), fn)
}

var sheetSelect = Builder.Select("appl_no", "reviewer_id", "school_code", "enter_year", "recruit_part_seq", "assigned_by",
	"assigned_at", "scores", "comment", "saved_at", "submitted_at").From("eval_sheet")

func scanSheet(row pgx.Row) (evaluation.Sheet, error) {
	var d evaluation.SheetData
	var raw []byte
	if err := row.Scan(&d.ApplNo, &d.Reviewer, &d.Round.SchoolCode, &d.Round.EnterYear, &d.Round.RecruitPartSeq, &d.AssignedBy,
		&d.AssignedAt, &raw, &d.Comment, &d.SavedAt, &d.SubmittedAt); err != nil {
		return evaluation.Sheet{}, err
	}
	if err := json.Unmarshal(raw, &d.Scores); err != nil {
		return evaluation.Sheet{}, fmt.Errorf("postgres: sheet scores: %w", err)
	}
	return evaluation.UnmarshalSheetFromDatabase(d)
}

var sheetRows = aggregateRows[evaluation.Sheet]{table: "eval_sheet", what: "sheet", sel: sheetSelect, scan: scanSheet,
	notFound: evaluation.CodeNotAssigned, values: sheetValues, gone: evaluation.Sheet.Withdrawn}

func sheetValues(sh evaluation.Sheet) (map[string]any, error) {
	d := sh.Data()
	raw, err := json.Marshal(d.Scores)
	if err != nil {
		return nil, err
	}
	return map[string]any{"scores": raw, "comment": d.Comment, "saved_at": d.SavedAt, "submitted_at": d.SubmittedAt}, nil
}

// Add stores new sheets, skipping pairs already assigned.
func (s Sheets) Add(ctx context.Context, sheets []evaluation.Sheet) (int, error) {
	if len(sheets) == 0 {
		return 0, nil
	}
	ins := Builder.Insert("eval_sheet").Columns("appl_no", "reviewer_id", "school_code", "enter_year", "recruit_part_seq",
		"assigned_by", "assigned_at", "scores", "comment", "saved_at", "submitted_at")
	for _, sh := range sheets {
		v, err := sheetValues(sh)
		if err != nil {
			return 0, err
		}
		k := sh.Round()
		ins = ins.Values(sh.ApplNo(), sh.Reviewer(), k.SchoolCode, k.EnterYear, k.RecruitPartSeq, sh.AssignedBy(), sh.AssignedAt(),
			v["scores"], v["comment"], v["saved_at"], v["submitted_at"])
	}
	tag, err := s.DB.exec(ctx, ins.Suffix("ON CONFLICT (appl_no, reviewer_id) DO NOTHING"))
	if err != nil {
		return 0, fmt.Errorf("postgres: add sheets: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

func sheetKeyWhere(applNo int64, reviewer string) sq.Eq {
	return sq.Eq{"appl_no": applNo, "reviewer_id": reviewer}
}

// Get answers one sheet.
func (s Sheets) Get(ctx context.Context, applNo int64, reviewer string) (evaluation.Sheet, error) {
	return sheetRows.get(ctx, s.DB, sheetSelect.Where(sheetKeyWhere(applNo, reviewer)))
}

// Update locks one sheet's row for fn and writes it back (or deletes it
// when withdrawn).
func (s Sheets) Update(ctx context.Context, applNo int64, reviewer string, fn func(ctx context.Context, sh *evaluation.Sheet) error) error {
	return sheetRows.update(ctx, s.DB, sheetKeyWhere(applNo, reviewer), fn)
}

func (s Sheets) list(ctx context.Context, where sq.Sqlizer) ([]evaluation.Sheet, error) {
	return sheetRows.list(ctx, s.DB, sheetSelect.Where(where).OrderBy("appl_no", "reviewer_id"))
}

// ForRound lists a round's sheets.
func (s Sheets) ForRound(ctx context.Context, k application.RoundKey) ([]evaluation.Sheet, error) {
	return s.list(ctx, roundWhere(k))
}

// ForApplication lists an application's sheets.
func (s Sheets) ForApplication(ctx context.Context, applNo int64) ([]evaluation.Sheet, error) {
	return s.list(ctx, sq.Eq{"appl_no": applNo})
}

// ForReviewer lists a reviewer's sheets.
func (s Sheets) ForReviewer(ctx context.Context, reviewer string) ([]evaluation.Sheet, error) {
	return s.list(ctx, sq.Eq{"reviewer_id": reviewer})
}
