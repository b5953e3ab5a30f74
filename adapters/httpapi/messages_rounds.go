package httpapi

// roundMessages are the texts of the back office for rounds and school
// settings (core/round).
var roundMessages = map[string]text{
	"round.not_found":          {"모집 회차를 찾을 수 없습니다.", "The recruitment round was not found."},
	"round.exists":             {"이 학교에 같은 연도와 회차가 이미 있습니다.", "The school already has a round of this year and sequence."},
	"round.enter_year":         {"입학 연도는 {min}년 이후의 가까운 연도여야 합니다.", "The entrance year must be a near year from {min}."},
	"round.seq":                {"회차는 1에서 99 사이여야 합니다.", "The sequence must be between 1 and 99."},
	"round.fee":                {"전형료는 0 이상 {max} 이하여야 합니다.", "The fee must be between 0 and {max}."},
	"round.pay_types":          {"전형료에 맞지 않는 결제 수단입니다: {type}", "This payment method does not fit the fees: {type}"},
	"round.pay_types_none":     {"유료 회차에는 결제 수단이 하나 이상 있어야 합니다.", "A paid round needs at least one payment method."},
	"round.channel":            {"상점 ID와 채널 키는 영문, 숫자, -, _로 200자까지 입력해 주세요.", "Store ids and channel keys are letters, digits, - and _ (up to 200)."},
	"round.letters":            {"추천서 수는 0에서 {max} 사이여야 합니다.", "The number of letters must be between 0 and {max}."},
	"round.window_duplicate":   {"같은 기간 유형이 두 번 있습니다.", "The same period type is given twice."},
	"round.window_missing":     {"이 기간을 입력해 주세요.", "Enter this period."},
	"round.major_unknown":      {"이 학교의 전공이 아닙니다.", "Not a major of this school."},
	"round.part_duplicate":     {"같은 전공과 과정이 두 번 있습니다.", "The same major and course are given twice."},
	"round.part_in_use":        {"지원서가 선택한 모집 단위({majorCode})는 삭제할 수 없습니다.", "Applications chose the part {majorCode}: it cannot be removed."},
	"round.parts_none":         {"모집 단위를 하나 이상 입력해 주세요.", "Enter at least one part (major and course)."},
	"round.doc_duplicate":      {"같은 서류 코드가 두 번 있습니다.", "The same document code is given twice."},
	"round.extension":          {"확장자는 영문 소문자와 숫자로 1개 이상 입력해 주세요.", "Give one or more extensions in lower-case letters and digits."},
	"round.max_size":           {"파일 크기 제한은 0(기본값)에서 {max}바이트 사이여야 합니다.", "The size limit must be 0 (the default) to {max} bytes."},
	"round.payments_in_flight": {"결제가 진행 중인 지원서가 {count}건 있어 수험번호를 다시 부여할 수 없습니다.", "{count} applications have payments in progress: exam numbers cannot be re-assigned now."},
	"round.no_completions":     {"접수 완료된 지원서가 없습니다.", "No application of this round is complete."},
	"round.rule":               {"수험번호 규칙을 쓸 수 없습니다.", "The exam-number rule cannot be used."},
	"school.color":             {"색상은 이름(orange) 또는 #rrggbb 형식으로 입력해 주세요.", "Enter the colour as a name (orange) or #rrggbb."},
	"school.logo":              {"로고는 이 사이트의 경로(/...)여야 합니다.", "The logo must be a path on this site (/...)."},
	"school.contact_email":     {"이메일 주소 형식이 올바르지 않습니다.", "The e-mail address is not valid."},
	"school.step_unknown":      {"단계 목록이 올바르지 않습니다.", "The step list is not valid."},
	"round.steps_mandatory":    {"기본 정보, 학력, 어학, 서류 단계는 모든 전형에 필요하여 뺄 수 없습니다. ({step})", "Basic info, academic history, languages and documents are required in every round and cannot be dropped ({step})."},
	"round.steps_in_use":       {"이미 지원서가 있는 전형은 단계 목록을 바꿀 수 없습니다.", "The step list cannot change once the round has applications."},
}
