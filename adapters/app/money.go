package app

import (
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/payment"
)

// buildMoney wires the staff money pages (issue 10) on the payment
// service buildPay made: the same stores, gateways, completion and mail.
func (a *App) buildMoney() {
	a.Money = &payment.Staff{Service: a.Pay, Records: postgres.PayStaff{DB: a.DB}, Tx: a.DB, Fees: postgres.FeeSchedules{DB: a.DB}}
	a.Pay.Refunds = postgres.PayStaff{DB: a.DB} // webhooks and FollowRefunds settle pending refunds
}

// buildFeeRules wires the settlement fee rules system admins edit (issue 18).
func (a *App) buildFeeRules() {
	a.FeeRules = &feeschedule.Service{Store: postgres.FeeSchedules{DB: a.DB}, Schools: a.Reference,
		Log: postgres.AccessLog{DB: a.DB}, Tx: a.DB}
}
