package memstore

import (
	"cmp"
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/competition"
)

// Competition counts a round's applications per part (core/competition).
type Competition struct{ *Store }

var _ competition.Counter = Competition{}

// Count answers the parts of round k with applications past submission.
func (s Competition) Count(ctx context.Context, k application.RoundKey) ([]competition.Count, error) {
	var out []competition.Count
	err := s.do(ctx, func(d *data) error {
		by := map[int64]*competition.Count{}
		for n, h := range d.apps {
			st := h.State.Status
			if h.Round != k || (st != application.Submit && st != application.VbankIssue && st != application.Complete) {
				continue
			}
			p := d.parts[n].ApplPartNo
			if by[p] == nil {
				by[p] = &competition.Count{ApplPartNo: p}
			}
			by[p].Submitted++
			if st == application.Complete {
				by[p].Completed++
			}
		}
		for _, c := range by {
			out = append(out, *c)
		}
		slices.SortFunc(out, func(a, b competition.Count) int { return cmp.Compare(a.ApplPartNo, b.ApplPartNo) })
		return nil
	})
	return out, err
}
