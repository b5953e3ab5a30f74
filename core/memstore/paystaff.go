package memstore

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/payment"
)

// PayStaff is the store of the staff money pages (payment.StaffStore):
// attempt lists, cancellations, failures and settlement closings, over the
// attempts and records of Payments.
type PayStaff struct{ *Store }

var _ payment.StaffStore = PayStaff{}

type payStaffData struct {
	cancels  map[string]payment.Cancellation
	closings []payment.Closing // append only
}

func (p *payStaffData) clone() *payStaffData {
	if p == nil {
		return &payStaffData{cancels: map[string]payment.Cancellation{}}
	}
	return &payStaffData{cancels: maps.Clone(p.cancels), closings: p.closings[:len(p.closings):len(p.closings)]}
}

func (d *data) payStaff() *payStaffData {
	if d.paystaff == nil {
		d.paystaff = (*payStaffData)(nil).clone()
	}
	return d.paystaff
}

// page cuts a sorted list as the PostgreSQL stores do: offset, and a
// limit of 0 for all.
func page[T any](list []T, offset, limit int) []T {
	list = list[min(max(offset, 0), len(list)):]
	if limit > 0 && len(list) > limit {
		list = list[:limit]
	}
	return list
}

func in(t, from, to time.Time) bool {
	return (from.IsZero() || !t.Before(from)) && (to.IsZero() || t.Before(to))
}

func containsFold(s, part string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(part))
}

// ListAttempts lists attempts of stored applications with their exam
// number, applicant and round.
func (s PayStaff) ListAttempts(ctx context.Context, q payment.AttemptQuery) ([]payment.AttemptRow, int, error) {
	out := []payment.AttemptRow{}
	err := s.do(ctx, func(d *data) error {
		for _, a := range d.payments {
			h, ok := d.apps[a.ApplNo()]
			switch {
			case !ok, q.School != "" && a.SchoolCode() != q.School, q.ApplNo > 0 && a.ApplNo() != q.ApplNo,
				q.ApplID != "" && h.ApplID != q.ApplID, q.EnterYear > 0 && h.Round.EnterYear != q.EnterYear,
				q.RecruitPartSeq > 0 && h.Round.RecruitPartSeq != q.RecruitPartSeq, q.Result != "" && a.Result() != q.Result,
				q.Provider != "" && a.Provider() != q.Provider, !in(a.CreatedAt(), q.From, q.To),
				(!q.PaidFrom.IsZero() || !q.PaidTo.IsZero()) && (a.PaidAt().IsZero() || !in(a.PaidAt(), q.PaidFrom, q.PaidTo)),
				q.Search != "" && !containsFold(h.ApplicantName, q.Search) && !containsFold(a.UserID(), q.Search) && !containsFold(a.PaymentID(), q.Search):
				continue
			}
			r := payment.AttemptRow{Attempt: clonePay(a), ApplID: h.ApplID, ApplicantName: h.ApplicantName, Round: h.Round,
				AppStatus: string(h.State.Status)}
			r.Round.SchoolCode = a.SchoolCode()
			out = append(out, r)
		}
		return nil
	})
	slices.SortFunc(out, attemptOrder(q.Sort, q.Desc))
	return page(out, q.Offset, q.Limit), len(out), err
}

