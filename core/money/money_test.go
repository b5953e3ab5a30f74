package money

import (
	"math"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
)

// decisions.md "Money": an integer in minor units (KRW won, USD cents) with
// its currency; never a float.
func TestParseAndFormat(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		c    Currency
		want int64
		ok   bool
		out  string
	}{
		{"30000", KRW, 30000, true, "30000"},
		{"0", KRW, 0, true, "0"},
		{"30000.5", KRW, 0, false, ""},
		{"80", USD, 8000, true, "80.00"},
		{"80.5", USD, 8050, true, "80.50"},
		{"80.05", USD, 8005, true, "80.05"},
		{"0.01", USD, 1, true, "0.01"},
		{"80.055", USD, 0, false, ""},
		{"80.", USD, 0, false, ""},
		{".5", USD, 0, false, ""},
		{"-1", USD, 0, false, ""},
		{"1,000", KRW, 0, false, ""},
		{"1e3", KRW, 0, false, ""},
		{"", KRW, 0, false, ""},
		{"9999999999999999999", KRW, 0, false, ""},
		{"99999999999999999.99", USD, 0, false, ""},
	}
	for _, c := range cases {
		m, err := Parse(c.in, c.c)
		if (err == nil) != c.ok || (c.ok && (m.Amount() != c.want || m.Currency() != c.c || m.Decimal() != c.out)) {
			t.Errorf("Parse(%q,%s)=%v,%v", c.in, c.c, m, err)
		}
	}
	if _, err := Parse("1", "EUR"); apperr.CodeOf(err) != CodeCurrency {
		t.Fatal("EUR accepted")
	}
	if Cents(-5).Decimal() != "-0.05" || Won(-300).String() != "KRW -300" || Cents(1234).String() != "USD 12.34" {
		t.Fatal("format of negatives")
	}
	if Cents(math.MinInt64).Decimal() != "-92233720368547758.08" {
		t.Fatal(Cents(math.MinInt64).Decimal())
	}
}

func TestArithmetic(t *testing.T) {
	t.Parallel()
	if s, err := Won(100).Add(Won(50)); err != nil || s != Won(150) {
		t.Fatal("Add")
	}
	if _, err := Won(100).Add(Cents(50)); apperr.CodeOf(err) != CodeCurrencyMismatch {
		t.Fatal("KRW+USD")
	}
	if d, err := Cents(100).Sub(Cents(150)); err != nil || d != Cents(-50) || !d.IsNegative() {
		t.Fatal("Sub")
	}
	if _, err := Won(math.MaxInt64).Add(Won(1)); apperr.CodeOf(err) != CodeOverflow {
		t.Fatal("overflow")
	}
	if _, err := Won(math.MinInt64).Add(Won(-1)); apperr.CodeOf(err) != CodeOverflow {
		t.Fatal("underflow")
	}
	if _, err := Won(0).Sub(Won(math.MinInt64)); apperr.CodeOf(err) != CodeOverflow {
		t.Fatal("sub MinInt64")
	}
	for _, c := range []struct {
		a, b Money
		want int
	}{{Won(1), Won(2), -1}, {Won(2), Won(2), 0}, {Won(3), Won(2), 1}} {
		if got, _ := c.a.Cmp(c.b); got != c.want {
			t.Fatal("Cmp")
		}
	}
	if _, err := Won(1).Cmp(Cents(1)); err == nil {
		t.Fatal("Cmp mismatch")
	}
	if !Zero(USD).IsZero() || !Won(1).Equal(Won(1)) || Won(1).Equal(Cents(1)) {
		t.Fatal("Zero/Equal")
	}
	if m, err := New(5, USD); err != nil || m != Cents(5) {
		t.Fatal("New")
	}
	if _, err := New(5, "usd"); err == nil {
		t.Fatal("lowercase currency")
	}
	if KRW.Digits() != 0 || USD.Digits() != 2 {
		t.Fatal("Digits")
	}
}

