package payment

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
)

var t0 = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

func cardQuote() Quote {
	return Quote{PayType: Card, Fee: money.Won(80000), Surcharge: money.Won(0), Total: money.Won(80000)}
}

func vbankQuote() Quote {
	return Quote{PayType: Vbank, Fee: money.Won(80000), Surcharge: money.Won(0), Total: money.Won(80000)}
}

func newCard(t *testing.T) Attempt {
	t.Helper()
	a, err := NewAttempt("ga1-x", 1, "hong", "S01", ProviderTest, cardQuote(), "en", t0)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// paidCard is a card attempt paid KRW 80,000 at t0.
func paidCard(t *testing.T) Attempt {
	t.Helper()
	a := newCard(t)
	if oc, err := a.Apply(Event{Kind: EvPaid, Amount: money.Won(80000), TxID: "tx1"}, t0); err != nil || oc != Changed {
		t.Fatalf("pay: %s %v", oc, err)
	}
	return a
}

// An attempt is built only with an id, an application, a school, a known
// provider and a quote whose amounts share one currency.
func TestNewAttemptRefusesWhatCannotBeStored(t *testing.T) {
	t.Parallel()
	usdFee := Quote{PayType: Card, Fee: money.Cents(100), Surcharge: money.Won(0), Total: money.Won(80000)}
	cases := []struct {
		name     string
		id       string
		applNo   int64
		school   string
		prov     Provider
		q        Quote
		at       time.Time
		wantFail bool
	}{
		{"a card attempt", "ga1-x", 1, "S01", ProviderTest, cardQuote(), t0, false},
		{"a manual attempt", "m1", 1, "S01", ProviderManual, cardQuote(), t0, false},
		{"a free completion", "f1", 1, "S01", ProviderNone, Quote{PayType: Free, Fee: money.Won(0), Surcharge: money.Won(0), Total: money.Won(0)}, t0, false},
		{"no payment id", "", 1, "S01", ProviderTest, cardQuote(), t0, true},
		{"no application", "ga1-x", 0, "S01", ProviderTest, cardQuote(), t0, true},
		{"no school", "ga1-x", 1, "", ProviderTest, cardQuote(), t0, true},
		{"no time", "ga1-x", 1, "S01", ProviderTest, cardQuote(), time.Time{}, true},
		{"unknown provider", "ga1-x", 1, "S01", "stripe", cardQuote(), t0, true},
		{"no currency", "ga1-x", 1, "S01", ProviderTest, Quote{PayType: Card}, t0, true},
		{"fee in another currency", "ga1-x", 1, "S01", ProviderTest, usdFee, t0, true},
		{"negative total", "ga1-x", 1, "S01", ProviderTest, Quote{PayType: Card, Fee: money.Won(-1), Total: money.Won(-1)}, t0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, err := NewAttempt(c.id, c.applNo, "hong", c.school, c.prov, c.q, "ko", c.at)
			if (err != nil) != c.wantFail {
				t.Fatalf("err %v, want failure %v", err, c.wantFail)
			}
			if err == nil && (a.Result() != Proceeding || !a.Paid().IsZero() || !a.Refunded().IsZero() || a.Payment().Expected != c.q.Total) {
				t.Fatalf("new attempt %+v", a.Payment())
			}
		})
	}
}

