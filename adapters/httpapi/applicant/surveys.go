package applicant

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/adapters/httpapi/public"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/survey"
)

// mountSurveys registers what the applicant answers (issue 14,
// docs/api-surveys.md): the open site surveys on /survey and the
// application's completion survey on /appl/survey (the staff's side is
// package backoffice).
func (s *server) mountSurveys(g edge.Groups) {
	h := &surveyHandlers{svc: s.deps.Surveys}
	answer := edge.Require(permission.SurveyAnswer)
	g.Authed.GET("/surveys", h.open, answer)
	g.Authed.GET("/surveys/:surveyId", h.one, answer)
	g.Authed.POST("/surveys/:surveyId/answers", h.answer, answer)
	g.Authed.GET("/appl/survey/:applNo", h.completion, answer)
}

type surveyHandlers struct{ svc *survey.Service }

// mySurveyDTO is a survey as the applicant sees it.
type mySurveyDTO struct {
	ID         int64                `json:"id"`
	TitleKo    string               `json:"titleKo"`
	TitleEn    string               `json:"titleEn"`
	StartDay   string               `json:"startDay"`
	EndDay     string               `json:"endDay"`
	Completion bool                 `json:"completion"`
	Questions  []public.QuestionDTO `json:"questions"`
	Answered   bool                 `json:"answered"`
	Open       bool                 `json:"open"`
}

func toMine(m survey.Mine, open bool) mySurveyDTO {
	return mySurveyDTO{m.ID, m.TitleKo, m.TitleEn, m.StartDay, m.EndDay, m.Completion, public.QuestionDTOs(m.Questions), m.Answered, open}
}

func (h *surveyHandlers) open(c *echo.Context) error {
	list, err := h.svc.Open(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	out := make([]mySurveyDTO, len(list))
	for i, m := range list {
		out[i] = toMine(m, true)
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}

func (h *surveyHandlers) one(c *echo.Context) error {
	id, err := edge.SurveyID(c)
	if err != nil {
		return err
	}
	m, open, err := h.svc.One(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toMine(m, open))
}

func (h *surveyHandlers) answer(c *echo.Context) error {
	id, err := edge.SurveyID(c)
	if err != nil {
		return err
	}
	var in struct {
		Answers []FormSurveyAnswerDTO `json:"answers"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if err := h.svc.Answer(c.Request().Context(), edge.Principal(c), id, edge.MapList(in.Answers, FormSurveyAnswerDTO.ToCore)); err != nil {
		return err
	}
	return h.one(c)
}

func (h *surveyHandlers) completion(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	m, open, err := h.svc.Completion(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toMine(m, open))
}
