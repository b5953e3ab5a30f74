package httpapi_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

// letterSubmitted has a recommender submit a letter for application n,
// with an uploaded file, as the recommender's pages do.
func letterSubmitted(t *testing.T, e payEnv, c *apptest.Client, n int64, email string) {
	t.Helper()
	must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/recommend/%d", n), recommendRequest(email, "ko")), 201, "letter request")
	key := keyFor(t, e.a, email)
	rc := apptest.NewClient(t, e.srv)
	form := must(t, rc.Do("GET", "/apply/api/recommend/"+key+"/form", nil), 200, "open the letter").Body
	if r := uploadLetter(t, rc, key, "lee-letter.pdf", []byte("%PDF-1.4\nletter file\n")); r.Status != 200 {
		t.Fatalf("letter file: %d %s", r.Status, r.Raw)
	}
	must(t, rc.Do("POST", "/apply/api/recommend/"+key+"/submit", map[string]any{"answers": fullAnswers(t, form), "profSign": "Lee Jaewon",
		"profile": map[string]any{"name": "Lee Jaewon", "institution": "Korea University", "position": "Professor", "phone": "010-1234-5678"}}), 200, "letter submitted")
}

// sheetRow is the row of a sheet whose first cell is key, by heading.
func sheetRows(t *testing.T, f *excelize.File, sheet, key string) []map[string]string {
	t.Helper()
	rows, err := f.GetRows(sheet)
	if err != nil || len(rows) == 0 {
		t.Fatalf("sheet %q: %v %v", sheet, rows, err)
	}
	var out []map[string]string
	for _, r := range rows[1:] {
		if len(r) > 0 && r[0] == key {
			m := map[string]string{}
			for i, h := range rows[0] {
				if i < len(r) {
					m[h] = r[i]
				}
			}
			out = append(out, m)
		}
	}
	return out
}

