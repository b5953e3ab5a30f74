package pdf

import (
	"io"
	"strconv"

	"github.com/signintech/gopdf"

	"github.com/gradapply/gradapply/core/printing"
)

// Letter writes a submitted recommendation letter: the title, the school,
// round and applicant, the recommender's details, every question with its
// answer (paragraphs kept, pages added as needed), then the date and the
// signature.
func (r *Renderer) Letter(w io.Writer, m printing.Letter) error {
	d, err := r.start(margin, pageH-margin)
	if err != nil {
		return err
	}
	l := m.Lang
	other := printing.English
	if l == printing.English {
		other = printing.Korean
	}
	title := printing.Label{Ko: "추 천 서", En: "LETTER OF RECOMMENDATION"}
	d.font(20)
	d.at(margin, d.y, contentW, 28, title.In(l), gopdf.Center)
	d.y += 28
	d.font(9)
	d.color(90)
	d.at(margin, d.y, contentW, 12, title.In(other), gopdf.Center)
	d.color(0)
	d.y += 22

	head := []printing.LetterRow{
		{Label: printing.Label{Ko: "학교", En: "School"}, Value: m.School},
		{Label: printing.Label{Ko: "모집 회차", En: "Round"}, Value: m.Round},
		{Label: printing.Label{Ko: "지원자", En: "Applicant"}, Value: m.Applicant},
	}
	d.rows(append(head, m.Writer...), l)
	d.y += 10

	for _, a := range m.Answers {
		d.font(10.5)
		q := d.wrap(strconv.Itoa(a.No)+". "+a.Question.In(l), contentW)
		d.font(10)
		ans := d.wrap(a.Answer, contentW-12)
		d.need(float64(len(q))*15 + 16 + min(float64(len(ans)), 3)*14)
		d.font(10.5)
		for _, line := range q {
			d.at(margin, d.y, contentW, 15, line, gopdf.Left)
			d.y += 15
		}
		d.font(10)
		d.color(40)
		for _, line := range ans {
			d.need(14)
			d.at(margin+12, d.y, contentW-12, 14, line, gopdf.Left)
			d.y += 14
		}
		d.color(0)
		d.y += 8
	}
	if m.File != "" {
		d.rows([]printing.LetterRow{{Label: printing.Label{Ko: "첨부 추천서 파일", En: "Attached letter file"}, Value: m.File}}, l)
	}
	d.need(60)
	d.y += 16
	d.line(margin, d.y, margin+contentW, d.y, 0.6, 120)
	d.y += 10
	d.rows([]printing.LetterRow{
		{Label: printing.Label{Ko: "작성일", En: "Date"}, Value: m.Date},
		{Label: printing.Label{Ko: "서명", En: "Signature"}, Value: m.Sign},
	}, l)
	return d.writeTo(w)
}

// rows writes labelled values, one per line, the label in a fixed column.
func (d *doc) rows(rows []printing.LetterRow, l printing.Lang) {
	const labelW = 120.0
	for _, r := range rows {
		if r.Value == "" {
			continue
		}
		d.font(10)
		lines := d.wrap(r.Value, contentW-labelW)
		d.need(float64(len(lines)) * 16)
		d.color(80)
		d.at(margin, d.y, labelW, 16, r.Label.In(l), gopdf.Left)
		d.color(0)
		for _, line := range lines {
			d.at(margin+labelW, d.y, contentW-labelW, 16, line, gopdf.Left)
			d.y += 16
		}
	}
}
