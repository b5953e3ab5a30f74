package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/submission"
)

// UploadPathPrefix is the upload route's prefix: the global 1 MiB body
// limit skips it, and the route has its own (largest item + overhead).
const UploadPathPrefix = "/apply/api-auth/appl/doc/upload/"

// uploadOverhead is what the multipart form adds around the file.
const uploadOverhead = 1 << 20

// submissionHandlers serve documents, submission, the exam-number lookup
// and the PDFs (docs/api-submission.md).
type submissionHandlers struct {
	svc     *submission.Service
	apply   *application.Service
	printer *printing.Service
}

// MountSubmission registers the routes of issue 5. maxUpload is the
// largest document item size; the upload route accepts that plus the
// form's overhead.
func (s *Server) MountSubmission(svc *submission.Service, form *application.Service, printer *printing.Service, maxUpload int64) {
	h := &submissionHandlers{svc: svc, apply: form, printer: printer}
	a := s.Authed
	a.GET("/appl/doc/:applNo", h.documents)
	a.GET("/appl/doc/etc/recrSchl/:applNo", h.extraAllowed)
	a.POST("/appl/doc/save/:applNo", h.save)
	a.GET("/appl/doc/save/:applNo", onlyPost) // it changes state: never on a GET
	a.POST("/appl/doc/upload/:applNo", h.upload, middleware.BodyLimit(maxUpload+uploadOverhead))
	a.DELETE("/appl/doc/:applNo", h.delete)
	a.GET("/appl/doc/file/:applNo/:fileKey", h.file)
	a.POST("/appl/submit/:applNo", h.submit)
	a.GET("/appl/slip/:applNo", h.slip)
	a.GET("/appl/print/:applNo", h.print)
	s.Public.POST("/exam-number/lookup", h.lookup)
}

// ---- DTOs ----

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

func limits(it submission.DocItem) map[string]int64 {
	out := map[string]int64{}
	for _, e := range it.Extensions {
		out[document.NormalizeExt(e)] = it.Limit(e)
	}
	return out
}

func toDoc(it submission.DocItem, d *submission.Document) docDTO {
	out := docDTO{Code: it.Code, KorName: it.KorName, EngName: it.EngName, Required: it.Required,
		Extensions: it.Extensions, Limits: limits(it)}
	if d != nil {
		p, at := filePath(d.ApplNo, d.FileKey), d.UploadedAt.Format(time.RFC3339)
		out.FileKey, out.FileName, out.FilePath, out.Size, out.UploadedAt = &d.FileKey, &d.FileName, &p, d.Size, &at
	}
	return out
}

func toDocView(v submission.DocView) docViewDTO {
	st := v.Header.State
	out := docViewDTO{ApplNo: v.Header.ApplNo, Status: string(st.Status), ReviewStatus: strPtr(string(st.ReviewStatus)),
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

func (h *submissionHandlers) documents(c *echo.Context) error {
	n, err := applNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Documents(c.Request().Context(), principal(c), n)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, toDocView(v))
}

func (h *submissionHandlers) extraAllowed(c *echo.Context) error {
	n, err := applNo(c)
	if err != nil {
		return err
	}
	ok, err := h.svc.ExtraAllowed(c.Request().Context(), principal(c), n)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, ok)
}

func (h *submissionHandlers) save(c *echo.Context) error {
	n, err := applNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Save(c.Request().Context(), principal(c), n)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, toDocView(v))
}

// partName is a multipart part's file name, decoded from RFC 2231/5987
// (filename*=UTF-8”...) when the browser sent it that way.
func partName(p *multipart.Part) string {
	if n := p.FileName(); n != "" {
		return n
	}
	_, params, err := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
	if err == nil {
		return params["filename"]
	}
	return ""
}

