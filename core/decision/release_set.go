package decision

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// SetRelease sets or changes a round's release time and messages (staff
// of its school) until that time has passed. A time already past
// publishes the results now. Audited.
func (s *Service) SetRelease(ctx context.Context, p permission.Principal, k application.RoundKey, at time.Time, messages map[Kind]Message) (Release, error) {
	if err := staff(p, k.SchoolCode); err != nil {
		return Release{}, err
	}
	var out Release
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		_, err := s.Releases.Get(ctx, k)
		switch {
		case apperr.KindOf(err) == apperr.KindNotFound:
			if out, err = NewRelease(k, at, messages, p.UserID, s.now()); err != nil {
				return err
			}
			if err := s.Releases.Create(ctx, out); err != nil {
				return err
			}
		case err != nil:
			return err
		default:
			if err := s.Releases.Update(ctx, k, func(_ context.Context, r *Release) error {
				if err := r.Reschedule(at, messages, p.UserID, s.now()); err != nil {
					return err
				}
				out = *r
				return nil
			}); err != nil {
				return err
			}
		}
		return s.audit(ctx, p.UserID, "decision.release", roundTarget(k), map[string]any{"at": at.UTC().Format(time.RFC3339)})
	})
	return out, err
}

// Progress is where a round's results stand for staff: the release (nil
// when none is set), whether it is out, and the result mails queued of
// the decisions, with the count per decision.
type Progress struct {
	Release  *Release
	Released bool
	Total    int
	Mailed   int
	ByKind   map[Kind]int
}

// ProgressOf answers a round's release and mail progress (staff of its
// school).
func (s *Service) ProgressOf(ctx context.Context, p permission.Principal, k application.RoundKey) (Progress, error) {
	if err := staff(p, k.SchoolCode); err != nil {
		return Progress{}, err
	}
	r, out, err := s.released(ctx, k)
	if err != nil {
		return Progress{}, err
	}
	pr := Progress{Released: out, ByKind: map[Kind]int{}}
	if !r.at.IsZero() {
		pr.Release = &r
	}
	list, err := s.Decisions.ForRound(ctx, k)
	if err != nil {
		return Progress{}, err
	}
	for _, d := range list {
		pr.Total++
		pr.ByKind[d.kind]++
		if d.mailedAt != nil {
			pr.Mailed++
		}
	}
	return pr, nil
}
