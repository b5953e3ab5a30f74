package payment_test

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/payment"
)

// staffRecords is the staff money store (payment.StaffStore) over the
// memory stores: attempts and records are memstore's, read with the
// caller's ctx; cancellations and closings are kept here. It is not
// transactional: the tests never fail a use case after it wrote.
type staffRecords struct {
	pays    memstore.Payments
	apps    memstore.Applications
	applNos []int64 // the applications whose attempts it lists

	mu       sync.Mutex
	cancels  []payment.Cancellation
	closings []payment.Closing
}

var _ payment.StaffStore = (*staffRecords)(nil)

func inRange(t, from, to time.Time) bool {
	return (from.IsZero() || !t.Before(from)) && (to.IsZero() || t.Before(to))
}

func page[T any](list []T, offset, limit int) []T {
	list = list[min(max(offset, 0), len(list)):]
	if limit > 0 && len(list) > limit {
		list = list[:limit]
	}
	return list
}

func (s *staffRecords) ListAttempts(ctx context.Context, q payment.AttemptQuery) ([]payment.AttemptRow, int, error) {
	out := []payment.AttemptRow{}
	for _, n := range s.applNos {
		h, err := s.apps.Get(ctx, n)
		if err != nil {
			return nil, 0, err
		}
		list, err := s.pays.ByApplication(ctx, n)
		if err != nil {
			return nil, 0, err
		}
		for _, a := range list {
			paidFilter := !q.PaidFrom.IsZero() || !q.PaidTo.IsZero()
			switch {
			case q.School != "" && a.SchoolCode() != q.School,
				q.ApplNo > 0 && a.ApplNo() != q.ApplNo,
				q.Result != "" && a.Result() != q.Result,
				q.Provider != "" && a.Provider() != q.Provider,
				!inRange(a.CreatedAt(), q.From, q.To),
				paidFilter && (a.PaidAt().IsZero() || !inRange(a.PaidAt(), q.PaidFrom, q.PaidTo)):
				continue
			}
			out = append(out, payment.AttemptRow{Attempt: a, ApplID: h.ApplID, ApplicantName: h.ApplicantName, Round: h.Round,
				AppStatus: string(h.State.Effective())})
		}
	}
	slices.SortStableFunc(out, func(a, b payment.AttemptRow) int {
		if q.Sort == "paidAt" {
			return a.PaidAt().Compare(b.PaidAt())
		}
		return a.CreatedAt().Compare(b.CreatedAt())
	})
	if q.Desc {
		slices.Reverse(out)
	}
	return page(out, q.Offset, q.Limit), len(out), nil
}

func (s *staffRecords) AddCancel(_ context.Context, c payment.Cancellation) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cancels = append(s.cancels, c)
	return nil
}

func (s *staffRecords) SettleCancel(_ context.Context, c payment.Cancellation) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.cancels {
		if s.cancels[i].ID == c.ID {
			s.cancels[i].Answer, s.cancels[i].Pending, s.cancels[i].SettledAt, s.cancels[i].OverdueAt = c.Answer, c.Pending, c.SettledAt, c.OverdueAt
			return nil
		}
	}
	return apperr.NotFound(payment.CodeNotFound)
}

func (s *staffRecords) Cancels(ctx context.Context, q payment.CancelQuery) ([]payment.Cancellation, int, error) {
	s.mu.Lock()
	all := slices.Clone(s.cancels)
	s.mu.Unlock()
	out := []payment.Cancellation{}
	for _, c := range all {
		switch {
		case q.School != "" && c.SchoolCode != q.School,
			q.ApplNo > 0 && c.ApplNo != q.ApplNo,
			q.PaymentID != "" && c.PaymentID != q.PaymentID,
			q.Answer == payment.AnswerPending && !c.Pending,
			q.Answer != "" && q.Answer != payment.AnswerPending && c.Answer != q.Answer,
			!inRange(c.At, q.From, q.To):
			continue
		}
		if q.UserID != "" {
			a, err := s.pays.Get(ctx, c.PaymentID)
			if err != nil {
				return nil, 0, err
			}
			if a.UserID() != q.UserID {
				continue
			}
		}
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b payment.Cancellation) int {
		if q.Sort == "amount" {
			return cmp.Compare(a.Amount.Amount(), b.Amount.Amount())
		}
		return a.At.Compare(b.At)
	})
	if q.Desc {
		slices.Reverse(out)
	}
	return page(out, q.Offset, q.Limit), len(out), nil
}

