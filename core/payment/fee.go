package payment

import (
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
)

// PayType is how the applicant pays (spec section 9).
type PayType string

const (
	Card       PayType = "card"
	Vbank      PayType = "vbank" // virtual bank account
	Trans      PayType = "trans" // real-time account transfer
	VisaMaster PayType = "visa_master"
	Free       PayType = "free"
)

// PayTypes lists every pay type.
var PayTypes = []PayType{Card, Vbank, Trans, VisaMaster, Free}

// ParsePayType reads a pay type.
func ParsePayType(s string) (PayType, error) {
	for _, t := range PayTypes {
		if string(t) == s {
			return t, nil
		}
	}
	return "", apperr.Invalid(CodePayTypeUnknown)
}

// Name is the pay type's name in ko or en (the PAY_TYPE codes).
func (t PayType) Name(loc string) string {
	ko, en := map[PayType]string{Card: "신용카드", Vbank: "가상계좌", Trans: "계좌이체", VisaMaster: "해외카드 (PayPal)", Free: "무료",
		Manual: "무통장 입금(학교 계좌)"},
		map[PayType]string{Card: "Credit card", Vbank: "Virtual account", Trans: "Bank transfer", VisaMaster: "International card (PayPal)", Free: "Free",
			Manual: "Deposit to school account"}
	if loc == "en" {
		return en[t]
	}
	return ko[t]
}

// Provider names who processes a pay type: "paypal", "domestic" or "" (free).
func (t PayType) Provider() string {
	switch t {
	case VisaMaster:
		return "paypal"
	case Free:
		return ""
	}
	return "domestic"
}

// Currency is the currency a pay type charges in ("" for free).
func (t PayType) Currency() money.Currency {
	switch t {
	case VisaMaster:
		return money.USD
	case Free:
		return ""
	}
	return money.KRW
}

// PayPalFee is the PayPal surcharge configuration (paypalTransactionFee and
// paypalFixedFee of spec section 3).
type PayPalFee struct {
	Rate  money.Rate  // 4.4% by default
	Fixed money.Money // USD 0.30 by default
}

// DefaultPayPalFee is spec section 9: 4.4 percent plus a fixed 0.30.
var DefaultPayPalFee = PayPalFee{Rate: money.PPM(44000), Fixed: money.Cents(30)}

// Surcharge is round-half-up(fee × rate + fixed) to the cent; a zero fee
// has no surcharge.
func (p PayPalFee) Surcharge(fee money.Money) (money.Money, error) {
	if fee.Currency() != money.USD || p.Fixed.Currency() != money.USD || fee.IsNegative() {
		return money.Money{}, apperr.Invalid(CodeCurrency)
	}
	if fee.IsZero() {
		return money.Zero(money.USD), nil
	}
	// Fixed is whole cents, so rounding fee × rate first gives the same sum.
	part, err := fee.MulRate(p.Rate)
	if err != nil {
		return money.Money{}, err
	}
	return part.Add(p.Fixed)
}

// Quote is what the applicant is shown before paying and on the receipt:
// the round's fee, the surcharge as a separate line, and the total.
type Quote struct {
	PayType   PayType
	Fee       money.Money
	Surcharge money.Money
	Total     money.Money
}

// Currency is the quote's currency; a zero quote without one is in KRW.
func (q Quote) Currency() money.Currency {
	if c := q.Total.Currency(); c != "" {
		return c
	}
	return money.KRW
}

// NewQuote prices a fee for a pay type: visa_master adds the PayPal
// surcharge to a USD fee; card, vbank and trans charge a KRW fee as it is;
// free requires a zero fee.
func NewQuote(t PayType, fee money.Money, pp PayPalFee) (Quote, error) {
	if _, err := ParsePayType(string(t)); err != nil {
		return Quote{}, err
	}
	if fee.IsNegative() {
		return Quote{}, apperr.Invalid(CodeCurrency)
	}
	q := Quote{PayType: t, Fee: fee, Surcharge: money.Zero(fee.Currency()), Total: fee}
	switch {
	case t == Free:
		if !fee.IsZero() {
			return Quote{}, apperr.Invalid(CodeFreeNotZero)
		}
	case fee.Currency() != t.Currency():
		return Quote{}, apperr.Invalid(CodeCurrency).With("currency", string(t.Currency()))
	case t == VisaMaster:
		s, err := pp.Surcharge(fee)
		if err != nil {
			return Quote{}, err
		}
		total, err := fee.Add(s)
		if err != nil {
			return Quote{}, err
		}
		q.Surcharge, q.Total = s, total
	}
	return q, nil
}

// Grouped writes an amount in major units with thousands separators:
// "80,000" for KRW, "1,062.94" for USD.
func Grouped(m money.Money) string {
	d := m.Decimal()
	neg := strings.HasPrefix(d, "-")
	d = strings.TrimPrefix(d, "-")
	whole, frac, hasFrac := strings.Cut(d, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	out := b.String()
	if hasFrac {
		out += "." + frac
	}
	if neg {
		out = "-" + out
	}
	return out
}

// Display is an amount as an applicant reads it: "80,000원" in Korean,
// "KRW 80,000" in English, "USD 62.94" in both.
func Display(m money.Money, loc string) string {
	if m.Currency() == money.KRW && loc != "en" {
		return Grouped(m) + "원"
	}
	return string(m.Currency()) + " " + Grouped(m)
}
