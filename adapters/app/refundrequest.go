package app

import (
	"context"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/refundrequest"
)

// staffRefunder is core/refundrequest's Refunder on the existing staff
// refund (core/payment Staff.Cancel): the one refund path, reached
// through a port so the request area does not depend on its shape.
type staffRefunder struct{ staff *payment.Staff }

func (r staffRefunder) Refund(ctx context.Context, p permission.Principal, paymentID string, in payment.CancelInput) (payment.Cancellation, error) {
	return r.staff.Cancel(ctx, p, paymentID, in)
}

// buildRefundRequests wires applicants' refund requests (issue 18 item
// 6). Needs buildMoney (the staff refund).
func (a *App) buildRefundRequests(clock account.Clock) *refundrequest.Service {
	store := postgres.RefundRequests{DB: a.DB}
	return &refundrequest.Service{
		Store: store, Texts: store, Apps: postgres.Applications{DB: a.DB}, Payments: postgres.PayAttempts{DB: a.DB},
		Refunder: staffRefunder{a.Money}, Rounds: a.Reference, Schools: a.Reference,
		Recipients: postgres.Applicants{DB: a.DB}, Mailer: jobs.OutboxMailer{DB: a.DB, Codec: a.MailCodec},
		Log: postgres.AccessLog{DB: a.DB}, Tx: a.DB, Clock: clock,
	}
}
