package postgres

import (
	"time"

	"github.com/gradapply/gradapply/core/application"
)

// moneyCols are the columns of the appl_money view (alias am), the one read
// model of an application's money; moneyScan receives them.
const moneyCols = "am.paid, am.in_flight, am.method, am.currency, am.amount, am.refunded, am.paid_at, am.provider_cancelled"

type moneyScan struct {
	paid, inFlight, providerCancelled bool
	method, currency                  string
	amount, refunded                  int64
	paidAt                            *time.Time
}

func (m moneyScan) money() application.Money {
	out := application.Money{Paid: m.paid, InFlight: m.inFlight, Method: m.method, Currency: m.currency, Amount: m.amount,
		Refunded: m.refunded, ProviderCancelled: m.providerCancelled}
	if m.paidAt != nil {
		out.PaidAt = *m.paidAt
	}
	return out
}
