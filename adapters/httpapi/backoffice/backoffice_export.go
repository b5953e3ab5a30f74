package backoffice

import (
	"archive/zip"
	"fmt"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"
	"github.com/xuri/excelize/v2"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
)

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

// column is a column heading, ko and en.
type column struct{ ko, en string }

// exportColumns are the workbook's columns, ko and en.
var exportColumns = []column{
	{"수험번호", "Exam number"}, {"원서번호", "Application no."}, {"아이디", "User id"}, {"한글 성명", "Korean name"},
	{"영문 성명", "English name"}, {"이메일", "E-mail"}, {"휴대전화", "Mobile"}, {"전화", "Phone"}, {"국적", "Nationality"},
	{"전공 코드", "Major code"}, {"전공", "Major"}, {"과정", "Degree"}, {"전형", "Category"}, {"체류 유형", "Stay type"},
	{"어학 성적", "Language scores"}, {"상태", "Status"}, {"검토 상태", "Review status"}, {"결제", "Paid"},
	{"결제 수단", "Payment method"}, {"결제 금액", "Amount paid"}, {"환불 금액", "Refunded"}, {"순액", "Net"}, {"통화", "Currency"},
	{"접수 완료", "Completed at"}, {"추천서", "Letters"},
}

func (h *backofficeHandlers) exportApplicants(c *echo.Context) error {
	k, err := exportRoundQuery(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	n, _, _, err := h.apps.Export(ctx, edge.Principal(c), k, application.ExportApplicants)
	if err != nil {
		return err
	}
	loc := edge.LocaleOf(c)
	f := excelize.NewFile()
	defer f.Close()
	sheet := f.GetSheetName(0)
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	head := make([]any, len(exportColumns))
	for i, col := range exportColumns {
		head[i] = edge.Pick(loc, col.ko, col.en)
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
	}
	degree := func(master bool) string {
		if master {
			return edge.Pick(loc, "석사", "Master's")
		}
		return edge.Pick(loc, "박사", "Doctoral")
	}
	paidText := func(m application.Money) string {
		switch m.PayState() {
		case "refunded":
			return edge.Pick(loc, "환불됨", "Refunded")
		case "partially_refunded":
			return edge.Pick(loc, "부분 환불", "Partly refunded")
		case "paid":
			return edge.Pick(loc, "예", "Yes")
		}
		return edge.Pick(loc, "아니오", "No")
	}
	row := 2
	err = h.export.Store.ExportRows(ctx, k, func(r application.ExportRow) error {
		cell, _ := excelize.CoordinatesToCellName(1, row)
		row++
		return sw.SetRow(cell, []any{r.ApplID, r.ApplNo, r.UserID, r.KorName, r.EngName, r.Email, r.Mobile, r.Phone,
			r.Nationality, r.MajorCode, r.MajorKorName, degree(r.IsMaster), r.CategoryCode, r.StayTypeCode, r.Scores,
			string(r.Status), string(r.ReviewStatus), paidText(r.Money), methodName(r.Money.Method, string(loc)),
			decimal(r.Money.Amount, r.Money.Currency), decimal(r.Money.Refunded, r.Money.Currency), decimal(r.Money.Net(), r.Money.Currency),
			r.Money.Currency, r.CompletedAt, r.LettersText(string(loc))})
	})
	if err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	name := fmt.Sprintf("applicants-%s-%d-%d.xlsx", k.SchoolCode, k.EnterYear, k.RecruitPartSeq)
	edge.Attachment(c, name, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	c.Response().Header().Set("X-Export-Rows", strconv.Itoa(n))
	c.Response().WriteHeader(http.StatusOK)
	_, err = f.WriteTo(c.Response())
	return err
}

// safeName keeps a file name usable inside a ZIP on every system.
func safeName(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r < 0x20, strings.ContainsRune(`/\:*?"<>|`, r):
			return '_'
		}
		return r
	}, s)
	if s == "" || s == "." || s == ".." {
		return "_"
	}
	return s
}

func (h *backofficeHandlers) exportDocuments(c *echo.Context) error {
	k, err := exportRoundQuery(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	_, files, bytes, err := h.apps.Export(ctx, edge.Principal(c), k, application.ExportDocuments)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("documents-%s-%d-%d.zip", k.SchoolCode, k.EnterYear, k.RecruitPartSeq)
	edge.Attachment(c, name, "application/zip")
	hd := c.Response().Header()
	hd.Set("X-Export-Files", strconv.Itoa(files))
	// The files are stored as they are (PDFs and images are compressed
	// already), so the bundle is their size plus small headers.
	hd.Set("X-Export-Bytes", strconv.FormatInt(bytes, 10))
	c.Response().WriteHeader(http.StatusOK)
	zw := zip.NewWriter(c.Response())
	err = h.export.Store.ExportFiles(ctx, k, func(f application.ExportFile) error {
		dir := f.ApplID
		if dir == "" {
			dir = "appl-" + strconv.FormatInt(f.ApplNo, 10)
		}
		base := strings.TrimSuffix(f.FileName, path.Ext(f.FileName))
		entry := path.Join(safeName(dir), safeName(fmt.Sprintf("%s-%d-%s", f.ItemCode, f.Slot+1, base))+"."+safeName(f.Ext))
		w, err := zw.CreateHeader(&zip.FileHeader{Name: entry, Method: zip.Store})
		if err != nil {
			return err
		}
		r, err := h.export.Files.Open(ctx, f.StoredName)
		if err != nil {
			return err
		}
		defer r.Close()
		_, err = io.Copy(w, r)
		return err
	})
	if err != nil {
		// The status is sent: a broken ZIP (no central directory) tells the
		// client the download failed.
		return nil
	}
	return zw.Close()
}
