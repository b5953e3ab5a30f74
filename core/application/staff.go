package application

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/port"
)

// The back office's use cases on applications (issue 13): the list of a
// school's applications, the whole application as staff read it, the logged
// reveal of identification numbers, the staff correction of the basic
// information and the review. Every one asks the permission table for the
// application's school, and every read of personal data is written to the
// access log (decisions.md).

// Staff codes.
const (
	CodeReasonRequired = "application.reason_required" // a staff change needs its reason
	CodeReasonTooLong  = "application.reason_too_long"
	CodeNoChange       = "application.no_change"     // a correction that changes nothing
	CodeFieldUnknown   = "application.field_unknown" // a correction of a field the form does not have
)

// MaxReason is the longest reason staff may give.
const MaxReason = 500

// StaffQuery asks for one page of applications.
type StaffQuery struct {
	// School is set by StaffList from the caller's scope ("" = every school).
	School         string
	SchoolCode     string // filter the caller chose
	EnterYear      int
	RecruitPartSeq int
	Status         string
	UserID         string
	Search         string // part of the name, exam number, user id or e-mail
	Sort           string // one of StaffSortFields
	Desc           bool
	Offset, Limit  int
}

// StaffSortFields are the columns an application list may be sorted by.
var StaffSortFields = []string{"applNo", "applId", "applicantName", "userId", "status", "createdAt", "updatedAt"}

// StaffRow is one line of the staff's application list.
type StaffRow struct {
	Header
	Email         string
	SchoolKorName string
	SchoolEngName string
	Money         Money
}

// StaffStore lists applications for the back office.
type StaffStore interface {
	ListApplications(ctx context.Context, q StaffQuery) ([]StaffRow, int, error)
	// Money answers an application's money (the read model of money.go).
	Money(ctx context.Context, applNo int64) (Money, error)
}

// Staff holds the back office's stores; nil on a service without a back office.
type Staff struct {
	Store      StaffStore
	Recipients port.Recipients
	Mailer     port.Mailer
	Export     ExportStore
	// Dashboard counts a round (dashboard.go).
	Dashboard DashboardStore
}

func forbidden() error { return apperr.Forbidden("auth.forbidden") }
