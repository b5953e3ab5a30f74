package applicant

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/submission"
)

// submissionHandlers serve submission, the exam-number lookup and the PDFs
// (docs/api-submission.md).
type submissionHandlers struct {
	svc     *submission.Service
	printer *printing.Service
}

// mountSubmission registers the submit, exam-number lookup, slip and print
// routes.
func (s *server) mountSubmission(g edge.Groups) {
	h := &submissionHandlers{svc: s.deps.Submission, printer: s.deps.Printer}
	a := g.Authed
	a.POST("/appl/submit/:applNo", h.submit)
	a.GET("/appl/slip/:applNo", h.slip)
	a.GET("/appl/print/:applNo", h.print)
	g.Public.POST("/exam-number/lookup", h.lookup)
}

// submitRequestDTO is POST /appl/submit: the consents shown again on the
// submit page (item code -> version).
type submitRequestDTO struct {
	Consents map[string]string `json:"consents"`
}

type submitDTO struct {
	RecordDTO
	Next string `json:"next"`
}

func (h *submissionHandlers) submit(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in submitRequestDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	req := submission.SubmitRequest{Consents: in.Consents, Locale: string(edge.LocaleOf(c))}
	ctx := c.Request().Context()
	out, err := h.svc.Submit(ctx, edge.Principal(c), n, req)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, submitDTO{RecordDTO: ToRecord(out.Record), Next: out.Next})
}

type lookupIn struct {
	Email  string `json:"email"`
	Altcha string `json:"altcha"`
}

func (h *submissionHandlers) lookup(c *echo.Context) error {
	var in lookupIn
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if err := h.svc.Lookup(c.Request().Context(), in.Email, in.Altcha, c.RealIP()); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"message": edge.Message(edge.LocaleOf(c), submission.CodeLookupSent, nil)})
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
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	f, err := print(c.Request().Context(), edge.Principal(c), n, printing.ParseLang(string(edge.LocaleOf(c))))
	if err != nil {
		return err
	}
	edge.Attachment(c, f.Name, "application/pdf")
	return c.Blob(http.StatusOK, "application/pdf", f.Data)
}
