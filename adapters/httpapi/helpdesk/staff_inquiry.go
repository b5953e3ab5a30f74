package helpdesk

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/applicant"
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/inquiry"
	"github.com/gradapply/gradapply/core/permission"
)

// inquiryHandlers serve the staff's side of the 1:1 inquiry board (issue
// 14 item 7) under /admin/inquiries; the member's side, and the inquiry's
// response type, are package applicant.
type inquiryHandlers struct{ svc *inquiry.Service }

func (s *server) mountInquiry(g edge.Groups) {
	if s.deps.Inquiry == nil {
		return
	}
	h := &inquiryHandlers{svc: s.deps.Inquiry}
	st := g.Admin.Group("/inquiries", edge.Require(permission.InquiryManage))
	st.GET("", h.list)
	st.GET("/:inquiryNo", h.get)
	st.POST("/:inquiryNo/answer", h.answer)
	st.PUT("/:inquiryNo/status", h.status)
	st.GET("/:inquiryNo/file", applicant.InquiryFile(h.svc))
}

var inquiryFilters = []string{"q", "status", "type", "schoolCode", "from", "to"}

func (h *inquiryHandlers) list(c *echo.Context) error {
	// Inquiries are numbered as they come: by number is by time.
	lp, err := edge.ParseList(c, []string{"id", "createdAt"}, inquiryFilters)
	if err != nil {
		return err
	}
	var f apperr.Fields
	q := inquiry.Query{Oldest: lp.Sort != "" && !lp.Desc, SchoolCode: lp.Filter["schoolCode"], Text: strings.TrimSpace(lp.Filter["q"]),
		From: edge.ParseDay(&f, "from", lp.Filter["from"], false), To: edge.ParseDay(&f, "to", lp.Filter["to"], true), Offset: lp.Offset, Limit: lp.Limit}
	if v := lp.Filter["status"]; v != "" {
		st, ok := inquiry.ParseStatus(v)
		if !ok {
			f.Add("status", inquiry.CodeStatus)
		}
		q.Status = st
	}
	if v := lp.Filter["type"]; v != "" {
		t, ok := inquiry.ParseType(v)
		if !ok {
			f.Add("type", inquiry.CodeType)
		}
		q.Type = t
	}
	if err := f.Err(); err != nil {
		return err
	}
	list, total, err := h.svc.List(c.Request().Context(), edge.Principal(c), q)
	if err != nil {
		return err
	}
	out := make([]applicant.InquiryDTO, len(list))
	for i, x := range list {
		out[i] = applicant.ToInquiry(x, false, true)
	}
	edge.ContentRange(c, "inquiries", lp.Offset, len(out), total)
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}

func (h *inquiryHandlers) get(c *echo.Context) error {
	q, err := h.svc.Get(c.Request().Context(), edge.Principal(c), applicant.InquiryNo(c))
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, applicant.ToInquiry(q, true, true))
}

func (h *inquiryHandlers) answer(c *echo.Context) error {
	var d applicant.InquiryTextDTO
	if err := edge.Bind(c, &d); err != nil {
		return err
	}
	q, err := h.svc.Answer(c.Request().Context(), edge.Principal(c), applicant.InquiryNo(c), d.Body)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, applicant.ToInquiry(q, true, true))
}

// status closes an inquiry ({"status":"closed"}: the only change staff
// make by hand; answering sets "answered").
func (h *inquiryHandlers) status(c *echo.Context) error {
	var d struct {
		Status string `json:"status"`
	}
	if err := edge.Bind(c, &d); err != nil {
		return err
	}
	q, err := h.svc.SetStatus(c.Request().Context(), edge.Principal(c), applicant.InquiryNo(c), d.Status)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, applicant.ToInquiry(q, true, true))
}
