package application

import "github.com/gradapply/gradapply/core/apperr"

// Actor is who causes a transition.
type Actor string

const (
	ByApplicant Actor = "applicant" // the owner of the application
	ByPayment   Actor = "payment"   // a confirmed payment-provider event (or a free round's zero payment)
	BySysAdmin  Actor = "sysadmin"  // a system administrator (manual payment, support cancel)
)

// transitions: target -> statuses it may start from, and who may cause it.
var transitions = map[Status]struct {
	from []Status
	by   []Actor
}{
	Submit:     {by: []Actor{ByApplicant}}, // from: the school's last step, see Transition
	VbankIssue: {from: []Status{Submit}, by: []Actor{ByPayment}},
	Complete:   {from: []Status{Submit, VbankIssue}, by: []Actor{ByPayment, BySysAdmin}},
	Cancel:     {by: []Actor{ByApplicant, BySysAdmin}}, // from: anything before completion
}

// Transition moves the application to SUBMIT, VBANK_ISSUE, COMPLETE or
// CANCEL (spec section 4). Time windows are checked by the caller with
// core/window before calling.
func (s Steps) Transition(st State, to Status, by Actor) (State, error) {
	t, ok := transitions[to]
	if !ok {
		return st, apperr.Invalid(CodeBadTransition).With("to", string(to))
	}
	allowed := false
	for _, a := range t.by {
		allowed = allowed || a == by
	}
	if !allowed {
		return st, apperr.Forbidden(CodeActorNotAllowed).With("to", string(to))
	}
	eff := st.Effective()
	switch to {
	case Submit:
		if !eff.Modifiable() || eff.Submitted() {
			return st, apperr.Conflict(CodeBadTransition).With("from", string(eff)).With("to", string(to))
		}
		if eff != s.Last() {
			return st, apperr.Conflict(CodeStepsIncomplete).With("next", string(s.Next(eff)))
		}
	case Cancel:
		if !eff.Cancellable() {
			return st, apperr.Conflict(CodeNotModifiable).With("status", string(eff))
		}
	default:
		ok := false
		for _, f := range t.from {
			ok = ok || f == eff
		}
		if !ok {
			return st, apperr.Conflict(CodeBadTransition).With("from", string(eff)).With("to", string(to))
		}
	}
	return st.withEffective(to), nil
}
