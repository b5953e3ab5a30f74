// Package pdf renders the admission slip and the whole application as PDF
// with github.com/signintech/gopdf, embedding a subset of a TrueType font
// with Korean glyphs (NanumGothic by default, config FONT_PATH).
package pdf

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/signintech/gopdf"

	"github.com/gradapply/gradapply/adapters/httpapi"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/submission"
)

const family = "nanum"

// Page geometry (points, A4).
const (
	pageW, pageH = 595.0, 842.0
	margin       = 40.0
	labelW       = 170.0
	lineH        = 16.0
)

// Renderer renders PDFs; the font is parsed once and shared.
type Renderer struct {
	fonts *gopdf.FontContainer
	err   error
}

var _ httpapi.PDFRenderer = (*Renderer)(nil)

// New loads the font. A missing font does not stop the server: every
// render then answers 503 pdf.unavailable and the error is kept in Err.
func New(fontPath string) *Renderer {
	b, err := os.ReadFile(fontPath)
	if err != nil {
		return &Renderer{err: fmt.Errorf("pdf: font: %w", err)}
	}
	fc := &gopdf.FontContainer{}
	if err := fc.AddTTFFontData(family, b); err != nil {
		return &Renderer{err: fmt.Errorf("pdf: font %s: %w", fontPath, err)}
	}
	return &Renderer{fonts: fc}
}

// Err reports why PDFs cannot be rendered (nil when they can).
func (r *Renderer) Err() error { return r.err }

// doc is one document being written.
type doc struct {
	pdf *gopdf.GoPdf
	y   float64
}

func (r *Renderer) start() (*doc, error) {
	if r.err != nil {
		return nil, apperr.Wrap(apperr.KindUnavailable, "pdf.unavailable", r.err)
	}
	p := &gopdf.GoPdf{}
	p.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4})
	if err := p.AddTTFFontFromFontContainer(family, r.fonts); err != nil {
		return nil, fmt.Errorf("pdf: font: %w", err)
	}
	d := &doc{pdf: p}
	d.page()
	return d, nil
}

func (d *doc) page() {
	d.pdf.AddPage()
	d.y = margin
}

func (d *doc) font(size float64) { _ = d.pdf.SetFont(family, "", size) }

// need starts a new page when h more points do not fit.
func (d *doc) need(h float64) {
	if d.y+h > pageH-margin {
		d.page()
	}
}

func (d *doc) text(x float64, s string) {
	d.pdf.SetXY(x, d.y)
	_ = d.pdf.Text(s)
}

// row writes a label and a value, the value wrapped to the page width.
func (d *doc) row(label, value string, size float64) {
	d.font(size)
	lines, err := d.pdf.SplitText(value, pageW-2*margin-labelW)
	if err != nil || len(lines) == 0 {
		lines = []string{value}
	}
	for i, l := range lines {
		d.need(lineH)
		if i == 0 {
			d.pdf.SetTextColor(90, 90, 90)
			d.text(margin, label)
			d.pdf.SetTextColor(0, 0, 0)
		}
		d.text(margin+labelW, l)
		d.y += lineH
	}
}

func (d *doc) heading(s string, size float64) {
	d.need(size + 14)
	d.y += 6
	d.font(size)
	d.text(margin, s)
	d.y += size + 4
	d.pdf.SetLineWidth(0.6)
	d.pdf.Line(margin, d.y-4, pageW-margin, d.y-4)
	d.y += 4
}

func (d *doc) bytesTo(w io.Writer) error {
	if _, err := d.pdf.WriteTo(w); err != nil {
		return fmt.Errorf("pdf: write: %w", err)
	}
	return nil
}

