package applicant

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/inquiry"
	"github.com/gradapply/gradapply/core/permission"
)

type inquiryHandlers struct{ svc *inquiry.Service }

// mountInquiry registers the member's side of the 1:1 inquiry board
// (issue 14 item 7): always their own inquiries, whatever the query says
// (the staff's side is package backoffice).
func (s *server) mountInquiry(g edge.Groups) {
	if s.deps.Inquiry == nil {
		return
	}
	h := &inquiryHandlers{svc: s.deps.Inquiry}
	u := g.Authed.Group("/inquiry/user", edge.Require(permission.InquiryOwn))
	u.GET("/list", h.mine)
	u.GET("/options", h.options)
	u.GET("/unread", h.unread)
	u.POST("", h.ask, middleware.BodyLimit(inquiry.FileItem.Limit("pdf")+edge.UploadOverhead))
	u.GET("/:inquiryNo", h.open)
	u.POST("/:inquiryNo/follow-up", h.followUp)
	u.POST("/:inquiryNo/close", h.close)
	u.GET("/:inquiryNo/file", InquiryFile(h.svc))
}

// InquiryNo reads {inquiryNo} (the input guard checked it).
func InquiryNo(c *echo.Context) int64 {
	n, _ := strconv.ParseInt(c.Param("inquiryNo"), 10, 64) // inputGuard checked it
	return n
}

type inquiryFileDTO struct {
	Name string `json:"name"`
	Size int64  `json:"size"`
	Path string `json:"path"`
}

type inquiryPostDTO struct {
	Staff  bool   `json:"staff"`
	Author string `json:"author,omitempty"` // staff see who wrote
	Body   string `json:"body"`
	At     string `json:"at"`
}

// InquiryDTO is an inquiry as its member and staff read it.
type InquiryDTO struct {
	ID         int64            `json:"id"`
	UserID     string           `json:"userId"`
	Type       string           `json:"type"`
	Title      string           `json:"title"`
	Body       string           `json:"body,omitempty"`
	SchoolCode string           `json:"schoolCode"`
	Status     string           `json:"status"`
	Unread     bool             `json:"unread"`
	CreatedAt  string           `json:"createdAt"`
	UpdatedAt  string           `json:"updatedAt"`
	Answers    int              `json:"answers"`
	File       *inquiryFileDTO  `json:"file"`
	Posts      []inquiryPostDTO `json:"posts,omitempty"`
}

// ToInquiry maps an inquiry; full adds the thread, staff the authors and
// the staff file path.
func ToInquiry(q inquiry.Inquiry, full, staff bool) InquiryDTO {
	d := InquiryDTO{ID: q.No, UserID: q.UserID, Type: string(q.Type), Title: q.Title, SchoolCode: q.SchoolCode,
		Status: string(q.Status), Unread: q.Unread, CreatedAt: edge.TimeStr(q.CreatedAt), UpdatedAt: edge.TimeStr(q.UpdatedAt)}
	for _, p := range q.Posts {
		if p.Staff {
			d.Answers++
		}
	}
	if q.File.Stored != "" {
		path := edge.InquiryAskPath + "/" + strconv.FormatInt(q.No, 10) + "/file"
		if staff {
			path = "/apply/api-auth/admin/inquiries/" + strconv.FormatInt(q.No, 10) + "/file"
		}
		d.File = &inquiryFileDTO{Name: q.File.Name, Size: q.File.Size, Path: path}
	}
	if !full {
		return d
	}
	d.Body, d.Posts = q.Body, []inquiryPostDTO{}
	for _, p := range q.Posts {
		x := inquiryPostDTO{Staff: p.Staff, Body: p.Body, At: edge.TimeStr(p.At)}
		if staff {
			x.Author = p.Author
		}
		d.Posts = append(d.Posts, x)
	}
	return d
}

func (h *inquiryHandlers) mine(c *echo.Context) error {
	var f apperr.Fields
	page, size := 1, 10
	if c.QueryParam("page") != "" {
		page = edge.IntQuery(c, &f, "page")
	}
	if c.QueryParam("size") != "" {
		size = edge.IntQuery(c, &f, "size")
	}
	if page < 1 || size < 1 || size > 100 {
		f.Add("page", "list.range_invalid")
	}
	if err := f.Err(); err != nil {
		return err
	}
	list, total, err := h.svc.Mine(c.Request().Context(), edge.Principal(c), (page-1)*size, size)
	if err != nil {
		return err
	}
	out := make([]InquiryDTO, len(list))
	for i, q := range list {
		out[i] = ToInquiry(q, false, false)
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]any{"list": out, "total": total, "page": page, "size": size})
}

