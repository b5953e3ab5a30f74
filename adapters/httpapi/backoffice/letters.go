package backoffice

import (
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/adapters/httpapi/recommender"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/recommendation"
)

// letterHandlers serve the staff's side of the recommendation letters
// (issue 11, docs/api-recommend.md): an application's letters and files,
// a support cancel, and the rounds' templates. The applicant's requests
// and the recommender's pages are package recommender.
type letterHandlers struct{ svc *recommendation.Service }

func (s *server) mountLetters(g edge.Groups) {
	if s.deps.Recommend == nil {
		return
	}
	h := &letterHandlers{svc: s.deps.Recommend}
	st := g.Admin.Group("/recommend")
	// The role is checked before any input is read (403 for a wrong role);
	// core checks it again with the application's or round's school.
	st.GET("/letters/:applNo", h.letters, edge.Require(permission.RecommendRead))
	st.GET("/file/:reqNo", h.file, edge.Require(permission.RecommendRead))
	st.GET("/template", h.template, edge.Require(permission.RecommendTemplate))
	st.PUT("/template", h.saveTemplate, edge.Require(permission.RecommendTemplate))
	st.POST("/cancel/:reqNo", h.supportCancel, edge.Require(permission.RecommendCancel))
}

type letterDTO struct {
	recommender.RequestDTO
	OpenedAt    *string `json:"openedAt"`
	SavedAt     *string `json:"savedAt"`
	HasPDF      bool    `json:"hasPdf"`
	FileName    string  `json:"fileName"`
	PDFPath     string  `json:"pdfPath,omitempty"`
	FilePath    string  `json:"filePath,omitempty"`
	SignedName  string  `json:"signedName"`
	Institution string  `json:"signedInstitution"`
}

func (h *letterHandlers) letters(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	list, err := h.svc.Letters(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	out := []letterDTO{}
	for _, r := range list {
		// Staff see the request as its applicant does, less what only the
		// applicant may do.
		v := r.ApplicantView()
		v.Cancellable, v.EmailEditable = false, false
		d := letterDTO{RequestDTO: recommender.ToRequest(v), OpenedAt: recommender.TimePtr(r.OpenedAt()), SavedAt: recommender.TimePtr(r.SavedAt()),
			HasPDF: r.PDFStored() != "", FileName: r.FileName(), SignedName: r.Profile().Name, Institution: r.Profile().Institution}
		base := "/apply/api-auth/admin/recommend/file/" + strconv.FormatInt(r.No(), 10)
		if r.Status() == recommendation.Completed && r.PDFStored() != "" {
			d.PDFPath = base + "?kind=pdf"
		}
		if r.Status() == recommendation.Completed && r.FileStored() != "" {
			d.FilePath = base + "?kind=file"
		}
		out = append(out, d)
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]any{"applNo": n, "list": out})
}

// supportCancel cancels a request past the applicant's own cancel (opened
// or being written), with a reason: service support only.
func (h *letterHandlers) supportCancel(c *echo.Context) error {
	no, err := recommender.ReqNo(c)
	if err != nil {
		return err
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	r, err := h.svc.CancelBySupport(c.Request().Context(), edge.Principal(c), no, in.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"reqNo": r.No(), "applNo": r.ApplNo(), "status": r.Status(), "cancelled": r.Cancelled()})
}

func (h *letterHandlers) file(c *echo.Context) error {
	no, err := recommender.ReqNo(c)
	if err != nil {
		return err
	}
	pdf := c.QueryParam("kind") != "file"
	name, rc, err := h.svc.LetterFile(c.Request().Context(), edge.Principal(c), no, pdf)
	if err != nil {
		return err
	}
	defer rc.Close()
	ct := "application/octet-stream"
	if pdf || strings.HasSuffix(strings.ToLower(name), ".pdf") {
		ct = "application/pdf"
	}
	if c.QueryParam("inline") == "1" {
		edge.Inline(c, name, ct) // the reader's preview
	} else {
		edge.Attachment(c, name, ct)
	}
	c.Response().WriteHeader(http.StatusOK)
	_, err = io.Copy(c.Response(), rc)
	return err
}

// templateDTO is a round's template with its round (GET and PUT
// /admin/recommend/template).
type templateDTO struct {
	SchoolCode     string `json:"schoolCode"`
	EnterYear      int    `json:"enterYear"`
	RecruitPartSeq int    `json:"recruitPartSeq"`
	recommender.TemplateBodyDTO
}

func toTemplate(k application.RoundKey, t recommendation.Template) templateDTO {
	return templateDTO{SchoolCode: k.SchoolCode, EnterYear: k.EnterYear, RecruitPartSeq: k.RecruitPartSeq, TemplateBodyDTO: recommender.ToTemplateBody(t)}
}

func roundQuery(c *echo.Context) (application.RoundKey, error) {
	var f apperr.Fields
	k := application.RoundKey{SchoolCode: c.QueryParam("schoolCode"), EnterYear: edge.IntQuery(c, &f, "enterYear"), RecruitPartSeq: edge.IntQuery(c, &f, "recruitPartSeq")}
	if k.SchoolCode == "" {
		f.Add("schoolCode", recommendation.CodeRequired)
	}
	return k, f.Err()
}

// requireRound names the parts of a round key sent in a body that are missing.
func requireRound(k application.RoundKey) error {
	var f apperr.Fields
	for name, missing := range map[string]bool{"schoolCode": k.SchoolCode == "", "enterYear": k.EnterYear <= 0, "recruitPartSeq": k.RecruitPartSeq <= 0} {
		if missing {
			f.Add(name, recommendation.CodeRequired)
		}
	}
	return f.Err()
}

func (h *letterHandlers) template(c *echo.Context) error {
	k, err := roundQuery(c)
	if err != nil {
		return err
	}
	t, err := h.svc.Template(c.Request().Context(), edge.Principal(c), k)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toTemplate(k, t))
}

func (h *letterHandlers) saveTemplate(c *echo.Context) error {
	var in templateDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	k := application.RoundKey{SchoolCode: in.SchoolCode, EnterYear: in.EnterYear, RecruitPartSeq: in.RecruitPartSeq}
	if err := requireRound(k); err != nil {
		return err
	}
	t, err := h.svc.SaveTemplate(c.Request().Context(), edge.Principal(c), in.Template(k))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toTemplate(k, t))
}
