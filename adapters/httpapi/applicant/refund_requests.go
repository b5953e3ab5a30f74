package applicant

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/refundrequest"
)

// mountRefundRequests registers the applicant's refund requests (issue 18
// item 6, docs/api-money.md): the form, the request and the list, beside
// the other pay routes (the staff's pages are package money).
func (s *server) mountRefundRequests(g edge.Groups) {
	svc := s.deps.RefundRequests
	if svc == nil {
		return
	}
	h := &refundRequestHandlers{svc: svc}
	own := edge.Require(permission.ApplicationOwn)
	g.Authed.GET("/appl/pay/refund-request/:applNo", h.form, own)
	g.Authed.POST("/appl/pay/refund-request/:applNo", h.ask, own)
	g.Authed.GET("/pay/refund-requests", h.mine, own)
	g.Authed.GET("/pay/refund-requests/:requestId", h.mineOne, own)
}

type refundRequestHandlers struct{ svc *refundrequest.Service }

type askBody struct {
	Reason        string                 `json:"reason"`
	RefundAccount *edge.RefundAccountDTO `json:"refundAccount"`
}

// myRefundRequestDTO is a request as its applicant sees it: the staff's
// answer to them, never the internal note.
type myRefundRequestDTO struct {
	ID            int64                  `json:"id"`
	ApplNo        int64                  `json:"applNo"`
	PaymentID     string                 `json:"paymentId"`
	State         string                 `json:"state"`
	Reason        string                 `json:"reason"`
	RefundAccount *edge.RefundAccountDTO `json:"refundAccount"`
	CreatedAt     time.Time              `json:"createdAt"`
	DecidedAt     *time.Time             `json:"decidedAt"`
	Answer        string                 `json:"answer"`
	Refunded      edge.MoneyDTO          `json:"refunded"`
}

func toMyRefundRequest(r refundrequest.Request) myRefundRequestDTO {
	return myRefundRequestDTO{ID: r.ID(), ApplNo: r.ApplNo(), PaymentID: r.PaymentID(), State: string(r.State()), Reason: r.Reason(),
		RefundAccount: edge.ToRefundAccountDTO(r.Account()), CreatedAt: r.CreatedAt(), DecidedAt: edge.OptTime(r.DecidedAt()), Answer: r.Answer(),
		Refunded: edge.MoneyOf(r.Refunded())}
}

type refundFormDTO struct {
	ApplNo       int64                `json:"applNo"`
	ApplID       *string              `json:"applId"`
	Status       string               `json:"status"`
	School       edge.LabelDTO        `json:"school"`
	Round        edge.LabelDTO        `json:"round"`
	PaymentID    string               `json:"paymentId"`
	PayType      payment.PayType      `json:"payType"`
	Paid         edge.MoneyDTO        `json:"paid"`
	Remaining    edge.MoneyDTO        `json:"remaining"`
	PaidAt       time.Time            `json:"paidAt"`
	NeedsAccount bool                 `json:"needsAccount"`
	Rule         edge.LabelDTO        `json:"rule"`
	Open         *myRefundRequestDTO  `json:"open"`
	Requests     []myRefundRequestDTO `json:"requests"`
}

func (h *refundRequestHandlers) form(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	f, err := h.svc.Form(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	d := refundFormDTO{ApplNo: n, ApplID: edge.StrPtr(f.Header.ApplID), Status: string(f.Header.State.Effective()),
		School: edge.LabelDTO{Kor: f.Round.SchoolKorName, Eng: f.Round.SchoolEngName}, Round: edge.LabelDTO{Kor: f.Round.KorName, Eng: f.Round.EngName},
		PaymentID: f.Paid.PaymentID, PayType: f.Paid.PayType, Paid: edge.MoneyOf(f.Paid.Paid), Remaining: edge.MoneyOf(f.Paid.Remaining),
		PaidAt: f.Paid.PaidAt, NeedsAccount: f.Paid.NeedsAccount(), Rule: edge.LabelDTO{Kor: f.Rule.Ko, Eng: f.Rule.En},
		Requests: make([]myRefundRequestDTO, 0, len(f.Requests))}
	for _, r := range f.Requests {
		d.Requests = append(d.Requests, toMyRefundRequest(r))
	}
	if o := f.Open(); o != nil {
		x := toMyRefundRequest(*o)
		d.Open = &x
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, d)
}

func (h *refundRequestHandlers) ask(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in askBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	r, err := h.svc.Ask(c.Request().Context(), edge.Principal(c), n, refundrequest.AskInput{Reason: in.Reason, Account: in.RefundAccount.Core()})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toMyRefundRequest(r))
}

func (h *refundRequestHandlers) mine(c *echo.Context) error {
	list, err := h.svc.Mine(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	out := make([]myRefundRequestDTO, 0, len(list))
	for _, r := range list {
		out = append(out, toMyRefundRequest(r))
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}

func (h *refundRequestHandlers) mineOne(c *echo.Context) error {
	id, err := edge.PathID(c, "requestId", refundrequest.CodeNotFound)
	if err != nil {
		return err
	}
	r, err := h.svc.MineOne(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toMyRefundRequest(r))
}
