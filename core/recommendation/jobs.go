package recommendation

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/window"
)

// MailResult records what the mail server answered to a request mail:
// refused (a permanent error) or taken.
func (s *Service) MailResult(ctx context.Context, no int64, refused string) error {
	return s.Store.Update(ctx, no, func(_ context.Context, r *Req) error {
		if refused != "" {
			r.MailRefused(refused, s.now())
		} else {
			r.MailTaken(s.now())
		}
		return nil
	})
}

// Remind mails, once, every recommender not finished whose RECOMMEND
// deadline is at most days away, a new link to the same letter. Running it
// again (the same day or later) sends nothing twice. It answers how many
// were mailed; each run is written to the audit log.
func (s *Service) Remind(ctx context.Context, days int) (int, error) {
	n, err := s.remind(ctx, days)
	if s.Log != nil {
		detail := map[string]any{"reminded": n, "days": days}
		if err != nil {
			detail["error"] = err.Error()
		}
		if lerr := s.Log.Record(ctx, "system", "job.recommend_remind", "recommend_request", detail); lerr != nil && err == nil {
			err = lerr
		}
	}
	return n, err
}

func (s *Service) remind(ctx context.Context, days int) (int, error) {
	list, err := s.Store.Unfinished(ctx)
	if err != nil {
		return 0, err
	}
	now := s.now()
	n := 0
	for _, r := range list {
		if r.RemindedAt() != nil {
			continue
		}
		rd, err := s.Rounds.Round(ctx, r.Round())
		if err != nil {
			return n, err
		}
		w, ok := window.NewRound(rd.Windows...)[window.Recommend]
		if !ok || !w.Contains(now) || w.End.Sub(now) > time.Duration(days)*24*time.Hour {
			continue
		}
		sent := false
		err = s.Store.Update(ctx, r.No(), func(ctx context.Context, x *Req) error {
			key, hash, err := NewKey(s.Rand)
			if err != nil {
				return err
			}
			if sent, err = x.Remind(hash, now); err != nil || !sent {
				return err
			}
			return s.mailKey(ctx, *x, rd, key, true)
		})
		if err != nil {
			return n, err
		}
		if sent {
			n++
		}
	}
	return n, nil
}
