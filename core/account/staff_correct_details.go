package account

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// DetailsCorrection is a system admin correcting a member's details: the
// phone number (blank clears it) and the language of the member's mails
// ("ko" or "en").
type DetailsCorrection struct {
	Phone  string
	Locale string
	Reason string
}

// CorrectDetails sets a member's phone and language for a system admin
// (Member.ChangePhone, Member.ChangeLocale), audited with what changed
// and the reason.
func (s *Service) CorrectDetails(ctx context.Context, p permission.Principal, userID string, c DetailsCorrection) (MemberDetail, error) {
	if !permission.Can(p, permission.UserManage, "") {
		return MemberDetail{}, apperr.Forbidden("auth.forbidden")
	}
	reason, err := checkReason(c.Reason)
	if err != nil {
		return MemberDetail{}, err
	}
	var out MemberDetail
	err = s.manage(ctx, p, userID, func(ctx context.Context, m *Member) error {
		phone, loc := m.Phone(), m.Locale()
		var f apperr.Fields
		if err := m.ChangePhone(c.Phone); err != nil {
			if e, ok := apperr.As(err); ok && len(e.Fields) > 0 {
				f = append(f, e.Fields...)
			} else {
				return err
			}
		}
		if err := m.ChangeLocale(c.Locale); err != nil {
			if e, ok := apperr.As(err); ok && len(e.Fields) > 0 {
				f = append(f, e.Fields...)
			} else {
				return err
			}
		}
		if err := f.Err(); err != nil {
			return err
		}
		detail := map[string]any{"reason": reason}
		if phone != m.Phone() {
			detail["phone"] = true // changed; the numbers stay out of the log
		}
		if loc != m.Locale() {
			detail["locale"] = map[string]string{"from": loc, "to": m.Locale()}
		}
		out = MemberDetail{User: m.User(), Phone: m.Phone()}
		return s.Access.Record(ctx, p.UserID, "member.details_correct", m.UserID(), detail)
	})
	return out, err
}
