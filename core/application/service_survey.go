package application

import (
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
)

// AddInfo is the additional-info step's data.
type AddInfo struct {
	Certificates []form.Certificate
	Essays       []form.Essay
}

// AdditionalInfo answers certificateList and essays.
func (s *Service) AdditionalInfo(ctx context.Context, p permission.Principal, applNo int64) (StepView[AddInfo], error) {
	rec, d, err := s.read(ctx, p, applNo, AddInfoSave)
	if err != nil {
		return StepView[AddInfo]{}, err
	}
	certs, essays, err := s.Forms.AddInfo(ctx, applNo)
	return StepView[AddInfo]{Record: rec, Data: AddInfo{certs, essays}, Draft: d}, err
}

// SaveAdditionalInfo saves certificateList and essays (ADD_INFO_SAVE).
func (s *Service) SaveAdditionalInfo(ctx context.Context, p permission.Principal, applNo int64, ai AddInfo) (Record, error) {
	rec, _, err := s.saveStep(ctx, p, applNo, AddInfoSave, func(_ context.Context, in stepIn) error {
		var f apperr.Fields
		if max := in.part.AddCertificateCount; len(ai.Certificates) > max {
			f.AddParam("certificateList", form.CodeTooMany, "max", max)
		}
		for _, e := range []error{form.ValidateCertificates(ai.Certificates, in.rules, in.now), form.ValidateEssays(ai.Essays, in.rules)} {
			if x, ok := apperr.As(e); ok {
				f = append(f, x.Fields...)
			}
		}
		return f.Err()
	}, func(ctx context.Context, _ stepIn, _ *Application) error {
		return s.Forms.SaveAddInfo(ctx, applNo, ai.Certificates, ai.Essays)
	})
	return rec, err
}

// SurveyView is the survey step: questions, answers, draft.
type SurveyView struct {
	Record    Record
	Questions []Question
	Data      SurveyData
	Draft     *Draft
}

// Survey answers the survey step.
func (s *Service) Survey(ctx context.Context, p permission.Principal, applNo int64) (SurveyView, error) {
	rec, d, err := s.read(ctx, p, applNo, Survey)
	if err != nil {
		return SurveyView{}, err
	}
	data, err := s.Forms.Survey(ctx, applNo, StageSurvey)
	return SurveyView{Record: rec, Questions: rec.Round.Survey, Data: data, Draft: d}, err
}

// SaveSurvey saves the survey (SURVEY).
func (s *Service) SaveSurvey(ctx context.Context, p permission.Principal, applNo int64, d SurveyData) (Record, error) {
	rec, _, err := s.saveStep(ctx, p, applNo, Survey, func(_ context.Context, in stepIn) error {
		f := validateSurvey(d, in.round.Survey, in.rules)
		if d.ContactCode != "" && d.ContactCode != "01" && d.ContactCode != "02" {
			f.Add("contactCode", form.CodeCode)
		}
		return f.Err()
	}, func(ctx context.Context, _ stepIn, _ *Application) error {
		return s.Forms.SaveSurvey(ctx, applNo, StageSurvey, d)
	})
	return rec, err
}

// validateSurvey checks the step's answers against the questions.
func validateSurvey(d SurveyData, qs []Question, r school.Rules) apperr.Fields {
	plain := make([]form.SurveyAnswer, len(d.Answers))
	for i, a := range d.Answers {
		plain[i] = a.SurveyAnswer
	}
	return ValidateAnswers(plain, qs, r)
}

// ValidateAnswers checks answers against survey questions (the SURVEY step
// and the site surveys): known questions and items, every required question
// answered, comments within limits. Field names are answers[i].x and
// answers.<questionCode>.
func ValidateAnswers(answers []form.SurveyAnswer, qs []Question, r school.Rules) apperr.Fields {
	var f apperr.Fields
	byCode := map[string]Question{}
	var required []string
	for _, q := range qs {
		byCode[q.Code] = q
		if q.Required {
			required = append(required, q.Code)
		}
	}
	for i, a := range answers {
		q, ok := byCode[a.QuestionCode]
		if !ok {
			f.Add("answers["+itoa(int64(i))+"].questionCode", form.CodeCode)
			continue
		}
		if a.ItemCode != "" && len(q.Items) > 0 && !slices.ContainsFunc(q.Items, func(it Item) bool { return it.Code.Code == a.ItemCode }) {
			f.Add("answers["+itoa(int64(i))+"].itemCode", form.CodeCode)
		}
	}
	if e, ok := apperr.As(form.ValidateSurvey(answers, required, r)); ok {
		f = append(f, e.Fields...)
	}
	return f
}
