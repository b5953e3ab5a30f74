package app

import (
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/survey"
	"github.com/gradapply/gradapply/core/window"
)

// buildSurveys wires the surveys (issues 12 and 14).
func (a *App) buildSurveys(clock window.Clock) {
	a.Surveys = &survey.Service{Store: postgres.Surveys{DB: a.DB}, Apps: postgres.Applications{DB: a.DB},
		Audit: postgres.AccessLog{DB: a.DB}, Tx: a.DB, Clock: clock, Flush: a.Reference.Flush}
}
