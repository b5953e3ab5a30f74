package pdf

import (
	"io"

	"github.com/signintech/gopdf"

	"github.com/gradapply/gradapply/core/payment"
)

// receiptLabels are the receipt's words in ko and en.
var receiptLabels = map[string]map[string]string{
	"ko": {"title": "전형료 영수증", "sub": "RECEIPT", "paymentId": "결제번호", "examNumber": "수험번호", "applicant": "지원자",
		"round": "지원 전형", "method": "결제 수단", "fee": "전형료", "surcharge": "PayPal 수수료", "total": "결제 금액",
		"paidAt": "결제 일시", "kst": "(한국 시간)", "note": "위 금액을 전형료로 정히 영수합니다.", "issued": "발행일", "issuer": "GradApply 대학원 원서접수"},
	"en": {"title": "Application fee receipt", "sub": "RECEIPT", "paymentId": "Payment number", "examNumber": "Exam number",
		"applicant": "Applicant", "round": "Admission round", "method": "Payment method", "fee": "Application fee",
		"surcharge": "PayPal fee", "total": "Total paid", "paidAt": "Paid at", "kst": "(Korea time)",
		"note": "Received the above amount as the application fee.", "issued": "Issued", "issuer": "GradApply graduate admissions"},
}

// Receipt writes the receipt of a paid fee: school and title, a table of
// payment number, exam number, applicant, round, method, the fee, the
// PayPal surcharge as its own line, the total and the time paid, then the
// issue date.
func (r *Renderer) Receipt(w io.Writer, rc payment.ReceiptDoc) error {
	d, err := r.start(margin, pageH-margin)
	if err != nil {
		return err
	}
	t := receiptLabels[rc.Lang]
	if t == nil {
		t = receiptLabels["ko"]
	}
	x, wd := margin, contentW
	d.y = margin + 10
	d.font(13)
	d.color(60)
	d.at(x, d.y, wd, 18, rc.School, gopdf.Center)
	d.y += 26
	d.color(0)
	d.font(22)
	d.at(x, d.y, wd, 28, t["title"], gopdf.Center)
	d.y += 28
	d.font(9)
	d.color(110)
	d.at(x, d.y, wd, 12, t["sub"], gopdf.Center)
	d.color(0)
	d.y += 26
	d.line(x, d.y, x+wd, d.y, 1.2, 0)

	rows := [][2]string{
		{t["paymentId"], rc.PaymentID}, {t["examNumber"], rc.ExamNumber}, {t["applicant"], rc.Applicant},
		{t["round"], rc.Round}, {t["method"], rc.PayType}, {t["fee"], rc.Fee},
	}
	if rc.Surcharge != "" {
		rows = append(rows, [2]string{t["surcharge"], rc.Surcharge})
	}
	rows = append(rows, [2]string{t["total"], rc.Total}, [2]string{t["paidAt"], rc.PaidAt + " " + t["kst"]})
	const labelW = 130.0
	for _, row := range rows {
		total := row[0] == t["total"]
		size := 11.0
		if total {
			size = 14
		}
		d.font(size)
		lines := d.wrap(row[1], wd-labelW-2*pad)
		lh := size + 5
		h := max(30, float64(len(lines))*lh+2*pad)
		d.pdf.SetFillColor(242, 244, 247)
		d.rect(x, d.y, labelW, h, "F")
		d.font(10.5)
		d.at(x+pad, d.y, labelW-2*pad, h, row[0], gopdf.Left)
		d.font(size)
		vy := d.y + (h-float64(len(lines))*lh)/2
		for _, ln := range lines {
			d.at(x+labelW+pad, vy, wd-labelW-2*pad, lh, ln, gopdf.Left)
			vy += lh
		}
		d.y += h
		d.line(x, d.y, x+wd, d.y, 0.5, 170)
	}
	d.line(x, d.y, x+wd, d.y, 1.2, 0)
	d.y += 28
	d.font(11)
	d.at(x, d.y, wd, 16, t["note"], gopdf.Center)
	d.y += 40
	d.font(10)
	d.at(x, d.y, wd, 14, t["issued"]+" "+rc.IssuedAt, gopdf.Right)
	d.y += 20
	d.font(12)
	d.at(x, d.y, wd, 16, t["issuer"], gopdf.Right)
	return d.writeTo(w)
}
