package memstore

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
)

// Decisions is the store of applications' decisions (core/decision).
type Decisions struct{ *Store }

// Releases is the store of the rounds' releases (core/decision).
type Releases struct{ *Store }

var (
	_ decision.Decisions = Decisions{}
	_ decision.Releases  = Releases{}
)

var (
	decisionMap = aggregateMap[int64, decision.Data, decision.Decision]{
		rows:     func(d *data) map[int64]decision.Data { return d.officer().decisions },
		notFound: decision.CodeNoDecision, load: decision.UnmarshalDecisionFromDatabase, save: decision.Decision.Data,
	}
	releaseMap = aggregateMap[application.RoundKey, decision.ReleaseData, decision.Release]{
		rows:     func(d *data) map[application.RoundKey]decision.ReleaseData { return d.officer().releases },
		notFound: decision.CodeNoRelease, load: decision.UnmarshalReleaseFromDatabase, save: decision.Release.Data,
	}
)

// Create stores a new decision.
func (s Decisions) Create(ctx context.Context, d decision.Decision) error {
	return s.do(ctx, func(da *data) error {
		o := da.officer()
		if _, ok := o.decisions[d.ApplNo()]; ok {
			return apperr.Conflict(decision.CodeExists)
		}
		if err := da.needApp(d.ApplNo()); err != nil {
			return err
		}
		o.decisions[d.ApplNo()] = d.Data()
		return nil
	})
}

// Get answers an application's decision.
func (s Decisions) Get(ctx context.Context, applNo int64) (decision.Decision, error) {
	return decisionMap.get(ctx, s.Store, applNo)
}

// Update changes one decision in a transaction.
func (s Decisions) Update(ctx context.Context, applNo int64, fn func(ctx context.Context, d *decision.Decision) error) error {
	return decisionMap.update(ctx, s.Store, applNo, fn)
}

func (s Decisions) round(ctx context.Context, k application.RoundKey, keep func(decision.Data) bool) ([]decision.Decision, error) {
	var rows []decision.Data
	err := s.do(ctx, func(d *data) error {
		for _, r := range d.officer().decisions {
			if r.Round == k && keep(r) {
				rows = append(rows, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(rows, func(a, b decision.Data) int { return cmp.Compare(a.ApplNo, b.ApplNo) })
	out := make([]decision.Decision, 0, len(rows))
	for _, r := range rows {
		d, err := decision.UnmarshalDecisionFromDatabase(r)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// ForRound lists a round's decisions.
func (s Decisions) ForRound(ctx context.Context, k application.RoundKey) ([]decision.Decision, error) {
	return s.round(ctx, k, func(decision.Data) bool { return true })
}

// MailBatch hands fn up to limit decisions of the round not yet mailed.
func (s Decisions) MailBatch(ctx context.Context, k application.RoundKey, limit int, fn func(ctx context.Context, list []*decision.Decision) error) (int, error) {
	n := 0
	err := s.InTx(ctx, func(ctx context.Context) error {
		due, err := s.round(ctx, k, func(r decision.Data) bool { return r.MailedAt == nil })
		if err != nil {
			return err
		}
		due = due[:min(limit, len(due))]
		if n = len(due); n == 0 {
			return nil
		}
		ptrs := make([]*decision.Decision, n)
		for i := range due {
			ptrs[i] = &due[i]
		}
		if err := fn(ctx, ptrs); err != nil {
			return err
		}
		return s.do(ctx, func(da *data) error {
			for _, d := range due {
				da.officer().decisions[d.ApplNo()] = d.Data()
			}
			return nil
		})
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}

// Create stores a round's first release.
func (s Releases) Create(ctx context.Context, r decision.Release) error {
	return s.do(ctx, func(d *data) error {
		o := d.officer()
		if _, ok := o.releases[r.Round()]; ok {
			return apperr.Conflict(decision.CodeReleaseExists)
		}
		o.releases[r.Round()] = r.Data()
		return nil
	})
}

// Get answers a round's release.
func (s Releases) Get(ctx context.Context, k application.RoundKey) (decision.Release, error) {
	return releaseMap.get(ctx, s.Store, k)
}

// Update changes a round's release in a transaction.
func (s Releases) Update(ctx context.Context, k application.RoundKey, fn func(ctx context.Context, r *decision.Release) error) error {
	return releaseMap.update(ctx, s.Store, k, fn)
}

// Due lists the released rounds with decisions not yet mailed.
func (s Releases) Due(ctx context.Context, now time.Time) ([]application.RoundKey, error) {
	var out []application.RoundKey
	err := s.do(ctx, func(d *data) error {
		o := d.officer()
		for k, r := range o.releases {
			if r.At.After(now) {
				continue
			}
			for _, x := range o.decisions {
				if x.Round == k && x.MailedAt == nil {
					out = append(out, k)
					break
				}
			}
		}
		return nil
	})
	slices.SortFunc(out, func(a, b application.RoundKey) int {
		return cmp.Or(cmp.Compare(a.SchoolCode, b.SchoolCode), cmp.Compare(a.EnterYear, b.EnterYear), cmp.Compare(a.RecruitPartSeq, b.RecruitPartSeq))
	})
	return out, err
}
