package edge

// moneyMessages are the texts of the staff money pages (issue 10).
var moneyMessages = map[string]text{
	"payment.already_cancelled":       {"이미 취소된 지원서입니다.", "The application is already cancelled."},
	"payment.answer_unknown":          {"결제 대행사 응답은 대기, 완료, 실패 중에서 고르세요.", "Choose the provider's answer: pending, ok or failed."},
	"payment.refund_failed":           {"결제 대행사가 대기 중이던 환불을 실패 처리했습니다. 환불 가능 금액을 되돌렸으니 다시 환불해 주세요.", "The provider failed a refund it had accepted as pending. The amount is refundable again: refund it again."},
	"payment.refund_overdue":          {"환불이 10영업일이 지나도록 결제 대행사에서 대기 중입니다.", "The refund is still pending at the provider after 10 business days."},
	"payment.evidence_required":       {"증빙 내용(입금 참조번호 등)을 500자 이내로 입력해 주세요.", "Enter the evidence (e.g. the transfer reference), at most 500 characters."},
	"payment.manual_method":           {"수기 결제 방법(계좌 입금 또는 면제)을 선택해 주세요.", "Choose how it was paid: bank transfer or waiver."},
	"payment.no_provider":             {"수기 결제는 결제 대행사에 조회할 수 없습니다.", "A manual payment cannot be asked about at a provider."},
	"payment.period_closed":           {"이미 마감된 정산 기간과 겹칩니다.", "The period overlaps a closed settlement period."},
	"payment.period_invalid":          {"기간의 시작일과 종료일을 확인해 주세요.", "Check the period's start and end dates."},
	"payment.provider_refused":        {"결제 대행사가 취소를 거절했습니다: {answer}", "The provider refused the cancellation: {answer}"},
	"payment.reason_required":         {"사유는 필수입니다. 500자 이내로 입력해 주세요.", "A reason is required (at most 500 characters)."},
	"payment.reason_too_long":         {"지원자에게 보낼 사유는 500자 이내로 입력해 주세요.", "The reason for the applicant must be at most 500 characters."},
	"payment.refund_account_required": {"가상계좌 결제의 환불에는 환불 계좌가 필요합니다.", "A refund of a virtual-account payment needs a refund account."},
	"payment.school_required":         {"학교를 선택해 주세요.", "Choose a school."},
}
