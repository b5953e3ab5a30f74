package officers

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/notice"
	"github.com/gradapply/gradapply/core/permission"
)

// mountNotices registers notices (staff; the school page; the applicant)
// and bulk mail (staff).
func (h *handlers) mountNotices(g edge.Groups) {
	n, m := edge.Require(permission.NoticeManage), edge.Require(permission.BulkMail)
	a := g.Admin
	a.GET("/notices", h.notices, n)
	a.POST("/notices", h.publish, n)
	a.GET("/notices/:noticeId", h.notice, n)
	a.PUT("/notices/:noticeId", h.editNotice, n)
	a.DELETE("/notices/:noticeId", h.removeNotice, n)
	g.Public.GET("/notices", h.schoolNotices)
	g.Authed.GET("/notices/mine", h.myNotices, edge.Require(permission.ApplicationOwn))

	a.GET("/eval-rounds/:roundId/bulk-mails", h.mails, m)
	a.POST("/eval-rounds/:roundId/bulk-mails", h.compose, m)
	a.GET("/bulk-mails/:mailId", h.mail, m)
	a.PUT("/bulk-mails/:mailId", h.editMail, m)
	a.GET("/bulk-mails/:mailId/preview", h.preview, m)
	a.POST("/bulk-mails/:mailId/send", h.send, m)
}

type noticeDTO struct {
	ID         int64   `json:"id"`
	SchoolCode *string `json:"schoolCode"`
	RoundID    *string `json:"roundId"`
	Title      textDTO `json:"title"`
	Body       textDTO `json:"body"`
	Starts     string  `json:"starts"`
	Ends       string  `json:"ends"`
	CreatedBy  string  `json:"createdBy,omitempty"`
	CreatedAt  string  `json:"createdAt"`
	UpdatedAt  string  `json:"updatedAt"`
}

func toNotice(n notice.Notice) noticeDTO {
	c := n.Content()
	out := noticeDTO{ID: n.ID(), SchoolCode: edge.StrPtr(c.School), Title: textDTO{Ko: c.Title.Ko, En: c.Title.En},
		Body: textDTO{Ko: c.Body.Ko, En: c.Body.En}, Starts: edge.TimeText(c.Starts), Ends: edge.TimeText(c.Ends),
		CreatedBy: n.CreatedBy(), CreatedAt: edge.TimeText(n.CreatedAt()), UpdatedAt: edge.TimeText(n.UpdatedAt())}
	if c.Round != nil {
		out.RoundID = edge.StrPtr(edge.RoundID(*c.Round))
	}
	return out
}

// publicNotice is a notice as applicants and visitors read it (no staff id).
func publicNotice(n notice.Notice) noticeDTO {
	d := toNotice(n)
	d.CreatedBy = ""
	return d
}

type noticeBody struct {
	SchoolCode string  `json:"schoolCode"`
	RoundID    string  `json:"roundId"`
	Title      textDTO `json:"title"`
	Body       textDTO `json:"body"`
	Starts     string  `json:"starts"`
	Ends       string  `json:"ends"`
}

// content reads a notice's body: times in RFC 3339, the round by its id.
func (b noticeBody) content() (notice.Content, error) {
	var f apperr.Fields
	c := notice.Content{School: strings.TrimSpace(b.SchoolCode), Title: notice.Text{Ko: b.Title.Ko, En: b.Title.En},
		Body: notice.Text{Ko: b.Body.Ko, En: b.Body.En}}
	c.Starts = timeField(&f, "starts", notice.CodePeriod, b.Starts)
	c.Ends = timeField(&f, "ends", notice.CodePeriod, b.Ends)
	if b.RoundID != "" {
		k, err := edge.ParseRoundID(b.RoundID)
		if err != nil {
			f.Add("roundId", notice.CodeRoundSchool)
		}
		c.Round = &k
	}
	return c, f.Err()
}

func noticeID(c *echo.Context) (int64, error) { return edge.PathID(c, "noticeId", notice.CodeNotFound) }

