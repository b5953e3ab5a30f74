package refundrequest

import (
	"context"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/textrule"
)

// checkAnswer checks the staff's words to the applicant and the internal
// note before anything is done: an approval refunds at the provider, so
// its input must be known good before the refund, not after.
func checkAnswer(answer, note string) error {
	var f apperr.Fields
	if a := strings.TrimSpace(answer); a == "" || !textrule.Within(a, MaxAnswer) {
		f.AddParam("reason", CodeAnswerRequired, "max", MaxAnswer)
	}
	checkNote(&f, strings.TrimSpace(note))
	return f.Err()
}

// decide runs fn on a pending request the caller may answer, under the
// request's row lock: another's school's request is missing.
func (s *Service) decide(ctx context.Context, p permission.Principal, id int64, fn func(ctx context.Context, r *Request) error) (Request, error) {
	var out Request
	err := s.Store.Update(ctx, id, func(ctx context.Context, r *Request) error {
		if !permission.Can(p, permission.PayCancel, r.SchoolCode()) {
			return apperr.NotFound(CodeNotFound)
		}
		if err := r.CheckPending(); err != nil {
			return err
		}
		if err := fn(ctx, r); err != nil {
			return err
		}
		out = *r
		return nil
	})
	return out, err
}

// mail tells the applicant the answer, in their stored language; nobody
// is mailed when the applicant withdrew.
func (s *Service) mail(ctx context.Context, r Request, build func(school, round, examNumber, requested string) mailmsg.Message) error {
	h, err := s.Apps.Get(ctx, r.ApplNo())
	if apperr.KindOf(err) == apperr.KindNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	to, err := s.Recipients.Recipient(ctx, r.UserID())
	email, loc := to.Email, to.Locale
	if apperr.KindOf(err) == apperr.KindNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	if loc != "en" {
		loc = "ko"
	}
	rd, err := application.LoadRound(ctx, s.Rounds, h.Round)
	if err != nil {
		return err
	}
	school, round := names(rd, loc)
	return s.Mailer.Queue(ctx, loc, email, build(school, round, h.ApplID, seoulDay(r.CreatedAt())))
}
