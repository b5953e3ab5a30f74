package application

import (
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
)

// The school's review (spec section 4): reviewStatus stands in for status;
// a correction reopens the form to the applicant; completion is the
// review-complete state; Status (payment, exam number) is never touched.
func TestReviewStates(t *testing.T) {
	steps := MustSteps(BasisSave, AcadSave, FileSave)
	if _, err := (State{Status: FileSave}).StartReview(); apperr.CodeOf(err) != CodeReviewNotSubmitted {
		t.Fatalf("a draft is not reviewed: %v", err)
	}
	st, err := (State{Status: Complete}).StartReview()
	if err != nil || st.Effective() != Submit || st.Status != Complete || st.ReviewCompleted() || st.Editable() {
		t.Fatalf("start: %+v %v", st, err)
	}
	if _, err := st.StartReview(); apperr.CodeOf(err) != CodeAlreadyReviewing {
		t.Fatalf("twice: %v", err)
	}
	if _, err := st.AskCorrection(steps, Survey); apperr.CodeOf(err) != CodeStepNotInList {
		t.Fatalf("a step the school does not ask for: %v", err)
	}
	fix, err := st.AskCorrection(steps, AcadSave)
	if err != nil || fix.Effective() != BasisSave || !fix.Editable() || fix.Status != Complete {
		t.Fatalf("correction: %+v %v", fix, err)
	}
	if m, err := OpenMode(fix, ModeReview); err != nil || m != ModeReview {
		t.Fatalf("the applicant opens review mode: %v %v", m, err)
	}
	// The applicant saves the reopened step again, in order.
	if _, err := steps.Save(fix, FileSave); apperr.CodeOf(err) != CodeStepOrder {
		t.Fatalf("steps in order under review: %v", err)
	}
	done, err := fix.CompleteReview()
	if err != nil || !done.ReviewCompleted() || done.Status != Complete || done.Editable() {
		t.Fatalf("complete: %+v %v", done, err)
	}
	if _, err := done.CompleteReview(); apperr.CodeOf(err) != CodeReviewDone {
		t.Fatalf("complete twice: %v", err)
	}
	if _, err := done.AskCorrection(steps, BasisSave); apperr.CodeOf(err) != CodeReviewDone {
		t.Fatalf("correction after completion: %v", err)
	}
	if _, err := (State{Status: Submit}).CompleteReview(); apperr.CodeOf(err) != CodeNotUnderReview {
		t.Fatalf("complete without a review: %v", err)
	}
}

func TestCorrectByStaffAfterCompletionNotCancelled(t *testing.T) {
	now := time.Now()
	a, _ := UnmarshalApplicationFromDatabase(Header{ApplNo: 1, UserID: "u", State: State{Status: Complete}, ApplicantName: "김하늘"})
	if err := a.CorrectByStaff("김바다", now); err != nil || a.ApplicantName() != "김바다" || !a.Changed() {
		t.Fatalf("staff correct a completed application: %v", err)
	}
	c, _ := UnmarshalApplicationFromDatabase(Header{ApplNo: 2, UserID: "u", State: State{Status: Cancel}})
	if err := c.CorrectByStaff("x", now); apperr.CodeOf(err) != CodeCancelled {
		t.Fatalf("cancelled: %v", err)
	}
}

func TestMergeInfoChangedFieldsOnly(t *testing.T) {
	stored := form.ApplicantInfo{BasicInfo: form.BasicInfo{Mobile: "010-1", Email: "a@x", ResidentNoLast: "1234567"}}
	next, fields, err := mergeInfo(stored, form.InfoChanges{Names: []string{"mobile", "email"},
		Values: form.ApplicantInfo{BasicInfo: form.BasicInfo{Mobile: "010-2", Email: "a@x"}}})
	if err != nil || !slices.Equal(fields, []string{"mobile"}) || next.Mobile != "010-2" || next.ResidentNoLast != "1234567" {
		t.Fatalf("merge: %v %v %+v", fields, err, next)
	}
	_, _, err = mergeInfo(stored, form.InfoChanges{Names: []string{"residentNoLast", "nope", "mobile"},
		Values: form.ApplicantInfo{BasicInfo: form.BasicInfo{ResidentNoLast: "7654321", Mobile: "010-3"}}})
	e, ok := apperr.As(err)
	if !ok || len(e.Fields) != 2 || e.Fields[0].Field != "applicantInfo.residentNoLast" || e.Fields[1].Field != "applicantInfo.nope" ||
		e.Fields[0].Code != CodeFieldUnknown {
		t.Fatalf("identification numbers and unknown fields are refused: %v", err)
	}
}
