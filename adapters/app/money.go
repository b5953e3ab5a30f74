package app

import (
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/payment"
)

// buildMoney wires the staff money pages (issue 10) on the payment
// service buildPay made: the same stores, gateways, completion and mail.
func (a *App) buildMoney() {
	a.Money = &payment.Staff{Service: a.Pay, Records: postgres.PayStaff{DB: a.DB}, Tx: a.DB, Fees: payment.DefaultFeeRules}
	a.Pay.Refunds = postgres.PayStaff{DB: a.DB} // webhooks and FollowRefunds settle pending refunds
}
