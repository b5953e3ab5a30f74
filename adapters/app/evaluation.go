package app

import (
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/evaluation"
)

// buildEvaluation wires rubrics, assignments and score sheets (issue 23
// item 2).
func (a *App) buildEvaluation(clock account.Clock) *evaluation.Service {
	return &evaluation.Service{
		Rubrics: postgres.Rubrics{DB: a.DB}, Sheets: postgres.Sheets{DB: a.DB}, Roster: postgres.StaffApplications{DB: a.DB},
		Users: postgres.Users{DB: a.DB}, Directory: postgres.Users{DB: a.DB}, Log: postgres.AccessLog{DB: a.DB}, Tx: a.DB, Clock: clock,
	}
}
