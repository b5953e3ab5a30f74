package edge

// feeRuleMessages are the texts of the settlement fee rules (issue 18).
var feeRuleMessages = map[string]text{
	"feeschedule.currency":       {"수수료 규칙과 다른 통화의 결제입니다.", "The payment is in another currency than the fee rule."},
	"feeschedule.duplicate":      {"같은 결제 수단에 같은 적용 시작일의 규칙이 이미 있습니다.", "The method already has a rule from that date."},
	"feeschedule.effective_from": {"적용 시작일을 yyyy-MM-dd 형식으로 입력해 주세요.", "Enter the date it takes effect as yyyy-MM-dd."},
	"feeschedule.fixed":          {"고정 수수료를 결제 수단의 통화 금액으로 입력해 주세요 (원은 정수, 달러는 소수 둘째 자리까지).", "Enter the fixed fee as an amount in the method's currency (whole won, or dollars with at most two decimals)."},
	"feeschedule.method":         {"결제 수단(신용카드, 계좌이체, 가상계좌, PayPal)을 선택해 주세요.", "Choose the method: card, transfer, virtual account or PayPal."},
	"feeschedule.not_found":      {"수수료 규칙을 찾을 수 없습니다.", "The fee rule was not found."},
	"feeschedule.rate":           {"수수료율은 0에서 100 사이의 백분율로, 소수 둘째 자리까지 입력해 주세요.", "Enter the rate as a percentage from 0 to 100 with at most two decimals."},
	"feeschedule.school":         {"서비스에 있는 학교를 선택해 주세요.", "Choose a school of the service."},
}
