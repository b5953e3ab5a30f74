package pdf_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/pdf"
	"github.com/gradapply/gradapply/adapters/testenv"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/printing/printtest"
)

func renderer(tb testing.TB) *pdf.Renderer {
	tb.Helper()
	r := pdf.New(config.DefaultFontPath)
	if r.Err() != nil {
		testenv.Missing(tb, "the PDF font", r.Err())
	}
	return r
}

// photo is a small PNG.
func photo(tb testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 30, 40))
	for x := 0; x < 30; x++ {
		for y := 0; y < 40; y++ {
			img.Set(x, y, color.RGBA{R: 80, G: 120, B: uint8(4 * y), A: 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// text is what a reader sees: pdftotext's output, in reading order.
func text(t *testing.T, doc []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		testenv.Missing(t, "pdftotext (apt-get install poppler-utils)", err)
	}
	cmd := exec.Command("pdftotext", "-enc", "UTF-8", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(doc)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// print runs the use case on the sample with the real renderer.
func print(t *testing.T, slip bool, lang printing.Lang, st *printtest.Store) string {
	t.Helper()
	svc := printtest.NewService(st, renderer(t))
	var f printing.File
	var err error
	if slip {
		f, err = svc.PrintSlip(context.Background(), printtest.OwnerP, printtest.ApplNo, lang)
	} else {
		f, err = svc.PrintApplication(context.Background(), printtest.OwnerP, printtest.ApplNo, lang)
	}
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("PDF_KEEP") != "" { // PDF_KEEP=/tmp/x keeps the files to look at
		_ = os.WriteFile(os.Getenv("PDF_KEEP")+"-"+string(lang)+"-"+f.Name, f.Data, 0o644)
	}
	return text(t, f.Data)
}

// word finds s as a whole token (not inside a longer number or word).
func word(s string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^\p{L}\p{N}])` + regexp.QuoteMeta(s) + `($|[^\p{L}\p{N}])`)
}

func TestApplicationReadsLikeAForm(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang  printing.Lang
		names []string
	}{
		{printing.Korean, []string{"대한민국", "한국예술종합학교", "대학교", "평점평균", "졸업", "접수 완료", "여성", "부", "학교 홈페이지", "정규직", "토플", "연출"}},
		{printing.English, []string{"Korea, Republic of", "Korea National University of Arts", "University", "Point average", "Graduated",
			"Application complete", "Female", "Father", "The school's website", "Permanent", "TOEFL iBT", "Directing"}},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			t.Parallel()
			got := print(t, false, tc.lang, printtest.Sample(photo(t)))
			for _, raw := range []string{"410", "00001", "COMPLETE", "univ", "131", "depth", "inputType", "isLeaf", "nodeId", "Q1"} {
				if word(raw).MatchString(got) {
					t.Errorf("the application shows the raw %q:\n%s", raw, got)
				}
			}
			for _, n := range tc.names {
				if !strings.Contains(got, n) {
					t.Errorf("the application lacks %q:\n%s", n, got)
				}
			}
			// Labels in both languages; headings in the form's order.
			last := -1
			for _, h := range [][2]string{{"지원 사항", "Application"}, {"기본 정보", "Basic information"}, {"비상 연락처", "Emergency contact"},
				{"학력", "Academic history"}, {"어학 성적", "Language scores"}, {"경력", "Career"}, {"에세이", "Essays"}, {"설문", "Survey"},
				{"제출 서류", "Documents"}, {"동의 사항", "Consents"}} {
				loc := regexp.MustCompile(regexp.QuoteMeta(h[0]) + `\s+` + regexp.QuoteMeta(h[1])).FindStringIndex(got[last+1:])
				if loc == nil {
					t.Fatalf("heading %q missing or out of order:\n%s", h, got)
				}
				last += loc[0] + 1
			}
			for _, l := range []string{"국적", "Nationality", "성적 형식", "Grade form", "Emergency contact", "Relationship"} {
				if !strings.Contains(got, l) {
					t.Errorf("label %q missing", l)
				}
			}
			// The emergency contact is its own block, not a bare "Name" in basic info.
			ec := got[strings.Index(got, "비상 연락처"):]
			if !strings.Contains(ec[:min(len(ec), 400)], "김보호") {
				t.Errorf("emergency contact block lacks the contact's name:\n%s", ec)
			}
			// The long essay is wrapped and whole: its last sentence is there.
			if !strings.Contains(got, "끝문장입니다.") {
				t.Errorf("the essay's end is lost:\n%s", got)
			}
			// A header and page numbers on every page.
			pages := strings.Split(strings.TrimRight(got, "\f"), "\f")
			if len(pages) < 2 {
				t.Fatalf("expected several pages, got %d", len(pages))
			}
			for i, p := range pages {
				if !strings.Contains(p, "수험번호 Exam no. "+printtest.ExamNumber) || !regexp.MustCompile(`(^|\s)`+strconv.Itoa(i+1)+`\s*/\s*`+strconv.Itoa(len(pages))+`\s*$`).MatchString(p) {
					t.Errorf("page %d lacks the header or its number:\n%s", i+1, p)
				}
			}
			// A section going on over a page break repeats its title there.
			if !regexp.MustCompile(`\(계속\)\s+\S.*\(continued\)`).MatchString(got) {
				t.Errorf("no continued section title:\n%s", got)
			}
			if !strings.Contains(got, "2026-03-04 10:30 KST") {
				t.Errorf("no printing time")
			}
		})
	}
}

func TestSlipIsComplete(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang  printing.Lang
		names []string
	}{
		{printing.Korean, []string{"2027학년도 전기 일반전형", "연출", "석사과정", "실기 고사는 3월 10일"}},
		{printing.English, []string{"Spring 2027 regular admission", "Directing", "Master's programme", "The practical exam is on 10 March"}},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			t.Parallel()
			got := print(t, true, tc.lang, printtest.Sample(photo(t)))
			for _, want := range append([]string{"수험표", "누리예술대학원", "Nuri Graduate School of Arts", printtest.ExamNumber,
				"김하늘", "KIM HANEUL", "2001-02-03", "발급일 Issued 2026-03-04", "수험번호", "Exam number"}, tc.names...) {
				if !strings.Contains(got, want) {
					t.Errorf("the slip lacks %q:\n%s", want, got)
				}
			}
			if word(strconv.Itoa(printtest.ApplNo)).MatchString(got) {
				t.Errorf("the slip shows the internal application number %d:\n%s", printtest.ApplNo, got)
			}
		})
	}
}

func TestSlipWithoutNoticeOrPhoto(t *testing.T) {
	t.Parallel()
	// No photo, or one that is not an image: the box says where it goes.
	for _, ph := range [][]byte{nil, append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 40)...)} {
		st := printtest.Sample(ph)
		st.Notice = printing.Label{}
		got := print(t, true, printing.Korean, st)
		if strings.Contains(got, "실기 고사") || !strings.Contains(got, "사진") || !strings.Contains(got, "신분증") {
			t.Errorf("slip without notice or photo:\n%s", got)
		}
	}
}

func TestUnavailableFont(t *testing.T) {
	t.Parallel()
	r := pdf.New("/nonexistent/font.ttf")
	if r.Err() == nil || r.Slip(io.Discard, printing.Slip{}) == nil || r.Application(io.Discard, printing.Application{}) == nil {
		t.Fatal("a missing font must refuse to render")
	}
}

func benchModels(b *testing.B) (printing.Application, printing.Slip) {
	var app printing.Application
	var sl printing.Slip
	k := keeper{app: &app, slip: &sl}
	svc := printtest.NewService(printtest.Sample(photo(b)), k)
	ctx := context.Background()
	if _, err := svc.PrintApplication(ctx, printtest.OwnerP, printtest.ApplNo, printing.Korean); err != nil {
		b.Fatal(err)
	}
	if _, err := svc.PrintSlip(ctx, printtest.OwnerP, printtest.ApplNo, printing.Korean); err != nil {
		b.Fatal(err)
	}
	return app, sl
}

type keeper struct {
	app  *printing.Application
	slip *printing.Slip
}

func (k keeper) Application(_ io.Writer, a printing.Application) error { *k.app = a; return nil }
func (k keeper) Slip(_ io.Writer, s printing.Slip) error               { *k.slip = s; return nil }

// BenchmarkSlip is the time to render one admission slip:
// go test -run '^$' -bench . -benchmem ./adapters/pdf
func BenchmarkSlip(b *testing.B) {
	r := renderer(b)
	_, sl := benchModels(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := r.Slip(io.Discard, sl); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApplication is the time to render the sample application
// (three pages).
func BenchmarkApplication(b *testing.B) {
	r := renderer(b)
	app, _ := benchModels(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := r.Application(io.Discard, app); err != nil {
			b.Fatal(err)
		}
	}
}
