package decision

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// MaxBulk is the most decisions one DecideMany sets.
const MaxBulk = 2000

// Item is one decision to set: the application, the kind, the waitlist
// rank (0 unless waitlisted).
type Item struct {
	ApplNo int64
	Kind   Kind
	Rank   int
}

// set creates or changes one application's decision in the caller's
// transaction.
func (s *Service) set(ctx context.Context, p permission.Principal, h application.Header, it Item) (Decision, error) {
	var out Decision
	_, err := s.Decisions.Get(ctx, h.ApplNo)
	switch {
	case apperr.KindOf(err) == apperr.KindNotFound:
		d, err := New(h, it.Kind, it.Rank, p.UserID, s.now())
		if err != nil {
			return Decision{}, err
		}
		return d, s.Decisions.Create(ctx, d)
	case err != nil:
		return Decision{}, err
	}
	err = s.Decisions.Update(ctx, h.ApplNo, func(_ context.Context, d *Decision) error {
		if err := d.Change(it.Kind, it.Rank, p.UserID, s.now()); err != nil {
			return err
		}
		out = *d
		return nil
	})
	return out, err
}

// Decide sets one application's decision (staff of its school: school
// admins, system admins) while its round's results are not out. Audited.
func (s *Service) Decide(ctx context.Context, p permission.Principal, it Item) (Decision, error) {
	if !p.Authenticated() {
		return Decision{}, apperr.Unauthenticated("auth.required")
	}
	h, err := s.Apps.Get(ctx, it.ApplNo)
	if apperr.KindOf(err) == apperr.KindNotFound || err == nil && !permission.Can(p, permission.DecisionManage, h.Round.SchoolCode) {
		if err := staff(p, ""); err != nil {
			return Decision{}, err
		}
		return Decision{}, apperr.NotFound(application.CodeNotFound)
	}
	if err != nil {
		return Decision{}, err
	}
	var out Decision
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.open(ctx, h.Round); err != nil {
			return err
		}
		if out, err = s.set(ctx, p, h, it); err != nil {
			return err
		}
		return s.audit(ctx, p.UserID, "decision.set", "application:"+itoa(h.ApplNo),
			map[string]any{"decision": string(out.kind), "rank": out.rank})
	})
	return out, err
}

// DecideMany sets many decisions of one round at once (from the score
// table), all or none: every application must be of the round. Audited
// once, with every item.
func (s *Service) DecideMany(ctx context.Context, p permission.Principal, k application.RoundKey, items []Item) (int, error) {
	if err := staff(p, k.SchoolCode); err != nil {
		return 0, err
	}
	if len(items) == 0 || len(items) > MaxBulk {
		return 0, apperr.Fields{{Field: "items", Code: CodeTooMany, Params: map[string]any{"max": MaxBulk}}}.Err()
	}
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.open(ctx, k); err != nil {
			return err
		}
		detail := make([]map[string]any, 0, len(items))
		for i, it := range items {
			h, err := s.Apps.Get(ctx, it.ApplNo)
			if apperr.KindOf(err) == apperr.KindNotFound || err == nil && h.Round != k {
				return apperr.Fields{{Field: "items[" + itoa(int64(i)) + "].applNo", Code: CodeOtherRound}}.Err()
			}
			if err != nil {
				return err
			}
			if _, err := s.set(ctx, p, h, it); err != nil {
				if fe, ok := apperr.As(err); ok && len(fe.Fields) > 0 {
					var f apperr.Fields
					f.Merge("items["+itoa(int64(i))+"]", fe.Fields)
					return f.Err()
				}
				return err
			}
			detail = append(detail, map[string]any{"applNo": it.ApplNo, "decision": string(it.Kind), "rank": it.Rank})
		}
		return s.audit(ctx, p.UserID, "decision.bulk", roundTarget(k), map[string]any{"items": detail})
	})
	if err != nil {
		return 0, err
	}
	return len(items), nil
}

// List answers a round's decisions for its staff, by application number.
func (s *Service) List(ctx context.Context, p permission.Principal, k application.RoundKey) ([]Decision, error) {
	if err := staff(p, k.SchoolCode); err != nil {
		return nil, err
	}
	return s.Decisions.ForRound(ctx, k)
}
