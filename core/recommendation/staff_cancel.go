package recommendation

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
)

// MaxCancelReason bounds the reason support gives for a cancellation.
const MaxCancelReason = 500

func checkReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	switch n := utf8.RuneCountInString(reason); {
	case n == 0:
		return "", apperr.Fields{{Field: "reason", Code: CodeRequired}}.Err()
	case n > MaxCancelReason:
		var f apperr.Fields
		f.AddParam("reason", CodeTooLong, "max", MaxCancelReason)
		return "", f.Err()
	}
	return reason, nil
}

// CancelBySupport withdraws a request that is past the applicant's own
// cancel (opened or being written; spec section 4 "via support"): service
// support only, with a reason. Its links die at once; the applicant and
// the recommender are mailed, each in their language, and the
// cancellation is audited with the reason and the status it ended.
func (s *Service) CancelBySupport(ctx context.Context, p permission.Principal, no int64, reason string) (Req, error) {
	if !permission.Can(p, permission.RecommendCancel, "") {
		return Req{}, apperr.NotFound(CodeNoRequest)
	}
	reason, err := checkReason(reason)
	if err != nil {
		return Req{}, err
	}
	r, err := s.Store.Get(ctx, no)
	if err != nil || r.Cancelled() {
		return Req{}, apperr.NotFound(CodeNoRequest)
	}
	rd, err := s.Rounds.Round(ctx, r.Round())
	if err != nil {
		return Req{}, err
	}
	applicant, err := s.Recipients.Recipient(ctx, r.ApplicantUserID())
	if err != nil {
		return Req{}, err
	}
	var out Req
	err = s.Store.Update(ctx, no, func(ctx context.Context, x *Req) error {
		ended := x.Status()
		if err := x.Cancel(BySupport); err != nil {
			return err
		}
		msg := mailmsg.RecommendCancelled{RecommenderName: x.Request().ProfName, ApplicantName: x.ApplicantName(), Reason: reason}
		msg.School, msg.Round = names(rd, applicant.Locale)
		if applicant.Email != "" {
			if err := s.Mailer.Queue(ctx, applicant.Locale, applicant.Email, msg); err != nil {
				return err
			}
		}
		msg.ToRecommender = true
		msg.School, msg.Round = names(rd, x.Locale())
		if err := s.Mailer.Queue(ctx, x.Locale(), x.Email(), msg); err != nil {
			return err
		}
		if s.Log != nil {
			if err := s.Log.Record(ctx, p.UserID, "recommend.cancel", "recommendation:"+strconv.FormatInt(no, 10),
				map[string]any{"applNo": x.ApplNo(), "status": string(ended), "reason": reason}); err != nil {
				return err
			}
		}
		out = *x
		return nil
	})
	if err != nil {
		return Req{}, err
	}
	return out, nil
}
