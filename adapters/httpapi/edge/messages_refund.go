package edge

// refundRequestMessages are the texts of applicants' refund requests
// (issue 18 item 6).
var refundRequestMessages = map[string]text{
	"refund_request.not_found":       {"환불 요청을 찾을 수 없습니다.", "The refund request was not found."},
	"refund_request.not_paid":        {"결제가 완료된 지원서만 환불을 요청할 수 있습니다.", "Only a paid application can be refunded."},
	"refund_request.fully_refunded":  {"이미 전액 환불된 결제입니다.", "This payment has already been refunded in full."},
	"refund_request.open_exists":     {"이 결제에는 처리 중인 환불 요청이 있습니다. 답변을 기다려 주세요.", "This payment already has a refund request awaiting an answer."},
	"refund_request.reason":          {"환불 사유를 {max}자 이내로 입력해 주세요.", "Enter the reason for the refund, at most {max} characters."},
	"refund_request.not_pending":     {"이미 처리된 환불 요청입니다.", "This refund request has already been answered."},
	"refund_request.answer_required": {"지원자에게 보낼 사유를 {max}자 이내로 입력해 주세요.", "Enter the reason the applicant will read, at most {max} characters."},
	"refund_request.note_too_long":   {"내부 메모는 {max}자 이내로 입력해 주세요.", "The internal note may have at most {max} characters."},
	"refund_request.cancel_type":     {"승인은 전액 환불 또는 부분 환불 중에서 고르세요.", "To approve, choose a full or a partial refund."},
	"refund_request.state_unknown":   {"요청 상태는 대기, 승인, 거절 중에서 고르세요.", "Choose a state: pending, approved or denied."},
	"refund_request.rule_too_long":   {"환불 규정은 {max}자 이내로 입력해 주세요.", "The refund rule may have at most {max} characters."},
	"refund_request.school_unknown":  {"학교를 찾을 수 없습니다.", "The school was not found."},
}
