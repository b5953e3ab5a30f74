package money

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
)

// Currency is an ISO 4217 code the service accepts.
type Currency string

const (
	KRW Currency = "KRW"
	USD Currency = "USD"
)

// Currencies lists the accepted currencies.
var Currencies = []Currency{KRW, USD}

// ParseCurrency reads a currency code (upper case only).
func ParseCurrency(s string) (Currency, error) {
	switch Currency(s) {
	case KRW, USD:
		return Currency(s), nil
	}
	return "", apperr.Invalid(CodeCurrency)
}

// Digits is the number of decimals of the minor unit: 0 for KRW, 2 for USD.
func (c Currency) Digits() int {
	if c == USD {
		return 2
	}
	return 0
}

// Money is an amount in minor units of a currency. The zero value has no
// currency and is only useful as "nothing".
type Money struct {
	amount   int64
	currency Currency
}

// New returns an amount of minor units in a currency.
func New(minor int64, c Currency) (Money, error) {
	if _, err := ParseCurrency(string(c)); err != nil {
		return Money{}, err
	}
	return Money{amount: minor, currency: c}, nil
}

// Won is an amount in KRW.
func Won(n int64) Money { return Money{amount: n, currency: KRW} }

// Cents is an amount in USD cents.
func Cents(n int64) Money { return Money{amount: n, currency: USD} }

// Zero is nothing in a currency.
func Zero(c Currency) Money { return Money{currency: c} }

// Amount returns the minor units.
func (m Money) Amount() int64 { return m.amount }

// Currency returns the currency.
func (m Money) Currency() Currency { return m.currency }

// IsZero reports a zero amount.
func (m Money) IsZero() bool { return m.amount == 0 }

// IsNegative reports a negative amount.
func (m Money) IsNegative() bool { return m.amount < 0 }

func (m Money) same(o Money) error {
	if m.currency != o.currency {
		return apperr.Invalid(CodeCurrencyMismatch)
	}
	return nil
}

// Add returns m+o; the currencies must match and the sum must fit.
func (m Money) Add(o Money) (Money, error) {
	if err := m.same(o); err != nil {
		return Money{}, err
	}
	if (o.amount > 0 && m.amount > math.MaxInt64-o.amount) || (o.amount < 0 && m.amount < math.MinInt64-o.amount) {
		return Money{}, apperr.Invalid(CodeOverflow)
	}
	return Money{amount: m.amount + o.amount, currency: m.currency}, nil
}

// Sub returns m-o; the currencies must match.
func (m Money) Sub(o Money) (Money, error) {
	if o.amount == math.MinInt64 {
		return Money{}, apperr.Invalid(CodeOverflow)
	}
	return m.Add(Money{amount: -o.amount, currency: o.currency})
}

// Cmp compares two amounts of one currency: -1, 0 or +1.
func (m Money) Cmp(o Money) (int, error) {
	if err := m.same(o); err != nil {
		return 0, err
	}
	switch {
	case m.amount < o.amount:
		return -1, nil
	case m.amount > o.amount:
		return 1, nil
	}
	return 0, nil
}

// Equal reports the same amount and currency.
func (m Money) Equal(o Money) bool { return m == o }

// Decimal writes the amount in major units: "30000" for KRW, "12.34" for USD.
func (m Money) Decimal() string {
	d := m.currency.Digits()
	neg := m.amount < 0
	u := uint64(m.amount) // #nosec G115 -- two's complement on purpose: negated below, so MinInt64 prints too
	if neg {
		u = -u
	}
	s := strconv.FormatUint(u, 10)
	if d > 0 {
		for len(s) <= d {
			s = "0" + s
		}
		s = s[:len(s)-d] + "." + s[len(s)-d:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// String is "USD 12.34" or "KRW 30000".
func (m Money) String() string { return string(m.currency) + " " + m.Decimal() }

// Parse reads a non-negative decimal amount in major units ("30000",
// "12.3", "12.34") for a currency: digits, at most one dot, at most as many
// decimals as the currency has.
func Parse(s string, c Currency) (Money, error) {
	if _, err := ParseCurrency(string(c)); err != nil {
		return Money{}, err
	}
	intPart, frac, dot := strings.Cut(s, ".")
	if intPart == "" || len(frac) > c.Digits() || (dot && frac == "") || len(intPart) > 18 {
		return Money{}, apperr.Invalid(CodeFormat)
	}
	for _, r := range intPart + frac {
		if r < '0' || r > '9' {
			return Money{}, apperr.Invalid(CodeFormat)
		}
	}
	frac += strings.Repeat("0", c.Digits()-len(frac))
	n, err := strconv.ParseInt(intPart+frac, 10, 64)
	if err != nil {
		return Money{}, apperr.Invalid(CodeFormat)
	}
	return Money{amount: n, currency: c}, nil
}

// Rate is an exact proportion in parts per million (4.4% = 44000).
type Rate struct{ ppm int64 }

// PPM returns a rate of parts per million.
func PPM(n int64) Rate { return Rate{ppm: n} }

// ParsePercent reads a percentage such as "4.4" or "10" with at most four
// decimals, between 0 and 100.
func ParsePercent(s string) (Rate, error) {
	intPart, frac, dot := strings.Cut(s, ".")
	if intPart == "" || len(intPart) > 3 || len(frac) > 4 || (dot && frac == "") {
		return Rate{}, apperr.Invalid(CodeRateFormat)
	}
	for _, r := range intPart + frac {
		if r < '0' || r > '9' {
			return Rate{}, apperr.Invalid(CodeRateFormat)
		}
	}
	n, _ := strconv.ParseInt(intPart+frac+strings.Repeat("0", 4-len(frac)), 10, 64)
	if n > 100_0000 {
		return Rate{}, apperr.Invalid(CodeRateFormat)
	}
	return Rate{ppm: n}, nil
}

// PPM returns the rate in parts per million.
func (r Rate) PPM() int64 { return r.ppm }

// Percent writes the rate as a percentage without trailing zeros ("4.4").
func (r Rate) Percent() string {
	s := strconv.FormatInt(r.ppm/10000, 10)
	if f := r.ppm % 10000; f != 0 {
		s += "." + strings.TrimRight(strconv.FormatInt(10000+f, 10)[1:], "0")
	}
	return s
}

// divHalfUp divides n by d (d > 0), rounding half away from zero.
func divHalfUp(n, d *big.Int) *big.Int {
	q, r := new(big.Int).QuoRem(n, d, new(big.Int))
	r2 := new(big.Int).Abs(r)
	r2.Lsh(r2, 1)
	if r2.Cmp(d) >= 0 {
		if n.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return q
}

// MulRate returns m × r rounded half up (away from zero) to the minor unit.
func (m Money) MulRate(r Rate) (Money, error) {
	n := new(big.Int).Mul(big.NewInt(m.amount), big.NewInt(r.ppm))
	q := divHalfUp(n, big.NewInt(1_000_000))
	if !q.IsInt64() {
		return Money{}, apperr.Invalid(CodeOverflow)
	}
	return Money{amount: q.Int64(), currency: m.currency}, nil
}

// RoundTo rounds half up to a multiple of step minor units (for example
// KRW to 10 won, or USD to whole dollars with step 100). step <= 1 keeps m.
func (m Money) RoundTo(step int64) (Money, error) {
	if step <= 1 {
		return m, nil
	}
	q := divHalfUp(big.NewInt(m.amount), big.NewInt(step))
	q.Mul(q, big.NewInt(step))
	if !q.IsInt64() {
		return Money{}, apperr.Invalid(CodeOverflow)
	}
	return Money{amount: q.Int64(), currency: m.currency}, nil
}
