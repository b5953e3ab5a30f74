package payment

import (
	"time"

	"github.com/gradapply/gradapply/core/money"
)

// ProviderNone marks a zero payment no provider saw: a free round's
// completion.
const ProviderNone Provider = "none"

// FreeAttempt is the zero payment of a free round's completion, written
// where every payment is (one truth for staff views): provider none, pay
// type free, PAID at zero at the time given.
func FreeAttempt(applNo int64, userID, schoolCode, loc string, at time.Time) (Attempt, error) {
	q := Quote{PayType: Free, Fee: money.Zero(money.KRW), Surcharge: money.Zero(money.KRW), Total: money.Zero(money.KRW)}
	a, err := NewAttempt("f"+NewPaymentID(applNo), applNo, userID, schoolCode, ProviderNone, q, loc, at)
	if err != nil {
		return a, err
	}
	a.pay.Result, a.pay.Status, a.paidAt = Paid, StatusComplete, at
	return a, nil
}
