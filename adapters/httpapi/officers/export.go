package officers

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"
	"github.com/xuri/excelize/v2"

	"github.com/gradapply/gradapply/adapters/csvsafe"
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/evaluation"
)

// statusNames name the statuses an evaluated application has, ko and en.
var statusNames = map[application.Status][2]string{
	application.Complete: {"접수 완료", "Complete"}, application.Cancel: {"취소", "Cancelled"},
	application.Submit: {"제출(결제 대기)", "Submitted (fee due)"}, application.VbankIssue: {"입금 대기", "Awaiting transfer"},
}

// statusName names a status; one not listed is "in progress".
func statusName(loc edge.Locale, st application.Status) string {
	n, ok := statusNames[st]
	if !ok {
		n = [2]string{"작성 중", "In progress"}
	}
	return edge.Pick(loc, n[0], n[1])
}

// scoreCells are the score table as a sheet: a heading row (ko or en),
// then one row per application in the table's order.
func scoreCells(t evaluation.Table, loc edge.Locale) [][]string {
	head := []string{edge.Pick(loc, "수험번호", "Exam number"), edge.Pick(loc, "원서번호", "Application no."),
		edge.Pick(loc, "성명", "Name"), edge.Pick(loc, "상태", "Status")}
	head = append(head, t.Reviewers...)
	head = append(head, edge.Pick(loc, "제출 수", "Submitted"), edge.Pick(loc, "평균", "Mean"), edge.Pick(loc, "편차(최고-최저)", "Spread (max - min)"))
	num := func(f *float64) string {
		if f == nil {
			return ""
		}
		return strconv.FormatFloat(*f, 'f', 2, 64)
	}
	rows := [][]string{head}
	for _, r := range t.Rows {
		row := []string{r.ApplID, strconv.FormatInt(r.ApplNo, 10), r.ApplicantName, statusName(loc, r.Status)}
		for _, name := range t.Reviewers {
			cell := ""
			for _, v := range r.Reviews {
				if v.Reviewer == name {
					cell = num(v.Total)
					if !v.Submitted {
						cell = edge.Pick(loc, "미제출", "not submitted")
					}
				}
			}
			row = append(row, cell)
		}
		rows = append(rows, append(row, strconv.Itoa(r.Submitted), num(r.Mean), num(r.Spread)))
	}
	return rows
}

// exportScores downloads the score table as sorted: format=csv or xlsx
// (the default).
func (h *handlers) exportScores(c *echo.Context) error {
	t, _, err := h.table(c)
	if err != nil {
		return err
	}
	loc := edge.LocaleOf(c)
	rows := scoreCells(t, loc)
	name := "scores-" + edge.RoundID(t.Round)
	var b bytes.Buffer
	switch c.QueryParam("format") {
	case "csv":
		if err := csvsafe.Write(&b, rows); err != nil {
			return err
		}
		edge.Attachment(c, name+".csv", "text/csv; charset=utf-8")
	case "", "xlsx":
		f := excelize.NewFile()
		defer f.Close()
		sheet := edge.Pick(loc, "점수표", "Scores")
		if err := f.SetSheetName(f.GetSheetName(0), sheet); err != nil {
			return err
		}
		for i, row := range rows {
			cells := make([]any, len(row))
			for j, v := range row {
				cells[j] = v
			}
			cell, _ := excelize.CoordinatesToCellName(1, i+1)
			if err := f.SetSheetRow(sheet, cell, &cells); err != nil {
				return err
			}
		}
		if err := f.Write(&b); err != nil {
			return err
		}
		edge.Attachment(c, name+".xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	default:
		return apperr.Fields{{Field: "format", Code: "export.format"}}.Err()
	}
	return c.Blob(http.StatusOK, c.Response().Header().Get("Content-Type"), b.Bytes())
}
