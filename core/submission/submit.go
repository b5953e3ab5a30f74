package submission

import (
	"context"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// Next pages after submission (spec section 2: the complete step's
// variants none and pay).
const (
	NextNone = "none" // completed at once (free round): the exam number is there
	NextPay  = "pay"  // go to /appl/pay
)

// SubmitRequest is POST /appl/submit: the consents shown again on the
// submit page (item code -> version).
type SubmitRequest struct {
	Consents map[string]string
	Locale   string // the caller's locale, for the completion mail
}

// Submitted is the outcome of a submission: the application's record as
// the list shows it after the change, and the next page.
type Submitted struct {
	Header application.Header
	Round  application.Round
	Record application.Record
	Next   string
}

// IsFree reports whether a round charges nothing in either currency.
func IsFree(r application.Round) bool { return r.FeeKrw == 0 && r.FeeUsd == 0 }

// Submit moves an application to SUBMIT: every step saved, every required
// document present, the consents accepted (recorded again with the time).
// A round whose fee is zero completes at once with pay type free.
func (s *Service) Submit(ctx context.Context, p permission.Principal, applNo int64, req SubmitRequest) (Submitted, error) {
	h, err := s.access(ctx, p, applNo, true)
	if err != nil {
		return Submitted{}, err
	}
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return Submitted{}, err
	}
	items, err := document.RoundItems(ctx, s.Docs, h.Round)
	if err != nil {
		return Submitted{}, err
	}
	now := s.now()
	if err := window.NewRound(r.Windows...).Allow(window.ActSubmit, now, exempt(p)); err != nil {
		return Submitted{}, err
	}
	// The step rule first, so an early submit says which step is next.
	if _, err := r.Steps.Transition(h.State, application.Submit, application.ByApplicant); err != nil {
		return Submitted{}, err
	}
	acc, err := school.CheckConsents(r.Rules.Consents, req.Consents, now)
	if err != nil {
		return Submitted{}, err
	}
	out := Submitted{Round: r, Next: NextPay}
	err = s.Apps.Update(ctx, applNo, func(ctx context.Context, a *application.Application) error {
		if err := a.Submit(r.Steps, now); err != nil {
			return err
		}
		if r.Steps.Has(application.FileSave) {
			docs, err := s.Docs.List(ctx, applNo)
			if err != nil {
				return err
			}
			if err := document.CheckUploaded(items, docs); err != nil {
				return err
			}
		}
		if err := s.Consents.Accept(ctx, applNo, acc); err != nil {
			return err
		}
		out.Header = a.Header()
		if !IsFree(r) {
			return nil
		}
		free, err := payment.FreeAttempt(applNo, a.UserID(), a.Round().SchoolCode, req.Locale, now)
		if err != nil {
			return err
		}
		if err := s.Payments.Insert(ctx, free); err != nil {
			return err
		}
		if err := s.complete(ctx, a, r, application.ByPayment, nil, req.Locale, now, nil); err != nil {
			return err
		}
		out.Header, out.Next = a.Header(), NextNone
		return nil
	})
	if err != nil {
		return Submitted{}, err
	}
	if s.Records != nil {
		if out.Record, err = s.Records.Get(ctx, p, applNo); err != nil {
			return Submitted{}, err
		}
	}
	return out, nil
}

// Complete moves a submitted application to COMPLETE in its own
// transaction; locale "" mails in the applicant's stored locale.
func (s *Service) Complete(ctx context.Context, applNo int64, by application.Actor, locale string) (application.Header, error) {
	var h application.Header
	err := s.Apps.Update(ctx, applNo, func(ctx context.Context, a *application.Application) error {
		r, err := application.LoadRound(ctx, s.Ref, a.Round())
		if err != nil {
			return err
		}
		if err := s.complete(ctx, a, r, by, nil, locale, s.now(), nil); err != nil {
			return err
		}
		h = a.Header()
		return nil
	})
	return h, err
}

// completion is core/application's completion over this service's stores.
func (s *Service) completion() application.Completion {
	return application.Completion{Apps: s.Apps, Numbers: s.Numbers, Recipients: s.Applicants, Mailer: s.Mailer}
}

func (s *Service) complete(ctx context.Context, a *application.Application, r application.Round, by application.Actor, c *port.Recipient,
	locale string, now time.Time, after func(ctx context.Context, examNumber string) error) error {
	return s.completion().Complete(ctx, a, r, by, c, locale, now, after)
}

// ---- exam-number lookup (decisions.md) ----

// Lookup limits: per client address and per e-mail address, per hour.
const (
	LookupPerIP      = 10
	LookupPerAddress = 3
	LookupWindow     = time.Hour
)

// Lookup mails the exam numbers of the COMPLETE applications of the
// accounts using email. The answer is the same whether or not the address
// is known (no account enumeration); nothing is mailed when it has none.
// ip is the client address, for the rate limit.
func (s *Service) Lookup(ctx context.Context, email, captcha, ip string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	var f apperr.Fields
	if !strings.Contains(email, "@") || len(email) > 254 {
		f.Add("email", "account.email_format")
	}
	if !s.Captcha.Verify(ctx, captcha) {
		f.Add("altcha", CodeCaptcha)
	}
	if err := f.Err(); err != nil {
		return err
	}
	for key, limit := range map[string]int{"examno:ip:" + ip: LookupPerIP, "examno:addr:" + email: LookupPerAddress} {
		n, err := s.Counter.Incr(ctx, key, LookupWindow)
		if err != nil {
			return err
		}
		if n > limit {
			return apperr.TooMany(CodeLookupLimited).With("minutes", int(LookupWindow.Minutes()))
		}
	}
	list, err := s.Applicants.CompletedByEmail(ctx, email)
	if err != nil || len(list) == 0 {
		return err
	}
	locale := list[0].Locale
	if locale != "en" {
		locale = "ko"
	}
	apps := make([]mailmsg.ExamNumber, 0, len(list))
	for _, c := range list {
		school, round := c.SchoolKorName, c.RoundKorName
		if locale == "en" {
			school, round = c.SchoolEngName, c.RoundEngName
		}
		apps = append(apps, mailmsg.ExamNumber{School: school, Round: round, ExamNumber: c.ApplID})
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		return s.Mailer.Queue(ctx, locale, email, mailmsg.ExamNumbers{Applications: apps})
	})
}
