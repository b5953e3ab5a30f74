package app

import (
	"context"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/evaluation"
	"github.com/gradapply/gradapply/core/notice"
	"github.com/gradapply/gradapply/core/printing"
)

// Officers are the officers' console (issue 23 items 2 to 4): evaluation,
// decisions and their release, notices and bulk mail. The HTTP edge calls
// these services only; each checks who may call it.
type Officers struct {
	Evaluation *evaluation.Service
	Decisions  *decision.Service
	Notices    *notice.Service
}

// buildOfficers wires the officers' console.
func (a *App) buildOfficers(clock account.Clock) {
	a.Officers = Officers{
		Evaluation: a.buildEvaluation(clock),
		Decisions:  a.buildDecisions(clock),
		Notices:    a.buildNotices(clock),
	}
	// The reader lets a reviewer open what it is assigned.
	a.Apply.Assigned = a.Officers.Evaluation
	a.Reader = &printing.Reader{Print: a.Printer, Assigned: a.Officers.Evaluation, Trail: postgres.AccessLog{DB: a.DB}}
}

// TypeResultMails is the periodic task that queues the result mails of
// released rounds, TypeBulkMails the one that queues bulk mails being
// sent; OfficerCron their schedule (every minute: a release time is
// minute-exact).
const (
	TypeResultMails = "decision:result_mails"
	TypeBulkMails   = "notice:bulk_mails"
	OfficerCron     = "* * * * *"
)

// maxBatches bounds one run of a periodic officers' job: the next run
// goes on where it stopped.
const maxBatches = 50

// officerJobs are the officers' periodic jobs: the result mails (and the
// bulk mails) in batches, a run queueing until nothing is left.
func (a *App) officerJobs() []jobs.Periodic {
	drain := func(send func(ctx context.Context, batch int) (int, error), batch int) func(ctx context.Context) error {
		return func(ctx context.Context) error {
			for range maxBatches {
				n, err := send(ctx, batch)
				if err != nil || n == 0 {
					return err
				}
			}
			return nil
		}
	}
	return []jobs.Periodic{
		{Type: TypeResultMails, Cron: OfficerCron, Run: drain(a.Officers.Decisions.SendDue, decision.DefaultBatch)},
		{Type: TypeBulkMails, Cron: OfficerCron, Run: drain(a.Officers.Notices.SendDue, notice.DefaultBatch)},
	}
}
