package survey

import (
	"context"
	"slices"
	"strconv"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// Service is the surveys' use cases. Every method checks the caller
// against the permission table; another school's survey answers as missing.
type Service struct {
	Store Store
	Apps  Applications
	Audit port.AuditLog
	Tx    port.Tx
	Clock window.Clock
	// Flush drops cached reference data after a question change (nil: no cache).
	Flush func()
}

// Target names a survey in the audit log.
func Target(id int64) string { return "survey:" + strconv.FormatInt(id, 10) }

// QuestionsTarget names a school's application survey in the audit log.
func QuestionsTarget(schoolCode, stage string) string {
	return "survey-questions:" + schoolCode + "/" + stage
}

func stageOK(stage string) error {
	if stage != application.StagePart && stage != application.StageSurvey {
		return apperr.NotFound(CodeStage)
	}
	return nil
}

func (s *Service) school(ctx context.Context, p permission.Principal, a permission.Action, schoolCode string) ([]application.RoundKey, error) {
	if !permission.Can(p, a, schoolCode) || schoolCode == "" {
		return nil, apperr.NotFound("school.not_found")
	}
	rounds, ok, err := s.Store.SchoolRounds(ctx, schoolCode)
	if err == nil && !ok {
		err = apperr.NotFound("school.not_found")
	}
	return rounds, err
}

// Questions answers a school's application survey questions of a stage
// (PART or SURVEY) in force.
func (s *Service) Questions(ctx context.Context, p permission.Principal, schoolCode, stage string) ([]application.Question, error) {
	if _, err := s.school(ctx, p, permission.RecruitPartManage, schoolCode); err != nil {
		return nil, err
	}
	if err := stageOK(stage); err != nil {
		return nil, err
	}
	return s.Store.SchoolQuestions(ctx, schoolCode, stage)
}

// SaveQuestions replaces a school's application survey questions of a
// stage; what applications answered is retired, not deleted (retired).
func (s *Service) SaveQuestions(ctx context.Context, p permission.Principal, schoolCode, stage string, qs []application.Question) (retired []string, err error) {
	if _, err := s.school(ctx, p, permission.RecruitPartManage, schoolCode); err != nil {
		return nil, err
	}
	if err := stageOK(stage); err != nil {
		return nil, err
	}
	qs = Normalise(qs)
	if f := ValidateQuestions(qs); len(f) > 0 {
		return nil, f.Err()
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		before, err := s.Store.SchoolQuestions(ctx, schoolCode, stage)
		if err != nil {
			return err
		}
		if retired, err = s.Store.SaveSchoolQuestions(ctx, schoolCode, stage, qs); err != nil {
			return err
		}
		return s.Audit.Record(ctx, p.UserID, "survey.questions", QuestionsTarget(schoolCode, stage),
			map[string]any{"before": codes(before), "after": codes(qs), "retired": retired})
	})
	if err == nil && s.Flush != nil {
		s.Flush()
	}
	return retired, err
}

// codes summarises questions for the audit log.
func codes(qs []application.Question) []string {
	out := make([]string, len(qs))
	for i, q := range qs {
		out[i] = q.Code + ":" + q.InputType + ":" + q.KorText
	}
	return out
}

