package application

import "time"

// Money is what an application paid, as core/payment recorded it: the one
// read model every staff view uses (list, page, dashboard, export,
// re-numbering guard, withdrawal check). Amounts are minor units of
// Currency.
type Money struct {
	Paid     bool   // money was received (a refund later does not undo it)
	InFlight bool   // an attempt may still receive money
	Method   string // the pay type, or "manual" for a deposit to the school's account
	Currency string
	Amount   int64 // received
	Refunded int64
	PaidAt   time.Time
	// ProviderCancelled: the provider cancelled a payment we recorded
	// paid (console, chargeback); staff must look at it.
	ProviderCancelled bool
}

// Net is what the school keeps: received less refunded.
func (m Money) Net() int64 { return m.Amount - m.Refunded }

// PayState names the money state for staff: "" (nothing paid), "in_flight",
// "paid", "partially_refunded" or "refunded".
func (m Money) PayState() string {
	switch {
	case m.Paid && m.Amount > 0 && m.Refunded >= m.Amount:
		return "refunded"
	case m.Paid && m.Refunded > 0:
		return "partially_refunded"
	case m.Paid:
		return "paid"
	case m.InFlight:
		return "in_flight"
	}
	return ""
}
