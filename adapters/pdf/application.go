package pdf

import (
	"io"
	"strconv"

	"github.com/signintech/gopdf"

	"github.com/gradapply/gradapply/core/printing"
)

// Table geometry of the application.
const (
	labelW   = 168.0 // the label column
	pad      = 5.0   // inside a cell
	valueSz  = 9.5
	labelSz  = 9.0
	engSz    = 7.5
	valueLH  = 13.0 // line height of values
	labelLH  = 11.5
	engLH    = 10.0
	headTop  = 30.0 // the running header
	bodyTop  = 70.0
	bodyLow  = pageH - 52.0
	headingH = 22.0
)

// Application writes the whole application: a title, then each section as
// a bordered table of bilingual labels and values, with a running header
// and page numbers.
func (r *Renderer) Application(w io.Writer, a printing.Application) error {
	d, err := r.start(bodyTop, bodyLow)
	if err != nil {
		return err
	}
	l := a.Lang
	d.font(18)
	d.color(0)
	d.at(margin, d.y, contentW, 24, "입학 지원서", gopdf.Left)
	d.font(11)
	d.color(80)
	d.at(margin, d.y+24, contentW, 16, "Application for Admission", gopdf.Left)
	d.y += 50

	if img := image(a.Photo); img != nil {
		// 3 x 4 cm photo at the right of the title and summary.
		const pw, ph = 85.0, 113.0
		_ = d.pdf.ImageByHolder(img, pageW-margin-pw, bodyTop, &gopdf.Rect{W: pw, H: ph})
	}
	// A section that goes on over a page break repeats its title there.
	var cont printing.Label
	d.onPage = func() {
		if cont == (printing.Label{}) {
			return
		}
		d.font(8.5)
		d.color(110)
		d.at(margin, d.y, contentW, 14, cont.Ko+" (계속)  "+cont.En+" (continued)", gopdf.Left)
		d.color(0)
		d.y += 16
	}
	for i, s := range a.Sections {
		width := contentW
		if i == 0 && image(a.Photo) != nil {
			width = contentW - 95
		}
		cont = printing.Label{}
		d.section(s, width, func() { cont = s.Title })
	}

	n := d.pdf.GetNumberOfPages()
	for p := 1; p <= n; p++ {
		_ = d.pdf.SetPage(p)
		d.runningHead(a, l, p, n)
	}
	return d.writeTo(w)
}

// runningHead draws the header (school, title, exam number) and the
// footer (printing time, page x / n) of page p.
func (d *doc) runningHead(a printing.Application, l printing.Lang, p, n int) {
	d.font(8.5)
	d.color(70)
	d.at(margin, headTop, contentW/2, 12, a.School.In(l)+" · "+printing.Label{Ko: "입학 지원서", En: "Application for admission"}.In(l), gopdf.Left)
	if a.ExamNumber != "" {
		d.at(margin+contentW/2, headTop, contentW/2, 12, "수험번호 Exam no. "+a.ExamNumber, gopdf.Right)
	}
	d.line(margin, headTop+16, pageW-margin, headTop+16, 0.6, 60)
	foot := pageH - 36
	d.line(margin, foot-6, pageW-margin, foot-6, 0.4, 150)
	d.at(margin, foot, contentW/2, 12, "출력 Printed "+a.PrintedAt.In(kst).Format("2006-01-02 15:04")+" KST", gopdf.Left)
	d.at(margin+contentW/2, foot, contentW/2, 12, strconv.Itoa(p)+" / "+strconv.Itoa(n), gopdf.Right)
}

// section writes a heading bar and the section's blocks; the heading never
// ends a page alone. started is called once the heading is on the page.
func (d *doc) section(s printing.Section, width float64, started func()) {
	first := 0.0
	if len(s.Blocks) > 0 && len(s.Blocks[0].Fields) > 0 {
		first = d.fieldHeight(s.Blocks[0].Fields[0], width)
		if s.Blocks[0].Title != (printing.Label{}) {
			first += 18
		}
	}
	d.y += 10
	d.need(headingH + first)
	d.pdf.SetFillColor(34, 58, 94)
	d.rect(margin, d.y, width, headingH, "F")
	d.pdf.SetTextColor(255, 255, 255)
	d.font(10.5)
	d.at(margin+pad+2, d.y, width-2*pad, headingH, s.Title.Ko+"   "+s.Title.En, gopdf.Left)
	d.y += headingH
	d.color(0)
	started()
	for _, b := range s.Blocks {
		d.block(b, width)
	}
}

