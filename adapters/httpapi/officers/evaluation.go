package officers

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/evaluation"
)

type criterionDTO struct {
	Key    string `json:"key"`
	NameKo string `json:"nameKo"`
	NameEn string `json:"nameEn"`
	Weight int    `json:"weight"`
	Min    int    `json:"min"`
	Max    int    `json:"max"`
}

type rubricDTO struct {
	ID             string         `json:"id"`
	SchoolCode     string         `json:"schoolCode"`
	EnterYear      int            `json:"enterYear"`
	RecruitPartSeq int            `json:"recruitPartSeq"`
	Criteria       []criterionDTO `json:"criteria"`
	Locked         bool           `json:"locked"`
	UpdatedBy      string         `json:"updatedBy"`
	UpdatedAt      string         `json:"updatedAt"`
}

func toCriterion(c evaluation.Criterion) criterionDTO {
	return criterionDTO{Key: c.Key, NameKo: c.NameKo, NameEn: c.NameEn, Weight: c.Weight, Min: c.Min, Max: c.Max}
}

func toRubric(r evaluation.Rubric) rubricDTO {
	k := r.Round()
	return rubricDTO{ID: edge.RoundID(k), SchoolCode: k.SchoolCode, EnterYear: k.EnterYear, RecruitPartSeq: k.RecruitPartSeq,
		Criteria: edge.MapList(r.Criteria(), toCriterion), Locked: r.Locked(), UpdatedBy: r.UpdatedBy(), UpdatedAt: edge.TimeText(r.UpdatedAt())}
}

func (h *handlers) rubric(c *echo.Context) error {
	k, err := roundKey(c)
	if err != nil {
		return err
	}
	r, err := h.d.Evaluation.Rubric(c.Request().Context(), edge.Principal(c), k)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, toRubric(r))
}

type rubricBody struct {
	Criteria []criterionDTO `json:"criteria"`
}

func (h *handlers) setRubric(c *echo.Context) error {
	k, err := roundKey(c)
	if err != nil {
		return err
	}
	var in rubricBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	crit := make([]evaluation.Criterion, len(in.Criteria))
	for i, x := range in.Criteria {
		crit[i] = evaluation.Criterion{Key: x.Key, NameKo: x.NameKo, NameEn: x.NameEn, Weight: x.Weight, Min: x.Min, Max: x.Max}
	}
	r, err := h.d.Evaluation.SetRubric(c.Request().Context(), edge.Principal(c), k, crit)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, toRubric(r))
}

type assignBody struct {
	ApplNos        []int64  `json:"applNos"`
	Reviewers      []string `json:"reviewers"`
	PerApplication int      `json:"perApplication"`
}

type addedDTO struct {
	Added int `json:"added"`
}

func (h *handlers) assign(c *echo.Context) error {
	k, err := roundKey(c)
	if err != nil {
		return err
	}
	var in assignBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	n, err := h.d.Evaluation.Assign(c.Request().Context(), edge.Principal(c), k, in.ApplNos, in.Reviewers)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, addedDTO{Added: n})
}

// assignEvenly spreads the round's completed applications.
func (h *handlers) assignEvenly(c *echo.Context) error {
	k, err := roundKey(c)
	if err != nil {
		return err
	}
	var in assignBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	n, err := h.d.Evaluation.AssignEvenly(c.Request().Context(), edge.Principal(c), k, in.Reviewers, in.PerApplication, string(application.Complete))
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, addedDTO{Added: n})
}

