package pdf

import (
	"io"

	"github.com/signintech/gopdf"

	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/window"
)

// admissionLabels are the admission letter's words in ko and en.
var admissionLabels = map[string]map[string]string{
	"ko": {"title": "합격증", "sub": "CERTIFICATE OF ADMISSION", "examNumber": "수험번호", "applicant": "성명", "round": "전형",
		"certify": "위 사람은 본 대학원 전형에 합격하였음을 증명합니다.", "released": "발표일", "kst": "(한국 시간)"},
	"en": {"title": "Certificate of Admission", "sub": "합격증", "examNumber": "Exam number", "applicant": "Name", "round": "Admission round",
		"certify": "This certifies that the person named above has been admitted to this graduate school.", "released": "Announced",
		"kst": "(Korea time)"},
}

// AdmissionLetter writes an admitted applicant's letter (issue 23 item 3)
// in lang (ko unless en): the school, the title, the exam number, name and
// round, the certification, the school's message for admitted applicants
// and the announcement date.
func (r *Renderer) AdmissionLetter(w io.Writer, l decision.Letter, lang string) error {
	d, err := r.start(margin, pageH-margin)
	if err != nil {
		return err
	}
	if lang != "en" {
		lang = "ko"
	}
	t := admissionLabels[lang]
	school, round := l.SchoolKorName, l.RoundKorName
	if lang == "en" {
		school, round = l.SchoolEng, l.RoundEng
	}
	x, wd := margin, contentW
	d.y = margin + 20
	d.font(14)
	d.color(60)
	d.at(x, d.y, wd, 18, school, gopdf.Center)
	d.y += 34
	d.color(0)
	d.font(26)
	d.at(x, d.y, wd, 32, t["title"], gopdf.Center)
	d.y += 34
	d.font(9)
	d.color(110)
	d.at(x, d.y, wd, 12, t["sub"], gopdf.Center)
	d.color(0)
	d.y += 34
	d.line(x, d.y, x+wd, d.y, 1.2, 0)
	const labelW = 130.0
	for _, row := range [][2]string{{t["examNumber"], l.ExamNumber}, {t["applicant"], l.ApplicantName}, {t["round"], round}} {
		d.font(12)
		lines := d.wrap(row[1], wd-labelW-2*pad)
		h := max(30, float64(len(lines))*17+2*pad)
		d.pdf.SetFillColor(242, 244, 247)
		d.rect(x, d.y, labelW, h, "F")
		d.font(10.5)
		d.at(x+pad, d.y, labelW-2*pad, h, row[0], gopdf.Left)
		d.font(12)
		vy := d.y + (h-float64(len(lines))*17)/2
		for _, ln := range lines {
			d.at(x+labelW+pad, vy, wd-labelW-2*pad, 17, ln, gopdf.Left)
			vy += 17
		}
		d.y += h
		d.line(x, d.y, x+wd, d.y, 0.5, 170)
	}
	d.line(x, d.y, x+wd, d.y, 1.2, 0)
	d.y += 36
	d.font(13)
	for _, ln := range d.wrap(t["certify"], wd) {
		d.at(x, d.y, wd, 18, ln, gopdf.Center)
		d.y += 20
	}
	d.y += 18
	d.font(11)
	d.color(50)
	for _, ln := range d.wrap(l.Message.In(lang), wd-2*pad) {
		if !d.fits(16) {
			break // one page: the school's message is short by design
		}
		d.at(x+pad, d.y, wd-2*pad, 16, ln, gopdf.Left)
		d.y += 16
	}
	d.color(0)
	d.y = max(d.y+30, pageH-margin-90)
	d.font(11)
	d.at(x, d.y, wd, 16, t["released"]+" "+l.ReleasedAt.In(window.Seoul).Format("2006-01-02")+" "+t["kst"], gopdf.Right)
	d.y += 26
	d.font(15)
	d.at(x, d.y, wd, 20, school, gopdf.Right)
	return d.writeTo(w)
}
