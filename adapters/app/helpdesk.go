package app

import (
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/helpdesk"
)

// buildHelpdesk wires the FAQ and the help board (issue 14): every change
// is written to the audit log in the change's transaction.
func (a *App) buildHelpdesk() *helpdesk.Service {
	return &helpdesk.Service{Store: postgres.Helpdesk{DB: a.DB}, Audit: postgres.AccessLog{DB: a.DB}, Tx: a.DB}
}
