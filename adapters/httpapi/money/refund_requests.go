package money

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/refundrequest"
)

// mountRefundRequests registers the staff's pages of the applicants' refund
// requests (issue 18 item 6, docs/api-money.md) on the admin group with
// the permission of the staff refund (pay/cancel); the applicant's side is
// package applicant.
func (s *server) mountRefundRequests(g edge.Groups) {
	svc := s.deps.RefundRequests
	if svc == nil {
		return
	}
	h := &refundRequestHandlers{svc: svc}
	refund := edge.Require(permission.PayCancel)
	g.Admin.GET("/pay/refund-requests", h.list, refund)
	g.Admin.GET("/pay/refund-requests/:requestId", h.open, refund)
	g.Admin.POST("/pay/refund-requests/:requestId/approve", h.approve, refund)
	g.Admin.POST("/pay/refund-requests/:requestId/deny", h.deny, refund)
	g.Admin.GET("/pay/refund-rules", h.rules, refund)
	g.Admin.GET("/pay/refund-rules/:schoolCode", h.rule, refund)
	g.Admin.PUT("/pay/refund-rules/:schoolCode", h.putRule, refund)
}

type refundRequestHandlers struct{ svc *refundrequest.Service }

// ---- request and answer bodies ----

type approveBody struct {
	CancelType string `json:"cancelType"`
	Amount     string `json:"amount"`
	Reason     string `json:"reason"`
	Note       string `json:"note"`
}

type denyBody struct {
	Reason string `json:"reason"`
	Note   string `json:"note"`
}

type ruleBody struct {
	Ko string `json:"ko"`
	En string `json:"en"`
}

// staffRefundRequestDTO is a request on the staff pages; the refund
// account only on the page of one request (its read is audited).
type staffRefundRequestDTO struct {
	ID               int64                  `json:"id"`
	ApplNo           int64                  `json:"applNo"`
	ApplID           string                 `json:"applId"`
	ApplicantName    string                 `json:"applicantName"`
	UserID           string                 `json:"userId"`
	SchoolCode       string                 `json:"schoolCode"`
	EnterYear        int                    `json:"enterYear"`
	RecruitPartSeq   int                    `json:"recruitPartSeq"`
	AppStatus        string                 `json:"appStatus"`
	PaymentID        string                 `json:"paymentId"`
	PayType          payment.PayType        `json:"payType"`
	Provider         payment.Provider       `json:"provider"`
	Paid             edge.MoneyDTO          `json:"paid"`
	PaidAt           time.Time              `json:"paidAt"`
	RefundedSoFar    edge.MoneyDTO          `json:"refundedSoFar"`
	Remaining        edge.MoneyDTO          `json:"remaining"`
	NeedsAccount     bool                   `json:"needsAccount"`
	State            string                 `json:"state"`
	Reason           string                 `json:"reason"`
	RefundAccount    *edge.RefundAccountDTO `json:"refundAccount,omitempty"`
	CreatedAt        time.Time              `json:"createdAt"`
	DaysSincePaid    int                    `json:"daysSincePaid"`
	WithinWithdrawal bool                   `json:"withinWithdrawal"`
	DecidedAt        *time.Time             `json:"decidedAt"`
	DecidedBy        string                 `json:"decidedBy"`
	Answer           string                 `json:"answer"`
	Note             string                 `json:"note"`
	Refunded         edge.MoneyDTO          `json:"refunded"`
	CancelID         string                 `json:"cancelId"`
}

func toStaffRefundRequest(it refundrequest.Item, withAccount bool) staffRefundRequestDTO {
	p := it.Paid()
	d := staffRefundRequestDTO{ID: it.ID(), ApplNo: it.ApplNo(), ApplID: it.ApplID, ApplicantName: it.ApplicantName, UserID: it.UserID(),
		SchoolCode: it.SchoolCode(), EnterYear: it.Round.EnterYear, RecruitPartSeq: it.Round.RecruitPartSeq, AppStatus: string(it.AppStatus),
		PaymentID: it.PaymentID(), PayType: p.PayType, Provider: p.Provider, Paid: edge.MoneyOf(p.Paid), PaidAt: p.PaidAt,
		RefundedSoFar: edge.MoneyOf(it.RefundedSoFar), Remaining: edge.MoneyOf(it.Remaining), NeedsAccount: p.NeedsAccount(),
		State: string(it.State()), Reason: it.Reason(), CreatedAt: it.CreatedAt(), DaysSincePaid: it.DaysSincePaid(),
		WithinWithdrawal: it.WithinWithdrawal(), DecidedAt: edge.OptTime(it.DecidedAt()), DecidedBy: it.DecidedBy(), Answer: it.Answer(),
		Note: it.Note(), Refunded: edge.MoneyOf(it.Refunded()), CancelID: it.CancelID()}
	if withAccount {
		d.RefundAccount = edge.ToRefundAccountDTO(it.Account())
	}
	return d
}