func (h *handlers) unassign(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	if err := h.d.Evaluation.Unassign(c.Request().Context(), edge.Principal(c), n, c.Param("reviewer")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type reviewDTO struct {
	Reviewer  string   `json:"reviewer"`
	Submitted bool     `json:"submitted"`
	Total     *float64 `json:"total"`
}

type scoreRowDTO struct {
	ID            int64       `json:"id"`
	ApplNo        int64       `json:"applNo"`
	ApplID        string      `json:"applId"`
	ApplicantName string      `json:"applicantName"`
	Status        string      `json:"status"`
	Reviews       []reviewDTO `json:"reviews"`
	Submitted     int         `json:"submitted"`
	Mean          *float64    `json:"mean"`
	Spread        *float64    `json:"spread"`
}

func toScoreRow(r evaluation.Row) scoreRowDTO {
	return scoreRowDTO{ID: r.ApplNo, ApplNo: r.ApplNo, ApplID: r.ApplID, ApplicantName: r.ApplicantName, Status: string(r.Status),
		Reviews: edge.MapList(r.Reviews, func(v evaluation.Review) reviewDTO {
			return reviewDTO{Reviewer: v.Reviewer, Submitted: v.Submitted, Total: v.Total}
		}), Submitted: r.Submitted, Mean: r.Mean, Spread: r.Spread}
}

// table reads the round's score table sorted as the list asks.
func (h *handlers) table(c *echo.Context) (evaluation.Table, edge.ListParams, error) {
	k, err := roundKey(c)
	if err != nil {
		return evaluation.Table{}, edge.ListParams{}, err
	}
	lp, err := edge.ParseList(c, append([]string{"id"}, evaluation.TableSorts...), nil)
	if err != nil {
		return evaluation.Table{}, lp, err
	}
	if lp.Sort == "id" {
		lp.Sort = "applNo"
	}
	t, err := h.d.Evaluation.ScoreTable(c.Request().Context(), edge.Principal(c), evaluation.TableQuery{Round: k, Sort: lp.Sort, Desc: lp.Desc})
	return t, lp, err
}

// scores is the score table as a react-admin list, its reviewers and
// criteria in headers-free fields of each row.
func (h *handlers) scores(c *echo.Context) error {
	t, lp, err := h.table(c)
	if err != nil {
		return err
	}
	return page(c, "scores", lp, edge.MapList(t.Rows, toScoreRow))
}

type sheetDTO struct {
	ApplNo      int64          `json:"applNo"`
	Reviewer    string         `json:"reviewer"`
	Scores      map[string]int `json:"scores"`
	Comment     string         `json:"comment"`
	Submitted   bool           `json:"submitted"`
	SubmittedAt *string        `json:"submittedAt"`
	Total       *float64       `json:"total"`
}

func toSheetView(v evaluation.SheetView) sheetDTO {
	s := v.Scores
	if s == nil {
		s = map[string]int{}
	}
	return sheetDTO{ApplNo: v.ApplNo, Reviewer: v.Reviewer, Scores: s, Comment: v.Comment, Submitted: v.Submitted,
		SubmittedAt: optTime(v.SubmittedAt), Total: v.Total}
}

func toSheet(s evaluation.Sheet) sheetDTO {
	return sheetDTO{ApplNo: s.ApplNo(), Reviewer: s.Reviewer(), Scores: s.Scores(), Comment: s.Comment(), Submitted: s.Submitted(),
		SubmittedAt: optTime(s.SubmittedAt())}
}

func (h *handlers) sheets(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	list, err := h.d.Evaluation.ReadSheets(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, edge.MapList(list, toSheetView))
}

type assignmentDTO struct {
	ID             int64  `json:"id"`
	ApplNo         int64  `json:"applNo"`
	RoundID        string `json:"roundId"`
	SchoolCode     string `json:"schoolCode"`
	EnterYear      int    `json:"enterYear"`
	RecruitPartSeq int    `json:"recruitPartSeq"`
	ApplID         string `json:"applId"`
	ApplicantName  string `json:"applicantName"`
	Submitted      bool   `json:"submitted"`
}

func (h *handlers) mine(c *echo.Context) error {
	lp, err := edge.ParseList(c, []string{"id"}, nil)
	if err != nil {
		return err
	}
	list, err := h.d.Evaluation.MyAssignments(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	return page(c, "reviews", lp, edge.MapList(list, func(a evaluation.Assignment) assignmentDTO {
		return assignmentDTO{ID: a.ApplNo, ApplNo: a.ApplNo, RoundID: edge.RoundID(a.Round), SchoolCode: a.Round.SchoolCode,
			EnterYear: a.Round.EnterYear, RecruitPartSeq: a.Round.RecruitPartSeq, ApplID: a.ApplID, ApplicantName: a.ApplicantName,
			Submitted: a.Submitted}
	}))
}

type draftBody struct {
	Scores  map[string]int `json:"scores"`
	Comment string         `json:"comment"`
}

func (h *handlers) saveDraft(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in draftBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	s, err := h.d.Evaluation.SaveDraft(c.Request().Context(), edge.Principal(c), n, in.Scores, in.Comment)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, toSheet(s))
}

func (h *handlers) submit(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	s, err := h.d.Evaluation.Submit(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, toSheet(s))
}
