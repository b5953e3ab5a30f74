package printing

import (
	"strings"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// summaryLine is an applicant's row of the first sheet: who, what they
// applied for, where the application stands, what was paid and the
// letters.
func summaryLine(l *line, rv roundView, d *applData) {
	n, r, m := rv.n, d.row, d.row.Money
	l.text("아이디", "User id", r.UserID)
	l.text("한글 성명", "Korean name", r.KorName)
	l.wide("영문 성명", "English name", 20, r.EngName)
	l.wide("이메일", "E-mail", 26, r.Email)
	l.text("휴대전화", "Mobile", r.Mobile)
	l.text("전화", "Phone", r.Phone)
	l.text("국적", "Nationality", n.country(r.Nationality))
	o := offerOf(rv.r, d.part.ApplPartNo)
	major := n.pick(o.MajorKorName, o.MajorEngName)
	if major == "" {
		major = r.MajorKorName
	}
	if major == "" && r.MajorCode != "" {
		major = majorName(rv.r, r.MajorCode, n)
	}
	l.wide("전공", "Major", 20, major)
	l.wide("과정", "Course", 20, courseName(d, n))
	l.wide("전형", "Category", 20, codeName(rv.r.Categories, cmpOr(d.part.CategoryCode, r.CategoryCode), n))
	l.text("체류 유형", "Stay type", codeName(rv.r.StayTypes, cmpOr(d.part.StayTypeCode, r.StayTypeCode), n))
	scores := make([]string, 0, len(d.langs))
	for _, e := range d.langs {
		scores = append(scores, strings.TrimSpace(examName(e.ExamCode, rv.r.LanguageExams, n)+" "+cmpOr(e.Score, e.Level)))
	}
	l.wide("어학 성적", "Language scores", 24, strings.Join(scores, "; "))
	l.wide("상태", "Status", 20, n.status(string(r.Status)))
	l.wide("검토 상태", "Review status", 20, n.status(string(r.ReviewStatus)))
	l.text("결제", "Paid", payState(m, n, d.row.ApplNo != 0))
	method := ""
	if m.Method != "" {
		method = payment.PayType(m.Method).Name(string(n.lang))
	}
	l.text("결제 수단", "Payment method", method)
	l.number("결제 금액", "Amount paid", 12, minorToMajor(m.Amount, m.Currency))
	l.number("환불 금액", "Refunded", 12, minorToMajor(m.Refunded, m.Currency))
	l.number("순액", "Net", 12, minorToMajor(m.Net(), m.Currency))
	l.put("통화", "Currency", KindText, 8, textCell(m.Currency))
	l.time("결제 시각", "Paid at", m.PaidAt)
	l.time("작성 시작", "Started at", r.CreatedAt)
	l.time("접수 완료", "Completed at", r.CompletedAt)
	l.time("최근 변경", "Last changed", r.UpdatedAt)
	l.wide("추천서", "Letters", 16, r.LettersText(string(n.lang)))
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func majorName(r application.Round, code string, n *names) string {
	for _, o := range r.Parts {
		if o.MajorCode == code {
			return n.pick(o.MajorKorName, o.MajorEngName)
		}
	}
	return code
}

// courseName is the course as the round names it (석사과정), else the
// degree.
func courseName(d *applData, n *names) string {
	if c := n.pick(d.part.RemkKor, d.part.RemkEng); c != "" {
		return c
	}
	switch {
	case d.row.ApplNo == 0:
		return ""
	case d.row.IsMaster:
		return n.pick("석사", "Master's")
	}
	return n.pick("박사", "Doctoral")
}

// payState names the money state for staff.
func payState(m application.Money, n *names, real bool) string {
	switch m.PayState() {
	case "refunded":
		return n.pick("환불됨", "Refunded")
	case "partially_refunded":
		return n.pick("부분 환불", "Partly refunded")
	case "paid":
		return n.pick("예", "Yes")
	}
	if !real {
		return ""
	}
	return n.pick("아니오", "No")
}

// minorToMajor is an amount in major units (KRW whole won, USD dollars with
// cents).
func minorToMajor(minor int64, cur string) float64 {
	if money.Currency(cur) == money.USD {
		return float64(minor) / 100
	}
	return float64(minor)
}

func payTypeName(a payment.Attempt, n *names) string {
	t := a.PayType()
	if a.Manual() && t != payment.Free {
		t = payment.Manual
	}
	if name := t.Name(string(n.lang)); name != "" {
		return name
	}
	return string(t)
}

// resultNames are the payment results as staff read them.
var resultNames = map[payment.Result]Label{
	payment.Proceeding: {"진행 중", "In progress"},
	payment.Paid:       {"결제 완료", "Paid"},
	payment.VbankIssue: {"입금 대기 (가상계좌)", "Awaiting transfer (virtual account)"},
	payment.Timeout:    {"시간 초과", "Timed out"},
	payment.Failed:     {"실패", "Failed"},
	payment.Cancelled:  {"취소", "Cancelled"},
}

func resultName(r payment.Result, n *names) string {
	if l, ok := resultNames[r]; ok {
		return l.In(n.lang)
	}
	return string(r)
}