type refundRuleDTO struct {
	ID        string        `json:"id"` // the school code (react-admin's record id)
	School    edge.LabelDTO `json:"school"`
	Ko        string        `json:"ko"`
	En        string        `json:"en"`
	UpdatedBy string        `json:"updatedBy"`
	UpdatedAt *time.Time    `json:"updatedAt"`
}

func toRefundRule(sr refundrequest.SchoolRule) refundRuleDTO {
	return refundRuleDTO{ID: sr.School.SchoolCode, School: edge.LabelDTO{Kor: sr.School.KorName, Eng: sr.School.EngName}, Ko: sr.Rule.Ko, En: sr.Rule.En,
		UpdatedBy: sr.Rule.UpdatedBy, UpdatedAt: edge.OptTime(sr.Rule.UpdatedAt)}
}

// ---- the applicant ----

// ---- staff ----

func (h *refundRequestHandlers) list(c *echo.Context) error {
	lp, err := edge.ParseList(c, []string{"createdAt"}, []string{"state", "schoolCode", "applNo", "paymentId", "userId"})
	if err != nil {
		return err
	}
	var f apperr.Fields
	q := refundrequest.Query{School: lp.Filter["schoolCode"], PaymentID: lp.Filter["paymentId"], UserID: lp.Filter["userId"],
		Oldest: lp.Sort == "createdAt" && !lp.Desc, Offset: lp.Offset, Limit: lp.Limit}
	if v := lp.Filter["state"]; v != "" {
		if q.State, err = refundrequest.ParseState(v); err != nil {
			f.Add("state", refundrequest.CodeStateUnknown)
		}
	}
	if v := lp.Filter["applNo"]; v != "" {
		if q.ApplNo, err = strconv.ParseInt(v, 10, 64); err != nil {
			f.Add("applNo", "list.filter_invalid")
		}
	}
	if err := f.Err(); err != nil {
		return err
	}
	list, total, err := h.svc.List(c.Request().Context(), edge.Principal(c), q)
	if err != nil {
		return err
	}
	out := make([]staffRefundRequestDTO, 0, len(list))
	for _, it := range list {
		out = append(out, toStaffRefundRequest(it, false))
	}
	edge.NoStore(c)
	edge.ContentRange(c, "pay/refund-requests", lp.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

func (h *refundRequestHandlers) open(c *echo.Context) error {
	id, err := edge.PathID(c, "requestId", refundrequest.CodeNotFound)
	if err != nil {
		return err
	}
	it, err := h.svc.Open(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toStaffRefundRequest(it, true))
}

// answered shows the request after an answer, as its page does.
func (h *refundRequestHandlers) answered(c *echo.Context, id int64) error {
	it, err := h.svc.Open(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toStaffRefundRequest(it, true))
}

func (h *refundRequestHandlers) approve(c *echo.Context) error {
	id, err := edge.PathID(c, "requestId", refundrequest.CodeNotFound)
	if err != nil {
		return err
	}
	var in approveBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if _, err := h.svc.Approve(c.Request().Context(), edge.Principal(c), id, refundrequest.ApproveInput{Type: in.CancelType, Amount: in.Amount,
		Reason: in.Reason, Note: in.Note}); err != nil {
		return err
	}
	return h.answered(c, id)
}

func (h *refundRequestHandlers) deny(c *echo.Context) error {
	id, err := edge.PathID(c, "requestId", refundrequest.CodeNotFound)
	if err != nil {
		return err
	}
	var in denyBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if _, err := h.svc.Deny(c.Request().Context(), edge.Principal(c), id, in.Reason, in.Note); err != nil {
		return err
	}
	return h.answered(c, id)
}

func (h *refundRequestHandlers) rules(c *echo.Context) error {
	lp, err := edge.ParseList(c, []string{"id"}, nil)
	if err != nil {
		return err
	}
	list, err := h.svc.Rules(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	total := len(list)
	out := []refundRuleDTO{}
	for _, sr := range list[min(lp.Offset, total):min(lp.Offset+lp.Limit, total)] {
		out = append(out, toRefundRule(sr))
	}
	edge.NoStore(c)
	edge.ContentRange(c, "pay/refund-rules", lp.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

func (h *refundRequestHandlers) ruleOf(c *echo.Context, school string) error {
	list, err := h.svc.Rules(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	for _, sr := range list {
		if sr.School.SchoolCode == school {
			edge.NoStore(c)
			return c.JSON(http.StatusOK, toRefundRule(sr))
		}
	}
	return apperr.NotFound(refundrequest.CodeSchoolUnknown)
}

func (h *refundRequestHandlers) rule(c *echo.Context) error {
	return h.ruleOf(c, c.Param("schoolCode"))
}

func (h *refundRequestHandlers) putRule(c *echo.Context) error {
	var in ruleBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if _, err := h.svc.PutRule(c.Request().Context(), edge.Principal(c), c.Param("schoolCode"), in.Ko, in.En); err != nil {
		return err
	}
	return h.ruleOf(c, c.Param("schoolCode"))
}
