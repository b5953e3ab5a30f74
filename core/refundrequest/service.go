package refundrequest

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

// Service is the refund-request use cases, one per file: Ask, Form and
// Mine for the applicant; List, Open, Approve and Deny for staff who may
// refund; Rules and PutRule for the schools' rule texts.
type Service struct {
	Store      Store
	Texts      RuleStore
	Apps       Applications
	Payments   Payments
	Refunder   Refunder
	Rounds     application.RoundReader
	Schools    Schools
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

func (s *Service) audit(ctx context.Context, p permission.Principal, action string, r Request, detail map[string]any) error {
	if s.Log == nil {
		return nil
	}
	if detail == nil {
		detail = map[string]any{}
	}
	detail["applNo"], detail["paymentId"] = r.ApplNo(), r.PaymentID()
	return s.Log.Record(ctx, p.UserID, action, "refund_request:"+strconv.FormatInt(r.ID(), 10), detail)
}

// applicant refuses a caller who may not act on their own applications.
func applicant(p permission.Principal) error {
	if !p.Authenticated() {
		return apperr.Unauthenticated("auth.required")
	}
	if !permission.Can(p, permission.ApplicationOwn, "") {
		return apperr.Forbidden("auth.forbidden")
	}
	return nil
}

// staff refuses a caller who may not refund: the permission of the
// existing staff refund (pay/cancel), so whoever may refund a payment may
// answer a request about it, and nobody else.
func staff(p permission.Principal) error {
	if !p.Authenticated() {
		return apperr.Unauthenticated("auth.required")
	}
	if !permission.Can(p, permission.PayCancel, "") {
		return apperr.Forbidden("auth.forbidden")
	}
	return nil
}

// own reads one of the caller's applications; another's is missing.
func (s *Service) own(ctx context.Context, p permission.Principal, applNo int64) (application.Header, error) {
	h, err := s.Apps.Get(ctx, applNo)
	if apperr.KindOf(err) == apperr.KindNotFound || err == nil && h.UserID != p.UserID {
		return application.Header{}, apperr.NotFound(application.CodeNotFound)
	}
	return h, err
}

// paid finds the application's paid attempt; a conflict when it has none.
func (s *Service) paid(ctx context.Context, applNo int64) (Paid, error) {
	list, err := s.Payments.ByApplication(ctx, applNo)
	if err != nil {
		return Paid{}, err
	}
	for _, a := range list {
		if p, ok := PaidOf(a); ok {
			return p, nil
		}
	}
	return Paid{}, apperr.Conflict(CodeNotPaid)
}

func names(r application.Round, loc string) (string, string) {
	if loc == "en" {
		return r.SchoolEngName, r.EngName
	}
	return r.SchoolKorName, r.KorName
}

func seoulDay(t time.Time) string { return t.In(window.Seoul).Format("2006-01-02") }
