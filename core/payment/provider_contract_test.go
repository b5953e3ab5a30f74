package payment_test

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// An order the provider holds approved with another amount than ours is
// refused with an alert and never completes; a new start ends it rather
// than being held by it.
func TestApprovedOrderWithAnotherAmountIsRefusedAndDoesNotHoldTheApplicant(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	co := e.start(t, payment.VisaMaster)
	e.gw.mu.Lock()
	e.gw.snaps[co.PaymentID] = payment.Snapshot{PaymentID: co.PaymentID, Status: payment.RemoteApproved, Amount: money.Cents(100)}
	e.gw.mu.Unlock()
	a, err := e.svc.Confirm(ctx, e.owner, co.PaymentID, payment.Return{})
	if err != nil || a.Result() != payment.Proceeding {
		t.Fatalf("confirm: %s %v", a.Result(), err)
	}
	if n := e.alerts(t, payment.CodeAmountMismatch); n != 1 {
		t.Fatalf("%d amount alerts", n)
	}
	recs, _ := e.pays.Records(ctx, e.appl)
	last := recs[len(recs)-1]
	if last.Kind != payment.RecRefused || last.Detail["expected"] != co.Amount.String() || last.Detail["reported"] != money.Cents(100).String() {
		t.Fatalf("record %+v", last)
	}
	e.start(t, payment.Card)
	if a, _ := e.pays.Get(ctx, co.PaymentID); a.Result() != payment.Failed {
		t.Fatalf("the refused attempt is %s after a new start", a.Result())
	}
	if h := e.header(t); h.State.Effective() != "SUBMIT" {
		t.Fatalf("application %s", h.State.Effective())
	}
}

type buyers struct{ b payment.Buyer }

func (b buyers) Buyer(context.Context, string, int64) (payment.Buyer, error) { return b.b, nil }

// The provider's window is prefilled with the applicant's name, e-mail and
// phone when Buyers knows them, and with the name and the account's
// e-mail without it.
func TestOrderCarriesTheBuyer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	co := e.start(t, payment.Card)
	if b := e.gw.orders[co.PaymentID].Buyer; b.Email != "hong@example.com" || b.Phone != "" {
		t.Fatalf("without Buyers: %+v", b)
	}
	e2 := newEnv(t)
	e2.svc.Buyers = buyers{payment.Buyer{Email: "hong@school.example", Phone: "010-1234-5678"}}
	co = e2.start(t, payment.Vbank)
	o := e2.gw.orders[co.PaymentID]
	if o.Buyer.Email != "hong@school.example" || o.Buyer.Phone != "010-1234-5678" || o.Buyer.Name != e2.header(t).ApplicantName {
		t.Fatalf("with Buyers: %+v", o.Buyer)
	}
	if o.VbankDue.IsZero() {
		t.Fatal("a virtual-account order without its deadline")
	}
}
