package application

import (
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
)

// Application is the application aggregate: who owns it, its round, its
// exam number and its state. Its fields are unexported: it is built by
// NewApplication (a new application, validated) or by
// UnmarshalApplicationFromDatabase (a stored row), and it changes only
// through its methods, which enforce the state machine. A store changes a
// stored application only through Applications.Update, which locks the row,
// hands the aggregate to a rule and writes back what the rule changed.
type Application struct {
	applNo        int64
	userID        string
	round         RoundKey
	applID        string
	state         State
	applicantName string
	createdAt     time.Time
	updatedAt     time.Time
	changed       bool
}

// Message codes of the aggregate's constructors.
const (
	CodeOwnerMissing = "application.owner_missing" // an application needs its applicant
	CodeRoundInvalid = "application.round_invalid" // school code, enter year and round number
)

func checkRound(k RoundKey) error {
	if strings.TrimSpace(k.SchoolCode) == "" || k.EnterYear <= 0 || k.RecruitPartSeq <= 0 {
		return apperr.Invalid(CodeRoundInvalid)
	}
	return nil
}

// NewApplication is an application whose part has just been chosen: owned
// by userID, in round k, in APPL_PART_SAVE. Its number is given by the store.
func NewApplication(userID string, k RoundKey, now time.Time) (*Application, error) {
	if strings.TrimSpace(userID) == "" {
		return nil, apperr.Invalid(CodeOwnerMissing)
	}
	if err := checkRound(k); err != nil {
		return nil, err
	}
	return &Application{userID: userID, round: k, state: New(), createdAt: now, updatedAt: now}, nil
}

// UnmarshalApplicationFromDatabase rebuilds a stored application. It is for
// stores only; it refuses a status it does not know, so a broken row is an
// error and not a silent state.
func UnmarshalApplicationFromDatabase(h Header) (*Application, error) {
	if _, err := ParseStatus(string(h.State.Status)); err != nil {
		return nil, err
	}
	if h.State.ReviewStatus != "" {
		if _, err := ParseStatus(string(h.State.ReviewStatus)); err != nil {
			return nil, err
		}
	}
	return &Application{applNo: h.ApplNo, userID: h.UserID, round: h.Round, applID: h.ApplID, state: h.State,
		applicantName: h.ApplicantName, createdAt: h.CreatedAt, updatedAt: h.UpdatedAt}, nil
}

// ApplNo is the application number (0 before it is stored).
func (a *Application) ApplNo() int64 { return a.applNo }

// UserID is the applicant who owns the application.
func (a *Application) UserID() string { return a.userID }

// Round is the application's round.
func (a *Application) Round() RoundKey { return a.round }

// ApplID is the exam number, "" before completion.
func (a *Application) ApplID() string { return a.applID }

// State is the status pair.
func (a *Application) State() State { return a.state }

// ApplicantName is the name shown in lists.
func (a *Application) ApplicantName() string { return a.applicantName }

// CreatedAt is when the application was created.
func (a *Application) CreatedAt() time.Time { return a.createdAt }

// UpdatedAt is when its state last changed.
func (a *Application) UpdatedAt() time.Time { return a.updatedAt }

// Changed reports whether a method changed the aggregate since it was
// loaded: the store writes it back only then.
func (a *Application) Changed() bool { return a.changed }

// Header is the read view of the application.
func (a *Application) Header() Header {
	return Header{ApplNo: a.applNo, UserID: a.userID, Round: a.round, ApplID: a.applID, State: a.state,
		ApplicantName: a.applicantName, CreatedAt: a.createdAt, UpdatedAt: a.updatedAt}
}

func (a *Application) setState(st State, now time.Time) {
	if st != a.state {
		a.state, a.updatedAt, a.changed = st, now, true
	}
}

// CheckEditable refuses any change of the form (steps, drafts, documents,
// part) once the application is submitted, completed or cancelled.
func (a *Application) CheckEditable() error { return a.state.CheckEditable() }

// SaveStep records that a step of the form was saved (steps save in order).
func (a *Application) SaveStep(steps Steps, step Status, now time.Time) error {
	st, err := steps.Save(a.state, step)
	if err != nil {
		return err
	}
	a.state, a.updatedAt, a.changed = st, now, true
	return nil
}

// ChangePart records that the applicant changed the chosen part (major,
// course, category, stay type) before submission.
func (a *Application) ChangePart(now time.Time) error {
	if err := a.CheckEditable(); err != nil {
		return err
	}
	a.updatedAt, a.changed = now, true
	return nil
}

// Rename sets the name shown in lists (from the basic info).
func (a *Application) Rename(name string) error {
	if err := a.CheckEditable(); err != nil {
		return err
	}
	if name != a.applicantName {
		a.applicantName, a.changed = name, true
	}
	return nil
}

// RemoveDocument applies the removal of an uploaded document (see
// Steps.DocumentRemoved).
func (a *Application) RemoveDocument(steps Steps, required bool, now time.Time) error {
	st, err := steps.DocumentRemoved(a.state, required)
	if err != nil {
		return err
	}
	a.setState(st, now)
	return nil
}

// Submit is the applicant's final submission: every step saved.
func (a *Application) Submit(steps Steps, now time.Time) error {
	return a.transition(steps, Submit, ByApplicant, now)
}

// IssueVirtualAccount records that a virtual account was issued for the fee.
func (a *Application) IssueVirtualAccount(steps Steps, now time.Time) error {
	return a.transition(steps, VbankIssue, ByPayment, now)
}

// Complete moves a submitted application to COMPLETE with its exam number.
func (a *Application) Complete(steps Steps, by Actor, applID string, now time.Time) error {
	if strings.TrimSpace(applID) == "" {
		return apperr.Invalid(CodeBadTransition).With("to", string(Complete))
	}
	if err := a.transition(steps, Complete, by, now); err != nil {
		return err
	}
	a.applID = applID
	return nil
}

// Cancel cancels the application before completion.
func (a *Application) Cancel(steps Steps, by Actor, now time.Time) error {
	return a.transition(steps, Cancel, by, now)
}

// CancelCompleted cancels a completed (paid) application when staff
// cancel its payment in full (issue 10): COMPLETE -> CANCEL by a system
// admin only. The exam number stays on the application and is never given
// again.
func (a *Application) CancelCompleted(by Actor, now time.Time) error {
	if by != BySysAdmin {
		return apperr.Forbidden(CodeActorNotAllowed).With("to", string(Cancel))
	}
	if eff := a.state.Effective(); eff != Complete {
		return apperr.Conflict(CodeBadTransition).With("from", string(eff)).With("to", string(Cancel))
	}
	a.setState(a.state.withEffective(Cancel), now)
	return nil
}

func (a *Application) transition(steps Steps, to Status, by Actor, now time.Time) error {
	st, err := steps.Transition(a.state, to, by)
	if err != nil {
		return err
	}
	a.setState(st, now)
	return nil
}

// ExpireVirtualAccount returns an application whose virtual account
// expired unpaid from VBANK_ISSUE to SUBMIT, so the applicant may pay
// again while the COMPLETE window is open.
func (a *Application) ExpireVirtualAccount(now time.Time) error {
	if eff := a.state.Effective(); eff != VbankIssue {
		return apperr.Conflict(CodeBadTransition).With("from", string(eff)).With("to", string(Submit))
	}
	a.setState(a.state.withEffective(Submit), now)
	return nil
}