// attemptOrder sorts by the field (createdAt when unknown), NULLS LAST,
// then by payment id, both in the direction asked.
func attemptOrder(sort string, desc bool) func(a, b payment.AttemptRow) int {
	dir := func(c int) int {
		if desc {
			return -c
		}
		return c
	}
	return func(a, b payment.AttemptRow) int {
		var c int
		switch sort {
		case "paidAt":
			if za, zb := a.PaidAt().IsZero(), b.PaidAt().IsZero(); za || zb {
				if c = cmp.Compare(btoi(za), btoi(zb)); c != 0 {
					return c // unpaid last either way
				}
			} else {
				c = dir(a.PaidAt().Compare(b.PaidAt()))
			}
		case "applNo":
			c = dir(cmp.Compare(a.ApplNo(), b.ApplNo()))
		case "total":
			c = dir(cmp.Compare(a.Quote().Total.Amount(), b.Quote().Total.Amount()))
		case "result":
			c = dir(cmp.Compare(a.Result(), b.Result()))
		default:
			c = dir(a.CreatedAt().Compare(b.CreatedAt()))
		}
		return cmp.Or(c, dir(cmp.Compare(a.PaymentID(), b.PaymentID())))
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// AddCancel stores a cancellation in the caller's transaction.
func (s PayStaff) AddCancel(ctx context.Context, c payment.Cancellation) error {
	return s.do(ctx, func(d *data) error {
		if _, dup := d.payStaff().cancels[c.ID]; dup {
			return fmt.Errorf("memstore: cancellation %s exists", c.ID) // PostgreSQL: a primary key violation
		}
		d.payStaff().cancels[c.ID] = cloneCancel(c)
		return nil
	})
}

func cloneCancel(c payment.Cancellation) payment.Cancellation {
	if c.Refund != nil {
		r := *c.Refund
		c.Refund = &r
	}
	return c
}

// SettleCancel writes back a followed-up cancellation's answer, pending
// flag, settled and overdue times.
func (s PayStaff) SettleCancel(ctx context.Context, c payment.Cancellation) error {
	return s.do(ctx, func(d *data) error {
		cur, ok := d.payStaff().cancels[c.ID]
		if !ok {
			return nil // PostgreSQL: an UPDATE of no row
		}
		cur.Answer, cur.Pending, cur.SettledAt, cur.OverdueAt = c.Answer, c.Pending, c.SettledAt, c.OverdueAt
		d.payStaff().cancels[c.ID] = cur
		return nil
	})
}

// Cancels lists cancellations, oldest first unless Desc; Limit 0 lists all.
func (s PayStaff) Cancels(ctx context.Context, q payment.CancelQuery) ([]payment.Cancellation, int, error) {
	out := []payment.Cancellation{}
	err := s.do(ctx, func(d *data) error {
		for _, c := range d.payStaff().cancels {
			switch {
			case q.School != "" && c.SchoolCode != q.School, q.ApplNo > 0 && c.ApplNo != q.ApplNo,
				q.PaymentID != "" && c.PaymentID != q.PaymentID, !in(c.At, q.From, q.To),
				q.Answer == payment.AnswerPending && !c.Pending, q.Answer != "" && q.Answer != payment.AnswerPending && c.Answer != q.Answer:
				continue
			case q.UserID != "":
				if a, ok := d.payments[c.PaymentID]; !ok || a.UserID() != q.UserID {
					continue
				}
			}
			out = append(out, cloneCancel(c))
		}
		return nil
	})
	slices.SortFunc(out, func(a, b payment.Cancellation) int {
		c := a.At.Compare(b.At)
		if q.Sort == "amount" {
			c = cmp.Compare(a.Amount.Amount(), b.Amount.Amount())
		}
		c = cmp.Or(c, cmp.Compare(a.ID, b.ID))
		if q.Desc {
			return -c
		}
		return c
	})
	return page(out, q.Offset, q.Limit), len(out), err
}

// failure is a record of a failure: an attempt that failed or expired, a
// refused event, money after the end, a refund followed up that failed or
// is overdue, a payment the provider cancelled after we recorded it paid.
func failure(r payment.Record) bool {
	return r.Kind == payment.RecRefused || r.Kind == payment.RecLatePaid ||
		r.Kind == payment.RecChanged && (r.To == payment.Failed || r.To == payment.Timeout) ||
		r.Kind == payment.RecRefund && r.Alert || r.Code == payment.CodeProviderCancelled
}

// Failures lists failure records, newest first unless !Desc.
func (s PayStaff) Failures(ctx context.Context, q payment.FailureQuery) ([]payment.Record, int, error) {
	out := []payment.Record{}
	err := s.do(ctx, func(d *data) error {
		for _, r := range d.payRecords {
			if !failure(r) || q.Code != "" && r.Code != q.Code || !in(r.At, q.From, q.To) {
				continue
			}
			if q.School != "" {
				if a, ok := d.payments[r.PaymentID]; !ok || r.PaymentID == "" || a.SchoolCode() != q.School {
					continue
				}
			}
			r.Detail = maps.Clone(r.Detail)
			out = append(out, r)
		}
		return nil
	})
	slices.SortFunc(out, func(a, b payment.Record) int {
		if q.Desc {
			return cmp.Compare(b.ID, a.ID)
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return page(out, q.Offset, q.Limit), len(out), err
}

// Close stores a closing; a closed period of the school overlapping it is
// a conflict.
func (s PayStaff) Close(ctx context.Context, c payment.Closing) error {
	return s.do(ctx, func(d *data) error {
		for _, o := range d.payStaff().closings {
			if o.School == c.School && o.From.Before(c.To) && o.To.After(c.From) {
				return apperr.Conflict(payment.CodePeriodClosed)
			}
		}
		c.Rows = slices.Clone(c.Rows)
		d.payStaff().closings = append(d.payStaff().closings, c)
		return nil
	})
}

// Closings lists a school's closings overlapping [from, to), by start.
func (s PayStaff) Closings(ctx context.Context, school string, from, to time.Time) ([]payment.Closing, error) {
	var out []payment.Closing
	err := s.do(ctx, func(d *data) error {
		for _, c := range d.payStaff().closings {
			if c.School == school && c.From.Before(to) && c.To.After(from) {
				c.Rows = slices.Clone(c.Rows)
				out = append(out, c)
			}
		}
		return nil
	})
	slices.SortFunc(out, func(a, b payment.Closing) int { return a.From.Compare(b.From) })
	return out, err
}
