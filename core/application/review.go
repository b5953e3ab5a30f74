package application

import (
	"time"

	"github.com/gradapply/gradapply/core/apperr"
)

// Review and staff-correction codes.
const (
	CodeReviewNotSubmitted = "application.review_not_submitted" // only a submitted application is reviewed
	CodeAlreadyReviewing   = "application.already_reviewing"
	CodeReviewDone         = "application.review_done" // the review is already complete
	CodeCancelled          = "application.cancelled"   // a cancelled application is not corrected
)

// The school's review of a submitted application (spec section 4: "while
// under review, reviewStatus is used in place of status"; "a review-complete
// state tells the user to check the application, the admission slip and the
// submitted files"). Status keeps what the application reached (SUBMIT,
// VBANK_ISSUE or COMPLETE: payment and exam number are untouched);
// ReviewStatus is where the review stands:
//   - StartReview: SUBMIT, the application as submitted, being read;
//   - AskCorrection: a step of the form, which opens the form again to the
//     applicant in review mode from that step (the steps before it stay
//     saved); the applicant saves the steps again and submits (SUBMIT);
//   - CompleteReview: COMPLETE, the review-complete state.

// StartReview starts the school's review of a submitted application.
func (st State) StartReview() (State, error) {
	if st.Reviewing {
		return st, apperr.Conflict(CodeAlreadyReviewing)
	}
	if !st.Status.Submitted() {
		return st, apperr.Conflict(CodeReviewNotSubmitted).With("status", string(st.Status))
	}
	return State{Status: st.Status, ReviewStatus: Submit, Reviewing: true}, nil
}

// AskCorrection reopens the form under review from step, so the applicant
// corrects what the school asked.
func (st State) AskCorrection(s Steps, step Status) (State, error) {
	if !st.Reviewing {
		return st, apperr.Conflict(CodeNotUnderReview)
	}
	if st.ReviewStatus == Complete {
		return st, apperr.Conflict(CodeReviewDone)
	}
	if !step.IsStep() || s.position(step) < 0 {
		return st, apperr.Invalid(CodeStepNotInList).With("step", string(step))
	}
	// The steps before step stay saved; step itself must be saved again.
	st.ReviewStatus = s.before(step)
	if st.ReviewStatus == "" {
		st.ReviewStatus = PartSave
	}
	return st, nil
}

// CompleteReview ends the review: the applicant is told to check the
// application, the admission slip and the submitted files.
func (st State) CompleteReview() (State, error) {
	if !st.Reviewing {
		return st, apperr.Conflict(CodeNotUnderReview)
	}
	if st.ReviewStatus == Complete {
		return st, apperr.Conflict(CodeReviewDone)
	}
	st.ReviewStatus = Complete
	return st, nil
}

// StartReview starts the school's review (see State.StartReview).
func (a *Application) StartReview(now time.Time) error {
	st, err := a.state.StartReview()
	if err != nil {
		return err
	}
	a.setState(st, now)
	return nil
}

// AskCorrection reopens the form from step (see State.AskCorrection).
func (a *Application) AskCorrection(s Steps, step Status, now time.Time) error {
	st, err := a.state.AskCorrection(s, step)
	if err != nil {
		return err
	}
	a.setState(st, now)
	return nil
}

// CompleteReview completes the review (see State.CompleteReview).
func (a *Application) CompleteReview(now time.Time) error {
	st, err := a.state.CompleteReview()
	if err != nil {
		return err
	}
	a.setState(st, now)
	return nil
}

// CorrectByStaff records a correction of the form by school staff. Unlike
// the applicant's changes it is allowed after submission and completion
// (that is what it is for), never on a cancelled application.
func (a *Application) CorrectByStaff(name string, now time.Time) error {
	if a.state.Status == Cancel || (a.state.Reviewing && a.state.ReviewStatus == Cancel) {
		return apperr.Conflict(CodeCancelled)
	}
	if name != a.applicantName {
		a.applicantName = name
	}
	a.updatedAt, a.changed = now, true
	return nil
}
