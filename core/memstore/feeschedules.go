package memstore

import (
	"context"
	"slices"
	"sort"

	"github.com/gradapply/gradapply/core/feeschedule"
)

// FeeSchedules is the store of the schools' fee rules.
type FeeSchedules struct{ *Store }

var _ feeschedule.Store = FeeSchedules{}

type feeRow struct {
	last  int
	rules []feeschedule.Record
}

func (s FeeSchedules) get(d *data, school string) (*feeschedule.Schedule, error) {
	r := d.fees[school]
	return feeschedule.UnmarshalScheduleFromDatabase(school, r.last, slices.Clone(r.rules))
}

// Get answers a school's schedule (empty without rules).
func (s FeeSchedules) Get(ctx context.Context, school string) (*feeschedule.Schedule, error) {
	var out *feeschedule.Schedule
	err := s.do(ctx, func(d *data) (err error) {
		out, err = s.get(d, school)
		return err
	})
	return out, err
}

// List answers the schedules of every school with rules, by school code.
func (s FeeSchedules) List(ctx context.Context) ([]*feeschedule.Schedule, error) {
	out := []*feeschedule.Schedule{}
	err := s.do(ctx, func(d *data) error {
		var schools []string
		for k, r := range d.fees {
			if len(r.rules) > 0 {
				schools = append(schools, k)
			}
		}
		sort.Strings(schools)
		for _, k := range schools {
			sc, err := s.get(d, k)
			if err != nil {
				return err
			}
			out = append(out, sc)
		}
		return nil
	})
	return out, err
}

// Update changes a school's schedule in one transaction. Unlike
// PostgreSQL it does not check that the school exists.
func (s FeeSchedules) Update(ctx context.Context, school string, fn func(sc *feeschedule.Schedule) error) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		return s.do(ctx, func(d *data) error {
			sc, err := s.get(d, school)
			if err != nil {
				return err
			}
			if err := fn(sc); err != nil {
				return err
			}
			if !sc.Changed() {
				return nil
			}
			if d.fees == nil {
				d.fees = map[string]feeRow{}
			}
			d.fees[school] = feeRow{last: sc.Last(), rules: sc.Records()}
			return nil
		})
	})
}
