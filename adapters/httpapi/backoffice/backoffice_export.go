package backoffice

import (
	"archive/zip"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/excel"
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/printing"
)

// The round's exports (issue 23 item 5): core/printing builds them in the
// caller's language, the workbook is written by adapters/excel and the
// bundle is a ZIP streamed here.

// exportRoundQuery reads schoolCode, enterYear and recruitPartSeq.
func exportRoundQuery(c *echo.Context) (application.RoundKey, error) {
	var f apperr.Fields
	k := application.RoundKey{SchoolCode: strings.TrimSpace(c.QueryParam("schoolCode"))}
	if k.SchoolCode == "" {
		f.Add("schoolCode", form.CodeRequired)
	}
	k.EnterYear = edge.IntQuery(c, &f, "enterYear")
	k.RecruitPartSeq = edge.IntQuery(c, &f, "recruitPartSeq")
	return k, f.Err()
}

func exportLang(c *echo.Context) printing.Lang { return printing.ParseLang(string(edge.LocaleOf(c))) }

func (h *backofficeHandlers) exportApplicants(c *echo.Context) error {
	k, err := exportRoundQuery(c)
	if err != nil {
		return err
	}
	wb := excel.New()
	defer wb.Close()
	n, err := h.printer.Workbook(c.Request().Context(), edge.Principal(c), k, exportLang(c), wb)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("applicants-%s-%d-%d.xlsx", k.SchoolCode, k.EnterYear, k.RecruitPartSeq)
	edge.Attachment(c, name, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	c.Response().Header().Set("X-Export-Rows", strconv.Itoa(n))
	c.Response().WriteHeader(http.StatusOK)
	_, err = wb.WriteTo(c.Response())
	return err
}

// zipBundle streams the bundle: the answer starts at Begin, once the
// export is allowed; each file is stored as it is (PDFs and images are
// compressed already), dated when it was made.
type zipBundle struct {
	c    *echo.Context
	name string
	zw   *zip.Writer
}

func (b *zipBundle) Begin(entries int, bytes int64) error {
	edge.Attachment(b.c, b.name, "application/zip")
	hd := b.c.Response().Header()
	hd.Set("X-Export-Files", strconv.Itoa(entries))
	// An estimate (the PDFs are rendered as they go): the progress shown.
	hd.Set("X-Export-Bytes", strconv.FormatInt(bytes, 10))
	b.c.Response().WriteHeader(http.StatusOK)
	b.zw = zip.NewWriter(b.c.Response())
	return nil
}

func (b *zipBundle) Entry(name string, modified time.Time) (io.Writer, error) {
	return b.zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: modified})
}

func (h *backofficeHandlers) exportDocuments(c *echo.Context) error {
	k, err := exportRoundQuery(c)
	if err != nil {
		return err
	}
	b := &zipBundle{c: c, name: fmt.Sprintf("documents-%s-%d-%d.zip", k.SchoolCode, k.EnterYear, k.RecruitPartSeq)}
	err = h.printer.Bundle(c.Request().Context(), edge.Principal(c), k, exportLang(c), b)
	if b.zw == nil {
		return err
	}
	if err != nil {
		// The status is sent: a broken ZIP (no central directory) tells
		// the client the download failed.
		c.Logger().Error("documents bundle", "err", err)
		return nil
	}
	return b.zw.Close()
}
