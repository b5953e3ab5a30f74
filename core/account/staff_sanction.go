package account

import (
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Sanction takes a membership measure (Member.TakeSanction), sets the
// status it means, revokes the member's sessions, logs it and mails the
// member.
func (s *Service) Sanction(ctx context.Context, p permission.Principal, userID string, in SanctionInput) (Sanction, error) {
	if !permission.Can(p, permission.UserManage, "") {
		return Sanction{}, apperr.Forbidden("auth.forbidden")
	}
	in, err := in.check()
	if err != nil {
		return Sanction{}, err
	}
	var out Sanction
	err = s.manage(ctx, p, userID, func(ctx context.Context, m *Member) error {
		before := m.User()
		if err := m.checkOpen(); err != nil {
			return err
		}
		history, err := s.Members.Sanctions(ctx, m.PK())
		if err != nil {
			return err
		}
		sc, err := m.TakeSanction(in, p.UserID, history, s.Clock.Now())
		if err != nil {
			return err
		}
		if err := s.keepSysAdmin(ctx, before, m.Status(), m.Roles()); err != nil {
			return err
		}
		if err := s.Members.AddSanction(ctx, sc); err != nil {
			return err
		}
		if err := s.Access.Record(ctx, p.UserID, "member.sanction", m.UserID(), map[string]any{"kind": sc.Kind, "asked": in.Kind, "cause": sc.Cause, "note": sc.Note, "fixBy": sc.FixBy}); err != nil {
			return err
		}
		out = sc
		return s.Mailer.Queue(ctx, locale(m.Locale()), m.Email(), membershipNotice(m.UserID(), sc.Kind, sc.Cause, sc.Note, sc.FixBy))
	})
	return out, err
}

// CodeNoOpenLimit answers MarkFixed for a member with no limit waiting.
const CodeNoOpenLimit = "account.no_open_limit"

// MarkFixed records that a limited member fixed the cause in time (spec
// section 4 "failure to fix within 10 days leads to loss of membership"):
// the open LIMIT is resolved FIXED, written to the access log and mailed
// (restored). The member's account itself does not change: a LIMIT leaves
// it ACTIVE.
func (s *Service) MarkFixed(ctx context.Context, p permission.Principal, userID, note string) (Sanction, error) {
	if !permission.Can(p, permission.UserManage, "") {
		return Sanction{}, apperr.Forbidden("auth.forbidden")
	}
	note, err := checkNote(note, true)
	if err != nil {
		return Sanction{}, err
	}
	var out Sanction
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		u, err := s.Users.ByUserID(ctx, userID)
		if err != nil {
			return err
		}
		list, err := s.Members.Sanctions(ctx, u.PK)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(list, Sanction.Open)
		if i < 0 || u.Status == StatusWithdraw {
			return apperr.Conflict(CodeNoOpenLimit)
		}
		now := s.Clock.Now()
		if ok, err := s.Members.Resolve(ctx, list[i].ID, ResolutionFixed, now); err != nil || !ok {
			if err == nil {
				err = apperr.Conflict(CodeNoOpenLimit)
			}
			return err
		}
		out = list[i]
		out.ResolvedAt, out.Resolution = &now, ResolutionFixed
		if err := s.Access.Record(ctx, p.UserID, "member.fixed", u.UserID, map[string]any{"fixBy": out.FixBy, "note": note}); err != nil {
			return err
		}
		return s.Mailer.Queue(ctx, locale(u.Locale), u.Email, membershipNotice(u.UserID, noticeRestored, out.Cause, note, ""))
	})
	return out, err
}
