package application

import (
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
)

// CorrectInfo applies a staff correction of the basic information through
// the application aggregate: under the row lock it merges the changes into
// the stored information and validates the result with the applicant's own
// rules (form.ValidateInfo, the round's rules for the chosen part); in the
// same transaction it stores it, writes the access log entry (who, which
// fields, why) and queues the mail that tells the applicant.
func (s *Service) CorrectInfo(ctx context.Context, p permission.Principal, applNo int64, c Correction) (Corrected, error) {
	var out Corrected
	err := s.lockForm(ctx, applNo, func(ctx context.Context, a *Application, part Part) error {
		h := a.Header()
		if err := checkAccess(p, h.UserID, h.Round.SchoolCode, false); err != nil {
			return err
		}
		if !permission.Can(p, permission.AdminBasicEdit, h.Round.SchoolCode) {
			return forbidden()
		}
		reason, err := checkReason(c.Reason)
		if err != nil {
			return err
		}
		if len(c.Changes.Names) == 0 {
			return apperr.Invalid(CodeNoChange)
		}
		r, err := LoadRound(ctx, s.Ref, h.Round)
		if err != nil {
			return err
		}
		if err := checkStaffChange(p, r); err != nil {
			return err
		}
		stored, _, err := s.Forms.Info(ctx, applNo)
		if err != nil {
			return err
		}
		next, fields, err := mergeInfo(stored, c.Changes)
		if err != nil {
			return err
		}
		if len(fields) == 0 {
			return apperr.Invalid(CodeNoChange)
		}
		o, _ := r.offer(part.ApplPartNo)
		lk, codes, err := s.Ref.Lookups(ctx)
		if err != nil {
			return err
		}
		now := s.now()
		ic := form.InfoContext{Rules: rulesFor(r, o), Lookups: lk, Codes: codes,
			Settings: itemSettings(r.InfoSettings(part.ApplPartNo)), Now: now}
		next = form.KeepSections(next, ic.Sections(next.Nationality))
		if err := form.ValidateInfo(next, ic); err != nil {
			return err
		}
		if err := s.Forms.SaveInfo(ctx, applNo, next); err != nil {
			return err
		}
		if err := a.CorrectByStaff(ApplicantName(next), now); err != nil {
			return err
		}
		if err := s.Log.Record(ctx, p.UserID, "application.correct", "application:"+itoa(applNo),
			map[string]any{"fields": fields, "reason": reason}); err != nil {
			return err
		}
		if err := s.notify(ctx, a.UserID(), r, func(school, round string) mailmsg.Message {
			return mailmsg.ApplicationCorrected{School: school, Round: round, Fields: fields, Reason: reason}
		}); err != nil {
			return err
		}
		out = Corrected{Record: Record{Header: a.Header(), Round: r, Part: part, Offer: o}, Fields: fields}
		return nil
	})
	if err != nil {
		return Corrected{}, err
	}
	s.decorate(p, &out.Record)
	return out, nil
}

// notify queues a mail to the applicant in the caller's transaction, in the
// applicant's language, with the school and round named in it.
func (s *Service) notify(ctx context.Context, userID string, r Round, m func(school, round string) mailmsg.Message) error {
	if userID == "" {
		return nil // unlinked on withdrawal: nobody to tell
	}
	c, err := s.Staff.Recipients.Recipient(ctx, userID)
	if err != nil {
		return err
	}
	school, round := r.SchoolKorName, r.KorName
	if c.Locale == "en" {
		school, round = r.SchoolEngName, r.EngName
	} else {
		c.Locale = "ko"
	}
	return s.Staff.Mailer.Queue(ctx, c.Locale, c.Email, m(school, round))
}

// uncorrectable are the applicantInfo fields staff may not change through a
// correction: identification numbers are corrected by the applicant.
var uncorrectable = []string{"residentNoLast", "foreignerRegistrationNo", "passportNo"}

// mergeInfo puts the changed fields into the stored information and answers
// the names of those whose value really changed, sorted.
func mergeInfo(stored form.ApplicantInfo, c form.InfoChanges) (form.ApplicantInfo, []string, error) {
	var f apperr.Fields
	for _, k := range c.Names {
		if !form.IsInfoField(k) || slices.Contains(uncorrectable, k) {
			f.Add("applicantInfo."+k, CodeFieldUnknown)
		}
	}
	if err := f.Err(); err != nil {
		return stored, nil, err
	}
	next, fields, _ := c.Apply(stored)
	return next, fields, nil
}

// Review steps a staff member may take.
const (
	ReviewStart    = "start"
	ReviewCorrect  = "correct"
	ReviewComplete = "complete"
)

// ReviewAction is one step of a review.
type ReviewAction struct {
	Action string // ReviewStart, ReviewCorrect or ReviewComplete
	Step   Status // ReviewCorrect: the step the applicant corrects from
	Reason string // ReviewCorrect: what to correct (mailed to the applicant)
}
