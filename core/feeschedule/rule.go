package feeschedule

import (
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/window"
)

// MaxBasisPoints is 100 percent.
const MaxBasisPoints = 10000

// Rule is what a provider charges per payment of one method from a date
// on: a percentage of the amount paid (in basis points) plus a fixed part
// in the method's currency. It is a value: built by the schedule from a
// Draft, never changed in place.
type Rule struct {
	no     int
	method Method
	from   time.Time // 00:00 Asia/Seoul of the first day it applies
	rateBP int64
	fixed  money.Money
}

// No numbers the rule within its school's schedule (never reused).
func (r Rule) No() int { return r.no }

// Method is what the rule prices.
func (r Rule) Method() Method { return r.method }

// EffectiveFrom is 00:00 Asia/Seoul of the day from which the rule applies.
func (r Rule) EffectiveFrom() time.Time { return r.from }

// Date is EffectiveFrom as yyyy-MM-dd.
func (r Rule) Date() string { return r.from.In(window.Seoul).Format(time.DateOnly) }

// RateBP is the percentage in basis points (250 = 2.5%).
func (r Rule) RateBP() int64 { return r.rateBP }

// Fixed is the fixed part per payment, in the method's currency.
func (r Rule) Fixed() money.Money { return r.fixed }

// Fee is what the rule charges on an amount paid: the amount times the
// rate, rounded half up to the minor unit, plus the fixed part. A zero
// amount (a free completion) costs nothing.
func (r Rule) Fee(paid money.Money) (money.Money, error) {
	if paid.Currency() != r.method.Currency() {
		return money.Money{}, apperr.Invalid(CodeCurrency)
	}
	if paid.IsZero() {
		return money.Zero(paid.Currency()), nil
	}
	v, err := paid.MulRate(money.PPM(r.rateBP * 100))
	if err != nil {
		return money.Money{}, err
	}
	return v.Add(r.fixed)
}

// Record is a rule as stores keep it.
type Record struct {
	No            int
	Method        Method
	EffectiveFrom time.Time
	RateBP        int64
	Fixed         money.Money
}

// Record is the rule as stores keep it.
func (r Rule) Record() Record {
	return Record{No: r.no, Method: r.method, EffectiveFrom: r.from, RateBP: r.rateBP, Fixed: r.fixed}
}

// Draft is a rule as staff enter it: the method, the first day
// (yyyy-MM-dd, Asia/Seoul), the percentage ("2.5", at most two decimals)
// and the fixed part in major units of the method's currency ("300",
// "0.30"); an empty percentage or fixed part is zero.
type Draft struct {
	Method        string
	EffectiveFrom string
	Rate          string
	Fixed         string
}

// ParseBasisPoints reads a percentage with at most two decimals, 0 to 100,
// as basis points ("2.5" is 250).
func ParseBasisPoints(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	intPart, frac, dot := strings.Cut(s, ".")
	if intPart == "" || len(intPart) > 3 || len(frac) > 2 || (dot && frac == "") {
		return 0, apperr.Invalid(CodeRate)
	}
	for _, c := range intPart + frac {
		if c < '0' || c > '9' {
			return 0, apperr.Invalid(CodeRate)
		}
	}
	n, _ := strconv.ParseInt(intPart+frac+strings.Repeat("0", 2-len(frac)), 10, 64)
	if n > MaxBasisPoints {
		return 0, apperr.Invalid(CodeRate)
	}
	return n, nil
}

// Percent writes basis points as a percentage without trailing zeros.
func Percent(bp int64) string {
	s := strconv.FormatInt(bp/100, 10)
	if f := bp % 100; f != 0 {
		s += "." + strings.TrimRight(strconv.FormatInt(100+f, 10)[1:], "0")
	}
	return s
}

// ParseDate reads yyyy-MM-dd as 00:00 of that day in Asia/Seoul.
func ParseDate(s string) (time.Time, error) {
	t, err := time.ParseInLocation(time.DateOnly, strings.TrimSpace(s), window.Seoul)
	if err != nil {
		return time.Time{}, apperr.Invalid(CodeEffectiveFrom)
	}
	return t, nil
}

// parse checks a draft, naming each bad field.
func (d Draft) parse() (Rule, error) {
	var f apperr.Fields
	m, err := ParseMethod(strings.TrimSpace(d.Method))
	if err != nil {
		f.Add("method", CodeMethod)
	}
	from, err := ParseDate(d.EffectiveFrom)
	if err != nil {
		f.Add("effectiveFrom", CodeEffectiveFrom)
	}
	bp, err := ParseBasisPoints(d.Rate)
	if err != nil {
		f.Add("rate", CodeRate)
	}
	var fixed money.Money
	if m != "" {
		fixed = money.Zero(m.Currency())
		if s := strings.TrimSpace(d.Fixed); s != "" {
			if fixed, err = money.Parse(s, m.Currency()); err != nil {
				f.Add("fixed", CodeFixed)
			}
		}
	}
	if err := f.Err(); err != nil {
		return Rule{}, err
	}
	return Rule{method: m, from: from, rateBP: bp, fixed: fixed}, nil
}

// ruleOf rebuilds a stored rule, refusing what a draft could not give.
func ruleOf(r Record) (Rule, error) {
	if _, err := ParseMethod(string(r.Method)); err != nil {
		return Rule{}, err
	}
	if r.No <= 0 || r.EffectiveFrom.IsZero() {
		return Rule{}, apperr.Invalid(CodeEffectiveFrom)
	}
	if r.RateBP < 0 || r.RateBP > MaxBasisPoints {
		return Rule{}, apperr.Invalid(CodeRate)
	}
	if r.Fixed.Currency() != r.Method.Currency() || r.Fixed.IsNegative() {
		return Rule{}, apperr.Invalid(CodeFixed)
	}
	y, mo, d := r.EffectiveFrom.In(window.Seoul).Date()
	return Rule{no: r.No, method: r.Method, from: time.Date(y, mo, d, 0, 0, 0, 0, window.Seoul), rateBP: r.RateBP, fixed: r.Fixed}, nil
}
