package pdf

import (
	"io"
	"strings"
	"time"

	"github.com/signintech/gopdf"

	"github.com/gradapply/gradapply/core/printing"
)

// kst is where dates are shown (no daylight saving time in Korea).
var kst = time.FixedZone("KST", 9*3600)

// Standard instructions printed on every slip.
var slipRules = []printing.Label{
	{Ko: "시험 당일 이 수험표와 신분증(주민등록증, 여권 등)을 반드시 지참하십시오.", En: "Bring this slip and an identity document (ID card or passport) on the day of the examination."},
	{Ko: "수험표를 훼손하거나 분실한 경우 원서 접수 사이트에서 다시 출력하십시오.", En: "If this slip is damaged or lost, print it again from the application site."},
}

// Slip writes the admission slip (수험표) inside a double border: the
// school, the title, a table of exam number, name, birth date, round,
// major and course beside the photo, the round's notice, the standard
// instructions, the issue date and the school's name as issuer.
func (r *Renderer) Slip(w io.Writer, s printing.Slip) error {
	d, err := r.start(margin, pageH-margin)
	if err != nil {
		return err
	}
	l := s.Lang
	x0, y0 := margin, margin
	inner := contentW - 24
	ix := x0 + 12
	d.y = y0 + 22

	// School and title, centred.
	d.font(16)
	d.at(ix, d.y, inner, 22, s.School.Ko, gopdf.Center)
	d.y += 22
	if s.School.En != "" {
		d.font(10)
		d.color(70)
		d.at(ix, d.y, inner, 14, s.School.En, gopdf.Center)
		d.color(0)
		d.y += 16
	}
	d.y += 8
	d.font(26)
	d.at(ix, d.y, inner, 32, "수 험 표", gopdf.Center)
	d.y += 32
	d.font(10)
	d.color(70)
	d.at(ix, d.y, inner, 14, "ADMISSION SLIP", gopdf.Center)
	d.color(0)
	d.y += 24
	d.line(ix, d.y, ix+inner, d.y, 1.2, 0)

	// The table on the left, the photo on the right.
	const pw, ph = 99.0, 132.0 // 3.5 x 4.5 cm
	tableW := inner - pw - 14
	px, py := ix+inner-pw, d.y+12
	rows := []struct {
		label printing.Label
		value string
		big   bool
	}{
		{printing.Label{Ko: "수험번호", En: "Exam number"}, s.ExamNumber, true},
		{printing.Label{Ko: "성명", En: "Name"}, joinNonEmpty(" / ", s.KorName, s.EngName), false},
		{printing.Label{Ko: "생년월일", En: "Date of birth"}, s.BirthDate, false},
		{printing.Label{Ko: "모집 회차", En: "Round"}, s.Round.In(l), false},
		{printing.Label{Ko: "지원 전공", En: "Major"}, s.Major.In(l), false},
		{printing.Label{Ko: "과정", En: "Course"}, s.Course.In(l), false},
	}
	const slipLabelW = 108.0
	y := d.y + 12
	top := y
	for _, rw := range rows {
		size := 10.5
		if rw.big {
			size = 17
		}
		d.font(size)
		lines := d.wrap(rw.value, tableW-slipLabelW-2*pad)
		lh := size + 5
		h := max(34, float64(len(lines))*lh+2*pad)
		d.pdf.SetFillColor(242, 244, 247)
		d.rect(ix, y, slipLabelW, h, "F")
		d.font(10)
		d.color(30)
		d.at(ix+pad, y+h/2-12, slipLabelW-2*pad, 12, rw.label.Ko, gopdf.Left)
		d.font(7.5)
		d.color(110)
		d.at(ix+pad, y+h/2, slipLabelW-2*pad, 11, rw.label.En, gopdf.Left)
		d.color(0)
		d.font(size)
		vy := y + (h-float64(len(lines))*lh)/2
		for _, ln := range lines {
			d.at(ix+slipLabelW+pad, vy, tableW-slipLabelW-2*pad, lh, ln, gopdf.Left)
			vy += lh
		}
		y += h
		d.line(ix, y, ix+tableW, y, 0.5, 170)
	}
	d.line(ix, top, ix+tableW, top, 0.8, 60)
	d.line(ix+slipLabelW, top, ix+slipLabelW, y, 0.5, 170)
	d.line(ix, y, ix+tableW, y, 0.8, 60)

	d.pdf.SetLineWidth(0.8)
	d.pdf.SetStrokeColor(60, 60, 60)
	d.rect(px, py, pw, ph, "D")
	if img := image(s.Photo); img == nil || d.pdf.ImageByHolder(img, px, py, &gopdf.Rect{W: pw, H: ph}) != nil {
		d.font(9)
		d.color(130)
		d.at(px, py+ph/2-12, pw, 12, "사진", gopdf.Center)
		d.at(px, py+ph/2, pw, 12, "Photo", gopdf.Center)
		d.color(0)
	}
	d.y = max(y, py+ph) + 18

	// The round's notice, then the standard instructions.
	d.font(10)
	d.at(ix, d.y, inner, 14, "유의 사항  Notice", gopdf.Left)
	d.y += 18
	var notes []string
	if s.Notice != (printing.Label{}) {
		notes = append(notes, s.Notice.In(l))
	}
	for _, n := range slipRules {
		notes = append(notes, n.In(l))
	}
	d.font(9)
	for _, n := range notes {
		for i, ln := range d.wrap(n, inner-14) {
			if i == 0 {
				d.at(ix, d.y, 10, 13, "•", gopdf.Left)
			}
			d.at(ix+12, d.y, inner-14, 13, ln, gopdf.Left)
			d.y += 13
		}
		d.y += 3
	}

	// Issue date and issuer, at the bottom right.
	d.y += 16
	d.font(10)
	issued := s.IssuedAt.In(kst)
	d.at(ix, d.y, inner, 14, "발급일 Issued "+issued.Format("2006-01-02"), gopdf.Right)
	d.y += 22
	d.font(14)
	d.at(ix, d.y, inner, 18, s.School.In(l), gopdf.Right)
	d.y += 30

	// The double border around everything.
	d.pdf.SetLineWidth(2)
	d.pdf.SetStrokeColor(20, 20, 20)
	d.rect(x0, y0, contentW, d.y-y0, "D")
	d.pdf.SetLineWidth(0.6)
	d.rect(x0+4, y0+4, contentW-8, d.y-y0-8, "D")
	return d.writeTo(w)
}

func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}
