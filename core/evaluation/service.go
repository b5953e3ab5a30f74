package evaluation

import (
	"context"
	"strconv"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/window"
)

// Service is the evaluation use cases, one per file: SetRubric and Rubric
// (rubric.go's rules), Assign, AssignEvenly and Unassign, MyAssignments
// and MayRead for reviewers, SaveDraft, Submit and ReadSheets, and ScoreTable.
type Service struct {
	Rubrics Rubrics
	Sheets  Sheets
	Roster  Roster
	Users   Users
	// Directory names the school's reviewers (ListReviewers).
	Directory Directory
	Log       port.AuditLog
	Tx        port.Tx
	Clock     window.Clock
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func (s *Service) audit(ctx context.Context, p permission.Principal, action string, k application.RoundKey, detail map[string]any) error {
	if s.Log == nil {
		return nil
	}
	return s.Log.Record(ctx, p.UserID, action, roundTarget(k), detail)
}

func roundTarget(k application.RoundKey) string {
	return "round:" + k.SchoolCode + "/" + strconv.Itoa(k.EnterYear) + "/" + strconv.Itoa(k.RecruitPartSeq)
}

// check refuses a caller who may not perform a on the school's data.
func check(p permission.Principal, a permission.Action, school string) error {
	if !p.Authenticated() {
		return apperr.Unauthenticated("auth.required")
	}
	if !permission.Can(p, a, school) {
		return apperr.Forbidden("auth.forbidden")
	}
	return nil
}

// roundApps lists a round's applications (status "" = any), by number.
func (s *Service) roundApps(ctx context.Context, k application.RoundKey, status string) ([]application.StaffRow, error) {
	var out []application.StaffRow
	for {
		page, total, err := s.Roster.ListApplications(ctx, application.StaffQuery{SchoolCode: k.SchoolCode, EnterYear: k.EnterYear,
			RecruitPartSeq: k.RecruitPartSeq, Status: status, Offset: len(out), Limit: 500})
		if err != nil {
			return nil, err
		}
		out = append(out, page...)
		if len(page) == 0 || len(out) >= total {
			return out, nil
		}
	}
}
