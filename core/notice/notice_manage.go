package notice

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// mayManage refuses a caller who may not manage the notices of a school
// ("": the site's, system admins only).
func mayManage(p permission.Principal, school string) error {
	if err := allowed(p, permission.NoticeManage, school); err != nil {
		return err
	}
	if school == "" && !p.Has(permission.RoleSysAdmin) {
		return apperr.Forbidden(CodeSiteWide)
	}
	return nil
}

// Publish stores a notice of a school (staff of the school) or of the
// whole site (system admins). Audited.
func (s *Service) Publish(ctx context.Context, p permission.Principal, c Content) (Notice, error) {
	if err := mayManage(p, c.School); err != nil {
		return Notice{}, err
	}
	n, err := NewNotice(c, p.UserID, s.now())
	if err != nil {
		return Notice{}, err
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if n, err = s.Notices.Create(ctx, n); err != nil {
			return err
		}
		return s.audit(ctx, p, "notice.publish", "notice:"+itoa(n.id), map[string]any{"school": c.School, "title": n.content.Title.Ko})
	})
	return n, err
}

// change runs fn on a notice the caller may manage; another school's is
// missing.
func (s *Service) change(ctx context.Context, p permission.Principal, id int64, action string, fn func(n *Notice) error) (Notice, error) {
	if !p.Authenticated() {
		return Notice{}, apperr.Unauthenticated("auth.required")
	}
	var out Notice
	err := s.Notices.Update(ctx, id, func(ctx context.Context, n *Notice) error {
		if err := mayManage(p, n.content.School); err != nil {
			if n.content.School == "" && apperr.CodeOf(err) == CodeSiteWide {
				return err
			}
			return apperr.NotFound(CodeNotFound)
		}
		if err := fn(n); err != nil {
			return err
		}
		out = *n
		return s.audit(ctx, p, action, "notice:"+itoa(id), map[string]any{"school": n.content.School})
	})
	return out, err
}

// Edit changes a notice's texts, period and round (not its school).
func (s *Service) Edit(ctx context.Context, p permission.Principal, id int64, c Content) (Notice, error) {
	return s.change(ctx, p, id, "notice.edit", func(n *Notice) error { return n.Edit(c, p.UserID, s.now()) })
}

// Remove deletes a notice.
func (s *Service) Remove(ctx context.Context, p permission.Principal, id int64) error {
	_, err := s.change(ctx, p, id, "notice.remove", func(n *Notice) error { n.Remove(); return nil })
	return err
}

// StaffList lists the notices a caller manages, shown or not: a system
// admin every notice, school staff their school's.
func (s *Service) StaffList(ctx context.Context, p permission.Principal) ([]Notice, error) {
	school, ok := permission.Scope(p, permission.NoticeManage)
	if err := allowed(p, permission.NoticeManage, school); err != nil || !ok {
		if err == nil {
			err = apperr.Forbidden("auth.forbidden")
		}
		return nil, err
	}
	if school == "" {
		return s.Notices.List(ctx, Query{})
	}
	return s.Notices.List(ctx, Query{Schools: []string{school}})
}
