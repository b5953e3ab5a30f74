package backoffice

import (
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
)

// staffMoneyDTO is an application's money as every staff view shows it
// (core/application.Money): amounts in minor units with their text.
type staffMoneyDTO struct {
	Paid              bool          `json:"paid"`
	State             string        `json:"state"` // "", in_flight, paid, partially_refunded, refunded
	Method            string        `json:"method"`
	Currency          string        `json:"currency"`
	Amount            edge.MoneyDTO `json:"amount"`
	Refunded          edge.MoneyDTO `json:"refunded"`
	Net               edge.MoneyDTO `json:"net"`
	PaidAt            string        `json:"paidAt"`
	ProviderCancelled bool          `json:"providerCancelled"`
}

func minor(n int64, cur string) money.Money {
	c := money.Currency(cur)
	if c == "" {
		c = money.KRW
	}
	m, err := money.New(n, c)
	if err != nil {
		m = money.Zero(money.KRW)
	}
	return m
}

func toStaffMoney(m application.Money) staffMoneyDTO {
	paidAt := ""
	if !m.PaidAt.IsZero() {
		paidAt = edge.TimeText(m.PaidAt)
	}
	return staffMoneyDTO{Paid: m.Paid, State: m.PayState(), Method: m.Method, Currency: m.Currency,
		Amount: edge.MoneyOf(minor(m.Amount, m.Currency)), Refunded: edge.MoneyOf(minor(m.Refunded, m.Currency)),
		Net: edge.MoneyOf(minor(m.Net(), m.Currency)), PaidAt: paidAt, ProviderCancelled: m.ProviderCancelled}
}
