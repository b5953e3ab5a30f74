package printing

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// Kind is how a workbook cell is written.
type Kind int

const (
	KindText     Kind = iota
	KindNumber        // a number (amounts in major units)
	KindDate          // a day: a real date shown yyyy-mm-dd
	KindDateTime      // a time in Asia/Seoul: a real date shown yyyy-mm-dd hh:mm
)

// Cell is one value of a workbook row.
type Cell struct {
	Kind   Kind
	Text   string
	Number float64
	Time   time.Time // KindDate, KindDateTime: in Asia/Seoul
}

// Column is a heading with the kind and width (in characters) of its
// values.
type Column struct {
	Label Label
	Kind  Kind
	Width float64
}

// Sheet is a worksheet: its name and headings. Every sheet's first two
// columns are the exam number and the application number.
type Sheet struct {
	Name    Label
	Columns []Column
}

// SheetWriter writes a workbook (adapters/excel): Begin once with every
// sheet in order, then each sheet's rows in order, sheets interleaved.
type SheetWriter interface {
	Begin(lang Lang, sheets []Sheet) error
	Row(sheet int, cells []Cell) error
}

func textCell(v string) Cell    { return Cell{Text: v} }
func numberCell(v float64) Cell { return Cell{Kind: KindNumber, Number: v} }
func timeCell(t time.Time) Cell {
	if t.IsZero() {
		return Cell{}
	}
	return Cell{Kind: KindDateTime, Time: inSeoul(t)}
}

// dayCell is a day typed as yyyy-MM-dd, as a date; anything else stays
// text.
func dayCell(v string) Cell {
	d, err := time.ParseInLocation(time.DateOnly, v, window.Seoul)
	if err != nil {
		return textCell(v)
	}
	return Cell{Kind: KindDate, Time: d}
}

// Workbook writes the round's submitted applications to out, in the
// staff's language: the applicants' summary, then a sheet per section of
// the application with every field, codes by their names, every row keyed
// by exam number and application number. p must be allowed to export the
// round (the export is logged). It answers how many applicants it wrote.
func (s *Service) Workbook(ctx context.Context, p permission.Principal, k application.RoundKey, lang Lang, out SheetWriter) (int, error) {
	list, _, _, err := s.exported(ctx, p, k, application.ExportApplicants)
	if err != nil {
		return 0, err
	}
	rv, err := s.roundView(ctx, k, lang)
	if err != nil {
		return 0, err
	}
	if err := out.Begin(lang, workbookSheets(rv)); err != nil {
		return 0, err
	}
	for _, r := range list {
		d, err := s.load(ctx, rv, r)
		if err != nil {
			return 0, err
		}
		if err := d.write(rv, out); err != nil {
			return 0, err
		}
		if rv.n.err != nil {
			return 0, rv.n.err
		}
	}
	if rv.n.err != nil {
		return 0, rv.n.err
	}
	return len(list), nil
}
