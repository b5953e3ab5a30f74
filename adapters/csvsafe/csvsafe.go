// Package csvsafe writes CSV files that staff open in a spreadsheet.
//
// A cell beginning with =, +, -, @, TAB or CR is read by Excel, LibreOffice
// and Google Sheets as a formula (CSV injection, OWASP): an applicant's
// free-text answer "=HYPERLINK(...)" would reach staff as a live link. Such a
// cell is written with a leading apostrophe, which spreadsheets show as text
// and do not display.
package csvsafe

import (
	"encoding/csv"
	"io"
)

// Write writes rows as CSV in UTF-8 with a byte-order mark (so Excel reads
// Korean), every cell neutralised.
func Write(w io.Writer, rows [][]string) error {
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	for _, row := range rows {
		safe := make([]string, len(row))
		for i, cell := range row {
			safe[i] = Cell(cell)
		}
		if err := cw.Write(safe); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// Cell returns s as text a spreadsheet will not evaluate.
func Cell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}
