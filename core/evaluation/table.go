package evaluation

import (
	"cmp"
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// Review is one reviewer's line of a score table row; Total is nil until
// the sheet is submitted.
type Review struct {
	Reviewer  string
	Submitted bool
	Total     *float64
}

// Row is one application of the score table: its reviews, and the mean
// and spread (max − min) of the submitted totals (nil when none is).
type Row struct {
	ApplNo        int64
	ApplID        string
	ApplicantName string
	Status        application.Status
	Reviews       []Review
	Submitted     int
	Mean          *float64
	Spread        *float64
}

// Table is a round's score table and the reviewers in it, sorted.
type Table struct {
	Round     application.RoundKey
	Criteria  []Criterion
	Reviewers []string
	Rows      []Row
}

// TableSorts are the columns a score table is sorted by.
var TableSorts = []string{"applNo", "applId", "applicantName", "submitted", "mean", "spread"}

// TableQuery asks for a round's score table sorted by a column of
// TableSorts ("" = applNo); rows without a mean or spread come last.
type TableQuery struct {
	Round application.RoundKey
	Sort  string
	Desc  bool
}

// BuildTable is the score table of a round's sheets: every application
// with at least one sheet, per reviewer its total, mean and spread.
func BuildTable(r Rubric, sheets []Sheet, apps []application.StaffRow) Table {
	byNo := map[int64]application.StaffRow{}
	for _, a := range apps {
		byNo[a.ApplNo] = a
	}
	t := Table{Round: r.round, Criteria: r.Criteria(), Reviewers: []string{}, Rows: []Row{}}
	rows := map[int64]*Row{}
	var order []int64
	for _, sh := range sheets {
		row := rows[sh.applNo]
		if row == nil {
			a := byNo[sh.applNo]
			row = &Row{ApplNo: sh.applNo, ApplID: a.ApplID, ApplicantName: a.ApplicantName, Status: a.State.Effective()}
			rows[sh.applNo] = row
			order = append(order, sh.applNo)
		}
		rv := Review{Reviewer: sh.reviewer, Submitted: sh.Submitted()}
		if total, ok := r.Total(sh.scores); ok && sh.Submitted() {
			rv.Total = &total
		}
		row.Reviews = append(row.Reviews, rv)
		if !slices.Contains(t.Reviewers, sh.reviewer) {
			t.Reviewers = append(t.Reviewers, sh.reviewer)
		}
	}
	slices.Sort(t.Reviewers)
	for _, n := range order {
		row := rows[n]
		slices.SortFunc(row.Reviews, func(a, b Review) int { return cmp.Compare(a.Reviewer, b.Reviewer) })
		var sum, lo, hi float64
		for _, rv := range row.Reviews {
			if rv.Total == nil {
				continue
			}
			if row.Submitted == 0 || *rv.Total < lo {
				lo = *rv.Total
			}
			if row.Submitted == 0 || *rv.Total > hi {
				hi = *rv.Total
			}
			sum += *rv.Total
			row.Submitted++
		}
		if row.Submitted > 0 {
			mean, spread := round2(sum/float64(row.Submitted)), round2(hi-lo)
			row.Mean, row.Spread = &mean, &spread
		}
		t.Rows = append(t.Rows, *row)
	}
	return t
}

func optional(a, b *float64) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	return cmp.Compare(*a, *b)
}

// Sort orders the rows by a column of TableSorts, application number
// breaking ties; rows without the value come last either way.
func (t *Table) Sort(by string, desc bool) error {
	if by == "" {
		by = "applNo"
	}
	if !slices.Contains(TableSorts, by) {
		return apperr.Fields{{Field: "sort", Code: CodeSortUnknown}}.Err()
	}
	slices.SortStableFunc(t.Rows, func(a, b Row) int {
		var c int
		switch by {
		case "applId":
			c = cmp.Compare(a.ApplID, b.ApplID)
		case "applicantName":
			c = cmp.Compare(a.ApplicantName, b.ApplicantName)
		case "submitted":
			c = cmp.Compare(a.Submitted, b.Submitted)
		case "mean", "spread":
			x, y := a.Mean, b.Mean
			if by == "spread" {
				x, y = a.Spread, b.Spread
			}
			if x == nil || y == nil {
				return cmp.Or(optional(x, y), cmp.Compare(a.ApplNo, b.ApplNo))
			}
			c = cmp.Compare(*x, *y)
		}
		if desc {
			c = -c
		}
		if c == 0 {
			c = cmp.Compare(a.ApplNo, b.ApplNo)
		}
		return c
	})
	return nil
}

// ScoreTable is a round's score table for staff of its school (school
// admins, system admins), sorted as asked. A round without a rubric is
// CodeNoRubric (not found).
func (s *Service) ScoreTable(ctx context.Context, p permission.Principal, q TableQuery) (Table, error) {
	if err := check(p, permission.EvaluationManage, q.Round.SchoolCode); err != nil {
		return Table{}, err
	}
	r, err := s.Rubrics.Get(ctx, q.Round)
	if err != nil {
		return Table{}, err
	}
	sheets, err := s.Sheets.ForRound(ctx, q.Round)
	if err != nil {
		return Table{}, err
	}
	apps, err := s.roundApps(ctx, q.Round, "")
	if err != nil {
		return Table{}, err
	}
	t := BuildTable(r, sheets, apps)
	return t, t.Sort(q.Sort, q.Desc)
}
