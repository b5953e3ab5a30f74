package backoffice

import (
	"bytes"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/csvsafe"
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/adapters/httpapi/public"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/survey"
)

// mountSurveys registers the surveys (issues 12 and 14, docs/api-surveys.md):
// the school's application survey questions and the site surveys in the
// back office (what the applicant answers is package applicant).
func (s *server) mountSurveys(g edge.Groups) {
	h := &surveyHandlers{svc: s.deps.Surveys}
	admin := g.Admin
	questions := edge.Require(permission.RecruitPartManage)
	admin.GET("/schools/:schoolCode/survey-questions/:stage", h.questions, questions)
	admin.PUT("/schools/:schoolCode/survey-questions/:stage", h.saveQuestions, questions)
	manage := edge.Require(permission.SurveyManage)
	admin.GET("/surveys", h.list, manage)
	admin.POST("/surveys", h.create, manage)
	admin.GET("/surveys/:surveyId", h.get, manage)
	admin.PUT("/surveys/:surveyId", h.update, manage)
	admin.GET("/surveys/:surveyId/results", h.results, manage)
	admin.GET("/surveys/:surveyId/export", h.export, manage)
}

type surveyHandlers struct{ svc *survey.Service }

// fromQuestionDTOs reads questions as staff send them.
func fromQuestionDTOs(in []public.QuestionDTO) []application.Question {
	out := make([]application.Question, len(in))
	for i, q := range in {
		items := make([]application.Item, len(q.Items))
		for j, it := range q.Items {
			items[j] = application.Item{Code: application.Code{Code: it.ItemCode, KorValue: it.KorValue, EngValue: it.EngValue}, HasComment: it.HasComment}
		}
		out[i] = application.Question{Code: q.QuestionCode, InputType: q.InputType, KorText: q.KorText, EngText: q.EngText,
			Required: q.Required, Items: items}
	}
	return out
}

type questionsDTO struct {
	SchoolCode string               `json:"schoolCode"`
	Stage      string               `json:"stage"`
	Questions  []public.QuestionDTO `json:"questions"`
	Retired    []string             `json:"retired"`
}

func (h *surveyHandlers) questions(c *echo.Context) error {
	sc, stage := c.Param("schoolCode"), c.Param("stage")
	qs, err := h.svc.Questions(c.Request().Context(), edge.Principal(c), sc, stage)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, questionsDTO{sc, stage, public.QuestionDTOs(qs), []string{}})
}

func (h *surveyHandlers) saveQuestions(c *echo.Context) error {
	sc, stage := c.Param("schoolCode"), c.Param("stage")
	// The permission and the school are checked before the body is read.
	if _, err := h.svc.Questions(c.Request().Context(), edge.Principal(c), sc, stage); err != nil {
		return err
	}
	var in questionsDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	retired, err := h.svc.SaveQuestions(c.Request().Context(), edge.Principal(c), sc, stage, fromQuestionDTOs(in.Questions))
	if err != nil {
		return err
	}
	qs, err := h.svc.Questions(c.Request().Context(), edge.Principal(c), sc, stage)
	if err != nil {
		return err
	}
	if retired == nil {
		retired = []string{}
	}
	return c.JSON(http.StatusOK, questionsDTO{sc, stage, public.QuestionDTOs(qs), retired})
}

type surveyDTO struct {
	ID             int64                `json:"id"`
	SchoolCode     string               `json:"schoolCode"`
	TitleKo        string               `json:"titleKo"`
	TitleEn        string               `json:"titleEn"`
	StartDay       string               `json:"startDay"`
	EndDay         string               `json:"endDay"`
	Audience       string               `json:"audience"`
	EnterYear      int                  `json:"enterYear"`
	RecruitPartSeq int                  `json:"recruitPartSeq"`
	Completion     bool                 `json:"completion"`
	Questions      []public.QuestionDTO `json:"questions"`
	Responses      int                  `json:"responses"`
	UpdatedAt      time.Time            `json:"updatedAt"`
}

func toSurveyDTO(s survey.Survey) surveyDTO {
	return surveyDTO{s.ID, s.SchoolCode, s.TitleKo, s.TitleEn, s.StartDay, s.EndDay, s.Audience, s.EnterYear, s.RecruitPartSeq,
		s.Completion, public.QuestionDTOs(s.Questions), s.Responses, s.UpdatedAt}
}