// upload streams a multipart form: a JSON "request" part naming the item
// (or extra slot) first, then the "file" part, which goes straight from
// the connection to the file store.
func (h *submissionHandlers) upload(c *echo.Context) error {
	n, err := applNo(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	p := principal(c)
	mr, err := c.Request().MultipartReader()
	if err != nil {
		return malformed(err)
	}
	var req *submission.UploadRequest
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return malformed(errors.New("no file part"))
		}
		if err != nil {
			return malformed(err)
		}
		switch part.FormName() {
		case "request":
			var r submission.UploadRequest
			b, err := io.ReadAll(io.LimitReader(part, 64<<10))
			if err != nil {
				return malformed(err)
			}
			if err := guardJSON(b); err != nil {
				return err
			}
			if err := json.Unmarshal(b, &r); err != nil {
				return malformed(err)
			}
			req = &r
		case "file":
			if req == nil {
				return malformed(errors.New("the request part must come before the file part"))
			}
			t, err := h.svc.PrepareUpload(ctx, p, n, *req)
			if err != nil {
				return err
			}
			name := req.FileName
			if name == "" {
				name = partName(part)
			}
			if badText(name) {
				return inputErr("file", codeInputText)
			}
			v, d, err := h.svc.Upload(ctx, p, t, name, part)
			if err != nil {
				var mbe *http.MaxBytesError
				if errors.As(err, &mbe) {
					return echo.ErrStatusRequestEntityTooLarge
				}
				return err
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
			noStore(c)
			return c.JSON(http.StatusOK, out)
		}
	}
}

func (h *submissionHandlers) delete(c *echo.Context) error {
	n, err := applNo(c)
	if err != nil {
		return err
	}
	key := c.QueryParam("fileKey")
	if key == "" {
		return apperr.NotFound(submission.CodeFileNotFound)
	}
	v, err := h.svc.Delete(c.Request().Context(), principal(c), n, key)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, toDocView(v))
}

var contentTypes = map[string]string{
	"pdf": "application/pdf", "jpg": "image/jpeg", "png": "image/png", "gif": "image/gif", "bmp": "image/bmp",
	"tif": "image/tiff", "mp4": "video/mp4", "mov": "video/quicktime", "zip": "application/zip",
}

func (h *submissionHandlers) file(c *echo.Context) error {
	n, err := applNo(c)
	if err != nil {
		return err
	}
	d, rc, err := h.svc.File(c.Request().Context(), principal(c), n, c.Param("fileKey"))
	if err != nil {
		return err
	}
	defer rc.Close()
	ct := contentTypes[d.Ext]
	if ct == "" {
		ct = "application/octet-stream"
	}
	attachment(c, d.FileName, ct)
	c.Response().Header().Set("Content-Length", strconv.FormatInt(d.Size, 10))
	c.Response().WriteHeader(http.StatusOK)
	_, err = io.Copy(c.Response(), rc)
	return err
}

type submitDTO struct {
	recordDTO
	Next string `json:"next"`
}

func (h *submissionHandlers) submit(c *echo.Context) error {
	n, err := applNo(c)
	if err != nil {
		return err
	}
	var req submission.SubmitRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	req.Locale = string(localeOf(c))
	ctx := c.Request().Context()
	out, err := h.svc.Submit(ctx, principal(c), n, req)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, submitDTO{recordDTO: toRecord(out.Record), Next: out.Next})
}

type lookupIn struct {
	Email  string `json:"email"`
	Altcha string `json:"altcha"`
}

func (h *submissionHandlers) lookup(c *echo.Context) error {
	var in lookupIn
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := h.svc.Lookup(c.Request().Context(), in.Email, in.Altcha, c.RealIP()); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"message": Message(localeOf(c), submission.CodeLookupSent, nil)})
}

// slip and print answer the admission slip and the whole application as
// PDF, values in the request's language.
func (h *submissionHandlers) slip(c *echo.Context) error {
	return h.pdf(c, h.printer.PrintSlip)
}

func (h *submissionHandlers) print(c *echo.Context) error {
	return h.pdf(c, h.printer.PrintApplication)
}

func (h *submissionHandlers) pdf(c *echo.Context, print func(context.Context, permission.Principal, int64, printing.Lang) (printing.File, error)) error {
	n, err := applNo(c)
	if err != nil {
		return err
	}
	f, err := print(c.Request().Context(), principal(c), n, printing.ParseLang(string(localeOf(c))))
	if err != nil {
		return err
	}
	attachment(c, f.Name, "application/pdf")
	return c.Blob(http.StatusOK, "application/pdf", f.Data)
}

func malformed(err error) error {
	return apperr.Wrap(apperr.KindInvalid, submission.CodeUploadMalformed, err)
}
