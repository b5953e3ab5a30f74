package payment

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
)

// Settlement by method: per currency, a row per pay type followed by the
// currency's total (pay type "").
func TestSettleByMethod(t *testing.T) {
	t.Parallel()
	day := func(d int) time.Time { return time.Date(2026, 3, d, 12, 0, 0, 0, time.UTC) }
	lines := []Line{
		{LinePayment, day(1), Card, money.Won(80000), money.Won(2000)},
		{LinePayment, day(2), Card, money.Won(80000), money.Won(2000)},
		{LinePayment, day(2), Vbank, money.Won(80000), money.Won(300)},
		{LineRefund, day(3), Card, money.Won(30000), money.Money{}},
		{LinePayment, day(4), VisaMaster, money.Cents(6294), money.Cents(307)},
		{LinePayment, day(20), Trans, money.Won(80000), money.Won(1440)}, // after the period
	}
	got, err := SettleByMethod(lines, day(1), day(10))
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		cur       money.Currency
		t         PayType
		pays, ref int
		net       money.Money
	}
	want := []row{
		{money.KRW, Card, 2, 1, money.Won(160000 - 30000 - 4000)},
		{money.KRW, Vbank, 1, 0, money.Won(80000 - 300)},
		{money.KRW, "", 3, 1, money.Won(240000 - 30000 - 4300)},
		{money.USD, VisaMaster, 1, 0, money.Cents(6294 - 307)},
		{money.USD, "", 1, 0, money.Cents(6294 - 307)},
	}
	if len(got) != len(want) {
		t.Fatalf("rows %+v", got)
	}
	for i, w := range want {
		g := got[i]
		if g.Currency != w.cur || g.PayType != w.t || g.Payments != w.pays || g.Refunds != w.ref || g.Net != w.net {
			t.Errorf("row %d: %+v, want %+v", i, g, w)
		}
	}
	if got, err := SettleByMethod(nil, day(1), day(2)); err != nil || len(got) != 0 {
		t.Fatalf("nothing to settle: %+v %v", got, err)
	}
	if _, err := SettleByMethod([]Line{{LinePayment, day(1), Card, money.Won(1), money.Cents(1)}}, day(1), day(2)); err == nil {
		t.Fatal("a fee in another currency settled")
	}
}

// Adjustments are now minus the closing, per row; rows that did not
// change are left out, and a row that disappeared counts down to zero.
func TestAdjust(t *testing.T) {
	t.Parallel()
	sum := func(t PayType, pays, refs int, paid, refunded, fees int64) MethodSummary {
		net := paid - refunded - fees
		return MethodSummary{PayType: t, Summary: Summary{Currency: money.KRW, Payments: pays, Refunds: refs,
			Paid: money.Won(paid), Refunded: money.Won(refunded), ProviderFees: money.Won(fees), Net: money.Won(net)}}
	}
	then := []MethodSummary{sum(Card, 2, 0, 160000, 0, 4000), sum(Vbank, 1, 0, 80000, 0, 300), sum("", 3, 0, 240000, 0, 4300)}
	now := []MethodSummary{sum(Card, 2, 1, 160000, 30000, 4000), sum("", 2, 1, 160000, 30000, 4000)}
	got := Adjust(then, now)
	if len(got) != 3 {
		t.Fatalf("adjustments %+v", got)
	}
	if c := got[0]; c.PayType != Card || c.Payments != 0 || c.Refunds != 1 || c.Refunded != money.Won(30000) || c.Net != money.Won(-30000) {
		t.Errorf("card %+v", c)
	}
	if tot := got[1]; tot.PayType != "" || tot.Payments != -1 || tot.Paid != money.Won(-80000) || tot.Net != money.Won(-80000+300-30000) {
		t.Errorf("total %+v", tot)
	}
	if v := got[2]; v.PayType != Vbank || v.Payments != -1 || v.Paid != money.Won(-80000) || v.ProviderFees != money.Won(-300) {
		t.Errorf("vanished vbank row %+v", v)
	}
	if got := Adjust(then, then); len(got) != 0 {
		t.Fatalf("no change: %+v", got)
	}
	// A row new since the closing is all adjustment.
	fresh := Adjust(nil, []MethodSummary{sum(Trans, 1, 0, 80000, 0, 1440)})
	if len(fresh) != 1 || fresh[0].Paid != money.Won(80000) || fresh[0].Payments != 1 {
		t.Fatalf("new row %+v", fresh)
	}
}

// A settlement period needs both ends, the start before the end; the
// error names "from".
func TestPeriod(t *testing.T) {
	t.Parallel()
	a, b := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name     string
		from, to time.Time
		ok       bool
	}{
		{"a month", a, b, true},
		{"no start", time.Time{}, b, false},
		{"no end", a, time.Time{}, false},
		{"reversed", b, a, false},
		{"empty", a, a, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := Period(c.from, c.to)
			if c.ok {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Kind != apperr.KindInvalid || len(e.Fields) != 1 || e.Fields[0].Field != "from" || e.Fields[0].Code != CodePeriodInvalid {
				t.Fatalf("error %v", err)
			}
		})
	}
}

// The small parsers and names the edges use.
func TestNamesAndParsers(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", AnswerOK, AnswerPending, AnswerFailed} {
		if got, err := ParseAnswer(s); err != nil || got != s {
			t.Errorf("answer %q: %q %v", s, got, err)
		}
	}
	if _, err := ParseAnswer("done"); apperr.CodeOf(err) != CodeAnswerUnknown {
		t.Errorf("answer done: %v", err)
	}
	for _, p := range []Provider{ProviderPortOne, ProviderPayPal, ProviderTest} {
		if got, ok := ParseProvider(string(p)); !ok || got != p {
			t.Errorf("provider %s", p)
		}
	}
	if _, ok := ParseProvider("manual"); ok {
		t.Error("manual is no gateway")
	}
	if Vbank.Name("ko") != "가상계좌" || Vbank.Name("en") != "Virtual account" || VisaMaster.Name("en") != "International card (PayPal)" {
		t.Error("pay type names")
	}
	if Grouped(money.Won(-1234567)) != "-1,234,567" || Grouped(money.Cents(-100050)) != "-1,000.50" {
		t.Errorf("negative amounts: %s %s", Grouped(money.Won(-1234567)), Grouped(money.Cents(-100050)))
	}
	s := Snapshot{Refunds: []RemoteRefund{{ID: "r1", Status: RefundPending}, {ID: "r2", Status: RefundSucceeded}}}
	if r, ok := s.Refund("r2"); !ok || r.Status != RefundSucceeded {
		t.Error("refund r2 not found")
	}
	if _, ok := s.Refund(""); ok {
		t.Error("a refund without id matched")
	}
	w := Webhook{Header: map[string][]string{"Webhook-Id": {"wh1"}, "Empty": {}}}
	if w.Get("webhook-id") != "wh1" || w.Get("empty") != "" || w.Get("missing") != "" {
		t.Error("webhook headers")
	}
	// What a snapshot reports for an event: paid, else asked.
	if amountOf(Snapshot{Status: RemotePaid, Amount: money.Won(80000), Paid: money.Won(70000)}) != money.Won(70000) ||
		amountOf(Snapshot{Status: RemotePaid, Amount: money.Won(80000)}) != money.Won(80000) ||
		amountOf(Snapshot{Status: RemoteVbankIssued, Amount: money.Won(80000), Paid: money.Won(1)}) != money.Won(80000) {
		t.Error("amountOf")
	}
}
