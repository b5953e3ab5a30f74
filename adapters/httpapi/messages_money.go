package httpapi

// moneyMessages are the texts of the staff money pages (issue 10).
var moneyMessages = map[string]text{
	"payment.already_cancelled":       {"이미 취소된 지원서입니다.", "The application is already cancelled."},
	"payment.evidence_required":       {"증빙 내용(입금 참조번호 등)을 500자 이내로 입력해 주세요.", "Enter the evidence (e.g. the transfer reference), at most 500 characters."},
	"payment.manual_method":           {"수기 결제 방법(계좌 입금 또는 면제)을 선택해 주세요.", "Choose how it was paid: bank transfer or waiver."},
	"payment.no_provider":             {"수기 결제는 결제 대행사에 조회할 수 없습니다.", "A manual payment cannot be asked about at a provider."},
	"payment.period_closed":           {"이미 마감된 정산 기간과 겹칩니다.", "The period overlaps a closed settlement period."},
	"payment.period_invalid":          {"기간의 시작일과 종료일을 확인해 주세요.", "Check the period's start and end dates."},
	"payment.provider_refused":        {"결제 대행사가 취소를 거절했습니다: {answer}", "The provider refused the cancellation: {answer}"},
	"payment.reason_required":         {"사유를 500자 이내로 입력해 주세요.", "Enter a reason, at most 500 characters."},
	"payment.refund_account_required": {"가상계좌 결제의 환불에는 환불 계좌가 필요합니다.", "A refund of a virtual-account payment needs a refund account."},
	"payment.school_required":         {"학교를 선택해 주세요.", "Choose a school."},
}
