package recommendation

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/window"
)

// Form is /recommend/form/{key}: one letter with its template.
type Form struct {
	Req      Req
	Round    application.Round
	Template Template
	Profile  Profile
	FileItem document.Item
}

// target resolves the key and a request of the same address (no 0: the
// key's own). Another address's request does not exist for this key.
func (s *Service) target(ctx context.Context, key string, no int64) (Req, application.Round, error) {
	r, rd, err := s.byKey(ctx, key)
	if err != nil {
		return r, rd, err
	}
	if no == 0 || no == r.No() {
		return r, rd, nil
	}
	o, err := s.Store.Get(ctx, no)
	if err != nil || o.Cancelled() || o.Email() != r.Email() {
		return Req{}, rd, apperr.NotFound(CodeNoRequest)
	}
	if rd, err = s.Rounds.Round(ctx, o.Round()); err != nil {
		return Req{}, rd, err
	}
	if err := o.CheckDeadline(window.NewRound(rd.Windows...), s.now()); err != nil {
		return Req{}, rd, err
	}
	return o, rd, nil
}

// Open shows a letter's form; opening a sent request makes it 00020 and
// fixes the template version it is written on.
func (s *Service) Open(ctx context.Context, key string, no int64) (Form, error) {
	r, rd, err := s.target(ctx, key, no)
	if err != nil {
		return Form{}, err
	}
	err = s.Store.Update(ctx, r.No(), func(ctx context.Context, x *Req) error {
		version := 0
		if !x.TemplateFixed() {
			t, err := s.template(ctx, x.Round())
			if err != nil {
				return err
			}
			version = t.Version
		}
		if err := x.Open(version, s.now()); err != nil {
			return err
		}
		r = *x
		return nil
	})
	if err != nil {
		return Form{}, err
	}
	return s.form(ctx, r, rd)
}

func (s *Service) form(ctx context.Context, r Req, rd application.Round) (Form, error) {
	t, err := s.templateOf(ctx, r)
	if err != nil {
		return Form{}, err
	}
	f := Form{Req: r, Round: rd, Template: t, FileItem: FileItem}
	if p := r.Profile(); p.Email != "" {
		f.Profile = p
	} else if f.Profile, err = s.profile(ctx, r); err != nil {
		return Form{}, err
	}
	return f, nil
}
