// Package officers is the officers' console's edge (issue 23, docs/officers.md):
// evaluation (rubrics, assignments, score sheets, the score table),
// decisions and their release, the applicants' results and admission
// letters, notices and bulk mail. Handlers map requests and answers; every
// core method checks who may call it, the routes' permission guards only
// keep the rest of the admin out early.
package officers

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/round"
)

// handlers hold the officers' services.
type handlers struct {
	d    edge.Officers
	apps *application.Service
}

// Mount registers the package's routes on g.
func Mount(k *edge.Kit, g edge.Groups) {
	d := k.Deps()
	o := d.Officers
	if o.Evaluation == nil || o.Decisions == nil || o.Notices == nil {
		return
	}
	h := &handlers{d: o, apps: d.Apply}
	h.mountEvaluation(g)
	h.mountDecisions(g)
	h.mountNotices(g)
}

// mountEvaluation registers rubrics, assignments, the score table (staff)
// and a reviewer's own sheets.
func (h *handlers) mountEvaluation(g edge.Groups) {
	manage, score := edge.Require(permission.EvaluationManage), edge.Require(permission.EvaluationScore)
	a := g.Admin
	a.GET("/eval-rounds/:roundId/rubric", h.rubric, manage)
	a.PUT("/eval-rounds/:roundId/rubric", h.setRubric, manage)
	a.POST("/eval-rounds/:roundId/assignments", h.assign, manage)
	a.POST("/eval-rounds/:roundId/assignments/even", h.assignEvenly, manage)
	a.DELETE("/assignments/:applNo/:reviewer", h.unassign, manage)
	a.GET("/eval-rounds/:roundId/reviewers", h.reviewers, manage)
	a.GET("/eval-rounds/:roundId/scores", h.scores, manage)
	a.GET("/exports/scores/:roundId", h.exportScores, manage)
	a.GET("/sheets/:applNo", h.sheets, manage)
	// A reviewer's own: the rubric of its school's round, its assignments,
	// the reader, the sheets it may read (core decides which), its sheet.
	a.GET("/reviews/rounds/:roundId/rubric", h.rubric, score)
	a.GET("/reviews", h.mine, score)
	a.GET("/reviews/:applNo/sheets", h.sheets, score)
	a.GET("/reviews/:applNo", h.assigned, score)
	a.PUT("/reviews/:applNo/sheet", h.saveDraft, score)
	a.POST("/reviews/:applNo/submit", h.submit, score)
}

// roundKey reads {roundId}: another school's round is, for a caller
// bound to a school, a round that does not exist (as another school's
// application is).
func roundKey(c *echo.Context) (application.RoundKey, error) {
	k, err := edge.ParseRoundID(c.Param("roundId"))
	if p := edge.Principal(c); err == nil && !p.Has(permission.RoleSysAdmin) && p.SchoolCode != "" && p.SchoolCode != k.SchoolCode {
		return application.RoundKey{}, apperr.NotFound(round.CodeNotFound)
	}
	return k, err
}

// ok answers v as JSON, never cached.
func ok(c *echo.Context, status int, v any) error {
	edge.NoStore(c)
	return c.JSON(status, v)
}

// page answers a react-admin list of rows already in order: the range
// asked (every row without one), with Content-Range and X-Total-Count.
func page[T any](c *echo.Context, resource string, lp edge.ListParams, rows []T) error {
	if rows == nil {
		rows = []T{}
	}
	off, n := 0, len(rows)
	if c.QueryParam("range") != "" {
		off = min(lp.Offset, len(rows))
		n = min(lp.Limit, len(rows)-off)
	}
	edge.ContentRange(c, resource, off, n, len(rows))
	c.Response().Header().Set("X-Total-Count", strconv.Itoa(len(rows)))
	c.Response().Header().Set("Access-Control-Expose-Headers", "Content-Range, X-Total-Count")
	return ok(c, http.StatusOK, rows[off:off+n])
}

// timeField reads an RFC 3339 time of a body; a bad one is the field's
// error with code.
func timeField(f *apperr.Fields, field, code, s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		f.Add(field, code)
	}
	return t
}

// optTime is an optional time as text.
func optTime(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := edge.TimeText(*t)
	return &s
}

// textDTO is a text in both languages.
type textDTO struct {
	Ko string `json:"ko"`
	En string `json:"en"`
}