// An applicant fills every step, a professor submits a letter, the fee is
// paid: the school's workbook names every code, keeps Seoul times as real
// dates, has a sheet per section keyed by exam number; the documents ZIP
// holds a folder per applicant with the application PDF, the documents and
// the letter, each dated when it was made. Another school's admin gets
// neither.
func TestWorkbookAndDocumentsOfARound(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	round := e.recruit(c, "236")
	category := firstCategory(round)
	n := e.fillAndSubmit(c)
	letterSubmitted(t, e, c, n, "lee.workbook@example.com")
	_, applID := e.payByCard(c, n)
	done := time.Now()
	q := fmt.Sprintf("?schoolCode=236&enterYear=%d&recruitPartSeq=1", e.year)
	school := e.as("schooladmin")

	// Every code an applicant chose, and what it must read as.
	codes := []string{"COMPLETE", "SUBMIT", "410", category, "00001", "DC01", "card", "F"}
	for _, tc := range []struct {
		lang, status, nationality, exam string
		sheets                          []string
	}{
		{"ko", "접수 완료", "대한민국", "토플", []string{"지원자", "기본 정보", "학력", "어학 성적", "경력", "자격 및 수상", "에세이", "추가 정보", "가족",
			"설문 응답", "제출 서류", "결제", "동의 사항"}},
		{"en", "Application complete", "Republic of Korea", "TOEFL", []string{"Applicants", "Basic information", "Academic history",
			"Language scores", "Career", "Certificates and awards", "Essays", "Additional information", "Family", "Survey answers",
			"Documents", "Payments", "Consents"}},
	} {
		school.Lang = tc.lang
		r := must(t, school.Do("GET", "/apply/api-auth/admin/exports/applicants"+q, nil), 200, "workbook "+tc.lang)
		f, err := excelize.OpenReader(bytes.NewReader([]byte(r.Raw)))
		if err != nil {
			t.Fatal(err)
		}
		if got := f.GetSheetList(); !slices.Equal(got, tc.sheets) {
			t.Fatalf("%s sheets %q", tc.lang, got)
		}
		// No cell holds a code where a name exists.
		for _, sh := range tc.sheets {
			rows, _ := f.GetRows(sh)
			for i, row := range rows {
				for j, v := range row {
					if slices.Contains(codes, v) && !(i > 0 && j == 0) {
						name, _ := excelize.CoordinatesToCellName(j+1, i+1)
						t.Errorf("%s %s!%s (%s) holds the code %q", tc.lang, sh, name, rows[0][j], v)
					}
				}
			}
		}
		sum := sheetRows(t, f, tc.sheets[0], applID)
		if len(sum) != 1 {
			t.Fatalf("%s: no summary row for %s", tc.lang, applID)
		}
		row := sum[0]
		h := func(ko, en string) string {
			if tc.lang == "en" {
				return en
			}
			return ko
		}
		if row[h("상태", "Status")] != tc.status || row[h("국적", "Nationality")] != tc.nationality ||
			!strings.HasPrefix(row[h("어학 성적", "Language scores")], tc.exam) || row[h("전공", "Major")] == "" ||
			row[h("전형", "Category")] == "" || row[h("원서번호", "Application no.")] != fmt.Sprint(n) {
			t.Errorf("%s summary row %v", tc.lang, row)
		}
		// The completion is a real date in Seoul time, shown yyyy-mm-dd hh:mm.
		rows, _ := f.GetRows(tc.sheets[0])
		col := slices.Index(rows[0], h("접수 완료", "Completed at"))
		line := slices.IndexFunc(rows, func(r []string) bool { return len(r) > 0 && r[0] == applID })
		cell, _ := excelize.CoordinatesToCellName(col+1, line+1)
		raw, _ := f.GetCellValue(tc.sheets[0], cell, excelize.Options{RawCellValue: true})
		var serial float64
		if _, err := fmt.Sscan(raw, &serial); err != nil {
			t.Fatalf("%s completed at %s is not a date: %q", tc.lang, cell, raw)
		}
		at, _ := excelize.ExcelDateToTime(serial, false)
		seoulNow := done.In(seoul())
		wall := time.Date(seoulNow.Year(), seoulNow.Month(), seoulNow.Day(), seoulNow.Hour(), seoulNow.Minute(), seoulNow.Second(), 0, time.UTC)
		if d := wall.Sub(at); d < -time.Minute || d > 5*time.Minute {
			t.Errorf("%s completed at %v, Seoul now %v", tc.lang, at, wall)
		}
		shown, _ := f.GetCellValue(tc.sheets[0], cell)
		if !regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$`).MatchString(shown) {
			t.Errorf("%s completed at shown %q", tc.lang, shown)
		}
		// The heading row is bold and frozen.
		style, _ := f.GetCellStyle(tc.sheets[0], "A1")
		if st, err := f.GetStyle(style); err != nil || st.Font == nil || !st.Font.Bold {
			t.Errorf("%s heading style %+v %v", tc.lang, st, err)
		}
		if p, err := f.GetPanes(tc.sheets[0]); err != nil || !p.Freeze || p.YSplit != 1 {
			t.Errorf("%s panes %+v %v", tc.lang, p, err)
		}
		// Every section the applicant filled has its rows under the exam number.
		for _, sh := range []string{tc.sheets[1], tc.sheets[2], tc.sheets[3], tc.sheets[4], tc.sheets[6], tc.sheets[7], tc.sheets[8],
			tc.sheets[10], tc.sheets[11], tc.sheets[12]} {
			rows := sheetRows(t, f, sh, applID)
			if len(rows) == 0 {
				t.Errorf("%s sheet %s has no row of %s", tc.lang, sh, applID)
				continue
			}
			if rows[0][h("원서번호", "Application no.")] != fmt.Sprint(n) {
				t.Errorf("%s sheet %s: %v", tc.lang, sh, rows[0])
			}
		}
		if b := sheetRows(t, f, tc.sheets[1], applID)[0]; b[h("성별", "Gender")] != h("여성", "Female") || b[h("생년월일", "Date of birth")] != "1998-03-01" {
			t.Errorf("%s basic info %v", tc.lang, b)
		}
		if p := sheetRows(t, f, tc.sheets[11], applID); p[0][h("결제 수단", "Payment method")] != h("신용카드", "Credit card") ||
			p[0][h("결과", "Result")] != h("결제 완료", "Paid") || p[0][h("결제 금액", "Amount paid")] != "80000" {
			t.Errorf("%s payments %v", tc.lang, p)
		}
		f.Close()
	}

	// The documents: a folder per applicant, each entry dated.
	school.Lang = "ko"
	r := must(t, school.Do("GET", "/apply/api-auth/admin/exports/documents"+q, nil), 200, "documents")
	zr, err := zip.NewReader(bytes.NewReader([]byte(r.Raw)), int64(len(r.Raw)))
	if err != nil {
		t.Fatal(err)
	}
	dir := applID + " 김하늘/"
	var names []string
	for _, zf := range zr.File {
		names = append(names, zf.Name)
		if !strings.HasPrefix(zf.Name, dir) {
			t.Errorf("entry %q outside the applicant's folder %q", zf.Name, dir)
		}
		if d := done.Sub(zf.Modified); zf.Modified.Year() < 2000 || d < -time.Minute || d > time.Hour {
			t.Errorf("entry %q dated %v (now %v)", zf.Name, zf.Modified, done)
		}
	}
	pdfHead := func(name string) string {
		for _, zf := range zr.File {
			if zf.Name == name {
				rc, _ := zf.Open()
				b, _ := io.ReadAll(rc)
				rc.Close()
				return string(b[:min(len(b), 5)])
			}
		}
		t.Errorf("no %q in %q", name, names)
		return ""
	}
	if pdfHead(dir+"지원서-"+applID+".pdf") != "%PDF-" || pdfHead(dir+"추천서 1 - Lee Jaewon.pdf") != "%PDF-" ||
		pdfHead(dir+"추천서 1 - Lee Jaewon - lee-letter.pdf") != "%PDF-" {
		t.Errorf("the folder's PDFs: %q", names)
	}
	if len(names) < 4 {
		t.Errorf("the folder holds no uploaded document: %q", names)
	}
	if r.Header.Get("X-Export-Files") != fmt.Sprint(len(names)) {
		t.Errorf("X-Export-Files %s for %d entries", r.Header.Get("X-Export-Files"), len(names))
	}

	// Another school's admin: the round does not exist; a setup admin may not export.
	sys := e.as("sysadmin")
	must(t, sys.Do("PUT", "/apply/api-auth/admin/roles/applicant2", map[string]any{"roles": []string{"ROLE_SCHL_ADMIN"}, "schoolCode": "SKKGSB"}), 200, "other school admin")
	other := e.as("applicant2")
	for _, kind := range []string{"applicants", "documents"} {
		r := must(t, other.Do("GET", "/apply/api-auth/admin/exports/"+kind+q, nil), 404, "another school's "+kind)
		if strings.Contains(r.Raw, "김하늘") {
			t.Errorf("another school's %s: %s", kind, r.Raw)
		}
		must(t, e.as("setadmin").Do("GET", "/apply/api-auth/admin/exports/"+kind+q, nil), 403, "setup admin "+kind)
	}
}
