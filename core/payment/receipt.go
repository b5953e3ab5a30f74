package payment

import (
	"context"

	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// ReceiptDoc is what a receipt PDF prints: every value in the receipt's
// language, the PayPal surcharge as its own line ("" when none).
type ReceiptDoc struct {
	Lang          string // ko or en
	School, Round string
	Applicant     string
	ExamNumber    string
	PaymentID     string
	PayType       string
	Fee           string
	Surcharge     string
	Total         string
	PaidAt        string // yyyy-MM-dd HH:mm, Asia/Seoul
	IssuedAt      string // yyyy-MM-dd
}

// ReceiptDocument answers the receipt of one of the caller's paid
// attempts in ko or en (GET /pay/receipt/{paymentId}).
func (s *Service) ReceiptDocument(ctx context.Context, p permission.Principal, paymentID, lang string) (ReceiptDoc, error) {
	att, h, r, err := s.Receipt(ctx, p, paymentID)
	if err != nil {
		return ReceiptDoc{}, err
	}
	loc := locale(lang)
	school, round := names(r, loc)
	return ReceiptDoc{Lang: loc, School: school, Round: round, Applicant: h.ApplicantName, ExamNumber: h.ApplID,
		PaymentID: att.PaymentID(), PayType: Booked(att.Provider(), att.Quote().PayType).Name(loc), Fee: Display(att.Quote().Fee, loc),
		Surcharge: surchargeText(att.Quote(), loc), Total: Display(att.Quote().Total, loc),
		PaidAt:   att.PaidAt().In(window.Seoul).Format("2006-01-02 15:04"),
		IssuedAt: s.now().In(window.Seoul).Format("2006-01-02")}, nil
}
