package round

import (
	"fmt"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/window"
)

// Service is the back office's use cases for rounds and schools, one file
// each or per small group: listing and showing rounds (show_round.go),
// creating (create_round.go) and editing one (edit_round.go), exam numbers
// (exam_numbers.go), consent texts (consent_texts.go), school settings
// (school_settings.go) and closing (closing.go). Every method checks the
// caller against the permission table: school-bound staff act on their own
// school only, and another school's round answers as missing.
type Service struct {
	Store      Store
	Docs       Docs
	Ref        application.RoundReader // the round as applicants get it
	Audit      port.AuditLog
	Mailer     port.Mailer
	Recipients port.Recipients
	Closures   Closures // early closes (closing.go)
	Tx         port.Tx
	Clock      window.Clock
	// Flush drops cached reference data after a change (nil: no cache).
	Flush func()
}

func (s *Service) flush() {
	if s.Flush != nil {
		s.Flush()
	}
}

// Target names a round in the audit log.
func Target(k application.RoundKey) string {
	return fmt.Sprintf("round:%s/%d/%d", k.SchoolCode, k.EnterYear, k.RecruitPartSeq)
}

func (s *Service) may(p permission.Principal, a permission.Action, schoolCode string) error {
	if !permission.Can(p, a, schoolCode) {
		return apperr.NotFound(CodeNotFound)
	}
	return nil
}
