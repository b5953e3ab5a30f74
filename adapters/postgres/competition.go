package postgres

import (
	"context"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/competition"
)

// Competition counts a round's applications per part (core/competition),
// in one query on application_round_idx.
type Competition struct{ DB *DB }

var _ competition.Counter = Competition{}

// Count answers the parts of round k with applications past submission.
func (s Competition) Count(ctx context.Context, k application.RoundKey) ([]competition.Count, error) {
	submitted := []string{string(application.Submit), string(application.VbankIssue), string(application.Complete)}
	rows, err := s.DB.query(ctx, Builder.Select("p.appl_part_no", "count(*)").
		Column(sq.Expr("count(*) FILTER (WHERE a.status = ?)", string(application.Complete))).
		From("application a").Join("application_part p ON p.appl_no = a.appl_no AND p.choice_seq = 1").
		Where(sq.Eq{"a.school_code": k.SchoolCode, "a.enter_year": k.EnterYear, "a.recruit_part_seq": k.RecruitPartSeq,
			"a.status": submitted}).
		GroupBy("p.appl_part_no").OrderBy("p.appl_part_no"))
	if err != nil {
		return nil, fmt.Errorf("postgres: competition count: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (competition.Count, error) {
		var c competition.Count
		return c, r.Scan(&c.ApplPartNo, &c.Submitted, &c.Completed)
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: competition count: %w", err)
	}
	return out, nil
}