// notices lists the notices the caller manages (a school admin: its
// school's), newest first as the store answers them.
func (h *handlers) notices(c *echo.Context) error {
	lp, err := edge.ParseList(c, []string{"id"}, nil)
	if err != nil {
		return err
	}
	list, err := h.d.Notices.StaffList(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	return page(c, "notices", lp, edge.MapList(list, toNotice))
}

// notice is one notice of the staff's list (react-admin's getOne).
func (h *handlers) notice(c *echo.Context) error {
	id, err := noticeID(c)
	if err != nil {
		return err
	}
	list, err := h.d.Notices.StaffList(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	for _, n := range list {
		if n.ID() == id {
			return ok(c, http.StatusOK, toNotice(n))
		}
	}
	return apperr.NotFound(notice.CodeNotFound)
}

func (h *handlers) publish(c *echo.Context) error {
	var in noticeBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	ct, err := in.content()
	if err != nil {
		return err
	}
	n, err := h.d.Notices.Publish(c.Request().Context(), edge.Principal(c), ct)
	if err != nil {
		return err
	}
	return ok(c, http.StatusCreated, toNotice(n))
}

func (h *handlers) editNotice(c *echo.Context) error {
	id, err := noticeID(c)
	if err != nil {
		return err
	}
	var in noticeBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	ct, err := in.content()
	if err != nil {
		return err
	}
	n, err := h.d.Notices.Edit(c.Request().Context(), edge.Principal(c), id, ct)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, toNotice(n))
}

func (h *handlers) removeNotice(c *echo.Context) error {
	id, err := noticeID(c)
	if err != nil {
		return err
	}
	if err := h.d.Notices.Remove(c.Request().Context(), edge.Principal(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// schoolNotices are what a school's public page shows now.
func (h *handlers) schoolNotices(c *echo.Context) error {
	school := strings.TrimSpace(c.QueryParam("schoolCode"))
	if school == "" {
		return apperr.Fields{{Field: "schoolCode", Code: form.CodeRequired}}.Err()
	}
	list, err := h.d.Notices.SchoolPage(c.Request().Context(), school)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, edge.MapList(list, publicNotice))
}

// myNotices are the notices a signed-in applicant sees now.
func (h *handlers) myNotices(c *echo.Context) error {
	list, err := h.d.Notices.Mine(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, edge.MapList(list, publicNotice))
}

type filterDTO struct {
	Status   string `json:"status"`
	Decision string `json:"decision"`
}

type bulkMailDTO struct {
	ID        int64     `json:"id"`
	RoundID   string    `json:"roundId"`
	Filter    filterDTO `json:"filter"`
	Subject   textDTO   `json:"subject"`
	Body      textDTO   `json:"body"`
	State     string    `json:"state"`
	CreatedBy string    `json:"createdBy"`
	CreatedAt string    `json:"createdAt"`
	SentBy    string    `json:"sentBy"`
	SentAt    *string   `json:"sentAt"`
	DoneAt    *string   `json:"doneAt"`
}

func toMail(m notice.BulkMail) bulkMailDTO {
	l := m.Letter()
	return bulkMailDTO{ID: m.ID(), RoundID: edge.RoundID(m.Round()), Filter: filterDTO{Status: string(l.Filter.Status), Decision: string(l.Filter.Decision)},
		Subject: textDTO{Ko: l.Subject.Ko, En: l.Subject.En}, Body: textDTO{Ko: l.Body.Ko, En: l.Body.En}, State: string(m.State()),
		CreatedBy: m.CreatedBy(), CreatedAt: edge.TimeText(m.CreatedAt()), SentBy: m.SentBy(), SentAt: optTime(m.SentAt()), DoneAt: optTime(m.DoneAt())}
}

type letterBody struct {
	Filter  filterDTO `json:"filter"`
	Subject textDTO   `json:"subject"`
	Body    textDTO   `json:"body"`
}

func (b letterBody) letter() notice.Letter {
	return notice.Letter{Filter: notice.Filter{Status: application.Status(b.Filter.Status), Decision: decision.Kind(b.Filter.Decision)},
		Subject: notice.Text{Ko: b.Subject.Ko, En: b.Subject.En}, Body: notice.Text{Ko: b.Body.Ko, En: b.Body.En}}
}

func mailID(c *echo.Context) (int64, error) { return edge.PathID(c, "mailId", notice.CodeMailNotFound) }

func (h *handlers) mails(c *echo.Context) error {
	k, err := roundKey(c)
	if err != nil {
		return err
	}
	lp, err := edge.ParseList(c, []string{"id"}, nil)
	if err != nil {
		return err
	}
	list, err := h.d.Notices.MailsOf(c.Request().Context(), edge.Principal(c), k)
	if err != nil {
		return err
	}
	return page(c, "bulk-mails", lp, edge.MapList(list, toMail))
}

func (h *handlers) compose(c *echo.Context) error {
	k, err := roundKey(c)
	if err != nil {
		return err
	}
	var in letterBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	m, err := h.d.Notices.Compose(c.Request().Context(), edge.Principal(c), k, in.letter())
	if err != nil {
		return err
	}
	return ok(c, http.StatusCreated, toMail(m))
}

func (h *handlers) editMail(c *echo.Context) error {
	id, err := mailID(c)
	if err != nil {
		return err
	}
	var in letterBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	m, err := h.d.Notices.EditMail(c.Request().Context(), edge.Principal(c), id, in.letter())
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, toMail(m))
}

type mailProgressDTO struct {
	bulkMailDTO
	Recipients int `json:"recipients"`
	Sent       int `json:"sent"`
}

// mail is one mail with its progress (recipients fixed at sending, mails
// queued).
func (h *handlers) mail(c *echo.Context) error {
	id, err := mailID(c)
	if err != nil {
		return err
	}
	m, p, err := h.d.Notices.ProgressOf(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, mailProgressDTO{bulkMailDTO: toMail(m), Recipients: p.Total, Sent: p.Sent})
}

type renderedDTO struct {
	Subject string `json:"subject"`
	Text    string `json:"text"`
	HTML    string `json:"html"`
}

type previewDTO struct {
	Ko         renderedDTO `json:"ko"`
	En         renderedDTO `json:"en"`
	Recipients int         `json:"recipients"`
}

func rendered(m mailmsg.BulkMail, lang string) (renderedDTO, error) {
	r, err := mailer.Render(m, lang)
	return renderedDTO{Subject: r.Subject, Text: r.Text, HTML: r.HTML}, err
}

// preview is the mail as its recipients will read it, ko and en, and how
// many it would reach now.
func (h *handlers) preview(c *echo.Context) error {
	id, err := mailID(c)
	if err != nil {
		return err
	}
	p, err := h.d.Notices.PreviewMail(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	out := previewDTO{Recipients: p.Recipients}
	if out.Ko, err = rendered(p.Ko, "ko"); err != nil {
		return err
	}
	if out.En, err = rendered(p.En, "en"); err != nil {
		return err
	}
	return ok(c, http.StatusOK, out)
}

func (h *handlers) send(c *echo.Context) error {
	id, err := mailID(c)
	if err != nil {
		return err
	}
	m, n, err := h.d.Notices.Send(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, mailProgressDTO{bulkMailDTO: toMail(m), Recipients: n})
}
