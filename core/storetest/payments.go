package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

func attempt(id string, applNo int64, userID string, at time.Time) payment.Attempt {
	q, _ := payment.NewQuote(payment.Card, money.Won(80000), payment.DefaultPayPalFee)
	return quoted(id, applNo, userID, q, at)
}

func quoted(id string, applNo int64, userID string, q payment.Quote, at time.Time) payment.Attempt {
	a, err := payment.NewAttempt(id, applNo, userID, "T01", payment.ProviderTest, q, "en", at)
	if err != nil {
		panic(err)
	}
	return a
}

// moved is an attempt after a provider's event.
func moved(a payment.Attempt, ev payment.Event) payment.Attempt {
	if ev.Amount == (money.Money{}) {
		ev.Amount = a.Quote().Total
	}
	if _, err := a.Apply(ev, a.CreatedAt()); err != nil {
		panic(err)
	}
	return a
}

// RunPayments is the contract of payment.Store.
func RunPayments(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("an attempt round-trips with its quote, state and virtual account", func(t *testing.T) {
		e := newEnv(t)
		n := app(t, e, "payer1")
		vq, _ := payment.NewQuote(payment.Vbank, money.Won(80000), payment.DefaultPayPalFee)
		a := quoted("ga1-a", n, "payer1", vq, base)
		if err := e.Payments.Insert(ctx, a); err != nil {
			t.Fatal(err)
		}
		got, err := e.Payments.Get(ctx, "ga1-a")
		if err != nil || got.Quote() != vq || got.Payment() != a.Payment() || got.Locale() != "en" || !got.CreatedAt().Equal(base) || got.Changed() {
			t.Fatalf("got %+v %v", got, err)
		}
		vb := &payment.VirtualAccount{Bank: "신한은행", AccountNo: "5621", Holder: "GA", Due: base.Add(72 * time.Hour)}
		if err := e.Payments.Update(ctx, "ga1-a", func(_ context.Context, a *payment.Attempt) error {
			a.SetProviderOrder("ORD-1", base)
			_, err := a.Apply(payment.Event{Kind: payment.EvVbankIssued, Amount: vq.Total, Vbank: vb}, base)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		again, err := e.Payments.ByProviderOrder(ctx, payment.ProviderTest, "ORD-1")
		if err != nil || again.Result() != payment.VbankIssue || again.Vbank() == nil || again.Vbank().AccountNo != "5621" || !again.Vbank().Due.Equal(base.Add(72*time.Hour)) {
			t.Fatalf("by order %+v %v", again, err)
		}
		wantCode(t, e.Payments.Update(ctx, "nope", func(context.Context, *payment.Attempt) error { return nil }), apperr.KindNotFound, payment.CodeNotFound)
		if _, err := e.Payments.Get(ctx, "nope"); apperr.CodeOf(err) != payment.CodeNotFound {
			t.Fatalf("unknown: %v", err)
		}
		if _, err := e.Payments.ByProviderOrder(ctx, payment.ProviderPayPal, "ORD-1"); apperr.CodeOf(err) != payment.CodeNotFound {
			t.Fatalf("other provider: %v", err)
		}
	})
	t.Run("one attempt in flight per application", func(t *testing.T) {
		e := newEnv(t)
		n := app(t, e, "payer2")
		if err := e.Payments.Insert(ctx, attempt("ga2-a", n, "payer2", base)); err != nil {
			t.Fatal(err)
		}
		wantCode(t, e.Payments.Insert(ctx, attempt("ga2-b", n, "payer2", base.Add(time.Minute))), apperr.KindConflict, payment.CodeInFlight)
		if err := e.Payments.Update(ctx, "ga2-a", func(_ context.Context, a *payment.Attempt) error {
			a.Abandon("closed", base)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if err := e.Payments.Insert(ctx, attempt("ga2-b", n, "payer2", base.Add(time.Minute))); err != nil {
			t.Fatalf("after the first failed: %v", err)
		}
		list, err := e.Payments.ByApplication(ctx, n)
		if err != nil || len(list) != 2 || list[0].PaymentID() != "ga2-b" {
			t.Fatalf("newest first: %+v %v", list, err)
		}
		mine, _ := e.Payments.ByUser(ctx, "payer2")
		others, _ := e.Payments.ByUser(ctx, "someone")
		if len(mine) != 2 || len(others) != 0 {
			t.Fatalf("by user %d %d", len(mine), len(others))
		}
	})
	t.Run("stuck and due lists", func(t *testing.T) {
		e := newEnv(t)
		n1, n2 := app(t, e, "payer3"), app(t, e, "payer4")
		_ = e.Payments.Insert(ctx, attempt("ga3-a", n1, "payer3", base))
		vq, _ := payment.NewQuote(payment.Vbank, money.Won(80000), payment.DefaultPayPalFee)
		v := moved(quoted("ga4-a", n2, "payer4", vq, base), payment.Event{Kind: payment.EvVbankIssued, Vbank: &payment.VirtualAccount{Due: base.Add(time.Hour)}})
		_ = e.Payments.Insert(ctx, v)
		stuck, _ := e.Payments.Stuck(ctx, base.Add(time.Second), 10)
		early, _ := e.Payments.Stuck(ctx, base, 10)
		if len(stuck) != 1 || stuck[0].PaymentID() != "ga3-a" || len(early) != 0 {
			t.Fatalf("stuck %+v early %+v", stuck, early)
		}
		due, _ := e.Payments.DueVbanks(ctx, base.Add(2*time.Hour), 10)
		notYet, _ := e.Payments.DueVbanks(ctx, base.Add(time.Hour), 10)
		if len(due) != 1 || due[0].PaymentID() != "ga4-a" || len(notYet) != 0 {
			t.Fatalf("due %+v not yet %+v", due, notYet)
		}
	})
	t.Run("records keep refused events with and without an application", func(t *testing.T) {
		e := newEnv(t)
		n := app(t, e, "payer5")
		_ = e.Payments.Insert(ctx, attempt("ga5-a", n, "payer5", base))
		recs := []payment.Record{
			{PaymentID: "ga5-a", ApplNo: n, Provider: payment.ProviderTest, Kind: payment.RecStarted, Source: payment.SrcStart, To: payment.Proceeding, At: base},
			{PaymentID: "ga5-a", ApplNo: n, Provider: payment.ProviderTest, Kind: payment.RecRefused, Source: payment.SrcWebhook,
				Code: payment.CodeAmountMismatch, Alert: true, DeliveryID: "wh1", Detail: map[string]string{"expected": "KRW 80000"}, At: base},
			{Provider: payment.ProviderPortOne, Kind: payment.RecRefused, Source: payment.SrcWebhook, Code: payment.CodeBadSignature, Alert: true, At: base},
		}
		for _, r := range recs {
			if err := e.Payments.Log(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		got, err := e.Payments.Records(ctx, n)
		if err != nil || len(got) != 2 || got[1].Code != payment.CodeAmountMismatch || !got[1].Alert || got[1].Detail["expected"] != "KRW 80000" || got[1].DeliveryID != "wh1" {
			t.Fatalf("application records %+v %v", got, err)
		}
		orphans, _ := e.Payments.Records(ctx, 0)
		if len(orphans) != 1 || orphans[0].Provider != payment.ProviderPortOne {
			t.Fatalf("orphans %+v", orphans)
		}
	})
	t.Run("writes inside an application's Update roll back with it", func(t *testing.T) {
		e := newEnv(t)
		n := app(t, e, "payer6")
		boom := errors.New("refused")
		err := e.Apps.Update(ctx, n, func(ctx context.Context, _ *application.Application) error {
			if err := e.Payments.Insert(ctx, attempt("ga6-a", n, "payer6", base)); err != nil {
				return err
			}
			_ = e.Payments.Log(ctx, payment.Record{PaymentID: "ga6-a", ApplNo: n, Provider: payment.ProviderTest, Kind: payment.RecStarted, At: base})
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if _, err := e.Payments.Get(ctx, "ga6-a"); apperr.KindOf(err) != apperr.KindNotFound {
			t.Fatalf("attempt survived a rollback: %v", err)
		}
		if recs, _ := e.Payments.Records(ctx, n); len(recs) != 0 {
			t.Fatalf("records survived a rollback: %+v", recs)
		}
	})
}
