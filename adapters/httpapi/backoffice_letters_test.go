package httpapi_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"
)

// The workbook's letters column says how many of the letters asked for
// were submitted, and the dashboard counts the round's letters still
// pending (cancelled requests are not counted).
func TestExportAndDashboardCountLetters(t *testing.T) {
	e := newApplyEnv(t)
	_, n := e.submitted("applicant1", "236", "DC01")
	e.setStatus(n, "COMPLETE")
	e.exec("UPDATE application SET appl_id = 'EX-0001' WHERE appl_no = $1", n)
	for i, st := range []string{"00040", "00040", "00010", "00020"} {
		e.exec(`INSERT INTO recommend_request (appl_no, school_code, enter_year, recruit_part_seq, applicant_user_id, prof_name, email,
			institution, position, locale, status, cancelled, created_at) VALUES ($1, '236', $2, 1, 'applicant1', 'Prof', $3, 'Univ', 'Professor', 'en', $4, $5, now())`,
			n, e.year, fmt.Sprintf("prof%d@example.com", i), st, i == 3)
	}
	school := e.as("schooladmin")
	q := fmt.Sprintf("?schoolCode=236&enterYear=%d&recruitPartSeq=1", e.year)
	for _, c := range []struct{ lang, want string }{{"en", "2/3 completed"}, {"ko", "3건 중 2건 완료"}} {
		school.Lang = c.lang
		r := must(t, school.Do("GET", "/apply/api-auth/admin/exports/applicants"+q, nil), 200, "xlsx")
		wb, err := excelize.OpenReader(bytes.NewReader([]byte(r.Raw)))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := wb.GetRows(wb.GetSheetName(0))
		last := len(rows[0]) - 1
		if len(rows) != 2 || len(rows[1]) <= last || rows[1][last] != c.want {
			t.Fatalf("%s workbook letters: %v", c.lang, rows)
		}
	}
	r := must(t, school.Do("GET", "/apply/api-auth/admin/dashboard"+q, nil), 200, "dashboard")
	if r.Body["lettersPending"] != float64(1) || r.Body["lettersCompleted"] != float64(2) {
		t.Fatalf("dashboard letters: %s", r.Raw)
	}
}