// Spec section 9 "Paypal fee: 4.4 percent"; decisions.md: round-half-up to
// the cent; "round fees in KRW and USD".
func TestRates(t *testing.T) {
	t.Parallel()
	r, err := ParsePercent("4.4")
	if err != nil || r.PPM() != 44000 || r.Percent() != "4.4" {
		t.Fatalf("ParsePercent: %v %v", r, err)
	}
	cases := []struct {
		m    Money
		r    Rate
		want Money
	}{
		{Cents(8000), r, Cents(352)}, // 80.00 × 4.4% = 3.52
		{Cents(1250), r, Cents(55)},  // 12.50 × 4.4% = 0.55
		{Cents(1000), PPM(45), Cents(0)},
		{Cents(125), PPM(20000), Cents(3)},   // 2.50 exactly half a cent up
		{Cents(-125), PPM(20000), Cents(-3)}, // half away from zero
		{Won(30000), PPM(33000), Won(990)},
		{Won(15), PPM(100000), Won(2)}, // 1.5 -> 2
	}
	for _, c := range cases {
		if got, err := c.m.MulRate(c.r); err != nil || got != c.want {
			t.Errorf("%v × %s%% = %v, want %v", c.m, c.r.Percent(), got, c.want)
		}
	}
	if _, err := Won(math.MaxInt64).MulRate(PPM(2_000_000)); apperr.CodeOf(err) != CodeOverflow {
		t.Fatal("MulRate overflow")
	}
	for _, c := range []struct {
		in string
		ok bool
	}{{"0", true}, {"100", true}, {"100.0001", false}, {"4.40001", false}, {"4.", false}, {"", false}, {"-1", false}, {"1000", false}, {"a", false}} {
		if _, err := ParsePercent(c.in); (err == nil) != c.ok {
			t.Errorf("ParsePercent(%q) err=%v", c.in, err)
		}
	}
	if PPM(12345).Percent() != "1.2345" || PPM(10500).Percent() != "1.05" {
		t.Fatal("Percent")
	}
	steps := []struct {
		m    Money
		step int64
		want Money
	}{{Won(12345), 10, Won(12350)}, {Won(12344), 10, Won(12340)}, {Cents(1250), 100, Cents(1300)}, {Won(7), 1, Won(7)}, {Won(-15), 10, Won(-20)}}
	for _, c := range steps {
		if got, err := c.m.RoundTo(c.step); err != nil || got != c.want {
			t.Errorf("RoundTo(%v,%d)=%v", c.m, c.step, got)
		}
	}
	if _, err := Won(math.MaxInt64).RoundTo(10); apperr.CodeOf(err) != CodeOverflow {
		t.Fatal("RoundTo overflow")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "12.34", "1.", "99999999999999999.99", "-1"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, usd bool) {
		c := KRW
		if usd {
			c = USD
		}
		m, err := Parse(s, c)
		if err != nil {
			return
		}
		if m.IsNegative() {
			t.Fatalf("negative from %q", s)
		}
		// Parsing what Decimal writes gives the same money back.
		back, err := Parse(m.Decimal(), c)
		if err != nil || back != m {
			t.Fatalf("round trip %q -> %q", s, m.Decimal())
		}
	})
}

func FuzzParsePercent(f *testing.F) {
	f.Add("4.4")
	f.Add("100")
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParsePercent(s)
		if err != nil {
			return
		}
		if r.PPM() < 0 || r.PPM() > 1_000_000 {
			t.Fatalf("%q -> %d", s, r.PPM())
		}
		back, err := ParsePercent(r.Percent())
		if err != nil || back != r {
			t.Fatalf("round trip %q -> %q", s, r.Percent())
		}
	})
}

func FuzzMulRate(f *testing.F) {
	f.Add(int64(8000), int64(44000))
	f.Fuzz(func(t *testing.T, amount, ppm int64) {
		if amount < 0 || ppm < 0 || ppm > 1_000_000 {
			return
		}
		got, err := Cents(amount).MulRate(PPM(ppm))
		if err != nil {
			t.Fatal(err)
		}
		// Within half a cent of the exact product, and never above the amount.
		if got.Amount() > amount {
			t.Fatalf("%d × %d ppm = %d", amount, ppm, got.Amount())
		}
	})
}
