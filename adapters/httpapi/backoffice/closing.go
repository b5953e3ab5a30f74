package backoffice

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/round"
)

// mountClosing registers the closing staff's routes (issue 13, item 6;
// docs/api-backoffice.md "Closing a round"): every round with its close,
// closing one early, and a system admin's reopen.
func (s *server) mountClosing(g edge.Groups) {
	if s.deps.Rounds == nil {
		return
	}
	h := &closingHandlers{svc: s.deps.Rounds}
	g.Admin.GET("/round-closures", h.list, edge.Require(permission.RoundClose))
	g.Admin.POST("/round-closures/:roundId/close", h.close, edge.Require(permission.RoundClose))
	g.Admin.POST("/round-closures/:roundId/reopen", h.reopen, edge.Require(permission.RoundReopen))
}

type closingHandlers struct{ svc *round.Service }

type closureDTO struct {
	At     time.Time `json:"at"`
	By     string    `json:"by"`
	Reason string    `json:"reason"`
}

type closingRowDTO struct {
	roundSummaryDTO
	Closure *closureDTO `json:"closure"`
	// MayReopen tells the page whether the caller may reopen a closed round.
	MayReopen bool `json:"mayReopen"`
}

func toClosureDTO(c *application.Closure) *closureDTO {
	if c == nil {
		return nil
	}
	return &closureDTO{At: c.At, By: c.By, Reason: c.Reason}
}

func (h *closingHandlers) list(c *echo.Context) error {
	q, err := roundListQuery(c)
	if err != nil {
		return err
	}
	list, total, err := h.svc.ClosingList(c.Request().Context(), edge.Principal(c), q)
	if err != nil {
		return err
	}
	out := make([]closingRowDTO, len(list))
	mayReopen := permission.Can(edge.Principal(c), permission.RoundReopen, "")
	for i, r := range list {
		out[i] = closingRowDTO{roundSummaryDTO: toRoundSummaryDTO(r.Summary), Closure: toClosureDTO(r.Closure), MayReopen: mayReopen && r.Closure != nil}
	}
	edge.NoStore(c)
	edge.ContentRange(c, "round-closures", q.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

type closeIn struct {
	Reason string `json:"reason"`
}

// closeAct reads the round and the reason of a close or reopen.
func closeAct(c *echo.Context) (application.RoundKey, string, error) {
	k, err := edge.ParseRoundID(c.Param("roundId"))
	if err != nil {
		return k, "", err
	}
	var in closeIn
	err = edge.Bind(c, &in)
	return k, in.Reason, err
}

func (h *closingHandlers) close(c *echo.Context) error {
	k, reason, err := closeAct(c)
	if err != nil {
		return err
	}
	cl, err := h.svc.Close(c.Request().Context(), edge.Principal(c), k, reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"id": edge.RoundID(k), "closure": toClosureDTO(&cl)})
}

func (h *closingHandlers) reopen(c *echo.Context) error {
	k, reason, err := closeAct(c)
	if err != nil {
		return err
	}
	if err := h.svc.Reopen(c.Request().Context(), edge.Principal(c), k, reason); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"id": edge.RoundID(k), "closure": nil})
}
