package postgres

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/money"
)

// FeeSchedules stores the schools' fee rules (core/feeschedule.Store):
// one fee_schedule row per school, locked by every change, and its
// fee_rule rows.
type FeeSchedules struct{ DB *DB }

var _ feeschedule.Store = FeeSchedules{}

var feeRuleSelect = Builder.Select("school_code", "no", "method", "to_char(effective_from, 'YYYY-MM-DD')", "rate_bp",
	"fixed_amount", "fixed_currency").From("fee_rule")

// rules reads the rules the query selects, by school.
func (s FeeSchedules) rules(ctx context.Context, b sq.SelectBuilder) (map[string][]feeschedule.Record, []string, error) {
	rows, err := s.DB.query(ctx, b.OrderBy("school_code", "no"))
	if err != nil {
		return nil, nil, fmt.Errorf("postgres: fee rules: %w", err)
	}
	defer rows.Close()
	out := map[string][]feeschedule.Record{}
	var schools []string
	for rows.Next() {
		var school, method, day, cur string
		var r feeschedule.Record
		var amount int64
		if err := rows.Scan(&school, &r.No, &method, &day, &r.RateBP, &amount, &cur); err != nil {
			return nil, nil, fmt.Errorf("postgres: fee rule: %w", err)
		}
		r.Method = feeschedule.Method(method)
		if r.EffectiveFrom, err = feeschedule.ParseDate(day); err != nil {
			return nil, nil, fmt.Errorf("postgres: fee rule day %q: %w", day, err)
		}
		if r.Fixed, err = money.New(amount, money.Currency(cur)); err != nil {
			return nil, nil, fmt.Errorf("postgres: fee rule currency %q: %w", cur, err)
		}
		if _, seen := out[school]; !seen {
			schools = append(schools, school)
		}
		out[school] = append(out[school], r)
	}
	return out, schools, rows.Err()
}

func (s FeeSchedules) lastNo(ctx context.Context, school string, lock bool) (int, error) {
	b := Builder.Select("last_no").From("fee_schedule").Where(sq.Eq{"school_code": school})
	if lock {
		b = b.Suffix("FOR UPDATE")
	}
	var last int
	rows, err := s.DB.query(ctx, b)
	if err != nil {
		return 0, fmt.Errorf("postgres: fee schedule: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := rows.Scan(&last); err != nil {
			return 0, fmt.Errorf("postgres: fee schedule: %w", err)
		}
	}
	return last, rows.Err()
}

func (s FeeSchedules) load(ctx context.Context, school string, lock bool) (*feeschedule.Schedule, error) {
	last, err := s.lastNo(ctx, school, lock)
	if err != nil {
		return nil, err
	}
	rules, _, err := s.rules(ctx, feeRuleSelect.Where(sq.Eq{"school_code": school}))
	if err != nil {
		return nil, err
	}
	return feeschedule.UnmarshalScheduleFromDatabase(school, last, rules[school])
}

// Get answers a school's schedule (empty without rules).
func (s FeeSchedules) Get(ctx context.Context, school string) (*feeschedule.Schedule, error) {
	return s.load(ctx, school, false)
}

// List answers the schedules of every school with rules, by school code.
func (s FeeSchedules) List(ctx context.Context) ([]*feeschedule.Schedule, error) {
	rules, schools, err := s.rules(ctx, feeRuleSelect)
	if err != nil {
		return nil, err
	}
	out := make([]*feeschedule.Schedule, 0, len(schools))
	for _, school := range schools {
		sc, err := feeschedule.UnmarshalScheduleFromDatabase(school, 0, rules[school])
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	return out, nil
}

// Update changes a school's schedule under its row lock in one
// transaction (the caller's when ctx carries one); an unknown school is
// an invalid schoolCode.
func (s FeeSchedules) Update(ctx context.Context, school string, fn func(sc *feeschedule.Schedule) error) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		_, err := s.DB.exec(ctx, Builder.Insert("fee_schedule").Columns("school_code").Values(school).Suffix("ON CONFLICT DO NOTHING"))
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == "23503" {
			var f apperr.Fields
			f.Add("schoolCode", feeschedule.CodeSchool)
			return f.Err()
		}
		if err != nil {
			return fmt.Errorf("postgres: fee schedule: %w", err)
		}
		sc, err := s.load(ctx, school, true)
		if err != nil {
			return err
		}
		if err := fn(sc); err != nil {
			return err
		}
		if !sc.Changed() {
			return nil
		}
		if _, err := s.DB.exec(ctx, Builder.Delete("fee_rule").Where(sq.Eq{"school_code": school})); err != nil {
			return fmt.Errorf("postgres: fee rules: %w", err)
		}
		if recs := sc.Records(); len(recs) > 0 {
			ins := Builder.Insert("fee_rule").Columns("school_code", "no", "method", "effective_from", "rate_bp", "fixed_amount", "fixed_currency")
			for _, r := range recs {
				ins = ins.Values(school, r.No, string(r.Method), r.EffectiveFrom.Format("2006-01-02"), r.RateBP, r.Fixed.Amount(),
					string(r.Fixed.Currency()))
			}
			if _, err := s.DB.exec(ctx, ins); err != nil {
				return fmt.Errorf("postgres: fee rules: %w", err)
			}
		}
		if _, err := s.DB.exec(ctx, Builder.Update("fee_schedule").Set("last_no", sc.Last()).Where(sq.Eq{"school_code": school})); err != nil {
			return fmt.Errorf("postgres: fee schedule: %w", err)
		}
		return nil
	})
}
