package memstore

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/payment"
)

// Payments is the store of payment attempts and their records.
type Payments struct{ *Store }

var _ payment.Store = Payments{}

// clonePay is the attempt as loaded from storage (its changed mark reset).
func clonePay(a payment.Attempt) payment.Attempt {
	b, err := payment.UnmarshalAttemptFromDatabase(a.Data())
	if err != nil {
		return a
	}
	return b
}

// Insert stores a new attempt; one in flight per application.
func (s Payments) Insert(ctx context.Context, a payment.Attempt) error {
	return s.do(ctx, func(d *data) error {
		if _, dup := d.payments[a.PaymentID()]; dup {
			return apperr.Conflict(payment.CodeInFlight)
		}
		for _, o := range d.payments {
			if o.ApplNo() == a.ApplNo() && o.Result().InFlight() && a.Result().InFlight() {
				return apperr.Conflict(payment.CodeInFlight)
			}
		}
		d.payments[a.PaymentID()] = clonePay(a)
		return nil
	})
}

// Get loads an attempt.
func (s Payments) Get(ctx context.Context, paymentID string) (payment.Attempt, error) {
	var a payment.Attempt
	err := s.do(ctx, func(d *data) error {
		var ok bool
		if a, ok = d.payments[paymentID]; !ok {
			return apperr.NotFound(payment.CodeNotFound)
		}
		a = clonePay(a)
		return nil
	})
	return a, err
}

// ByProviderOrder finds an attempt by the provider's order id.
func (s Payments) ByProviderOrder(ctx context.Context, p payment.Provider, orderID string) (payment.Attempt, error) {
	list, err := s.filter(ctx, func(a payment.Attempt) bool {
		return a.Provider() == p && a.ProviderOrderID() == orderID && orderID != ""
	}, false)
	if err != nil {
		return payment.Attempt{}, err
	}
	if len(list) == 0 {
		return payment.Attempt{}, apperr.NotFound(payment.CodeNotFound)
	}
	return list[0], nil
}

// Update changes an attempt through fn in the caller's transaction and
// writes it back when fn changed it.
func (s Payments) Update(ctx context.Context, paymentID string, fn func(ctx context.Context, a *payment.Attempt) error) error {
	return s.do(ctx, func(d *data) error {
		cur, ok := d.payments[paymentID]
		if !ok {
			return apperr.NotFound(payment.CodeNotFound)
		}
		a := clonePay(cur)
		if err := fn(ctx, &a); err != nil {
			return err
		}
		if !a.Changed() {
			return nil
		}
		for _, o := range d.payments {
			if o.PaymentID() != paymentID && o.ApplNo() == a.ApplNo() && o.Result().InFlight() && a.Result().InFlight() {
				return apperr.Conflict(payment.CodeInFlight)
			}
		}
		d.payments[paymentID] = clonePay(a)
		return nil
	})
}

// filter lists matching attempts, newest first (oldest first when asc).
func (s Payments) filter(ctx context.Context, keep func(payment.Attempt) bool, asc bool) ([]payment.Attempt, error) {
	var out []payment.Attempt
	err := s.do(ctx, func(d *data) error {
		for _, a := range d.payments {
			if keep(a) {
				out = append(out, clonePay(a))
			}
		}
		return nil
	})
	slices.SortFunc(out, func(a, b payment.Attempt) int {
		c := a.CreatedAt().Compare(b.CreatedAt())
		if c == 0 {
			c = cmp.Compare(a.PaymentID(), b.PaymentID())
		}
		if asc {
			return c
		}
		return -c
	})
	return out, err
}

// ByApplication lists an application's attempts, newest first.
func (s Payments) ByApplication(ctx context.Context, applNo int64) ([]payment.Attempt, error) {
	return s.filter(ctx, func(a payment.Attempt) bool { return a.ApplNo() == applNo }, false)
}

// ByUser lists a user's attempts, newest first.
func (s Payments) ByUser(ctx context.Context, userID string) ([]payment.Attempt, error) {
	return s.filter(ctx, func(a payment.Attempt) bool { return a.UserID() == userID }, false)
}

func first(list []payment.Attempt, limit int) []payment.Attempt {
	if limit > 0 && len(list) > limit {
		return list[:limit]
	}
	return list
}

// Stuck lists attempts PROCEEDING since before the time, oldest first.
func (s Payments) Stuck(ctx context.Context, before time.Time, limit int) ([]payment.Attempt, error) {
	list, err := s.filter(ctx, func(a payment.Attempt) bool {
		return a.Result() == payment.Proceeding && a.CreatedAt().Before(before)
	}, true)
	return first(list, limit), err
}

// DueVbanks lists virtual accounts past their deadline, oldest first.
func (s Payments) DueVbanks(ctx context.Context, before time.Time, limit int) ([]payment.Attempt, error) {
	list, err := s.filter(ctx, func(a payment.Attempt) bool {
		return a.Result() == payment.VbankIssue && a.Vbank() != nil && a.Vbank().Due.Before(before)
	}, true)
	return first(list, limit), err
}

// Log appends a record.
func (s Payments) Log(ctx context.Context, r payment.Record) error {
	return s.do(ctx, func(d *data) error {
		r.ID = int64(len(d.payRecords) + 1)
		r.Detail = maps.Clone(r.Detail)
		d.payRecords = append(d.payRecords, r)
		return nil
	})
}

// Records lists an application's records (0: those naming none).
func (s Payments) Records(ctx context.Context, applNo int64) ([]payment.Record, error) {
	var out []payment.Record
	err := s.do(ctx, func(d *data) error {
		for _, r := range d.payRecords {
			if r.ApplNo == applNo {
				out = append(out, r)
			}
		}
		return nil
	})
	return out, err
}
