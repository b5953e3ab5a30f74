package payment

import "github.com/gradapply/gradapply/core/feeschedule"

// Manual is how a manual payment (manual-pay "transfer": the applicant
// deposited the fee to the school's own account, provider "manual") is
// booked in settlements, their exports and receipts. It is never offered to
// applicants (it is not in PayTypes) and no provider charges a fee for it.
// Manual payments are stored with the pay type of their quote (trans, or
// free for a waiver); Booked derives the book entry, so payments recorded
// before this entry existed read right too.
const Manual PayType = "manual"

// BookTypes are the pay types settlements list, in order.
var BookTypes = []PayType{Card, Vbank, Trans, VisaMaster, Manual, Free}

// Booked is the pay type a payment is booked as: Manual for money staff
// recorded as received outside the gateways (a waiver stays free), the
// stored pay type otherwise.
func Booked(p Provider, t PayType) PayType {
	if p == ProviderManual && t != Free {
		return Manual
	}
	return t
}

// FeeMethod is the provider-contract method whose fee rule prices a
// booked pay type; ok is false for pay types no provider charges for
// (manual deposits, free completions).
func FeeMethod(t PayType) (m feeschedule.Method, ok bool) {
	switch t {
	case Card:
		return feeschedule.Card, true
	case Trans:
		return feeschedule.Transfer, true
	case Vbank:
		return feeschedule.Vbank, true
	case VisaMaster:
		return feeschedule.PayPal, true
	}
	return "", false
}
