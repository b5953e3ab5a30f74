package memstore

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/inquiry"
)

// Inquiries is the store of 1:1 inquiries.
type Inquiries struct{ *Store }

var _ inquiry.Store = Inquiries{}

type inqData struct {
	next int64
	rows map[int64]inquiry.Inquiry
}

func (r *inqData) clone() *inqData {
	if r == nil {
		return &inqData{rows: map[int64]inquiry.Inquiry{}}
	}
	return &inqData{next: r.next, rows: maps.Clone(r.rows)}
}

func (d *data) inq() *inqData {
	if d.inqs == nil {
		d.inqs = (*inqData)(nil).clone()
	}
	return d.inqs
}

func copyInquiry(q inquiry.Inquiry) inquiry.Inquiry {
	q.Posts = slices.Clone(q.Posts)
	return q
}

// Create stores a new inquiry and numbers it.
func (s Inquiries) Create(ctx context.Context, q inquiry.Inquiry) (inquiry.Inquiry, error) {
	err := s.do(ctx, func(d *data) error {
		t := d.inq()
		t.next++
		q.No = t.next
		t.rows[q.No] = copyInquiry(q)
		return nil
	})
	return q, err
}

// Get answers one inquiry.
func (s Inquiries) Get(ctx context.Context, no int64) (inquiry.Inquiry, error) {
	var out inquiry.Inquiry
	err := s.do(ctx, func(d *data) error {
		q, ok := d.inq().rows[no]
		if !ok {
			return apperr.NotFound(inquiry.CodeNotFound)
		}
		out = copyInquiry(q)
		return nil
	})
	return out, err
}

// Update changes one inquiry in a transaction.
func (s Inquiries) Update(ctx context.Context, no int64, fn func(q *inquiry.Inquiry) error) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		q, err := s.Get(ctx, no)
		if err != nil {
			return err
		}
		if err := fn(&q); err != nil {
			return err
		}
		return s.do(ctx, func(d *data) error { q.No = no; d.inq().rows[no] = copyInquiry(q); return nil })
	})
}

func inquiryMatches(q inquiry.Inquiry, f inquiry.Query) bool {
	text := strings.ToLower(f.Text)
	return (f.UserID == "" || q.UserID == f.UserID) && (f.SchoolCode == "" || q.SchoolCode == f.SchoolCode) &&
		(f.Status == "" || q.Status == f.Status) && (f.Type == "" || q.Type == f.Type) &&
		(f.From.IsZero() || !q.CreatedAt.Before(f.From)) && (f.To.IsZero() || q.CreatedAt.Before(f.To)) &&
		(text == "" || strings.Contains(strings.ToLower(q.Title), text) || strings.Contains(strings.ToLower(q.Body), text) ||
			strings.Contains(strings.ToLower(q.UserID), text))
}

// List answers a page of the inquiries a query selects, newest first
// unless the query asks for the oldest.
func (s Inquiries) List(ctx context.Context, f inquiry.Query) ([]inquiry.Inquiry, int, error) {
	var all []inquiry.Inquiry
	err := s.do(ctx, func(d *data) error {
		for _, q := range d.inq().rows {
			if inquiryMatches(q, f) {
				all = append(all, copyInquiry(q))
			}
		}
		return nil
	})
	slices.SortFunc(all, func(a, b inquiry.Inquiry) int {
		if f.Oldest {
			a, b = b, a
		}
		return cmp.Or(b.CreatedAt.Compare(a.CreatedAt), cmp.Compare(b.No, a.No))
	})
	total := len(all)
	lo := min(f.Offset, total)
	hi := total
	if f.Limit > 0 {
		hi = min(lo+f.Limit, total)
	}
	return all[lo:hi], total, err
}

// Unread counts a member's inquiries with an unread answer.
func (s Inquiries) Unread(ctx context.Context, userID string) (int, error) {
	n := 0
	err := s.do(ctx, func(d *data) error {
		for _, q := range d.inq().rows {
			if q.UserID == userID && q.Unread {
				n++
			}
		}
		return nil
	})
	return n, err
}
