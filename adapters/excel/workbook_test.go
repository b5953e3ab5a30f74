package excel_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/gradapply/gradapply/adapters/excel"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/printing/printtest"
	"github.com/gradapply/gradapply/core/window"
)

func open(t testing.TB, w *excel.Workbook) *excelize.File {
	t.Helper()
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return f
}

// Names are valid sheet names, headings bold in a frozen row, days and
// times real dates with their formats, numbers numbers, empty cells empty.
func TestWorkbookCells(t *testing.T) {
	t.Parallel()
	w := excel.New()
	defer w.Close()
	cols := []printing.Column{{Label: printing.Label{Ko: "수험번호", En: "Exam number"}, Width: 14},
		{Label: printing.Label{Ko: "금액", En: "Amount"}, Kind: printing.KindNumber, Width: 10},
		{Label: printing.Label{Ko: "생년월일", En: "Date of birth"}, Kind: printing.KindDate, Width: 12},
		{Label: printing.Label{Ko: "접수 완료", En: "Completed at"}, Kind: printing.KindDateTime, Width: 17}}
	long := printing.Label{Ko: "아주 긴 이름: 서른한 글자를 넘는 시트 이름은 잘립니다 [확인]", En: "x"}
	if err := w.Begin(printing.Korean, []printing.Sheet{{Name: printing.Label{Ko: "지원자"}, Columns: cols}, {Name: long, Columns: cols}, {Name: long, Columns: cols}}); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 26, 12, 47, 19, 0, time.UTC).In(window.Seoul)
	day := time.Date(1998, 3, 1, 0, 0, 0, 0, window.Seoul)
	if err := w.Row(0, []printing.Cell{{Text: "202701-0001"}, {Kind: printing.KindNumber, Number: 80000},
		{Kind: printing.KindDate, Time: day}, {Kind: printing.KindDateTime, Time: at}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Row(0, []printing.Cell{{Text: ""}, {Kind: printing.KindNumber}, {Kind: printing.KindDate}, {Kind: printing.KindDateTime}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Row(5, nil); err == nil {
		t.Fatal("a row of a sheet that does not exist")
	}
	f := open(t, w)
	names := f.GetSheetList()
	if len(names) != 3 || names[0] != "지원자" || len([]rune(names[1])) > 31 || names[1] == names[2] {
		t.Fatalf("sheets %q", names)
	}
	rows, _ := f.GetRows("지원자")
	if fmt.Sprint(rows) != "[[수험번호 금액 생년월일 접수 완료] [202701-0001 80000 1998-03-01 2026-11-26 21:47] [ 0]]" {
		t.Fatalf("rows %q", rows)
	}
	for cell, format := range map[string]string{"C2": excel.DateFormat, "D2": excel.DateTimeFormat} {
		id, _ := f.GetCellStyle("지원자", cell)
		st, err := f.GetStyle(id)
		if err != nil || st.CustomNumFmt == nil || *st.CustomNumFmt != format {
			t.Errorf("%s style %+v %v", cell, st, err)
		}
		raw, _ := f.GetCellValue("지원자", cell, excelize.Options{RawCellValue: true})
		var serial float64
		if _, err := fmt.Sscan(raw, &serial); err != nil || serial < 35000 {
			t.Errorf("%s is not a date serial: %q", cell, raw)
		}
	}
	if ty, _ := f.GetCellType("지원자", "B2"); ty == excelize.CellTypeInlineString || ty == excelize.CellTypeSharedString {
		t.Errorf("the amount is a string")
	}
	id, _ := f.GetCellStyle("지원자", "A1")
	if st, _ := f.GetStyle(id); st.Font == nil || !st.Font.Bold {
		t.Errorf("heading not bold: %+v", st)
	}
	if p, err := f.GetPanes("지원자"); err != nil || !p.Freeze || p.YSplit != 1 {
		t.Errorf("panes %+v %v", p, err)
	}
	if wd, _ := f.GetColWidth("지원자", "D"); wd < 17 {
		t.Errorf("completed-at column %v wide", wd)
	}
}

// many is the sample application n times over, for the benchmark: every
// port answers the sample for any number.
type many struct {
	*printtest.Store
	n int
}

func (m many) Get(_ context.Context, n int64) (application.Header, error) {
	h := m.Header
	h.ApplNo, h.ApplID = n, fmt.Sprintf("202701-%04d", n)
	return h, nil
}
func (many) Export(context.Context, permission.Principal, application.RoundKey, string) (int, int, int64, error) {
	return 0, 0, 0, nil
}
func (m many) ExportRows(_ context.Context, _ application.RoundKey, fn func(application.ExportRow) error) error {
	for i := 1; i <= m.n; i++ {
		if err := fn(application.ExportRow{ApplNo: int64(i), ApplID: fmt.Sprintf("202701-%04d", i), KorName: "김하늘", EngName: "KIM HANEUL",
			Nationality: "410", Status: application.Complete, CompletedAt: printtest.Now, UpdatedAt: printtest.Now}); err != nil {
			return err
		}
	}
	return nil
}
func (many) ExportFiles(context.Context, application.RoundKey, func(application.ExportFile) error) error {
	return nil
}
func (many) ExportLetters(context.Context, application.RoundKey, func(application.ExportLetter) error) error {
	return nil
}
func (many) ExportSize(context.Context, application.RoundKey) (int, int, int64, error) {
	return 0, 0, 0, nil
}

// BenchmarkWorkbook2000 builds and writes the workbook of 2,000 sample
// applications (every step filled) with the stores in memory: the cost of
// naming, the sheets and excelize, without the database.
//
//	go test ./adapters/excel/ -run '^$' -bench Workbook2000 -benchmem
func BenchmarkWorkbook2000(b *testing.B) {
	st := many{Store: printtest.Sample(nil), n: 2000}
	s := &printing.Service{Apps: st, Forms: st, Ref: st, Docs: st, Files: st, Clock: window.NewFixedClock(printtest.Now),
		Exports: &printing.Exports{Gate: st, Store: st}}
	b.ReportAllocs()
	var size int
	for b.Loop() {
		w := excel.New()
		if _, err := s.Workbook(context.Background(), printtest.StaffP, st.RoundRow.RoundKey, printing.Korean, w); err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := w.WriteTo(&buf); err != nil {
			b.Fatal(err)
		}
		size = buf.Len()
		_ = w.Close()
	}
	b.ReportMetric(float64(size)/(1<<20), "MB-xlsx")
}
