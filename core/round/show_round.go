package round

import (
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
)

// List answers a page of rounds the caller may manage.
func (s *Service) List(ctx context.Context, p permission.Principal, q Query) ([]Summary, int, error) {
	scope, ok := permission.Scope(p, permission.RecruitPartManage)
	if !ok {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	if scope != "" {
		if q.SchoolCode != "" && q.SchoolCode != scope {
			return []Summary{}, 0, nil
		}
		q.SchoolCode = scope
	}
	return s.Store.List(ctx, pageOf(q))
}

// pageOf keeps a list query's sort and page size to what lists allow.
func pageOf(q Query) Query {
	if !slices.Contains(SortFields, q.Sort) {
		q.Sort = "id"
	}
	q.Limit = min(max(q.Limit, 1), 100)
	return q
}

// View is a round as the back office shows it: the settings, what applies
// where the round has none of its own, and the round as applicants get it.
type View struct {
	Settings           *Settings
	EffectiveDocuments []DocItem
	EffectiveConsents  []school.ConsentItem
	Majors             []Major
	Round              application.Round
}

// Get answers one round.
func (s *Service) Get(ctx context.Context, p permission.Principal, k application.RoundKey) (View, error) {
	if err := s.may(p, permission.RecruitPartManage, k.SchoolCode); err != nil {
		return View{}, err
	}
	return s.view(ctx, k)
}

// view reads a round as its page shows it (the caller has been checked).
func (s *Service) view(ctx context.Context, k application.RoundKey) (View, error) {
	st, err := s.Store.Get(ctx, k)
	if err != nil {
		return View{}, err
	}
	v := View{Settings: st}
	if v.Round, err = application.LoadRound(ctx, s.Ref, k); err != nil {
		return View{}, err
	}
	v.EffectiveConsents = v.Round.Rules.Consents
	items, err := s.Docs.Items(ctx, k)
	if err != nil {
		return View{}, err
	}
	for _, it := range document.PickItems(items) {
		v.EffectiveDocuments = append(v.EffectiveDocuments, DocItem{ItemCode: it.Code, GrpCode: it.GroupCode,
			GrpKorName: it.GroupKorName, GrpEngName: it.GroupEngName, KorName: it.KorName, EngName: it.EngName,
			Required: it.Required, Extensions: it.Extensions, MaxSize: it.MaxSize, Seq: it.Seq})
	}
	if v.Majors, err = s.Store.Majors(ctx, k.SchoolCode); err != nil {
		return View{}, err
	}
	return v, nil
}
