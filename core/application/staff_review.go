package application

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
)

// Review starts, reopens for correction or completes the review of an
// application (State.StartReview and the others), logged and, for a
// correction and the completion, mailed to the applicant.
func (s *Service) Review(ctx context.Context, p permission.Principal, applNo int64, act ReviewAction) (Record, error) {
	var rec Record
	err := s.lockForm(ctx, applNo, func(ctx context.Context, a *Application, part Part) error {
		h := a.Header()
		if err := checkAccess(p, h.UserID, h.Round.SchoolCode, false); err != nil {
			return err
		}
		if !permission.Can(p, permission.ApplicationReview, h.Round.SchoolCode) {
			return forbidden()
		}
		reason := ""
		switch act.Action {
		case ReviewStart, ReviewComplete:
		case ReviewCorrect:
			var err error
			if reason, err = checkReason(act.Reason); err != nil {
				return err
			}
		default:
			var f apperr.Fields
			f.Add("action", CodeModeUnknown)
			return f.Err()
		}
		r, err := LoadRound(ctx, s.Ref, h.Round)
		if err != nil {
			return err
		}
		now := s.now()
		var mail func(school, round string) mailmsg.Message
		switch act.Action {
		case ReviewStart:
			err = a.StartReview(now)
		case ReviewCorrect:
			// Reopening the form is a change of the application.
			if err := checkStaffChange(p, r); err != nil {
				return err
			}
			err = a.AskCorrection(r.Steps, act.Step, now)
			mail = func(school, round string) mailmsg.Message {
				return mailmsg.ReviewCorrection{School: school, Round: round, Reason: reason}
			}
		case ReviewComplete:
			err = a.CompleteReview(now)
			mail = func(school, round string) mailmsg.Message {
				return mailmsg.ReviewCompleted{School: school, Round: round}
			}
		}
		if err != nil {
			return err
		}
		detail := map[string]any{"action": act.Action}
		if reason != "" {
			detail["reason"], detail["step"] = reason, string(act.Step)
		}
		if err := s.Log.Record(ctx, p.UserID, "application.review", "application:"+itoa(applNo), detail); err != nil {
			return err
		}
		if mail != nil {
			if err := s.notify(ctx, a.UserID(), r, mail); err != nil {
				return err
			}
		}
		o, _ := r.offer(part.ApplPartNo)
		rec = Record{Header: a.Header(), Round: r, Part: part, Offer: o}
		return nil
	})
	if err != nil {
		return Record{}, err
	}
	s.decorate(p, &rec)
	return rec, nil
}
