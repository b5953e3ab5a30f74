package app

import (
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/decision"
)

// buildDecisions wires decisions, their release and the result mails
// (issue 23 item 3).
func (a *App) buildDecisions(clock account.Clock) *decision.Service {
	return &decision.Service{
		Decisions: postgres.Decisions{DB: a.DB}, Releases: postgres.Releases{DB: a.DB}, Apps: postgres.Applications{DB: a.DB},
		Rounds: a.Reference, Recipients: postgres.Applicants{DB: a.DB},
		Mailer: jobs.OutboxMailer{DB: a.DB, Codec: a.MailCodec}, Log: postgres.AccessLog{DB: a.DB}, Tx: a.DB, Clock: clock,
		PublicURL: a.Config.PublicURL,
	}
}
