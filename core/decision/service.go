package decision

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

// Service is the decision use cases, one per file: Decide and DecideMany,
// List (staff), SetRelease, ReleaseOf and Progress (staff), MyResults,
// Result and AdmissionLetter (applicants), SendDue (the periodic job).
type Service struct {
	Decisions  Decisions
	Releases   Releases
	Apps       Applications
	Rounds     application.RoundReader
	Recipients port.Recipients
	Mailer     port.Mailer
	Log        port.AuditLog
	Tx         port.Tx
	Clock      window.Clock
	// PublicURL is the site's address, for the link in the result mail.
	PublicURL string
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func (s *Service) audit(ctx context.Context, actor, action, target string, detail map[string]any) error {
	if s.Log == nil {
		return nil
	}
	return s.Log.Record(ctx, actor, action, target, detail)
}

func roundTarget(k application.RoundKey) string {
	return "round:" + k.SchoolCode + "/" + strconv.Itoa(k.EnterYear) + "/" + strconv.Itoa(k.RecruitPartSeq)
}

// staff refuses a caller who may not decide for the school.
func staff(p permission.Principal, school string) error {
	if !p.Authenticated() {
		return apperr.Unauthenticated("auth.required")
	}
	if !permission.Can(p, permission.DecisionManage, school) {
		return apperr.Forbidden("auth.forbidden")
	}
	return nil
}

// released reads a round's release and whether it is out now (false
// without a release).
func (s *Service) released(ctx context.Context, k application.RoundKey) (Release, bool, error) {
	r, err := s.Releases.Get(ctx, k)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return Release{}, false, nil
	}
	if err != nil {
		return Release{}, false, err
	}
	return r, r.Released(s.now()), nil
}

// open refuses a change to a round whose results are out.
func (s *Service) open(ctx context.Context, k application.RoundKey) error {
	_, out, err := s.released(ctx, k)
	if err == nil && out {
		return apperr.Conflict(CodeReleased)
	}
	return err
}
