package memstore

import (
	"cmp"
	"context"
	"maps"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/refundrequest"
)

// RefundRequests is the store of applicants' refund requests and the
// schools' refund rule texts.
type RefundRequests struct{ *Store }

var (
	_ refundrequest.Store     = RefundRequests{}
	_ refundrequest.RuleStore = RefundRequests{}
)

type refundData struct {
	next  int64
	rows  map[int64]refundrequest.Row
	rules map[string]refundrequest.Rule
}

func (r *refundData) clone() *refundData {
	if r == nil {
		return &refundData{rows: map[int64]refundrequest.Row{}, rules: map[string]refundrequest.Rule{}}
	}
	return &refundData{next: r.next, rows: maps.Clone(r.rows), rules: maps.Clone(r.rules)}
}

func (d *data) refund() *refundData {
	if d.refunds == nil {
		d.refunds = (*refundData)(nil).clone()
	}
	return d.refunds
}

// Create numbers and stores a request; the payment may have one pending.
func (s RefundRequests) Create(ctx context.Context, r refundrequest.Request) (refundrequest.Request, error) {
	var out refundrequest.Request
	err := s.do(ctx, func(d *data) error {
		t := d.refund()
		row := r.Row()
		if row.State == refundrequest.Pending {
			for _, x := range t.rows {
				if x.Paid.PaymentID == row.Paid.PaymentID && x.State == refundrequest.Pending {
					return apperr.Conflict(refundrequest.CodeOpenExists)
				}
			}
		}
		t.next++
		row.ID = t.next
		t.rows[row.ID] = row
		var err error
		out, err = refundrequest.UnmarshalRequestFromDatabase(row)
		return err
	})
	return out, err
}

// Get answers one request.
func (s RefundRequests) Get(ctx context.Context, id int64) (refundrequest.Request, error) {
	var out refundrequest.Request
	err := s.do(ctx, func(d *data) error {
		row, ok := d.refund().rows[id]
		if !ok {
			return apperr.NotFound(refundrequest.CodeNotFound)
		}
		var err error
		out, err = refundrequest.UnmarshalRequestFromDatabase(row)
		return err
	})
	return out, err
}

// Update changes one request in a transaction.
func (s RefundRequests) Update(ctx context.Context, id int64, fn func(ctx context.Context, r *refundrequest.Request) error) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		r, err := s.Get(ctx, id)
		if err != nil {
			return err
		}
		if err := fn(ctx, &r); err != nil {
			return err
		}
		return s.do(ctx, func(d *data) error {
			row := r.Row()
			row.ID = id
			d.refund().rows[id] = row
			return nil
		})
	})
}

func refundMatches(r refundrequest.Row, q refundrequest.Query) bool {
	return (q.State == "" || r.State == q.State) && (q.School == "" || r.Paid.SchoolCode == q.School) &&
		(q.UserID == "" || r.Paid.UserID == q.UserID) && (q.ApplNo == 0 || r.Paid.ApplNo == q.ApplNo) &&
		(q.PaymentID == "" || r.Paid.PaymentID == q.PaymentID)
}

// List answers a page of the requests a query selects, newest first
// unless it asks for the oldest.
func (s RefundRequests) List(ctx context.Context, q refundrequest.Query) ([]refundrequest.Request, int, error) {
	var rows []refundrequest.Row
	err := s.do(ctx, func(d *data) error {
		for _, r := range d.refund().rows {
			if refundMatches(r, q) {
				rows = append(rows, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	slices.SortFunc(rows, func(a, b refundrequest.Row) int {
		if q.Oldest {
			a, b = b, a
		}
		return cmp.Or(b.CreatedAt.Compare(a.CreatedAt), cmp.Compare(b.ID, a.ID))
	})
	total := len(rows)
	lo, hi := min(max(q.Offset, 0), total), total
	if q.Limit > 0 {
		hi = min(lo+q.Limit, total)
	}
	out := make([]refundrequest.Request, 0, hi-lo)
	for _, row := range rows[lo:hi] {
		r, err := refundrequest.UnmarshalRequestFromDatabase(row)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, r)
	}
	return out, total, nil
}

// Rule answers a school's rule text.
func (s RefundRequests) Rule(ctx context.Context, school string) (refundrequest.Rule, bool, error) {
	var out refundrequest.Rule
	var ok bool
	err := s.do(ctx, func(d *data) error { out, ok = d.refund().rules[school]; return nil })
	return out, ok, err
}

// PutRule stores a school's rule text.
func (s RefundRequests) PutRule(ctx context.Context, r refundrequest.Rule) error {
	return s.do(ctx, func(d *data) error { d.refund().rules[r.SchoolCode] = r; return nil })
}

// Rules lists the stored rule texts by school code.
func (s RefundRequests) Rules(ctx context.Context) ([]refundrequest.Rule, error) {
	var out []refundrequest.Rule
	err := s.do(ctx, func(d *data) error {
		out = slices.Collect(maps.Values(d.refund().rules))
		return nil
	})
	slices.SortFunc(out, func(a, b refundrequest.Rule) int { return cmp.Compare(a.SchoolCode, b.SchoolCode) })
	return out, err
}