// What a store keeps comes back the same; the virtual account handed out
// is a copy the caller cannot change the attempt through.
func TestAttemptDataRoundTrip(t *testing.T) {
	t.Parallel()
	a, err := NewAttempt("ga1-x", 1, "hong", "S01", ProviderTest, vbankQuote(), "fr", t0)
	if err != nil {
		t.Fatal(err)
	}
	if a.Locale() != "ko" || a.UserID() != "hong" || a.SchoolCode() != "S01" || a.PayType() != Vbank {
		t.Fatalf("fields %+v", a.Data())
	}
	due := t0.Add(72 * time.Hour)
	if _, err := a.Apply(Event{Kind: EvVbankIssued, Amount: money.Won(80000), TxID: "tx9",
		Vbank: &VirtualAccount{Bank: "004", AccountNo: "123456", Holder: "GA", Due: due}}, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	a.SetProviderOrder("ord-1", t0.Add(2*time.Minute))
	b, err := UnmarshalAttemptFromDatabase(a.Data())
	if err != nil {
		t.Fatal(err)
	}
	if b.Changed() || !a.Changed() {
		t.Fatal("a loaded attempt is unchanged, a changed one is marked")
	}
	if b.Result() != VbankIssue || b.TxID() != "tx9" || b.ProviderOrderID() != "ord-1" || b.Vbank().AccountNo != "123456" ||
		!b.UpdatedAt().Equal(t0.Add(2*time.Minute)) || !b.CreatedAt().Equal(t0) || b.Ref() != a.Ref() {
		t.Fatalf("round trip %+v", b.Data())
	}
	b.Vbank().AccountNo = "999"
	if b.Vbank().AccountNo != "123456" {
		t.Fatal("the virtual account is shared")
	}
	if _, err := UnmarshalAttemptFromDatabase(AttemptData{PaymentID: "x"}); err == nil {
		t.Fatal("an empty row loaded")
	}
	if newCard(t).Vbank() != nil {
		t.Fatal("a card attempt with a virtual account")
	}
}

// The provider's order id is recorded once; an evidence note of a manual
// payment is never replaced.
func TestSetProviderOrder(t *testing.T) {
	t.Parallel()
	a := newCard(t)
	a.SetProviderOrder("", t0)
	if a.Changed() || a.ProviderOrderID() != "" {
		t.Fatal("an empty order id changed the attempt")
	}
	a.SetProviderOrder("o1", t0)
	if !a.Changed() || a.ProviderOrderID() != "o1" {
		t.Fatal("order id not recorded")
	}
	m, err := NewManualAttempt("m1", 1, "hong", "S01", cardQuote(), "ko", "KB 2026-11-24 #123", t0)
	if err != nil {
		t.Fatal(err)
	}
	m.SetProviderOrder("o2", t0)
	if m.ProviderOrderID() != "KB 2026-11-24 #123" || m.Changed() {
		t.Fatalf("manual evidence replaced: %q", m.ProviderOrderID())
	}
}

// A manual payment is paid in full at once; a free completion is paid
// at zero with no provider.
func TestManualAndFreeAttemptsArePaidAtOnce(t *testing.T) {
	t.Parallel()
	m, err := NewManualAttempt("m1", 1, "hong", "S01", cardQuote(), "ko", "evidence", t0)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Manual() || m.Result() != Paid || m.Payment().Status != StatusComplete || m.Paid() != money.Won(80000) ||
		!m.PaidAt().Equal(t0) || m.Remaining() != money.Won(80000) {
		t.Fatalf("manual %+v", m.Data())
	}
	if _, err := NewManualAttempt("", 1, "hong", "S01", cardQuote(), "ko", "e", t0); err == nil {
		t.Fatal("manual attempt without id")
	}
	f, err := FreeAttempt(7, "hong", "S01", "en", t0)
	if err != nil {
		t.Fatal(err)
	}
	if f.Provider() != ProviderNone || f.Manual() || f.Result() != Paid || !f.Paid().IsZero() || f.Paid().Currency() != money.KRW ||
		f.PayType() != Free || f.PaymentID()[:4] != "fga7" || f.ApplNo() != 7 {
		t.Fatalf("free %+v", f.Data())
	}
	if _, err := FreeAttempt(0, "hong", "S01", "en", t0); err == nil {
		t.Fatal("free attempt without application")
	}
}

// Apply records what came with an event: the paid time (the provider's,
// else now), the virtual account, the decline reason.
func TestAttemptApplyRecordsWhatCameWithTheEvent(t *testing.T) {
	t.Parallel()
	paidAt := t0.Add(-time.Minute)
	a := newCard(t)
	if _, err := a.Apply(Event{Kind: EvPaid, Amount: money.Won(80000), PaidAt: paidAt}, t0); err != nil || !a.PaidAt().Equal(paidAt) {
		t.Fatalf("paid at %v %v", a.PaidAt(), err)
	}
	b := newCard(t)
	if _, err := b.Apply(Event{Kind: EvPaid, Amount: money.Won(80000)}, t0); err != nil || !b.PaidAt().Equal(t0) {
		t.Fatalf("paid at now %v %v", b.PaidAt(), err)
	}
	c := newCard(t)
	if _, err := c.Apply(Event{Kind: EvFailed, Reason: "한도 초과"}, t0); err != nil || c.Result() != Failed || c.FailReason() != "한도 초과" {
		t.Fatalf("declined %+v %v", c.Data(), err)
	}
	d := newCard(t)
	if oc, err := d.Apply(Event{Kind: EvPaid, Amount: money.Won(1)}, t0); apperr.CodeOf(err) != CodeAmountMismatch || oc != Ignored || d.Changed() {
		t.Fatalf("mismatch %s %v changed %v", oc, err, d.Changed())
	}
	v, _ := NewAttempt("ga1-v", 1, "hong", "S01", ProviderTest, vbankQuote(), "ko", t0)
	if _, err := v.Apply(Event{Kind: EvVbankIssued, Amount: money.Won(80000)}, t0); err != nil || v.Result() != VbankIssue || v.Vbank() != nil {
		t.Fatalf("issued without account details %+v %v", v.Data(), err)
	}
	if _, err := v.Apply(Event{Kind: EvFailed}, t0); err != nil || v.Result() != Timeout {
		t.Fatalf("a failed virtual account expires: %s %v", v.Result(), err)
	}
}

// Abandon ends only an attempt still PROCEEDING.
func TestAbandon(t *testing.T) {
	t.Parallel()
	a := newCard(t)
	if !a.Abandon("closed", t0) || a.Result() != Failed || a.FailReason() != "closed" {
		t.Fatalf("abandon %+v", a.Data())
	}
	if a.Abandon("again", t0) || a.FailReason() != "closed" {
		t.Fatal("abandoned twice")
	}
	p := paidCard(t)
	if p.Abandon("late", t0) || p.Result() != Paid {
		t.Fatal("a paid attempt abandoned")
	}
}

// Spec section 4 cancel types on the aggregate: a cancel that leaves
// nothing ends it CANCELLED; a partial one that leaves money keeps it PAID.
func TestAttemptRefund(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		steps     []CancelType
		amounts   []money.Money
		refund    money.Money // of the last step
		result    Result
		remaining money.Money
		code      string
	}{
		{"all", []CancelType{CancelAll}, []money.Money{{}}, money.Won(80000), Cancelled, money.Won(0), ""},
		{"zero keeps the money", []CancelType{CancelZero}, []money.Money{{}}, money.Won(0), Cancelled, money.Won(80000), ""},
		{"partial leaves the rest paid", []CancelType{CancelPartial}, []money.Money{money.Won(30000)}, money.Won(30000), Paid, money.Won(50000), ""},
		{"partial of everything cancels", []CancelType{CancelPartial}, []money.Money{money.Won(80000)}, money.Won(80000), Cancelled, money.Won(0), ""},
		{"partial then all", []CancelType{CancelPartial, CancelAll}, []money.Money{money.Won(30000), {}}, money.Won(50000), Cancelled, money.Won(0), ""},
		{"zero after zero", []CancelType{CancelZero, CancelZero}, []money.Money{{}, {}}, money.Money{}, Cancelled, money.Won(80000), CodeAlreadyCancelled},
		{"all after all", []CancelType{CancelAll, CancelAll}, []money.Money{{}, {}}, money.Money{}, Cancelled, money.Won(0), CodeNothingRemains},
		{"zero then all refunds it", []CancelType{CancelZero, CancelAll}, []money.Money{{}, {}}, money.Won(80000), Cancelled, money.Won(0), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a := paidCard(t)
			var refund money.Money
			var err error
			for i, ct := range c.steps {
				refund, err = a.Refund(ct, c.amounts[i], t0.Add(time.Duration(i+1)*time.Hour))
			}
			if apperr.CodeOf(err) != c.code || refund != c.refund || a.Result() != c.result || a.Remaining() != c.remaining {
				t.Fatalf("refund %v err %v: result %s remaining %v", refund, err, a.Result(), a.Remaining())
			}
		})
	}
	u := newCard(t)
	if _, err := u.Refund(CancelAll, money.Money{}, t0); apperr.CodeOf(err) != CodeNotPaid || u.Changed() {
		t.Fatalf("refund of an unpaid attempt: %v", err)
	}
}

