package application

import (
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
)

// Status is an application status (spec section 4).
type Status string

const (
	PartSave    Status = "APPL_PART_SAVE"
	BasisSave   Status = "BASIS_SAVE"
	AcadSave    Status = "ACAD_SAVE"
	LangSave    Status = "LANG_SAVE"
	CareerSave  Status = "CAREER_SAVE"
	AddInfoSave Status = "ADD_INFO_SAVE"
	FileSave    Status = "FILE_SAVE"
	Survey      Status = "SURVEY"
	Submit      Status = "SUBMIT"
	VbankIssue  Status = "VBANK_ISSUE"
	Complete    Status = "COMPLETE"
	Cancel      Status = "CANCEL"
)

// Statuses lists every status in flow order (CANCEL last).
var Statuses = []Status{PartSave, BasisSave, AcadSave, LangSave, CareerSave, AddInfoSave, FileSave, Survey, Submit, VbankIssue, Complete, Cancel}

// OptionalSteps are the steps a school may require, in their fixed order.
var OptionalSteps = []Status{BasisSave, AcadSave, LangSave, CareerSave, AddInfoSave, FileSave, Survey}

// ParseStatus reads a status name.
func ParseStatus(s string) (Status, error) {
	if slices.Contains(Statuses, Status(s)) {
		return Status(s), nil
	}
	return "", apperr.Invalid(CodeStatusUnknown)
}

func (s Status) rank() int { return slices.Index(Statuses, s) }

// IsStep reports whether s is a saving step (APPL_PART_SAVE to SURVEY).
func (s Status) IsStep() bool { return s == PartSave || slices.Contains(OptionalSteps, s) }

// Submitted reports whether the application has been submitted (SUBMIT,
// VBANK_ISSUE or COMPLETE).
func (s Status) Submitted() bool { return s == Submit || s == VbankIssue || s == Complete }

// Modifiable reports whether an application in this status may be edited:
// before completion, and never once cancelled (spec section 4).
func (s Status) Modifiable() bool { return s.rank() >= 0 && s != Complete && s != Cancel }

// Editable reports whether the applicant may still change the form (steps,
// drafts, documents, part) in this status: before final submission. After
// SUBMIT the application is what the school receives; only paying and
// cancelling remain (issue 8, defect 4).
func (s Status) Editable() bool { return s.Modifiable() && !s.Submitted() }

// Cancellable reports whether it may still be cancelled: before completion.
func (s Status) Cancellable() bool { return s.Modifiable() }
