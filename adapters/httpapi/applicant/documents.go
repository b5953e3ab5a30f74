package applicant

import (
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/document"
)

// documentHandlers serve an application's documents
// (docs/api-submission.md).
type documentHandlers struct {
	svc *document.Service
}

// mountDocuments registers the documents routes. The upload route accepts
// the largest document item size plus the form's overhead.
func (s *server) mountDocuments(g edge.Groups) {
	h := &documentHandlers{svc: s.deps.Documents}
	a := g.Authed
	a.GET("/appl/doc/:applNo", h.documents)
	a.GET("/appl/doc/etc/recrSchl/:applNo", h.extraAllowed)
	a.POST("/appl/doc/save/:applNo", h.save)
	a.GET("/appl/doc/save/:applNo", edge.OnlyPost) // it changes state: never on a GET
	a.POST("/appl/doc/upload/:applNo", h.upload, middleware.BodyLimit(s.deps.MaxUpload+edge.UploadOverhead))
	a.DELETE("/appl/doc/:applNo", h.delete)
	a.GET("/appl/doc/file/:applNo/:fileKey", h.file)
}

// ---- DTOs ----

// uploadRequestDTO is the "request" part of an upload: where the file goes
// (document.UploadRequest).
type uploadRequestDTO struct {
	ItemCode string `json:"itemCode"`
	Seq      int    `json:"seq"`
	FileName string `json:"fileName"` // optional: overrides the multipart file name
}

type docDTO struct {
	Code       string           `json:"code"`
	KorName    string           `json:"korName"`
	EngName    string           `json:"engName"`
	Required   bool             `json:"required"`
	Extensions []string         `json:"extensions"`
	Limits     map[string]int64 `json:"limits"`
	FileKey    *string          `json:"fileKey"`
	FileName   *string          `json:"fileName"`
	FilePath   *string          `json:"filePath"`
	Size       int64            `json:"size"`
	UploadedAt *string          `json:"uploadedAt"`
}

type groupDTO struct {
	ID        string   `json:"id"`
	SubGrp    string   `json:"subGrp"`
	KorName   string   `json:"korName"`
	EngName   string   `json:"engName"`
	Documents []docDTO `json:"documents"`
}

type slotDTO struct {
	Seq        int     `json:"seq"`
	ID         *string `json:"id"`
	FileKey    *string `json:"fileKey"`
	FileName   *string `json:"fileName"`
	FilePath   *string `json:"filePath"`
	OrderSeq   int     `json:"orderSeq"`
	Size       int64   `json:"size"`
	UploadedAt *string `json:"uploadedAt"`
}

type docViewDTO struct {
	ApplNo                  int64      `json:"applNo"`
	Status                  string     `json:"status"`
	ReviewStatus            *string    `json:"reviewStatus"`
	IsApplReviewing         bool       `json:"isApplReviewing"`
	IsEtcDocumentUploadable bool       `json:"isEtcDocumentUploadable"`
	List                    []groupDTO `json:"list"`
	EtcList                 []slotDTO  `json:"etcList"`
	EtcItem                 docDTO     `json:"etcItem"`
	Missing                 []string   `json:"missing"`
	Document                *docDTO    `json:"document,omitempty"`
}

func filePath(applNo int64, key string) string {
	return "/apply/api-auth/appl/doc/file/" + strconv.FormatInt(applNo, 10) + "/" + key
}

func limits(it document.DocItem) map[string]int64 {
	out := map[string]int64{}
	for _, e := range it.Extensions {
		out[document.NormalizeExt(e)] = it.Limit(e)
	}
	return out
}

func toDoc(it document.DocItem, d *document.Document) docDTO {
	out := docDTO{Code: it.Code, KorName: it.KorName, EngName: it.EngName, Required: it.Required,
		Extensions: it.Extensions, Limits: limits(it)}
	if d != nil {
		p, at := filePath(d.ApplNo, d.FileKey), d.UploadedAt.Format(time.RFC3339)
		out.FileKey, out.FileName, out.FilePath, out.Size, out.UploadedAt = &d.FileKey, &d.FileName, &p, d.Size, &at
	}
	return out
}