func (d *doc) block(b printing.Block, width float64) {
	if b.Title != (printing.Label{}) {
		h := 18.0
		if len(b.Fields) > 0 {
			d.need(h + d.fieldHeight(b.Fields[0], width))
		}
		d.y += 4
		d.font(9.5)
		d.pdf.SetTextColor(34, 58, 94)
		d.at(margin+2, d.y, width, h-4, b.Title.Ko+"  "+b.Title.En, gopdf.Left)
		d.y += h - 4
		d.line(margin, d.y, margin+width, d.y, 0.8, 90)
		d.color(0)
	}
	for _, f := range b.Fields {
		if f.Long {
			d.longField(f, width)
		} else {
			d.field(f, width)
		}
	}
}

// labelLines wraps a bilingual label into its Korean and English lines.
func (d *doc) labelLines(l printing.Label, w float64) (ko, en []string) {
	d.font(labelSz)
	ko = d.wrap(l.Ko, w)
	if l.En != "" && l.En != l.Ko {
		d.font(engSz)
		en = d.wrap(l.En, w)
	}
	return ko, en
}

func (d *doc) fieldHeight(f printing.Field, width float64) float64 {
	ko, en := d.labelLines(f.Label, labelW-2*pad)
	lh := float64(len(ko))*labelLH + float64(len(en))*engLH
	if f.Long {
		return lh + 2*pad + valueLH + 2*pad
	}
	d.font(valueSz)
	vh := float64(len(d.wrap(f.Value, width-labelW-2*pad))) * valueLH
	return max(lh, vh) + 2*pad
}

func (d *doc) drawLabel(ko, en []string, x, y, w float64) {
	d.font(labelSz)
	d.color(40)
	for _, s := range ko {
		d.at(x, y, w, labelLH, s, gopdf.Left)
		y += labelLH
	}
	d.font(engSz)
	d.color(110)
	for _, s := range en {
		d.at(x, y, w, engLH, s, gopdf.Left)
		y += engLH
	}
	d.color(0)
}

// field writes one row: the label cell shaded on the left, the value
// wrapped on the right; a row is never split across pages.
func (d *doc) field(f printing.Field, width float64) {
	h := d.fieldHeight(f, width)
	d.need(h)
	ko, en := d.labelLines(f.Label, labelW-2*pad)
	d.pdf.SetFillColor(242, 244, 247)
	d.rect(margin, d.y, labelW, h, "F")
	d.drawLabel(ko, en, margin+pad, d.y+pad, labelW-2*pad)
	d.font(valueSz)
	y := d.y + pad
	for _, s := range d.wrap(f.Value, width-labelW-2*pad) {
		d.at(margin+labelW+pad, y, width-labelW-2*pad, valueLH, s, gopdf.Left)
		y += valueLH
	}
	d.line(margin, d.y+h, margin+width, d.y+h, 0.4, 190)
	d.y += h
}

// longField writes free text: the label across the width, then the text
// in full lines, breaking pages between lines only.
func (d *doc) longField(f printing.Field, width float64) {
	ko, en := d.labelLines(f.Label, width-2*pad)
	lh := float64(len(ko))*labelLH + float64(len(en))*engLH + 2*pad
	d.need(lh + valueLH + 2*pad)
	d.pdf.SetFillColor(242, 244, 247)
	d.rect(margin, d.y, width, lh, "F")
	d.drawLabel(ko, en, margin+pad, d.y+pad, width-2*pad)
	d.y += lh + pad
	d.font(valueSz)
	for _, s := range d.wrap(f.Value, width-2*pad) {
		if d.need(valueLH) {
			d.font(valueSz)
			d.color(0)
		}
		d.at(margin+pad, d.y, width-2*pad, valueLH, s, gopdf.Left)
		d.y += valueLH
	}
	d.y += pad
	d.line(margin, d.y, margin+width, d.y, 0.4, 190)
}