// Failures are refused and late events, attempts that ended unpaid, and
// refunds that alerted, as the PostgreSQL store selects them.
func (s *staffRecords) Failures(ctx context.Context, q payment.FailureQuery) ([]payment.Record, int, error) {
	out := []payment.Record{}
	for _, n := range append([]int64{0}, s.applNos...) {
		recs, err := s.pays.Records(ctx, n)
		if err != nil {
			return nil, 0, err
		}
		for _, r := range recs {
			failure := r.Kind == payment.RecRefused || r.Kind == payment.RecLatePaid ||
				r.Kind == payment.RecChanged && (r.To == payment.Failed || r.To == payment.Timeout) || r.Kind == payment.RecRefund && r.Alert
			if !failure || q.Code != "" && r.Code != q.Code || !inRange(r.At, q.From, q.To) {
				continue
			}
			if q.School != "" {
				if r.PaymentID == "" {
					continue
				}
				a, err := s.pays.Get(ctx, r.PaymentID)
				if err != nil || a.SchoolCode() != q.School {
					continue
				}
			}
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b payment.Record) int { return cmp.Compare(a.ID, b.ID) })
	if q.Desc {
		slices.Reverse(out)
	}
	return page(out, q.Offset, q.Limit), len(out), nil
}

func (s *staffRecords) Close(_ context.Context, c payment.Closing) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range s.closings {
		if o.School == c.School && o.From.Before(c.To) && c.From.Before(o.To) {
			return apperr.Conflict(payment.CodePeriodClosed)
		}
	}
	s.closings = append(s.closings, c)
	return nil
}

func (s *staffRecords) Closings(_ context.Context, school string, from, to time.Time) ([]payment.Closing, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []payment.Closing
	for _, o := range s.closings {
		if o.School == school && o.From.Before(to) && from.Before(o.To) {
			out = append(out, o)
		}
	}
	return out, nil
}

func (s *staffRecords) cancel(t *testing.T, id string) payment.Cancellation {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.cancels {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no cancellation %s", id)
	return payment.Cancellation{}
}

// staffEnv is env with the staff use cases, the access log and the
// refunds the webhooks and the follow-up job settle.
type staffEnv struct {
	*env
	staff *payment.Staff
	recs  *staffRecords
}

func newStaffEnv(t *testing.T) *staffEnv {
	t.Helper()
	e := newEnv(t)
	recs := &staffRecords{pays: e.pays, apps: e.apps, applNos: []int64{e.appl}}
	e.svc.Refunds = recs
	e.svc.Log = memstore.AccessLog{Store: e.st}
	return &staffEnv{env: e, recs: recs, staff: &payment.Staff{Service: e.svc, Records: recs, Tx: e.st, Fees: commonFees{}}}
}

// commonFees are every school's fee rules in these tests: common Korean PG
// and PayPal rates (card 2.5%, transfer 1.8%, virtual account KRW 300,
// PayPal 4.4% + USD 0.30), in effect since 2020.
type commonFees struct{}

func (commonFees) Get(_ context.Context, school string) (*feeschedule.Schedule, error) {
	sc, err := feeschedule.NewSchedule(school)
	if err != nil {
		return nil, err
	}
	for _, d := range []feeschedule.Draft{{Method: "card", Rate: "2.5"}, {Method: "trans", Rate: "1.8"}, {Method: "vbank", Fixed: "300"},
		{Method: "paypal", Rate: "4.4", Fixed: "0.30"}} {
		d.EffectiveFrom = "2020-01-01"
		if _, err := sc.Add(d); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

// logged answers the access log as "actor action target".
func (e *staffEnv) logged() []string {
	var out []string
	for _, l := range e.st.Logged() {
		out = append(out, l.String())
	}
	return out
}

// lastRecord is the application's newest record.
func (e *staffEnv) lastRecord(t *testing.T) payment.Record {
	t.Helper()
	recs := e.records(t, e.appl)
	return recs[len(recs)-1]
}
