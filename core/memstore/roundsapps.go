package memstore

import (
	"cmp"
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/school"
)

// What the round store reads and writes of a round's applications: parts
// and consents in use, exam numbers.

// Majors lists the school's majors.
func (s Rounds) Majors(ctx context.Context, schoolCode string) ([]round.Major, error) {
	var out []round.Major
	err := s.do(ctx, func(d *data) error {
		out = slices.Clone(d.round().majors[schoolCode])
		return nil
	})
	return orEmpty(out), err
}

func (d *data) roundApps(k application.RoundKey) []application.Header {
	var out []application.Header
	for _, h := range d.apps {
		if h.Round == k {
			out = append(out, h)
		}
	}
	slices.SortFunc(out, func(a, b application.Header) int { return cmp.Compare(a.ApplNo, b.ApplNo) })
	return out
}

// PartsInUse answers the parts of the round applications chose.
func (s Rounds) PartsInUse(ctx context.Context, k application.RoundKey) (map[int64]bool, error) {
	out := map[int64]bool{}
	err := s.do(ctx, func(d *data) error {
		r, ok := d.round().rows[k]
		if !ok {
			return nil
		}
		for _, p := range d.parts {
			if slices.ContainsFunc(r.v.Parts, func(o round.Part) bool { return o.ApplPartNo == p.ApplPartNo }) {
				out[p.ApplPartNo] = true
			}
		}
		return nil
	})
	return out, err
}

// ConsentInUse reports whether an application of the round accepted the version.
func (s Rounds) ConsentInUse(ctx context.Context, k application.RoundKey, code, version string) (bool, error) {
	used := false
	err := s.do(ctx, func(d *data) error {
		for _, h := range d.roundApps(k) {
			used = used || slices.ContainsFunc(d.consents[h.ApplNo], func(a school.Acceptance) bool { return a.Code == code && a.Version == version })
		}
		return nil
	})
	return used, err
}

// AcceptedConsents answers the texts of the accepted versions: the
// round's, current or kept in the history. (School-wide items are not
// kept by this store.)
func (s Rounds) AcceptedConsents(ctx context.Context, k application.RoundKey, acc []school.Acceptance) ([]school.ConsentItem, error) {
	var out []school.ConsentItem
	err := s.do(ctx, func(d *data) error {
		rd := d.round()
		for _, a := range acc {
			match := func(c school.ConsentItem) bool { return c.Code == a.Code && c.Version == a.Version }
			if i := slices.IndexFunc(rd.rows[k].v.Consents, match); i >= 0 {
				out = append(out, rd.rows[k].v.Consents[i])
				continue
			}
			for _, h := range rd.history {
				if h.k == k && match(h.item) {
					out = append(out, h.item)
					break
				}
			}
		}
		return nil
	})
	return out, err
}

// ConsentHistory answers the earlier versions kept for a round's own
// items, by code and newest first.
func (s Rounds) ConsentHistory(ctx context.Context, k application.RoundKey) ([]school.ConsentItem, error) {
	var out []school.ConsentItem
	err := s.do(ctx, func(d *data) error {
		for _, h := range d.round().history {
			if h.k == k {
				out = append(out, h.item)
			}
		}
		return nil
	})
	slices.SortFunc(out, func(a, b school.ConsentItem) int {
		return cmp.Or(cmp.Compare(a.Code, b.Code), cmp.Compare(b.Version, a.Version))
	})
	return orEmpty(out), err
}

// LockNumbers takes the round's exam-number lock: the store's one lock,
// held by the caller's transaction.
func (s Rounds) LockNumbers(ctx context.Context, k application.RoundKey) error {
	return s.do(ctx, func(*data) error { return nil })
}

// InFlight counts the round's applications waiting on a payment: a
// virtual account issued, or an attempt in flight.
func (s Rounds) InFlight(ctx context.Context, k application.RoundKey) (int, error) {
	n := 0
	err := s.do(ctx, func(d *data) error {
		for _, h := range d.roundApps(k) {
			waiting := h.State.Status == "VBANK_ISSUE"
			for _, a := range d.payments {
				waiting = waiting || a.ApplNo() == h.ApplNo && a.Result().InFlight()
			}
			if waiting {
				n++
			}
		}
		return nil
	})
	return n, err
}

// Completions lists the round's COMPLETE applications in completion order.
func (s Rounds) Completions(ctx context.Context, k application.RoundKey) ([]round.Completion, error) {
	var out []round.Completion
	err := s.do(ctx, func(d *data) error {
		for _, h := range d.roundApps(k) {
			if h.State.Status != application.Complete {
				continue
			}
			at, ok := d.completed[h.ApplNo]
			if !ok {
				at = h.UpdatedAt
			}
			p := d.parts[h.ApplNo]
			out = append(out, round.Completion{ApplNo: h.ApplNo, UserID: h.UserID, ApplID: h.ApplID, MajorCode: p.MajorCode,
				CategoryCode: p.CategoryCode, CompletedAt: at})
		}
		return nil
	})
	slices.SortStableFunc(out, func(a, b round.Completion) int {
		return cmp.Or(a.CompletedAt.Compare(b.CompletedAt), cmp.Compare(a.ApplNo, b.ApplNo))
	})
	return orEmpty(out), err
}

// Renumber stores the new numbers (the round's old ones cleared first),
// sets the counter to len(ids) and the rule.
func (s Rounds) Renumber(ctx context.Context, k application.RoundKey, ids map[int64]string, rule string) error {
	return s.do(ctx, func(d *data) error {
		for _, h := range d.roundApps(k) {
			h.ApplID = ids[h.ApplNo]
			d.apps[h.ApplNo] = h
		}
		d.counters[k] = len(ids)
		d.rules[k] = rule
		if r, ok := d.round().rows[k]; ok {
			r.v.ApplIDRule, r.updatedAt = rule, s.now()
			d.round().rows[k] = r
		}
		return nil
	})
}
