package feeschedule_test

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/window"
)

func TestParseBasisPoints(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"2.5", 250, true}, {"2.50", 250, true}, {"4.4", 440, true}, {"0", 0, true}, {"", 0, true}, {" 1.8 ", 180, true},
		{"100", 10000, true}, {"0.01", 1, true}, {"3.08", 308, true},
		{"100.01", 0, false}, {"2.555", 0, false}, {"-1", 0, false}, {"2.", 0, false}, {".5", 0, false}, {"2,5", 0, false},
		{"1e2", 0, false}, {"1000", 0, false}, {"２", 0, false},
	}
	for _, c := range cases {
		got, err := feeschedule.ParseBasisPoints(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("%q: %d %v, want %d ok=%v", c.in, got, err, c.want, c.ok)
		}
		if err != nil && apperr.CodeOf(err) != feeschedule.CodeRate {
			t.Errorf("%q: code %s", c.in, apperr.CodeOf(err))
		}
	}
	for bp, want := range map[int64]string{250: "2.5", 440: "4.4", 0: "0", 10000: "100", 1: "0.01", 308: "3.08"} {
		if got := feeschedule.Percent(bp); got != want {
			t.Errorf("Percent(%d) = %q, want %q", bp, got, want)
		}
	}
}

// The fee of one payment: amount x rate rounded half up to the minor unit,
// plus the fixed part.
func TestRuleFee(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		draft feeschedule.Draft
		paid  money.Money
		want  money.Money
	}{
		{"card 2.5% of 80,000 won", feeschedule.Draft{Method: "card", Rate: "2.5"}, money.Won(80000), money.Won(2000)},
		{"transfer 1.8% of 80,000 won", feeschedule.Draft{Method: "trans", Rate: "1.8"}, money.Won(80000), money.Won(1440)},
		{"half a won rounds up", feeschedule.Draft{Method: "card", Rate: "2.5"}, money.Won(20), money.Won(1)},             // 0.5
		{"less than half a won rounds down", feeschedule.Draft{Method: "card", Rate: "2.5"}, money.Won(19), money.Won(0)}, // 0.475
		{"1.49 won rounds down", feeschedule.Draft{Method: "card", Rate: "3.31"}, money.Won(45), money.Won(1)},            // 1.4895
		{"virtual account fixed 300 won", feeschedule.Draft{Method: "vbank", Fixed: "300"}, money.Won(80000), money.Won(300)},
		{"PayPal 4.4% + 0.30 of 68.16 USD", feeschedule.Draft{Method: "paypal", Rate: "4.4", Fixed: "0.30"}, money.Cents(6816), money.Cents(330)}, // 2.99904 -> 3.00
		{"PayPal half a cent rounds up", feeschedule.Draft{Method: "paypal", Rate: "2.5", Fixed: "0.3"}, money.Cents(20), money.Cents(31)},
		{"a rule of zero costs nothing", feeschedule.Draft{Method: "card"}, money.Won(80000), money.Won(0)},
		{"a free completion costs nothing, fixed part or not", feeschedule.Draft{Method: "vbank", Fixed: "300"}, money.Won(0), money.Won(0)},
		{"100% of it all", feeschedule.Draft{Method: "card", Rate: "100"}, money.Won(80001), money.Won(80001)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sc, _ := feeschedule.NewSchedule("236")
			c.draft.EffectiveFrom = "2026-01-01"
			r, err := sc.Add(c.draft)
			if err != nil {
				t.Fatal(err)
			}
			got, err := r.Fee(c.paid)
			if err != nil || got != c.want {
				t.Fatalf("%v %v, want %v", got, err, c.want)
			}
		})
	}
	sc, _ := feeschedule.NewSchedule("236")
	r, _ := sc.Add(feeschedule.Draft{Method: "paypal", EffectiveFrom: "2026-01-01", Rate: "4.4"})
	if _, err := r.Fee(money.Won(1000)); apperr.CodeOf(err) != feeschedule.CodeCurrency {
		t.Fatalf("won for a PayPal rule: %v", err)
	}
}

// A draft names each bad field; the fixed part is in the method's currency.
func TestDraftFields(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		draft feeschedule.Draft
		field string
		code  string
	}{
		{"unknown method", feeschedule.Draft{Method: "bitcoin", EffectiveFrom: "2026-01-01"}, "method", feeschedule.CodeMethod},
		{"manual is no provider's method", feeschedule.Draft{Method: "manual", EffectiveFrom: "2026-01-01"}, "method", feeschedule.CodeMethod},
		{"no date", feeschedule.Draft{Method: "card"}, "effectiveFrom", feeschedule.CodeEffectiveFrom},
		{"not a date", feeschedule.Draft{Method: "card", EffectiveFrom: "2026-02-30"}, "effectiveFrom", feeschedule.CodeEffectiveFrom},
		{"rate above 100%", feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "101"}, "rate", feeschedule.CodeRate},
		{"won have no decimals", feeschedule.Draft{Method: "vbank", EffectiveFrom: "2026-01-01", Fixed: "300.5"}, "fixed", feeschedule.CodeFixed},
		{"cents have two", feeschedule.Draft{Method: "paypal", EffectiveFrom: "2026-01-01", Fixed: "0.305"}, "fixed", feeschedule.CodeFixed},
		{"no negative fixed part", feeschedule.Draft{Method: "vbank", EffectiveFrom: "2026-01-01", Fixed: "-300"}, "fixed", feeschedule.CodeFixed},
	}
	for _, c := range cases {
		sc, _ := feeschedule.NewSchedule("236")
		_, err := sc.Add(c.draft)
		e, ok := apperr.As(err)
		if !ok || e.Kind != apperr.KindInvalid || len(e.Fields) != 1 || e.Fields[0].Field != c.field || e.Fields[0].Code != c.code {
			t.Errorf("%s: %v", c.name, err)
		}
		if sc.Changed() || !sc.Empty() {
			t.Errorf("%s: a refused draft changed the schedule", c.name)
		}
	}
	sc, _ := feeschedule.NewSchedule("236")
	r, err := sc.Add(feeschedule.Draft{Method: "paypal", EffectiveFrom: "2026-03-01", Rate: "4.4", Fixed: "0.30"})
	if err != nil || r.Fixed() != money.Cents(30) || r.RateBP() != 440 || r.Method().Contract() != feeschedule.ContractPayPal ||
		!r.EffectiveFrom().Equal(time.Date(2026, 3, 1, 0, 0, 0, 0, window.Seoul)) || r.Date() != "2026-03-01" {
		t.Fatalf("%+v %v", r, err)
	}
}
