package submission

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/window"
)

// Service is the submission, completion and exam-number use cases. It
// builds on the application form's stores (core/application) and reads
// the documents (core/document) to check the required ones at submit.
type Service struct {
	Ref        application.Reference
	Apps       application.Applications
	Forms      application.Forms
	Log        port.AuditLog // nil: admin reads are not logged (tests only)
	Docs       document.Documents
	Numbers    ExamNumbers
	Payments   Payments
	Consents   Consents
	Applicants Applicants
	Mailer     port.Mailer
	Captcha    Captcha
	Counter    Counter
	Records    Records // nil: Submit answers no record (tests of the rules only)
	Tx         port.Tx
	Clock      window.Clock
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func exempt(p permission.Principal) bool { return application.Exempt(p) }

// guard is the one access guard of core/application over this service's
// stores.
func (s *Service) guard() application.Guard {
	return application.Guard{Apps: s.Apps, Log: s.Log}
}

// access loads an application through the guard: read for anyone it
// allows, change for the owner only.
func (s *Service) access(ctx context.Context, p permission.Principal, applNo int64, write bool) (application.Header, error) {
	if write {
		return s.guard().Change(ctx, p, applNo)
	}
	return s.guard().Read(ctx, p, applNo)
}

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; n > 0; n /= 10 {
		i--
		b[i] = byte('0' + n%10)
	}
	return string(b[i:])
}
