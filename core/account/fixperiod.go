package account

import (
	"context"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// The 10-day fix period of a LIMIT (spec section 4 "failure to fix within
// 10 days leads to loss of membership"): staff mark the limit fixed, or the
// daily job ends the membership once the FixBy day is over.

// CodeNoOpenLimit answers MarkFixed for a member with no limit waiting.
const CodeNoOpenLimit = "account.no_open_limit"

// SystemActor is who the scheduled jobs act as in the audit log.
const SystemActor = "system"

// MarkFixed records that a limited member fixed the cause in time: the open
// LIMIT is resolved FIXED, written to the access log and mailed (restored).
func (s *Service) MarkFixed(ctx context.Context, p permission.Principal, userID, note, from string) (Sanction, error) {
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
		if err := s.Access.Record(ctx, AccessEntry{Actor: p.UserID, Action: "member.fixed", Target: u.UserID,
			Detail: map[string]any{"fixBy": out.FixBy, "note": note}, From: from}); err != nil {
			return err
		}
		return s.Mailer.Queue(ctx, locale(u.Locale), u.Email, membershipNotice(u.UserID, "ACTIVE", out.Cause, note, ""))
	})
	return out, err
}

// FixPeriodReport is what one run of the fix-period job did.
type FixPeriodReport struct {
	Ended   []string // user ids whose membership ended
	Skipped []string // limits closed without ending (the member had left, or is the last system admin)
}

// fixPeriodBatch bounds one run; the next run takes the rest.
const fixPeriodBatch = 500

// RunFixPeriod is the daily job: every LIMIT whose FixBy day (Asia/Seoul)
// is over and that staff did not mark fixed ends the membership (END,
// status WITHDRAW, sessions revoked), each in its own transaction with the
// access-log entry and the member's mail. A limit is resolved in the same
// transaction, so running the job again changes nothing more. Every run is
// written to the audit log with what it did.
func (s *Service) RunFixPeriod(ctx context.Context) (FixPeriodReport, error) {
	now := s.Clock.Now()
	today := now.In(window.Seoul).Format(time.DateOnly)
	list, err := s.Members.OverdueLimits(ctx, today)
	if err != nil {
		return FixPeriodReport{}, err
	}
	if len(list) > fixPeriodBatch {
		list = list[:fixPeriodBatch]
	}
	r := FixPeriodReport{Ended: []string{}, Skipped: []string{}}
	for _, l := range list {
		var ended, skipped string
		err := s.Tx.InTx(ctx, func(ctx context.Context) error {
			ok, err := s.Members.Resolve(ctx, l.ID, ResolutionEnded, now)
			if err != nil || !ok {
				return err // resolved meanwhile
			}
			u, err := s.Users.ByPK(ctx, l.UserPK)
			if err != nil {
				return err
			}
			if u.Status == StatusWithdraw || s.keepSysAdmin(ctx, u, StatusWithdraw, u.Roles) != nil {
				skipped = u.UserID
				return nil
			}
			note := "fix period ended " + l.FixBy
			if err := s.Members.AddSanction(ctx, Sanction{UserPK: u.PK, Kind: SanctionEnd, Cause: l.Cause, Note: note,
				By: SystemActor, CreatedAt: now}); err != nil {
				return err
			}
			if err := s.Members.SetStatus(ctx, u.PK, StatusWithdraw); err != nil {
				return err
			}
			if err := s.Access.Record(ctx, AccessEntry{Actor: SystemActor, Action: "member.sanction", Target: u.UserID,
				Detail: map[string]any{"kind": SanctionEnd, "cause": l.Cause, "fixBy": l.FixBy, "note": note}}); err != nil {
				return err
			}
			ended = u.UserID
			// The mail names the fix-by day that passed.
			return s.Mailer.Queue(ctx, locale(u.Locale), u.Email, membershipNotice(u.UserID, SanctionEnd, l.Cause, "", l.FixBy))
		})
		if err != nil {
			return r, err
		}
		if ended != "" {
			r.Ended = append(r.Ended, ended)
		}
		if skipped != "" {
			r.Skipped = append(r.Skipped, skipped)
		}
	}
	return r, s.Access.Record(ctx, AccessEntry{Actor: SystemActor, Action: "job.fix_period", Target: "user_sanction",
		Detail: map[string]any{"at": now.UTC().Format(time.RFC3339), "day": today, "ended": r.Ended, "skipped": r.Skipped}})
}
