package app

import (
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/evaluation"
)

// Officers are the officers' console (issue 23 items 2 to 4): evaluation,
// decisions and their release, notices and bulk mail. The HTTP edge calls
// these services only; each checks who may call it.
type Officers struct {
	Evaluation *evaluation.Service
}

// buildOfficers wires the officers' console.
func (a *App) buildOfficers(clock account.Clock) {
	a.Officers = Officers{
		Evaluation: a.buildEvaluation(clock),
	}
}
