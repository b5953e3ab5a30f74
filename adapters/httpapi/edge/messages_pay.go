package edge

// payMessages are the texts of paying the fee (issue 9).
var payMessages = map[string]text{
	"payment.abandoned":            {"결제가 진행되지 않았습니다. 다시 결제해 주세요.", "The payment was not made. Please pay again."},
	"payment.already_paid":         {"이미 전형료를 결제한 지원서입니다.", "The fee of this application has already been paid."},
	"payment.bad_signature":        {"서명이 올바르지 않은 결제 알림입니다.", "The payment notification's signature is not valid."},
	"payment.declined":             {"결제가 승인되지 않았거나 취소되었습니다. 다시 결제할 수 있습니다.", "The payment was declined or cancelled. You can pay again."},
	"payment.identity_mismatch":    {"결제 정보가 주문과 일치하지 않습니다.", "The payment does not match the order."},
	"payment.in_flight":            {"진행 중인 결제가 있습니다. 잠시 후 다시 확인해 주세요.", "A payment is still being processed. Please check again shortly."},
	"payment.not_found":            {"결제 내역을 찾을 수 없습니다.", "The payment was not found."},
	"payment.not_submitted":        {"최종 제출한 지원서만 결제할 수 있습니다.", "Only a submitted application can be paid."},
	"payment.paid_twice":           {"이미 완료된 지원서에 결제가 들어왔습니다. 담당자가 환불합니다.", "A payment arrived for an application that is already complete; staff will refund it."},
	"payment.pay_type_not_offered": {"이 전형에서 제공하지 않는 결제 수단입니다.", "This round does not offer this payment method."},
	"payment.provider_down":        {"결제 대행사가 응답하지 않습니다. 잠시 후 다시 시도해 주세요.", "The payment provider is not answering. Please try again shortly."},
	"payment.unknown_payment":      {"알 수 없는 결제에 대한 알림입니다.", "The notification names an unknown payment."},
	"payment.wrong_provider":       {"다른 결제 대행사의 결제에 대한 알림입니다.", "The notification came from another provider than the payment's."},
	"payment.provider_cancelled":   {"결제 대행사에서 결제가 취소되었습니다. 확인이 필요합니다.", "The provider cancelled this payment. Please check it."},
	"payment.vbank_waiting":        {"발급된 가상계좌의 입금을 기다리고 있습니다.", "A virtual account awaits your deposit."},
}
