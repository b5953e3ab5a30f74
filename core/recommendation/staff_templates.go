package recommendation

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// Template answers a round's current template (the default when it has
// none) to staff of the school.
func (s *Service) Template(ctx context.Context, p permission.Principal, k application.RoundKey) (Template, error) {
	if err := s.mayEditTemplate(ctx, p, k); err != nil {
		return Template{}, err
	}
	return s.template(ctx, k)
}

func (s *Service) mayEditTemplate(ctx context.Context, p permission.Principal, k application.RoundKey) error {
	if !permission.Can(p, permission.RecommendTemplate, "") {
		return forbidden()
	}
	if !permission.Can(p, permission.RecommendTemplate, k.SchoolCode) {
		return apperr.NotFound(application.CodeRoundNotFound)
	}
	_, err := s.Rounds.Round(ctx, k)
	return err
}

// SaveTemplate stores a round's template. A version a letter was opened on
// is kept as it is: the change becomes the next version.
func (s *Service) SaveTemplate(ctx context.Context, p permission.Principal, t Template) (Template, error) {
	if err := s.mayEditTemplate(ctx, p, t.Round); err != nil {
		return Template{}, err
	}
	for i, q := range t.Questions {
		if len(q.Options) > 0 {
			t.Questions[i].Kind = KindChoice
		}
	}
	if err := t.Validate(); err != nil {
		return Template{}, err
	}
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		cur, ok, err := s.Templates.Latest(ctx, t.Round)
		if err != nil {
			return err
		}
		switch {
		case !ok:
			t.Version = 1
		case cur.Same(t):
			t = cur
			return nil
		default:
			used, err := s.Store.UsesTemplate(ctx, t.Round, cur.Version)
			if err != nil {
				return err
			}
			t.Version = cur.Version
			if used {
				t.Version++
			}
		}
		return s.Templates.PutTemplate(ctx, t)
	})
	return t, err
}
