package recommendation

import (
	"context"
	"io"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/window"
)

// FileItem is the rule of the letter file: the documents' rules (spec
// section 5 files) with the formats a letter comes in.
var FileItem = document.Item{Code: "recommend_letter", Extensions: []string{"pdf", "doc", "docx", "hwp", "jpg", "png"}}

// Service is the recommendation use cases, one file per actor and use
// case: the applicant's requests (applicant_*.go), the recommender's pages
// by key (recommender_*.go), the staff's letters, templates and support
// cancellations (staff_*.go), and the jobs (jobs.go). A request changes
// only through its methods (req.go) inside Store.Update or Store.Add.
type Service struct {
	Apps       application.Applications
	Rounds     Rounds
	Store      Store
	Profiles   Profiles
	Templates  Templates
	Recipients port.Recipients
	Mailer     port.Mailer
	Files      FileStore
	Printer    Printer       // nil: no PDF is rendered
	Log        port.AuditLog // nil: staff reads are not logged (tests only)
	Tx         port.Tx
	Clock      window.Clock
	// KeyURL makes the recommender's link from a key (PUBLIC_URL +
	// /recommend/{key}).
	KeyURL func(key string) string
	// Rand is the key source; nil is crypto/rand.
	Rand io.Reader
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func (s *Service) guard() application.Guard { return application.Guard{Apps: s.Apps} }

// names answers the school's and the round's names in a language.
func names(rd application.Round, locale string) (school, round string) {
	if locale == "en" {
		return rd.SchoolEngName, rd.EngName
	}
	return rd.SchoolKorName, rd.KorName
}

// mailKey queues the request mail carrying key, in the recommender's
// language, to the request's address.
func (s *Service) mailKey(ctx context.Context, r Req, rd application.Round, key string, reminder bool) error {
	school, round := names(rd, r.Locale())
	deadline := ""
	if w, ok := window.NewRound(rd.Windows...)[window.Recommend]; ok {
		deadline = w.End.In(window.Seoul).Format("2006-01-02 15:04")
	}
	return s.Mailer.Queue(ctx, r.Locale(), r.Email(), mailmsg.RecommendRequest{
		RequestNo: r.No(), RecommenderName: r.Request().ProfName, ApplicantName: r.ApplicantName(), School: school, Round: round,
		Deadline: deadline, Link: mailmsg.Secret(s.KeyURL(key)), Reminder: reminder})
}

// template is a round's current template, the default when it has none.
func (s *Service) template(ctx context.Context, k application.RoundKey) (Template, error) {
	t, ok, err := s.Templates.Latest(ctx, k)
	if err != nil || ok {
		return t, err
	}
	return DefaultTemplate(k), nil
}

// templateOf is the template a letter is written on: the version fixed
// when it was opened, the current one before.
func (s *Service) templateOf(ctx context.Context, r Req) (Template, error) {
	if r.TemplateVersion() == 0 {
		if r.Status() == Sent {
			return s.template(ctx, r.Round())
		}
		return DefaultTemplate(r.Round()), nil
	}
	return s.Templates.Version(ctx, r.Round(), r.TemplateVersion())
}

func (s *Service) logRead(ctx context.Context, p permission.Principal, action, target string) error {
	if s.Log == nil {
		return nil
	}
	return s.Log.Record(ctx, p.UserID, action, target, nil)
}

// forbidden answers a caller whose role may not use a staff route at all,
// before anything they sent is read.
func forbidden() error { return apperr.Forbidden("auth.forbidden") }