func (d surveyDTO) survey() survey.Survey {
	return survey.Survey{SchoolCode: d.SchoolCode, TitleKo: d.TitleKo, TitleEn: d.TitleEn, StartDay: d.StartDay, EndDay: d.EndDay,
		Audience: d.Audience, EnterYear: d.EnterYear, RecruitPartSeq: d.RecruitPartSeq, Completion: d.Completion,
		Questions: fromQuestionDTOs(d.Questions)}
}

func (h *surveyHandlers) list(c *echo.Context) error {
	lp, err := edge.ParseList(c, []string{"id"}, nil)
	if err != nil {
		return err
	}
	list, total, err := h.svc.List(c.Request().Context(), edge.Principal(c), survey.Query{Offset: lp.Offset, Limit: lp.Limit})
	if err != nil {
		return err
	}
	out := make([]surveyDTO, len(list))
	for i, s := range list {
		out[i] = toSurveyDTO(s)
	}
	edge.NoStore(c)
	edge.ContentRange(c, "surveys", lp.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

func (h *surveyHandlers) show(c *echo.Context, id int64, status int) error {
	s, err := h.svc.Get(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(status, toSurveyDTO(s))
}

func (h *surveyHandlers) get(c *echo.Context) error {
	id, err := edge.SurveyID(c)
	if err != nil {
		return err
	}
	return h.show(c, id, http.StatusOK)
}

func (h *surveyHandlers) create(c *echo.Context) error {
	var in surveyDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	id, err := h.svc.Create(c.Request().Context(), edge.Principal(c), in.survey())
	if err != nil {
		return err
	}
	return h.show(c, id, http.StatusCreated)
}

func (h *surveyHandlers) update(c *echo.Context) error {
	id, err := edge.SurveyID(c)
	if err != nil {
		return err
	}
	// Another school's survey is missing before the body is read.
	if _, err := h.svc.Get(c.Request().Context(), edge.Principal(c), id); err != nil {
		return err
	}
	var in surveyDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if err := h.svc.Update(c.Request().Context(), edge.Principal(c), id, in.survey()); err != nil {
		return err
	}
	return h.show(c, id, http.StatusOK)
}

type itemCountDTO struct {
	public.ItemDTO
	Count    int      `json:"count"`
	Comments []string `json:"comments"`
}

type questionResultDTO struct {
	public.QuestionDTO
	Counts []itemCountDTO `json:"counts"`
	Texts  []string       `json:"texts"`
}

func (h *surveyHandlers) results(c *echo.Context) error {
	id, err := edge.SurveyID(c)
	if err != nil {
		return err
	}
	r, err := h.svc.Results(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	out := struct {
		surveyDTO
		Total   int                 `json:"total"`
		Results []questionResultDTO `json:"results"`
	}{surveyDTO: toSurveyDTO(r.Survey), Total: r.Total, Results: make([]questionResultDTO, len(r.Questions))}
	for i, q := range r.Questions {
		qr := questionResultDTO{QuestionDTO: public.QuestionDTOs([]application.Question{q.Question})[0], Counts: make([]itemCountDTO, len(q.Items)), Texts: q.Texts}
		for j, it := range q.Items {
			qr.Counts[j] = itemCountDTO{public.ItemDTO{ItemCode: it.Code.Code, KorValue: it.KorValue, EngValue: it.EngValue, HasComment: it.HasComment}, it.Count, it.Comments}
		}
		out.Results[i] = qr
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}

// export answers the responses as CSV (UTF-8 with a byte-order mark, so
// Excel reads the Korean); the service writes the access log.
func (h *surveyHandlers) export(c *echo.Context) error {
	id, err := edge.SurveyID(c)
	if err != nil {
		return err
	}
	rows, err := h.svc.Export(c.Request().Context(), edge.Principal(c), id, edge.LocaleOf(c) == edge.En)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := csvsafe.Write(&b, rows); err != nil {
		return err
	}
	edge.NoStore(c)
	c.Response().Header().Set("Content-Disposition", `attachment; filename="survey-`+strconv.FormatInt(id, 10)+`.csv"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", b.Bytes())
}
