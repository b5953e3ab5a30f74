package application

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
)

// Reveal answers the identification numbers unmasked, to staff allowed to
// see them (ApplicationReveal), and logs it with the reason given.
func (s *Service) Reveal(ctx context.Context, p permission.Principal, applNo int64, reason string) (Revealed, error) {
	h, err := s.guard().Read(ctx, p, applNo)
	if err != nil {
		return Revealed{}, err
	}
	if !permission.Can(p, permission.ApplicationReveal, h.Round.SchoolCode) {
		return Revealed{}, forbidden()
	}
	if reason, err = checkReason(reason); err != nil {
		return Revealed{}, err
	}
	a, _, err := s.Forms.Info(ctx, applNo)
	if err != nil {
		return Revealed{}, err
	}
	if err := s.Log.Record(ctx, p.UserID, "application.reveal", "application:"+itoa(applNo), map[string]any{"reason": reason}); err != nil {
		return Revealed{}, err
	}
	return Revealed{ResidentNoLast: a.ResidentNoLast, ForeignerRegistrationNo: a.ForeignerRegistrationNo, PassportNo: a.PassportNo}, nil
}

func checkReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	var f apperr.Fields
	switch {
	case reason == "":
		f.Add("reason", CodeReasonRequired)
	case utf8.RuneCountInString(reason) > MaxReason:
		f.AddParam("reason", form.CodeTooLong, "max", MaxReason)
	}
	return reason, f.Err()
}

// Correction is a staff correction of the basic information: the fields of
// applicantInfo to change (by the form's names, e.g. "mobile",
// "emergencyContact") with their new values, and why.
type Correction struct {
	Changes form.InfoChanges
	Reason  string
}

// Corrected is what a correction changed.
type Corrected struct {
	Record Record
	Fields []string
}
