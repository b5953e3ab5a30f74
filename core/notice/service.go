package notice

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

// Service is the notice and bulk-mail use cases, one per file: Publish,
// Edit, Remove and StaffList (notice_manage.go); SchoolPage and Mine
// (notice_read.go); Compose, EditMail, Preview, MailsOf and ProgressOf
// (mail_compose.go); Send and SendDue (mail_send.go).
type Service struct {
	Notices    Notices
	Mails      Mails
	Roster     Roster
	Outcomes   Outcomes
	Apps       Applications
	Rounds     application.RoundReader
	Recipients port.Recipients
	Mailer     port.Mailer
	Log        port.AuditLog
	Tx         port.Tx
	Clock      window.Clock
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func (s *Service) audit(ctx context.Context, p permission.Principal, action, target string, detail map[string]any) error {
	if s.Log == nil {
		return nil
	}
	return s.Log.Record(ctx, p.UserID, action, target, detail)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// allowed refuses a caller who may not perform a on the school's data.
func allowed(p permission.Principal, a permission.Action, school string) error {
	if !p.Authenticated() {
		return apperr.Unauthenticated("auth.required")
	}
	if !permission.Can(p, a, school) {
		return apperr.Forbidden("auth.forbidden")
	}
	return nil
}
