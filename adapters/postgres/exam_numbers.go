package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/examno"
)

// ExamNumbers numbers completed applications.
type ExamNumbers struct{ DB *DB }

var _ application.ExamNumbers = ExamNumbers{}

// Rule answers the round's exam-number template.
func (s ExamNumbers) Rule(ctx context.Context, k application.RoundKey) (string, error) {
	var rule string
	err := s.DB.queryRow(ctx, Builder.Select("appl_id_rule").From("recruit_part").
		Where(sq.Eq{"school_code": k.SchoolCode, "enter_year": k.EnterYear, "recruit_part_seq": k.RecruitPartSeq})).Scan(&rule)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", apperr.NotFound(application.CodeRoundNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("postgres: exam-number rule: %w", err)
	}
	return rule, nil
}

// Next takes the round's next sequence number and reads its rule, in one
// round trip with the writes the transaction queued before. The counter row
// is upserted with ... RETURNING, which holds its row lock until the
// caller's transaction ends: concurrent completions of a round queue on it
// and each gets its own number, and a number is never given twice. The
// rule is read by a statement after the upsert, so under the lock.
func (s ExamNumbers) Next(ctx context.Context, k application.RoundKey) (int, string, error) {
	var n int
	var rule string
	err := s.DB.readTogether(ctx,
		read(Builder.Insert("appl_id_counter").Columns("school_code", "enter_year", "recruit_part_seq", "last_seq").
			Values(k.SchoolCode, k.EnterYear, k.RecruitPartSeq, 1).
			Suffix("ON CONFLICT (school_code, enter_year, recruit_part_seq) DO UPDATE SET last_seq = appl_id_counter.last_seq + 1 RETURNING last_seq"),
			&n),
		read(Builder.Select("appl_id_rule").From("recruit_part").
			Where(sq.Eq{"school_code": k.SchoolCode, "enter_year": k.EnterYear, "recruit_part_seq": k.RecruitPartSeq}), &rule))
	if errors.Is(err, pgx.ErrNoRows) || IsForeignKeyViolation(err) {
		return 0, "", apperr.NotFound(application.CodeRoundNotFound)
	}
	if err != nil {
		return 0, "", fmt.Errorf("postgres: exam-number counter: %w", err)
	}
	return n, rule, nil
}

// Assign stores an exam number; a number already given in the round is a
// conflict (application_appl_id_key).
func (s ExamNumbers) Assign(ctx context.Context, applNo int64, applID string, at time.Time) error {
	err := s.DB.writeLater(ctx, Builder.Update("application").Set("appl_id", applID).Set("completed_at", at).
		Where(sq.Eq{"appl_no": applNo}))
	// Only the exam-number constraint means the number is taken; any other
	// failure stays an internal error.
	if IsUniqueViolation(err, "application_appl_id_key") {
		return apperr.Conflict(examno.CodeNumberTaken)
	}
	if err != nil {
		return fmt.Errorf("postgres: assign exam number: %w", err)
	}
	return nil
}
