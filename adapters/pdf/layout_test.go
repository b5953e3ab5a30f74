package pdf_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"os/exec"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/printing/printtest"
)

type bboxDoc struct {
	Pages []struct {
		Width  float64 `xml:"width,attr"`
		Height float64 `xml:"height,attr"`
		Words  []struct {
			XMin float64 `xml:"xMin,attr"`
			YMin float64 `xml:"yMin,attr"`
			XMax float64 `xml:"xMax,attr"`
			YMax float64 `xml:"yMax,attr"`
			Text string  `xml:",chardata"`
		} `xml:"word"`
	} `xml:"body>doc>page"`
}

// words are the boxes of every word pdftotext finds, per page.
func words(t *testing.T, doc []byte) bboxDoc {
	t.Helper()
	text(t, doc) // skips when pdftotext is missing
	cmd := exec.Command("pdftotext", "-bbox", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(doc)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	var d bboxDoc
	dec := xml.NewDecoder(bytes.NewReader(out))
	dec.Strict = false
	dec.AutoClose = xml.HTMLAutoClose
	if err := dec.Decode(&d); err != nil {
		t.Fatal(err)
	}
	return d
}

// stressed is the sample with what used to overlap: long labels, long
// values without spaces, long Korean text in a narrow column, and enough
// records to break pages.
func stressed() *printtest.Store {
	st := printtest.Sample(nil)
	st.InfoRow.VideoEssayURL = "https://video.example.com/" + strings.Repeat("abcdefghij", 20)
	st.InfoRow.Address = strings.Repeat("서울특별시 종로구 대학로 아주긴도로명", 8)
	st.InfoRow.ForeignAddress = strings.Repeat("Flat 12, Building of the Long Address Society, ", 6)
	for i := 0; i < 6; i++ {
		st.Acad = append(st.Acad, form.AcademicRecord{AcadType: "grad", SearchSchoolName: strings.Repeat("국립 매우긴이름 대학교 ", 5),
			SchoolCode: "999", Major: strings.Repeat("Interdisciplinary Studies ", 5), GraduationStatus: "00001", EnterDay: "2020-03-01"})
	}
	st.RoundRow.Survey = append(st.RoundRow.Survey, application.Question{Code: "Q3", InputType: "text",
		KorText: strings.Repeat("아주 길게 쓴 설문 문항으로 라벨 칸을 넘칠 만큼 깁니다 ", 3), EngText: strings.Repeat("A very long survey question that overflows the label column ", 3)})
	sv := st.Surveys[application.StageSurvey]
	sv.Answers = append(sv.Answers, application.SurveyAnswer{SurveyAnswer: form.SurveyAnswer{QuestionCode: "Q3", Answer: "네"}})
	st.Surveys[application.StageSurvey] = sv
	return st
}

func TestNothingOverlaps(t *testing.T) {
	t.Parallel()
	for _, slip := range []bool{false, true} {
		for _, lang := range []printing.Lang{printing.Korean, printing.English} {
			name := string(lang) + map[bool]string{false: " application", true: " slip"}[slip]
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				svc := printtest.NewService(stressed(), renderer(t))
				print := svc.PrintApplication
				if slip {
					print = svc.PrintSlip
				}
				f, err := print(context.Background(), printtest.OwnerP, printtest.ApplNo, lang)
				if err != nil {
					t.Fatal(err)
				}
				d := words(t, f.Data)
				if len(d.Pages) == 0 {
					t.Fatal("no pages")
				}
				const tol = 0.6
				for p, pg := range d.Pages {
					for i, a := range pg.Words {
						if a.XMin < 40-tol || a.XMax > pg.Width-40+tol || a.YMin < 0 || a.YMax > pg.Height {
							t.Errorf("page %d: %q at x %.1f-%.1f y %.1f-%.1f leaves the page's margins", p+1, a.Text, a.XMin, a.XMax, a.YMin, a.YMax)
						}
						for _, b := range pg.Words[i+1:] {
							if a.XMin < b.XMax-tol && b.XMin < a.XMax-tol && a.YMin < b.YMax-tol && b.YMin < a.YMax-tol {
								t.Errorf("page %d: %q overlaps %q", p+1, a.Text, b.Text)
							}
						}
					}
				}
			})
		}
	}
}
