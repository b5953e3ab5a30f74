package account

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/window"
)

// The 10-day fix period of a LIMIT (spec section 4 "failure to fix within
// 10 days leads to loss of membership"): staff mark the limit fixed
// (MarkFixed), or this daily job ends the membership once the FixBy day is
// over.

// SystemActor is who the scheduled jobs act as in the audit log.
const SystemActor = "system"

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
			return s.Users.Update(ctx, l.UserPK, func(ctx context.Context, m *Member) error {
				if m.Status() == StatusWithdraw || s.keepSysAdmin(ctx, m.User(), StatusWithdraw, m.Roles()) != nil {
					skipped = m.UserID()
					return nil
				}
				note := "fix period ended " + l.FixBy
				sc, err := m.TakeSanction(SanctionInput{Kind: SanctionEnd, Cause: l.Cause, Note: note}, SystemActor, nil, now)
				if err != nil {
					return err
				}
				if err := s.Members.AddSanction(ctx, sc); err != nil {
					return err
				}
				if err := s.Access.Record(ctx, SystemActor, "member.sanction", m.UserID(), map[string]any{"kind": sc.Kind, "cause": sc.Cause, "fixBy": l.FixBy, "note": note}); err != nil {
					return err
				}
				ended = m.UserID()
				// The mail names the fix-by day that passed.
				return s.Mailer.Queue(ctx, locale(m.Locale()), m.Email(), membershipNotice(m.UserID(), SanctionEnd, sc.Cause, "", l.FixBy))
			})
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
	return r, s.Access.Record(ctx, SystemActor, "job.fix_period", "user_sanction", map[string]any{"at": now.UTC().Format(time.RFC3339), "day": today, "ended": r.Ended, "skipped": r.Skipped})
}