func toDocView(v document.DocView) docViewDTO {
	st := v.Header.State
	out := docViewDTO{ApplNo: v.Header.ApplNo, Status: string(st.Status), ReviewStatus: edge.StrPtr(string(st.ReviewStatus)),
		IsApplReviewing: st.Reviewing, IsEtcDocumentUploadable: v.Uploadable, List: []groupDTO{}, EtcList: []slotDTO{},
		EtcItem: toDoc(v.ExtraItem, nil), Missing: v.Missing}
	if out.Missing == nil {
		out.Missing = []string{}
	}
	for _, g := range v.Groups {
		gd := groupDTO{ID: g.Code, SubGrp: g.Code, KorName: g.KorName, EngName: g.EngName, Documents: []docDTO{}}
		for _, e := range g.Items {
			gd.Documents = append(gd.Documents, toDoc(e.DocItem, e.Document))
		}
		out.List = append(out.List, gd)
	}
	for _, sl := range v.Extra {
		sd := slotDTO{Seq: sl.Seq, OrderSeq: sl.Seq}
		if d := sl.Document; d != nil {
			p, at := filePath(d.ApplNo, d.FileKey), d.UploadedAt.Format(time.RFC3339)
			sd.ID, sd.FileKey, sd.FileName, sd.FilePath, sd.Size, sd.UploadedAt = &d.FileKey, &d.FileKey, &d.FileName, &p, d.Size, &at
		}
		out.EtcList = append(out.EtcList, sd)
	}
	return out
}

// ---- handlers ----

func (h *documentHandlers) documents(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Documents(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toDocView(v))
}

func (h *documentHandlers) extraAllowed(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	ok, err := h.svc.ExtraAllowed(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, ok)
}

func (h *documentHandlers) save(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Save(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toDocView(v))
}

// upload streams a multipart form: a JSON "request" part naming the item
// (or extra slot) first, then the "file" part, which goes straight from
// the connection to the file store.
func (h *documentHandlers) upload(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	p := edge.Principal(c)
	var r uploadRequestDTO
	var req *document.UploadRequest
	return edge.Upload{
		Request: func() any { r = uploadRequestDTO{}; return &r },
		Checked: func() error {
			req = &document.UploadRequest{ItemCode: r.ItemCode, Seq: r.Seq, FileName: r.FileName}
			return nil
		},
		File: func(part *multipart.Part) error {
			t, err := h.svc.PrepareUpload(ctx, p, n, *req)
			if err != nil {
				return err
			}
			name := req.FileName
			if name == "" {
				name = edge.PartName(part)
			}
			if err := edge.FileName(name); err != nil {
				return err
			}
			v, d, err := h.svc.Upload(ctx, p, t, name, part)
			if err != nil {
				return edge.UploadErr(err)
			}
			out := toDocView(v)
			for _, g := range v.Groups {
				for _, e := range g.Items {
					if e.Document != nil && e.Document.FileKey == d.FileKey {
						dd := toDoc(e.DocItem, e.Document)
						out.Document = &dd
					}
				}
			}
			if out.Document == nil {
				dd := toDoc(v.ExtraItem, &d)
				out.Document = &dd
			}
			edge.NoStore(c)
			return c.JSON(http.StatusOK, out)
		},
	}.Read(c)
}

func (h *documentHandlers) delete(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	key := c.QueryParam("fileKey")
	if key == "" {
		return apperr.NotFound(document.CodeFileNotFound)
	}
	v, err := h.svc.Delete(c.Request().Context(), edge.Principal(c), n, key)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toDocView(v))
}

var contentTypes = map[string]string{
	"pdf": "application/pdf", "jpg": "image/jpeg", "png": "image/png", "gif": "image/gif", "bmp": "image/bmp",
	"tif": "image/tiff", "mp4": "video/mp4", "mov": "video/quicktime", "zip": "application/zip",
}

func (h *documentHandlers) file(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	d, rc, err := h.svc.File(c.Request().Context(), edge.Principal(c), n, c.Param("fileKey"))
	if err != nil {
		return err
	}
	defer rc.Close()
	ct := contentTypes[d.Ext]
	if ct == "" {
		ct = "application/octet-stream"
	}
	if c.QueryParam("inline") == "1" {
		edge.Inline(c, d.FileName, ct) // the staff reader's preview
	} else {
		edge.Attachment(c, d.FileName, ct)
	}
	c.Response().Header().Set("Content-Length", strconv.FormatInt(d.Size, 10))
	c.Response().WriteHeader(http.StatusOK)
	_, err = io.Copy(c.Response(), rc)
	return err
}
