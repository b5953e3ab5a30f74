package app

import (
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/notice"
)

// buildNotices wires notices and bulk mail (issue 23 item 4).
func (a *App) buildNotices(clock account.Clock) *notice.Service {
	return &notice.Service{
		Notices: postgres.Notices{DB: a.DB}, Mails: postgres.BulkMails{DB: a.DB}, Roster: postgres.StaffApplications{DB: a.DB},
		Outcomes: postgres.Decisions{DB: a.DB}, Apps: postgres.Applications{DB: a.DB}, Rounds: a.Reference,
		Recipients: postgres.Applicants{DB: a.DB}, Mailer: jobs.OutboxMailer{DB: a.DB, Codec: a.MailCodec},
		Log: postgres.AccessLog{DB: a.DB}, Tx: a.DB, Clock: clock,
	}
}
