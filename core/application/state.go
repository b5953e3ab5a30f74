package application

import "github.com/gradapply/gradapply/core/apperr"

// State is an application's status pair. While the application is under
// review (isApplReviewing) ReviewStatus stands in for Status: every rule
// reads and changes the effective status, and Status stays as it was.
type State struct {
	Status       Status
	ReviewStatus Status
	Reviewing    bool
}

// New is the state of an application whose part (school, round, major) has
// just been chosen.
func New() State { return State{Status: PartSave} }

// Effective is the status the rules use: reviewStatus while under review.
func (st State) Effective() Status {
	if st.Reviewing {
		return st.ReviewStatus
	}
	return st.Status
}

func (st State) withEffective(s Status) State {
	if st.Reviewing {
		st.ReviewStatus = s
	} else {
		st.Status = s
	}
	return st
}

// Modifiable reports whether the application may be edited now.
func (st State) Modifiable() bool { return st.Effective().Modifiable() }

// CheckModifiable returns a conflict error when it may not be edited.
func (st State) CheckModifiable() error {
	if !st.Modifiable() {
		return apperr.Conflict(CodeNotModifiable).With("status", string(st.Effective()))
	}
	return nil
}

// Editable reports whether the form may still be changed now.
func (st State) Editable() bool { return st.Effective().Editable() }

// CheckEditable returns a conflict error when the form may no longer be
// changed: submitted (CodeSubmittedLocked), completed or cancelled
// (CodeNotModifiable).
func (st State) CheckEditable() error {
	if err := st.CheckModifiable(); err != nil {
		return err
	}
	if !st.Editable() {
		return apperr.Conflict(CodeSubmittedLocked).With("status", string(st.Effective()))
	}
	return nil
}

// ReviewCompleted reports the review-complete state, in which the user is
// told to check the application, the admission slip and the submitted files.
func (st State) ReviewCompleted() bool { return st.Reviewing && st.ReviewStatus == Complete }

// Save records that a step was saved. Steps save in order: a step already
// saved may be saved again, the next one may be saved, a later one not. The
// status never goes back on a save; after submission nothing is saved.
func (s Steps) Save(st State, step Status) (State, error) {
	if err := st.CheckEditable(); err != nil {
		return st, err
	}
	i := s.position(step)
	if !step.IsStep() || i < 0 {
		return st, apperr.Invalid(CodeStepNotInList).With("step", string(step))
	}
	cur := s.position(st.Effective())
	if i > cur+1 {
		return st, apperr.Conflict(CodeStepOrder).With("step", string(step)).With("next", string(s.Next(st.Effective())))
	}
	if i > cur {
		return st.withEffective(step), nil
	}
	return st, nil
}

// DocumentRemoved applies the removal of an uploaded document before
// submission (after it documents are locked). Removing a required document
// once FILE_SAVE is saved moves the effective status back to the step
// before FILE_SAVE; the caller stores both returned values
// (status and reviewStatus), as the upload API returns both (spec section 7
// "DELETE ... returns list, status, reviewStatus").
func (s Steps) DocumentRemoved(st State, required bool) (State, error) {
	if err := st.CheckEditable(); err != nil {
		return st, err
	}
	eff := st.Effective()
	if !required || !s.Has(FileSave) || s.position(eff) < s.position(FileSave) {
		return st, nil
	}
	return st.withEffective(s.before(FileSave)), nil
}
