package application

import (
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// Closing a round (issue 13, ROLE_CLOSE_ADMIN): closing staff end a
// round's filling-in, submission and payment windows now, before their
// stored ends, with a reason. From then on no applicant changes an
// application of the round (not even a time-independent one), and staff
// correct applications of it only as system admins. A system admin may
// reopen the round while its stored windows still run.

// CodeRoundClosed refuses a staff correction of an application of a
// closed round to anyone but a system admin.
const CodeRoundClosed = "application.round_closed"

// Closure is a round's early close: when, by whom and why.
type Closure struct {
	At     time.Time
	By     string
	Reason string
}

// WithClosure is the round as loaded with its closure applied (nil: not
// closed): the closable windows end at the closure's time.
func (r Round) WithClosure(c *Closure) Round {
	r.Closure = c
	if c != nil {
		r.Windows = window.CloseAt(r.Windows, c.At)
	}
	return r
}

// checkStaffChange refuses a staff change of an application of a closed
// round unless p is a system admin.
func checkStaffChange(p permission.Principal, r Round) error {
	if r.Closure != nil && !p.Has(permission.RoleSysAdmin) {
		return apperr.Conflict(CodeRoundClosed).With("at", r.Closure.At.In(window.Seoul).Format("2006-01-02 15:04"))
	}
	return nil
}
