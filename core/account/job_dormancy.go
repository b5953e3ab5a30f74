package account

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/window"
)

// DormancyReport is what one run of the dormancy job did.
type DormancyReport struct {
	Notified []string
	Closed   []string
	Waiting  int // looked at, already notified, not yet due
}

// dormancyBatch bounds one run; the next run continues.
const dormancyBatch = 1000

// RunDormancy is the daily dormancy job: it mails the 30-day notice and
// closes the accounts whose 36 months have passed. Each member is decided
// from the list, then again on the locked member (Member.Dormancy), so a
// sign-in meanwhile keeps the account. Running it twice changes nothing
// more; every run is written to the audit log, with what it did.
func (s *Service) RunDormancy(ctx context.Context) (DormancyReport, error) {
	now := s.Clock.Now()
	// Everyone whose notice date may have come: a day's slack, Dormancy decides.
	cutoff := now.In(window.Seoul).AddDate(0, -DormancyMonths, DormancyNoticeDays+1)
	list, err := s.Life.DormancyCandidates(ctx, cutoff, dormancyBatch)
	if err != nil {
		return DormancyReport{}, err
	}
	r := DormancyReport{Notified: []string{}, Closed: []string{}}
	for _, d := range list {
		act := Dormancy(d.LastActive, d.NotifiedAt, now)
		var c Closed
		if act != DormancyNone {
			err = s.Users.Update(ctx, d.PK, func(ctx context.Context, m *Member) error {
				var err error
				switch act = m.Dormancy(now); act {
				case DormancyNotify:
					if err := m.NoteDormancyNotice(now); err != nil {
						return err
					}
					return s.Mailer.Queue(ctx, locale(m.Locale()), m.Email(), mailmsg.DormancyNotice{UserID: m.UserID(),
						CloseDate: DormancyCloseAt(m.LastActive()).Format("2006-01-02"), LoginURL: s.url("/user/login")})
				case DormancyClose:
					c, err = s.closeAccount(ctx, m)
				}
				return err
			})
		}
		switch act {
		case DormancyNotify:
			r.Notified = append(r.Notified, d.UserID)
		case DormancyClose:
			if err == nil {
				err = s.removeFiles(ctx, c.Files)
			}
			r.Closed = append(r.Closed, d.UserID)
		default:
			r.Waiting++
		}
		if err != nil {
			return r, err
		}
	}
	return r, s.Access.Record(ctx, SystemActor, "job.dormancy", "app_user", map[string]any{"at": now.UTC().Format(time.RFC3339), "notified": r.Notified, "closed": r.Closed, "waiting": r.Waiting})
}
