// Package excel writes core/printing's workbook as an .xlsx file with
// excelize's stream writers: each sheet's rows go to a buffer that spills
// to a temporary file past 16 MiB, so a big round never sits in memory as
// cells. Headings are bold in a frozen first row; dates and times are
// real Excel dates (yyyy-mm-dd, yyyy-mm-dd hh:mm), Asia/Seoul.
package excel

import (
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/xuri/excelize/v2"

	"github.com/gradapply/gradapply/core/printing"
)

// Formats of the date cells.
const (
	DateFormat     = "yyyy-mm-dd"
	DateTimeFormat = "yyyy-mm-dd hh:mm"
)

// Workbook is one workbook being written (printing.SheetWriter). Close it
// to remove its temporary files.
type Workbook struct {
	f       *excelize.File
	streams []*excelize.StreamWriter
	next    []int // next row of each sheet
	date    int
	dtime   int
	cells   []any // reused per row
}

var _ printing.SheetWriter = (*Workbook)(nil)

// New starts an empty workbook.
func New() *Workbook { return &Workbook{f: excelize.NewFile()} }

// Begin names the sheets and writes their headings.
func (w *Workbook) Begin(lang printing.Lang, sheets []printing.Sheet) error {
	head, err := w.f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"E8EEF7"}},
		Alignment: &excelize.Alignment{Vertical: "center", WrapText: true},
		Border:    []excelize.Border{{Type: "bottom", Color: "7F8FA6", Style: 1}}})
	if err != nil {
		return err
	}
	if w.date, err = w.f.NewStyle(&excelize.Style{CustomNumFmt: ptr(DateFormat)}); err != nil {
		return err
	}
	if w.dtime, err = w.f.NewStyle(&excelize.Style{CustomNumFmt: ptr(DateTimeFormat)}); err != nil {
		return err
	}
	used := map[string]bool{}
	for i, s := range sheets {
		name := sheetName(s.Name.In(lang), used)
		if i == 0 {
			if err := w.f.SetSheetName(w.f.GetSheetName(0), name); err != nil {
				return err
			}
		} else if _, err := w.f.NewSheet(name); err != nil {
			return err
		}
		sw, err := w.f.NewStreamWriter(name)
		if err != nil {
			return err
		}
		if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
			return err
		}
		row := make([]any, len(s.Columns))
		for c, col := range s.Columns {
			label := col.Label.In(lang)
			width := max(col.Width, float64(displayWidth(label))+2)
			if err := sw.SetColWidth(c+1, c+1, min(width, 80)); err != nil {
				return err
			}
			row[c] = excelize.Cell{StyleID: head, Value: label}
		}
		if err := sw.SetRow("A1", row, excelize.RowOpts{Height: 20}); err != nil {
			return err
		}
		w.streams = append(w.streams, sw)
		w.next = append(w.next, 2)
	}
	return nil
}

// Row writes the next row of a sheet.
func (w *Workbook) Row(sheet int, cells []printing.Cell) error {
	if sheet < 0 || sheet >= len(w.streams) {
		return fmt.Errorf("excel: no sheet %d", sheet)
	}
	w.cells = w.cells[:0]
	for _, c := range cells {
		w.cells = append(w.cells, w.value(c))
	}
	ref, err := excelize.CoordinatesToCellName(1, w.next[sheet])
	if err != nil {
		return err
	}
	w.next[sheet]++
	return w.streams[sheet].SetRow(ref, w.cells)
}

func (w *Workbook) value(c printing.Cell) any {
	switch c.Kind {
	case printing.KindNumber:
		return c.Number
	case printing.KindDate, printing.KindDateTime:
		if c.Time.IsZero() {
			return nil
		}
		style := w.dtime
		if c.Kind == printing.KindDate {
			style = w.date
		}
		return excelize.Cell{StyleID: style, Value: c.Time}
	}
	if c.Text == "" {
		return nil
	}
	return c.Text
}

// WriteTo ends the sheets and writes the .xlsx file to out.
func (w *Workbook) WriteTo(out io.Writer) (int64, error) {
	for _, sw := range w.streams {
		if err := sw.Flush(); err != nil {
			return 0, err
		}
	}
	return w.f.WriteTo(out)
}

// Close removes the temporary files.
func (w *Workbook) Close() error { return w.f.Close() }

func ptr[T any](v T) *T { return &v }

// sheetName is a valid, unique sheet name: at most 31 characters, none of
// : \ / ? * [ ].
func sheetName(s string, used map[string]bool) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`:\/?*[]`, r) {
			return '-'
		}
		return r
	}, s)
	s = strings.Trim(s, "'")
	if s == "" {
		s = "Sheet"
	}
	r := []rune(s)
	if len(r) > 31 {
		r = r[:31]
	}
	name := string(r)
	for i := 2; used[strings.ToLower(name)]; i++ {
		suffix := fmt.Sprintf(" (%d)", i)
		name = string(r[:min(len(r), 31-len(suffix))]) + suffix
	}
	used[strings.ToLower(name)] = true
	return name
}

// displayWidth counts Hangul and other wide characters as two columns.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		if unicode.Is(unicode.Hangul, r) || unicode.Is(unicode.Han, r) || r >= 0xFF00 && r <= 0xFFEF {
			n += 2
		} else {
			n++
		}
	}
	return n
}