// List answers a page of the surveys the caller manages.
func (s *Service) List(ctx context.Context, p permission.Principal, q Query) ([]Survey, int, error) {
	scope, ok := permission.Scope(p, permission.SurveyManage)
	if !ok {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	if scope != "" {
		q.SchoolCode = scope
	}
	q.Limit = min(max(q.Limit, 1), 100)
	return s.Store.List(ctx, q)
}

// Get answers one survey the caller manages.
func (s *Service) Get(ctx context.Context, p permission.Principal, id int64) (Survey, error) {
	if !permission.Can(p, permission.SurveyManage, "") {
		return Survey{}, apperr.Forbidden("auth.forbidden")
	}
	sv, err := s.Store.Get(ctx, id)
	if err != nil {
		return Survey{}, err
	}
	if scope, _ := permission.Scope(p, permission.SurveyManage); scope != "" && sv.SchoolCode != scope {
		return Survey{}, apperr.NotFound(CodeNotFound)
	}
	return sv, nil
}

// checked normalises and validates a survey the caller publishes.
func (s *Service) checked(ctx context.Context, p permission.Principal, in Survey) (Survey, error) {
	scope, _ := permission.Scope(p, permission.SurveyManage)
	if scope != "" {
		// A school admin publishes for their own school only: another
		// school's code is refused as an id they may not see is (404).
		if in.SchoolCode != "" && in.SchoolCode != scope {
			return in, apperr.NotFound("school.not_found")
		}
		in.SchoolCode = scope
	}
	var rounds []application.RoundKey
	if in.SchoolCode != "" {
		var ok bool
		var err error
		if rounds, ok, err = s.Store.SchoolRounds(ctx, in.SchoolCode); err != nil {
			return in, err
		} else if !ok {
			var f apperr.Fields
			f.Add("schoolCode", "school.not_found")
			return in, f.Err()
		}
	}
	if in.Audience != AudienceRound {
		in.EnterYear, in.RecruitPartSeq = 0, 0
	}
	in.Questions = Normalise(in.Questions)
	return in, Validate(in, rounds, scope == "")
}

// Create publishes a survey.
func (s *Service) Create(ctx context.Context, p permission.Principal, in Survey) (int64, error) {
	if !permission.Can(p, permission.SurveyManage, "") {
		return 0, apperr.Forbidden("auth.forbidden")
	}
	in, err := s.checked(ctx, p, in)
	if err != nil {
		return 0, err
	}
	in.CreatedBy = p.UserID
	var id int64
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if id, err = s.Store.Create(ctx, in); err != nil {
			return err
		}
		return s.Audit.Record(ctx, p.UserID, "survey.create", Target(id), summary(in))
	})
	return id, err
}

func summary(s Survey) map[string]any {
	return map[string]any{"schoolCode": s.SchoolCode, "titleKo": s.TitleKo, "titleEn": s.TitleEn, "startDay": s.StartDay,
		"endDay": s.EndDay, "audience": s.Audience, "enterYear": s.EnterYear, "recruitPartSeq": s.RecruitPartSeq,
		"completion": s.Completion, "questions": codes(s.Questions)}
}

// Update changes a survey; its questions are frozen once it has a response.
func (s *Service) Update(ctx context.Context, p permission.Principal, id int64, in Survey) error {
	old, err := s.Get(ctx, p, id)
	if err != nil {
		return err
	}
	in.SchoolCode = old.SchoolCode
	if in, err = s.checked(ctx, p, in); err != nil {
		return err
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		err := s.Store.Update(ctx, id, func(old Survey) (Survey, error) {
			if old.Responses > 0 && !sameQuestions(old.Questions, in.Questions) {
				var f apperr.Fields
				f.Add("questions", CodeFrozen)
				return old, f.Err()
			}
			in.ID, in.CreatedBy, in.Responses = old.ID, old.CreatedBy, old.Responses
			return in, nil
		})
		if err != nil {
			return err
		}
		return s.Audit.Record(ctx, p.UserID, "survey.update", Target(id), map[string]any{"before": summary(old), "after": summary(in)})
	})
}

func sameQuestions(a, b []application.Question) bool {
	return slices.EqualFunc(a, b, func(x, y application.Question) bool {
		return x.Code == y.Code && x.InputType == y.InputType && x.KorText == y.KorText && x.EngText == y.EngText &&
			x.Required == y.Required && slices.EqualFunc(x.Items, y.Items, func(i, j application.Item) bool {
			return i.Code.Code == j.Code.Code && i.KorValue == j.KorValue && i.EngValue == j.EngValue && i.HasComment == j.HasComment
		})
	})
}

// Mine is an open survey meant for the caller.
type Mine struct {
	Survey
	Answered bool
}

