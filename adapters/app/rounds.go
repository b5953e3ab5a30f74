package app

import (
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/window"
)

// buildRounds wires the back office for rounds and school settings (issue 12).
func (a *App) buildRounds(clock window.Clock) {
	a.Rounds = &round.Service{
		Store: postgres.Rounds{DB: a.DB}, Docs: postgres.Documents{DB: a.DB}, Ref: a.Reference,
		Audit: postgres.AccessLog{DB: a.DB}, Mailer: jobs.OutboxMailer{DB: a.DB, Codec: a.MailCodec},
		Recipients: postgres.Applicants{DB: a.DB}, Closures: postgres.Closures{DB: a.DB}, Tx: a.DB, Clock: clock, Flush: a.Reference.Flush,
	}
}