type schoolChoiceDTO struct {
	SchoolCode string `json:"schoolCode"`
	KorName    string `json:"korName"`
	EngName    string `json:"engName"`
	Applied    bool   `json:"applied"`
}

func (h *inquiryHandlers) options(c *echo.Context) error {
	o, err := h.svc.Options(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	types := make([]string, len(o.Types))
	for i, t := range o.Types {
		types[i] = string(t)
	}
	schools := make([]schoolChoiceDTO, len(o.Schools))
	for i, s := range o.Schools {
		schools[i] = schoolChoiceDTO{SchoolCode: s.SchoolCode, KorName: s.KorName, EngName: s.EngName, Applied: s.Applied}
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]any{"types": types, "schools": schools})
}

func (h *inquiryHandlers) unread(c *echo.Context) error {
	n, err := h.svc.Unread(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]int{"count": n})
}

type inquiryDraftDTO struct {
	Type       string `json:"type"`
	Title      string `json:"title"`
	Body       string `json:"body"`
	SchoolCode string `json:"schoolCode"`
}

func (d inquiryDraftDTO) draft() inquiry.Draft {
	return inquiry.Draft{Type: d.Type, Title: d.Title, Body: d.Body, SchoolCode: d.SchoolCode}
}

// ask saves a new inquiry: a JSON body, or a multipart form whose
// "request" part (JSON) comes before an optional "file" part. The form is
// checked before a byte of the file is read.
func (h *inquiryHandlers) ask(c *echo.Context) error {
	ctx, p := c.Request().Context(), edge.Principal(c)
	created := func(q inquiry.Inquiry, err error) error {
		if err != nil {
			return edge.UploadErr(err)
		}
		return c.JSON(http.StatusCreated, ToInquiry(q, true, false))
	}
	if !strings.HasPrefix(c.Request().Header.Get(echo.HeaderContentType), echo.MIMEMultipartForm) {
		var d inquiryDraftDTO
		if err := edge.Bind(c, &d); err != nil {
			return err
		}
		return created(h.svc.Ask(ctx, p, d.draft(), "", nil))
	}
	var d *inquiryDraftDTO
	return edge.Upload{
		Request: func() any { d = &inquiryDraftDTO{}; return d },
		Checked: func() error { return h.svc.Check(ctx, p, d.draft()) },
		File: func(part *multipart.Part) error {
			name := edge.PartName(part)
			if err := edge.FileName(name); err != nil {
				return err
			}
			return created(h.svc.Ask(ctx, p, d.draft(), name, part))
		},
		End: func() error {
			if d == nil {
				return edge.Malformed(errors.New("no request part"))
			}
			return created(h.svc.Ask(ctx, p, d.draft(), "", nil))
		},
	}.Read(c)
}

func (h *inquiryHandlers) open(c *echo.Context) error {
	q, err := h.svc.Open(c.Request().Context(), edge.Principal(c), InquiryNo(c))
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, ToInquiry(q, true, false))
}

// InquiryTextDTO is a follow-up or an answer.
type InquiryTextDTO struct {
	Body string `json:"body"`
}

func (h *inquiryHandlers) followUp(c *echo.Context) error {
	var d InquiryTextDTO
	if err := edge.Bind(c, &d); err != nil {
		return err
	}
	q, err := h.svc.FollowUp(c.Request().Context(), edge.Principal(c), InquiryNo(c), d.Body)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, ToInquiry(q, true, false))
}

func (h *inquiryHandlers) close(c *echo.Context) error {
	q, err := h.svc.Close(c.Request().Context(), edge.Principal(c), InquiryNo(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, ToInquiry(q, true, false))
}

// InquiryFile sends an attachment to its member or to staff of its school.
func InquiryFile(svc *inquiry.Service) echo.HandlerFunc {
	return func(c *echo.Context) error {
		f, rc, err := svc.File(c.Request().Context(), edge.Principal(c), InquiryNo(c))
		if err != nil {
			return err
		}
		defer rc.Close()
		ct := "application/octet-stream"
		if strings.HasSuffix(strings.ToLower(f.Name), ".pdf") {
			ct = "application/pdf"
		}
		edge.Attachment(c, f.Name, ct)
		c.Response().WriteHeader(http.StatusOK)
		_, err = io.Copy(c.Response(), rc)
		return err
	}
}
