package app

import (
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/audit"
	"github.com/gradapply/gradapply/core/printing"
)

// buildBackoffice wires the back office (issue 13): staff use cases on the
// application service, member management on the account service, the
// access log viewer and the exports.
func (a *App) buildBackoffice(cfg config.Config) error {
	exports := postgres.Exports{DB: a.DB}
	a.Apply.Staff = application.Staff{
		Store:      postgres.StaffApplications{DB: a.DB},
		Recipients: postgres.Applicants{DB: a.DB},
		Mailer:     jobs.OutboxMailer{DB: a.DB, Codec: a.MailCodec},
		Export:     exports,
		Dashboard:  postgres.StaffApplications{DB: a.DB},
	}
	a.Accounts.Members = postgres.Members{DB: a.DB}
	a.AccessLog = audit.Log{Reader: postgres.AccessLog{DB: a.DB}}
	a.Exports = exports
	// The workbook and the documents bundle name things as the
	// application PDF does (core/printing).
	a.Printer.Exports = &printing.Exports{Gate: a.Apply, Store: exports, Payments: postgres.PayAttempts{DB: a.DB}}
	return nil
}