// rounds are the rounds of the caller's applications that are not cancelled.
func (s *Service) rounds(ctx context.Context, p permission.Principal) ([]application.RoundKey, []application.Header, error) {
	hs, err := s.Apps.ListByUser(ctx, p.UserID)
	if err != nil {
		return nil, nil, err
	}
	var ks []application.RoundKey
	for _, h := range hs {
		if h.State.Status != application.Cancel {
			ks = append(ks, h.Round)
		}
	}
	return ks, hs, nil
}

// Open lists the open surveys meant for the caller, each with whether
// they answered it.
func (s *Service) Open(ctx context.Context, p permission.Principal) ([]Mine, error) {
	if !permission.Can(p, permission.SurveyAnswer, "") {
		return nil, apperr.Forbidden("auth.forbidden")
	}
	ks, _, err := s.rounds(ctx, p)
	if err != nil {
		return nil, err
	}
	all, err := s.Store.Current(ctx, window.FormatDate(s.Clock.Now()))
	if err != nil {
		return nil, err
	}
	var ids []int64
	out := []Mine{}
	for _, sv := range all {
		if sv.For(ks) {
			out = append(out, Mine{Survey: sv})
			ids = append(ids, sv.ID)
		}
	}
	done, err := s.Store.Answered(ctx, p.UserID, ids)
	for i := range out {
		out[i].Answered = done[out[i].ID]
	}
	return out, err
}

// One answers a survey meant for the caller (open or not: a closed one
// says so), with whether they answered it. A survey not meant for them is
// missing.
func (s *Service) One(ctx context.Context, p permission.Principal, id int64) (Mine, bool, error) {
	if !permission.Can(p, permission.SurveyAnswer, "") {
		return Mine{}, false, apperr.Forbidden("auth.forbidden")
	}
	ks, _, err := s.rounds(ctx, p)
	if err != nil {
		return Mine{}, false, err
	}
	sv, err := s.Store.Get(ctx, id)
	if err != nil {
		return Mine{}, false, err
	}
	if !sv.For(ks) {
		return Mine{}, false, apperr.NotFound(CodeNotFound)
	}
	done, err := s.Store.Answered(ctx, p.UserID, []int64{id})
	return Mine{Survey: sv, Answered: done[id]}, sv.OpenAt(s.Clock.Now()), err
}

// Answer stores the caller's answers: once per survey, while it is open.
func (s *Service) Answer(ctx context.Context, p permission.Principal, id int64, answers []form.SurveyAnswer) error {
	m, open, err := s.One(ctx, p, id)
	if err != nil {
		return err
	}
	if m.Answered {
		return apperr.Conflict(CodeAnswered)
	}
	if !open {
		return apperr.Conflict(CodeClosed)
	}
	if f := application.ValidateAnswers(answers, m.Questions, school.Rules{}); len(f) > 0 {
		return f.Err()
	}
	kept := make([]form.SurveyAnswer, 0, len(answers))
	for _, a := range answers {
		if a.ItemCode != "" || a.Answer != "" {
			kept = append(kept, a)
		}
	}
	return s.Store.Answer(ctx, id, Response{UserID: p.UserID, AnsweredAt: s.Clock.Now(), Answers: kept})
}

// Completion answers the completion survey of the round of one of the
// caller's completed applications (CodeNotFound when it has none).
func (s *Service) Completion(ctx context.Context, p permission.Principal, applNo int64) (Mine, bool, error) {
	if !permission.Can(p, permission.SurveyAnswer, "") {
		return Mine{}, false, apperr.Forbidden("auth.forbidden")
	}
	_, hs, err := s.rounds(ctx, p)
	if err != nil {
		return Mine{}, false, err
	}
	i := slices.IndexFunc(hs, func(h application.Header) bool { return h.ApplNo == applNo })
	if i < 0 || hs[i].State.Status != application.Complete {
		return Mine{}, false, apperr.NotFound(CodeNotFound)
	}
	sv, err := s.Store.Completion(ctx, hs[i].Round)
	if err != nil {
		return Mine{}, false, err
	}
	return s.One(ctx, p, sv.ID)
}
