package account

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// ResendMail queues one of a member's mails again for a system admin,
// with a reason, audited. A mail with a secret (a confirmation code, a
// reset link) is refused: its code or link has expired or been used, and
// the member asks for a new one instead.
func (s *Service) ResendMail(ctx context.Context, p permission.Principal, userID string, mailID int64, reason string) (SentMail, error) {
	if !permission.Can(p, permission.UserManage, "") {
		return SentMail{}, apperr.Forbidden("auth.forbidden")
	}
	reason, err := checkReason(reason)
	if err != nil {
		return SentMail{}, err
	}
	var out SentMail
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		u, err := s.Users.ByUserID(ctx, userID)
		if err != nil {
			return err
		}
		if u.Status == StatusWithdraw {
			return apperr.Conflict(CodeStatusChange)
		}
		if out, err = s.Mails.Resend(ctx, u.PK, mailID); err != nil {
			return err
		}
		return s.Access.Record(ctx, p.UserID, "member.mail_resend", u.UserID, map[string]any{"mail": mailID, "kind": out.Kind, "copy": out.ID, "reason": reason})
	})
	return out, err
}
