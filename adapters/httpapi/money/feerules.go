package money

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/permission"
)

// mountFeeRules registers the settlement fee rules (issue 18,
// docs/api-money.md "Fee rules") on /apply/api-auth/admin: system admins
// only; every change is audited by the service.
func (s *server) mountFeeRules(g edge.Groups) {
	svc := s.deps.FeeRules
	if svc == nil {
		return
	}
	h := &feeRuleHandlers{svc: svc}
	m := edge.Require(permission.FeeRuleManage)
	g.Admin.GET("/fee-rules", h.list, m)
	g.Admin.POST("/fee-rules", h.create, m)
	g.Admin.GET("/fee-rules/:ruleId", h.get, m)
	g.Admin.PUT("/fee-rules/:ruleId", h.update, m)
	g.Admin.DELETE("/fee-rules/:ruleId", h.remove, m)
}

type feeRuleHandlers struct{ svc *feeschedule.Service }

// feeRuleRequest is a rule as the admin form sends it: the percentage and
// the fixed part as decimal text ("2.5", "0.30"), the fixed part in the
// method's currency. schoolCode is read on create only.
type feeRuleRequest struct {
	SchoolCode    string `json:"schoolCode"`
	Method        string `json:"method"`
	EffectiveFrom string `json:"effectiveFrom"`
	Rate          string `json:"rate"`
	Fixed         string `json:"fixed"`
}

func (r feeRuleRequest) draft() feeschedule.Draft {
	return feeschedule.Draft{Method: r.Method, EffectiveFrom: r.EffectiveFrom, Rate: r.Rate, Fixed: r.Fixed}
}

// feeRuleResponse is one rule: the form's fields again (rate, fixed as
// text) beside the stored values (basis points, money).
type feeRuleResponse struct {
	ID            string        `json:"id"`
	SchoolCode    string        `json:"schoolCode"`
	No            int           `json:"no"`
	Method        string        `json:"method"`
	Contract      string        `json:"contract"`
	EffectiveFrom string        `json:"effectiveFrom"`
	RateBp        int64         `json:"rateBp"`
	Rate          string        `json:"rate"`
	Fixed         string        `json:"fixed"`
	FixedMoney    edge.MoneyDTO `json:"fixedMoney"`
}

func toFeeRuleResponse(r feeschedule.SchoolRule) feeRuleResponse {
	return feeRuleResponse{ID: r.ID(), SchoolCode: r.School, No: r.No(), Method: string(r.Method()), Contract: string(r.Method().Contract()),
		EffectiveFrom: r.Date(), RateBp: r.RateBP(), Rate: feeschedule.Percent(r.RateBP()), Fixed: r.Fixed().Decimal(),
		FixedMoney: edge.MoneyOf(r.Fixed())}
}

func (h *feeRuleHandlers) list(c *echo.Context) error {
	// Rules come by school, method and day; the sort react-admin sends is accepted and changes nothing.
	lp, err := edge.ParseList(c, []string{"id", "effectiveFrom"}, []string{"schoolCode"})
	if err != nil {
		return err
	}
	list, err := h.svc.Rules(c.Request().Context(), edge.Principal(c), lp.Filter["schoolCode"])
	if err != nil {
		return err
	}
	total := len(list)
	lo := min(lp.Offset, total)
	hi := total
	if lp.Limit > 0 {
		hi = min(lo+lp.Limit, total)
	}
	out := make([]feeRuleResponse, 0, hi-lo)
	for _, r := range list[lo:hi] {
		out = append(out, toFeeRuleResponse(r))
	}
	edge.NoStore(c)
	edge.ContentRange(c, "fee-rules", lo, len(out), total)
	return c.JSON(http.StatusOK, out)
}

func (h *feeRuleHandlers) get(c *echo.Context) error {
	r, err := h.svc.Rule(c.Request().Context(), edge.Principal(c), c.Param("ruleId"))
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toFeeRuleResponse(r))
}

func (h *feeRuleHandlers) create(c *echo.Context) error {
	var in feeRuleRequest
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	r, err := h.svc.Add(c.Request().Context(), edge.Principal(c), in.SchoolCode, in.draft())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toFeeRuleResponse(r))
}

func (h *feeRuleHandlers) update(c *echo.Context) error {
	var in feeRuleRequest
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	r, err := h.svc.Change(c.Request().Context(), edge.Principal(c), c.Param("ruleId"), in.draft())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toFeeRuleResponse(r))
}

func (h *feeRuleHandlers) remove(c *echo.Context) error {
	r, err := h.svc.Remove(c.Request().Context(), edge.Principal(c), c.Param("ruleId"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toFeeRuleResponse(r))
}
