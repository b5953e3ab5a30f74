package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// RunMoney is the contract of the one money read model: what core/payment
// stored as attempts is what every staff read (list, page, dashboard,
// export) shows — paid, method, amount, refunded and net — and an attempt
// in flight or ended unpaid is no payment.
func RunMoney(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("staff reads show what the attempts hold", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Backoffice == nil || e.Payments == nil {
			t.Skip("no back-office or payment store")
		}
		paid, pending, manual := app(t, e, "m-paid"), app(t, e, "m-pending"), app(t, e, "m-manual")
		for _, n := range []int64{paid, pending, manual} {
			if err := e.Apps.Update(ctx, n, func(_ context.Context, a *application.Application) error {
				if err := a.SaveStep(steps, application.BasisSave, base); err != nil {
					return err
				}
				return a.Submit(steps, base)
			}); err != nil {
				t.Fatal(err)
			}
		}
		at := base.Add(time.Hour)
		failed := moved(attempt("gm-failed", paid, "m-paid", base), payment.Event{Kind: payment.EvFailed})
		card := moved(attempt("gm-card", paid, "m-paid", base.Add(time.Minute)), payment.Event{Kind: payment.EvPaid, PaidAt: at})
		if _, err := card.Refund(payment.CancelPartial, money.Won(30000), at); err != nil {
			t.Fatal(err)
		}
		open := attempt("gm-open", pending, "m-pending", base)
		q := payment.Quote{PayType: payment.Trans, Fee: money.Won(50000), Surcharge: money.Won(0), Total: money.Won(50000)}
		dep, err := payment.NewManualAttempt("gm-manual", manual, "m-manual", e.Round.SchoolCode, q, "ko", "deposit 1", at)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := dep.Refund(payment.CancelAll, money.Money{}, at); err != nil || dep.Result() != payment.Cancelled {
			t.Fatalf("full refund: %v %s", err, dep.Result())
		}
		for _, a := range []payment.Attempt{failed, card, open, dep} {
			if err := e.Payments.Insert(ctx, a); err != nil {
				t.Fatalf("insert %s: %v", a.PaymentID(), err)
			}
		}
		want := map[int64]application.Money{
			paid:    {Paid: true, Method: "card", Currency: "KRW", Amount: 80000, Refunded: 30000, PaidAt: at},
			pending: {InFlight: true},
			manual:  {Paid: true, Method: "manual", Currency: "KRW", Amount: 50000, Refunded: 50000, PaidAt: at},
		}
		same := func(got, w application.Money) bool {
			return got.Paid == w.Paid && got.InFlight == w.InFlight && got.Method == w.Method && got.Currency == w.Currency &&
				got.Amount == w.Amount && got.Refunded == w.Refunded && got.PaidAt.Equal(w.PaidAt)
		}
		rows, _, err := e.Backoffice.ListApplications(ctx, application.StaffQuery{School: e.Round.SchoolCode, Limit: 10})
		if err != nil || len(rows) != 3 {
			t.Fatalf("list: %+v %v", rows, err)
		}
		for _, r := range rows {
			if !same(r.Money, want[r.ApplNo]) {
				t.Errorf("list %d: %+v, want %+v", r.ApplNo, r.Money, want[r.ApplNo])
			}
			if m, err := e.Backoffice.Money(ctx, r.ApplNo); err != nil || !same(m, want[r.ApplNo]) {
				t.Errorf("page %d: %+v %v", r.ApplNo, m, err)
			}
		}
		if want[paid].Net() != 50000 || want[paid].PayState() != "partially_refunded" || want[manual].PayState() != "refunded" {
			t.Fatal("net and state")
		}
		d, err := e.Backoffice.Dashboard(ctx, e.Round, base.AddDate(0, 0, -1))
		if err != nil || d.Paid != 2 {
			t.Fatalf("dashboard paid %d, want 2: %v", d.Paid, err)
		}
		payments := 0
		for _, day := range d.Days {
			payments += day.Payments
		}
		if payments != 2 {
			t.Fatalf("dashboard days: %+v", d.Days)
		}
		got := map[int64]application.Money{}
		if err := e.Backoffice.ExportRows(ctx, e.Round, func(r application.ExportRow) error { got[r.ApplNo] = r.Money; return nil }); err != nil {
			t.Fatal(err)
		}
		for n, w := range want {
			if !same(got[n], w) {
				t.Errorf("export %d: %+v, want %+v", n, got[n], w)
			}
		}
	})
}
