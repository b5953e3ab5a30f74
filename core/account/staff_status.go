package account

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// StatusChange is a system admin setting a member's status.
type StatusChange struct {
	Status Status
	Cause  string
	Note   string
}

// noticeOfStatus is the membership notice a status change mails.
var noticeOfStatus = map[Status]string{StatusActive: noticeRestored, StatusInactive: SanctionSuspend, StatusWithdraw: SanctionEnd}

// SetStatus sets a member's status (Member.ChangeStatus), revokes their
// sessions, logs it and mails them. The last active system admin keeps
// the status.
func (s *Service) SetStatus(ctx context.Context, p permission.Principal, userID string, c StatusChange) (User, error) {
	if !permission.Can(p, permission.UserManage, "") {
		return User{}, apperr.Forbidden("auth.forbidden")
	}
	note, err := checkNote(c.Note, true)
	if err != nil {
		return User{}, err
	}
	cause, err := checkCause(c.Cause)
	if err != nil {
		return User{}, err
	}
	var out User
	err = s.manage(ctx, p, userID, func(ctx context.Context, m *Member) error {
		before := m.User()
		if err := m.ChangeStatus(c.Status); err != nil {
			return err
		}
		if err := s.keepSysAdmin(ctx, before, m.Status(), m.Roles()); err != nil {
			return err
		}
		if err := s.Access.Record(ctx, p.UserID, "member.status", m.UserID(), map[string]any{"from": string(before.Status), "to": string(m.Status()), "cause": cause, "note": note}); err != nil {
			return err
		}
		out = m.User()
		return s.Mailer.Queue(ctx, locale(m.Locale()), m.Email(), membershipNotice(m.UserID(), noticeOfStatus[m.Status()], cause, note, ""))
	})
	return out, err
}
