package csvsafe_test

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/csvsafe"
)

func TestFormulaCellsAreWrittenAsText(t *testing.T) {
	in := []string{
		`=HYPERLINK("https://evil.example","click")`,
		"+cmd|' /C calc'!A0",
		"-2+3",
		"@SUM(A1:A2)",
		"\t=1+1",
		"\r=1+1",
	}
	var b bytes.Buffer
	if err := csvsafe.Write(&b, [][]string{{"답변"}, in}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "\ufeff") {
		t.Fatal("no byte-order mark: Excel would not read the Korean")
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(b.String(), "\ufeff")))
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if rows[0][0] != "답변" {
		t.Fatalf("header: %q", rows[0][0])
	}
	for i, cell := range rows[1] {
		if cell != "'"+in[i] {
			t.Errorf("cell %d written as %q, want it behind an apostrophe", i, cell)
		}
	}
}

func TestOrdinaryTextIsUnchanged(t *testing.T) {
	for _, s := range []string{"", "좋았습니다", "2026-11-26", "a=b", "email@example.com", "100"} {
		if got := csvsafe.Cell(s); got != s {
			t.Errorf("Cell(%q) = %q", s, got)
		}
	}
}