// A refund the provider failed gives the money back to the attempt: a
// full cancel becomes PAID again with what remains.
func TestRefundFailedRestoresTheMoney(t *testing.T) {
	t.Parallel()
	a := paidCard(t)
	if _, err := a.Refund(CancelAll, money.Money{}, t0); err != nil {
		t.Fatal(err)
	}
	if err := a.RefundFailed(money.Won(80000), t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if a.Result() != Paid || a.Remaining() != money.Won(80000) || !a.Refunded().IsZero() {
		t.Fatalf("after a failed refund: %s remaining %v", a.Result(), a.Remaining())
	}
	for _, bad := range []money.Money{money.Won(1), money.Cents(100)} {
		if err := a.RefundFailed(bad, t0); apperr.CodeOf(err) != CodeEventUnexpected {
			t.Errorf("restore %v more than was refunded: %v", bad, err)
		}
	}
	p := paidCard(t)
	if _, err := p.Refund(CancelPartial, money.Won(30000), t0); err != nil {
		t.Fatal(err)
	}
	if err := p.RefundFailed(money.Won(30000), t0); err != nil || p.Result() != Paid || p.Remaining() != money.Won(80000) {
		t.Fatalf("partial restored: %s %v %v", p.Result(), p.Remaining(), err)
	}
}

// A paid attempt the provider cancelled is flagged once.
func TestCancelledAtProviderFlagsOnce(t *testing.T) {
	t.Parallel()
	a := paidCard(t)
	if !a.CancelledAtProvider(t0) || !a.ProviderCancelledAt().Equal(t0) {
		t.Fatal("not flagged")
	}
	if a.CancelledAtProvider(t0.Add(time.Hour)) || !a.ProviderCancelledAt().Equal(t0) {
		t.Fatal("flagged twice")
	}
	if u := newCard(t); u.CancelledAtProvider(t0) || !u.ProviderCancelledAt().IsZero() {
		t.Fatal("an unpaid attempt flagged")
	}
}