// Slip writes the admission slip: exam number, names, photo, school, round
// and major.
func (r *Renderer) Slip(w io.Writer, sl submission.Slip) error {
	d, err := r.start()
	if err != nil {
		return err
	}
	d.font(22)
	d.text(margin, "수험표  Admission Slip")
	d.y += 40
	d.font(11)
	d.text(margin, sl.Round.SchoolKorName)
	d.y += lineH
	d.text(margin, sl.Round.SchoolEngName)
	d.y += lineH + 10

	// Photo box, top right (3 x 4 cm).
	const pw, ph = 85.0, 113.0
	px, py := pageW-margin-pw, d.y
	d.pdf.SetLineWidth(0.8)
	d.pdf.RectFromUpperLeftWithStyle(px, py, pw, ph, "D")
	if len(sl.Photo) > 0 {
		if img, err := gopdf.ImageHolderByBytes(sl.Photo); err == nil {
			_ = d.pdf.ImageByHolder(img, px, py, &gopdf.Rect{W: pw, H: ph})
		}
	} else {
		d.font(9)
		d.pdf.SetXY(px+22, py+52)
		_ = d.pdf.Text("사진 Photo")
	}

	major := strings.TrimSpace(sl.Offer.MajorKorName + " " + sl.Offer.MajorEngName)
	if major == "" {
		major = sl.Part.MajorCode
	}
	course := sl.Part.RemkKor
	if sl.Part.RemkEng != "" {
		course += " / " + sl.Part.RemkEng
	}
	rows := [][2]string{
		{"수험번호 Exam number", sl.Header.ApplID},
		{"성명 Name (Korean)", sl.KorName},
		{"영문 성명 Name (English)", sl.EngName},
		{"모집 회차 Round", sl.Round.KorName},
		{"", sl.Round.EngName},
		{"전공 Major", major},
		{"과정 Course", course},
	}
	for _, rw := range rows {
		d.font(12)
		d.pdf.SetTextColor(90, 90, 90)
		d.text(margin, rw[0])
		d.pdf.SetTextColor(0, 0, 0)
		size := 12.0
		if rw[0] == "수험번호 Exam number" {
			size = 18
		}
		d.font(size)
		d.text(margin+150, rw[1])
		d.y += size + 10
	}
	d.y = max(d.y, py+ph) + 30
	d.font(9)
	for _, l := range []string{
		"시험 당일 수험표와 신분증을 지참해 주세요.",
		"Bring this slip and an identity document on the day of the examination.",
		"지원서 번호 Application no. " + strconv.FormatInt(sl.Header.ApplNo, 10),
	} {
		d.text(margin, l)
		d.y += 13
	}
	return d.bytesTo(w)
}

// Application writes every section of the application with bilingual
// labels.
func (r *Renderer) Application(w io.Writer, a httpapi.PrintedApplication) error {
	d, err := r.start()
	if err != nil {
		return err
	}
	rec := a.Record
	d.font(20)
	d.text(margin, "입학 지원서  Application")
	d.y += 34
	d.heading("지원 정보  Application", 13)
	major := strings.TrimSpace(rec.Offer.MajorKorName + " / " + rec.Offer.MajorEngName)
	for _, rw := range [][2]string{
		{"지원서 번호 Application no.", strconv.FormatInt(rec.ApplNo, 10)},
		{"수험번호 Exam number", rec.ApplID},
		{"상태 Status", string(rec.State.Effective())},
		{"학교 School", rec.Round.SchoolKorName + " / " + rec.Round.SchoolEngName},
		{"모집 회차 Round", rec.Round.KorName + " / " + rec.Round.EngName},
		{"전공 Major", major},
		{"과정 Course", rec.Part.RemkKor + " / " + rec.Part.RemkEng},
		{"지원자 Applicant", rec.ApplicantName},
	} {
		d.row(rw[0], rw[1], 10)
	}
	for _, key := range sectionOrder {
		v, ok := a.Sections[key]
		if !ok {
			continue
		}
		t := sectionTitles[key]
		d.heading(t[0]+"  "+t[1], 13)
		var flat []kv
		flatten(&flat, "", toPlain(v))
		if len(flat) == 0 {
			d.row("", "-", 10)
		}
		for _, f := range flat {
			d.row(label(f.k), f.v, 10)
		}
	}
	d.heading("제출 서류  Documents", 13)
	for _, g := range a.Docs.Groups {
		for _, e := range g.Items {
			v := "-"
			if e.Document != nil {
				v = e.Document.FileName
			}
			d.row(e.KorName+" "+e.EngName, v, 10)
		}
	}
	for _, s := range a.Docs.Extra {
		if s.Document != nil {
			d.row("기타 서류 Other document "+strconv.Itoa(s.Seq), s.Document.FileName, 10)
		}
	}
	return d.bytesTo(w)
}

// toPlain turns a value into maps, slices and scalars through its JSON form
// (the field names the API uses).
func toPlain(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out any
	_ = dec.Decode(&out)
	return out
}

type kv struct{ k, v string }

// flatten lists the non-empty scalars of a value with their paths
// (acadList[1].gpa style: the last name is the label).
func flatten(out *[]kv, path string, v any) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.SliceStable(keys, func(i, j int) bool { return fieldRank(keys[i]) < fieldRank(keys[j]) })
		for _, k := range keys {
			p := k
			if path != "" {
				p = path + "." + k
			}
			flatten(out, p, x[k])
		}
	case []any:
		for i, e := range x {
			flatten(out, fmt.Sprintf("%s[%d]", path, i+1), e)
		}
	case nil:
	case bool:
		if x {
			*out = append(*out, kv{path, "예 Yes"})
		}
	case string:
		if x != "" {
			*out = append(*out, kv{path, x})
		}
	default:
		s := fmt.Sprint(x)
		if s != "0" {
			*out = append(*out, kv{path, s})
		}
	}
}
