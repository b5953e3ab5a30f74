package payment_test

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/window"
)

// A manual payment is booked as its own pay type; a waiver stays free.
func TestBooked(t *testing.T) {
	t.Parallel()
	cases := []struct {
		p    payment.Provider
		t    payment.PayType
		want payment.PayType
	}{
		{payment.ProviderManual, payment.Trans, payment.Manual}, // stored so before issue 18
		{payment.ProviderManual, payment.Free, payment.Free},
		{payment.ProviderTest, payment.Trans, payment.Trans},
		{payment.ProviderPortOne, payment.Card, payment.Card},
		{payment.ProviderPayPal, payment.VisaMaster, payment.VisaMaster},
	}
	for _, c := range cases {
		if got := payment.Booked(c.p, c.t); got != c.want {
			t.Errorf("%s/%s: %s, want %s", c.p, c.t, got, c.want)
		}
	}
	if _, err := payment.ParsePayType("manual"); err == nil {
		t.Fatal("applicants may not choose manual")
	}
	if payment.Manual.Name("ko") != "무통장 입금(학교 계좌)" || payment.Manual.Name("en") != "Deposit to school account" {
		t.Fatal(payment.Manual.Name("ko"), payment.Manual.Name("en"))
	}
}

// A payment's fee comes from the school's rule of its method in effect
// when it was paid; none for manual deposits and free completions.
func TestFeeOf(t *testing.T) {
	t.Parallel()
	sc, _ := feeschedule.NewSchedule("236")
	for _, d := range []feeschedule.Draft{
		{Method: "card", EffectiveFrom: "2026-01-01", Rate: "2.5"},
		{Method: "card", EffectiveFrom: "2026-11-15", Rate: "2"},
		{Method: "trans", EffectiveFrom: "2026-01-01", Rate: "1.8"},
		{Method: "paypal", EffectiveFrom: "2026-01-01", Rate: "4.4", Fixed: "0.30"},
	} {
		if _, err := sc.Add(d); err != nil {
			t.Fatal(err)
		}
	}
	day := func(d int) time.Time { return time.Date(2026, 11, d, 12, 0, 0, 0, window.Seoul) }
	none := money.Money{}
	cases := []struct {
		name string
		t    payment.PayType
		paid money.Money
		at   time.Time
		want money.Money
	}{
		{"card before the new rule", payment.Card, money.Won(80000), day(14), money.Won(2000)},
		{"card from the new rule", payment.Card, money.Won(80000), day(15), money.Won(1600)},
		{"transfer", payment.Trans, money.Won(80000), day(1), money.Won(1440)},
		{"PayPal", payment.VisaMaster, money.Cents(6816), day(1), money.Cents(330)},
		{"virtual account without a rule: unknown", payment.Vbank, money.Won(80000), day(1), none},
		{"a manual deposit costs nothing", payment.Manual, money.Won(80000), day(1), money.Won(0)},
		{"a free completion costs nothing", payment.Free, money.Won(0), day(1), money.Won(0)},
	}
	for _, c := range cases {
		got, err := payment.FeeOf(sc, c.t, c.paid, c.at)
		if err != nil || got != c.want {
			t.Errorf("%s: %v %v, want %v", c.name, got, err, c.want)
		}
	}
}

// Settlements group by booked pay type and count payments no rule priced.
func TestSettleByBookedPayType(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 2, 12, 0, 0, 0, window.Seoul)
	lines := []payment.Line{
		{Kind: payment.LinePayment, At: at, PayType: payment.Trans, Amount: money.Won(80000), ProviderFee: money.Won(1440)},
		{Kind: payment.LinePayment, At: at, PayType: payment.Manual, Amount: money.Won(80000), ProviderFee: money.Won(0)},
		{Kind: payment.LinePayment, At: at, PayType: payment.Vbank, Amount: money.Won(80000)}, // no rule
		{Kind: payment.LineRefund, At: at, PayType: payment.Manual, Amount: money.Won(5000)},
	}
	rows, err := payment.SettleByMethod(lines, at.AddDate(0, 0, -1), at.AddDate(0, 0, 1))
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		t                 payment.PayType
		payments, refunds int
		fees, net         int64
		noRule            int
	}
	want := []row{{payment.Vbank, 1, 0, 0, 80000, 1}, {payment.Trans, 1, 0, 1440, 78560, 0}, {payment.Manual, 1, 1, 0, 75000, 0},
		{"", 3, 1, 1440, 233560, 1}}
	if len(rows) != len(want) {
		t.Fatalf("%+v", rows)
	}
	for i, w := range want {
		r := rows[i]
		got := row{r.PayType, r.Payments, r.Refunds, r.ProviderFees.Amount(), r.Net.Amount(), r.NoFeeRule}
		if got != w {
			t.Errorf("row %d: %+v, want %+v", i, got, w)
		}
	}
}
