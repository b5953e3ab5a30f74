package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/inquiry"
)

// demoInquiries are two 1:1 inquiries of applicant2, so the board and the
// back office's inquiry/manage show something at first run: one answered
// (about SKKGSB), one waiting for the school admin of 236.
func demoInquiries(now time.Time) []inquiry.Inquiry {
	asked := now.Add(-72 * time.Hour)
	answered := inquiry.Inquiry{UserID: "applicant2", Type: inquiry.TypePayment, SchoolCode: "SKKGSB",
		Title: "전형료 영수증을 다시 받을 수 있나요?", Body: "결제는 했는데 영수증 메일을 지웠습니다. 다시 받을 방법이 있을까요?",
		Status: inquiry.Answered, CreatedAt: asked, UpdatedAt: asked.Add(3 * time.Hour),
		Posts: []inquiry.Post{{Staff: true, Author: "sysadmin", At: asked.Add(3 * time.Hour),
			Body: "나의 정보 > 결제 영수증 메뉴에서 언제든 영수증 PDF를 내려받을 수 있습니다."}}}
	waiting := inquiry.Inquiry{UserID: "applicant2", Type: inquiry.TypeApplication, SchoolCode: "236",
		Title: "경력 증명서를 두 개 올려도 되나요?", Body: "경력이 두 회사에 걸쳐 있습니다. 증명서 두 장을 하나의 PDF로 합쳐서 올려야 하나요?",
		Status: inquiry.Waiting, CreatedAt: now.Add(-24 * time.Hour), UpdatedAt: now.Add(-24 * time.Hour)}
	return []inquiry.Inquiry{answered, waiting}
}

func loadInquiries(ctx context.Context, db *postgres.DB, now time.Time) error {
	for _, q := range demoInquiries(now) {
		if _, err := (postgres.Inquiries{DB: db}).Create(ctx, q); err != nil {
			return fmt.Errorf("demo: inquiry: %w", err)
		}
	}
	return nil
}
