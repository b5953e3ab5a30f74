package payment

import (
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/money"
)

// LineKind tells a settlement line's kind.
type LineKind string

const (
	LinePayment LineKind = "payment"
	LineRefund  LineKind = "refund"
)

// Line is one money movement of a school: a payment (with the provider's
// fee for it) or a refund. PayType is the booked pay type (Booked). A
// payment's ProviderFee is the zero Money when no fee rule priced it.
type Line struct {
	Kind        LineKind
	At          time.Time
	PayType     PayType
	Amount      money.Money // positive
	ProviderFee money.Money // payments only; zero value means none
}

// Summary is a settlement of one currency.
type Summary struct {
	Currency     money.Currency
	Payments     int
	Refunds      int
	Paid         money.Money
	Refunded     money.Money
	ProviderFees money.Money
	Net          money.Money // paid - refunded - provider fees
	// NoFeeRule counts payments a provider charges for that no fee rule
	// of the school priced (their fee is counted as zero).
	NoFeeRule int
}

// Settle sums the lines that fall in [from, to), per currency, in the order
// of money.Currencies (currencies without lines are left out).
func Settle(lines []Line, from, to time.Time) ([]Summary, error) {
	by := map[money.Currency]*Summary{}
	for _, l := range lines {
		if l.At.Before(from) || !l.At.Before(to) {
			continue
		}
		c := l.Amount.Currency()
		s := by[c]
		if s == nil {
			s = &Summary{Currency: c, Paid: money.Zero(c), Refunded: money.Zero(c), ProviderFees: money.Zero(c)}
			by[c] = s
		}
		var err error
		switch l.Kind {
		case LinePayment:
			s.Payments++
			if _, charged := FeeMethod(l.PayType); charged && l.ProviderFee == (money.Money{}) && !l.Amount.IsZero() {
				s.NoFeeRule++
			}
			if s.Paid, err = s.Paid.Add(l.Amount); err == nil && l.ProviderFee != (money.Money{}) {
				s.ProviderFees, err = s.ProviderFees.Add(l.ProviderFee)
			}
		case LineRefund:
			s.Refunds++
			s.Refunded, err = s.Refunded.Add(l.Amount)
		}
		if err != nil {
			return nil, err
		}
	}
	var out []Summary
	for _, c := range money.Currencies {
		s := by[c]
		if s == nil {
			continue
		}
		net, err := s.Paid.Sub(s.Refunded)
		if err == nil {
			net, err = net.Sub(s.ProviderFees)
		}
		if err != nil {
			return nil, err
		}
		s.Net = net
		out = append(out, *s)
	}
	return slices.Clip(out), nil
}
