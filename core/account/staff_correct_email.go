package account

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
)

// EmailCorrection is a system admin correcting a member's address.
type EmailCorrection struct {
	Email  string
	Reason string
}

// CorrectEmail sets a member's address for a system admin
// (Member.ChangeEmail): an address another account uses is refused on the
// field. The old address is told (to which masked address, and whom to
// contact) and the new one confirmed, both in the member's language, and
// the change is audited.
func (s *Service) CorrectEmail(ctx context.Context, p permission.Principal, userID string, c EmailCorrection) (User, error) {
	if !permission.Can(p, permission.UserManage, "") {
		return User{}, apperr.Forbidden("auth.forbidden")
	}
	reason, rerr := checkReason(c.Reason)
	addr, ok := NormalizeEmail(c.Email)
	var f apperr.Fields
	if !ok {
		f.Add("email", CodeEmailFormat)
	}
	if e, isApp := apperr.As(rerr); isApp {
		f = append(f, e.Fields...)
	}
	if err := f.Err(); err != nil {
		return User{}, err
	}
	var out User
	err := s.manage(ctx, p, userID, func(ctx context.Context, m *Member) error {
		old := m.Email()
		if err := m.ChangeEmail(addr); err != nil {
			return err
		}
		if taken, err := s.Users.EmailTaken(ctx, addr); err != nil {
			return err
		} else if taken {
			return conflictField("email", CodeEmailOccupied)
		}
		if err := s.Access.Record(ctx, p.UserID, "member.email_correct", m.UserID(), map[string]any{"from": MaskEmail(old), "to": MaskEmail(addr), "reason": reason}); err != nil {
			return err
		}
		out = m.User()
		ctx = port.MailTo(ctx, m.PK())
		loc := locale(m.Locale())
		if old != "" {
			if err := s.Mailer.Queue(ctx, loc, old, mailmsg.EmailChangedByStaff{UserID: m.UserID(), NewMasked: MaskEmail(addr), ContactURL: s.url("/help")}); err != nil {
				return err
			}
		}
		return s.Mailer.Queue(ctx, loc, addr, mailmsg.EmailCorrected{UserID: m.UserID(), LoginURL: s.url("/user/login")})
	})
	return out, err
}
