package edge

// surveyMessages are the texts of the surveys (core/survey).
var surveyMessages = map[string]text{
	"survey.not_found":        {"설문을 찾을 수 없습니다.", "The survey was not found."},
	"survey.answered":         {"이미 응답한 설문입니다.", "You have already answered this survey."},
	"survey.closed":           {"응답 기간이 아닌 설문입니다.", "This survey is not open for answers."},
	"survey.frozen":           {"응답이 있는 설문의 질문은 바꿀 수 없습니다.", "The questions of a survey with responses cannot change."},
	"survey.input_type":       {"입력 유형은 radio, checkbox, text, textarea 중 하나여야 합니다.", "The input type must be radio, checkbox, text or textarea."},
	"survey.items_none":       {"선택형 질문에는 항목이 하나 이상 있어야 합니다.", "A choice question needs at least one item."},
	"survey.items_text":       {"서술형 질문에는 항목을 둘 수 없습니다.", "A text question has no items."},
	"survey.duplicate_code":   {"같은 코드가 두 번 있습니다.", "The same code is given twice."},
	"survey.question_code":    {"코드는 영문, 숫자, -, _로 30자까지 입력해 주세요.", "Codes are letters, digits, - and _ (up to 30)."},
	"survey.questions_none":   {"질문을 하나 이상 입력해 주세요.", "Enter at least one question."},
	"survey.audience":         {"대상이 올바르지 않습니다. 전체 회원 대상은 운영자만 게시할 수 있습니다.", "The audience is not valid; only the provider publishes to every member."},
	"survey.round_unknown":    {"이 학교의 모집 회차가 아닙니다.", "Not a round of this school."},
	"survey.period":           {"종료일은 시작일 이후여야 합니다.", "The end day must not be before the start day."},
	"survey.completion":       {"접수 완료 설문은 모집 회차 대상 설문이어야 합니다.", "A completion survey is for one round."},
	"survey.completion_twice": {"이 모집 회차에는 이미 접수 완료 설문이 있습니다.", "This round already has a completion survey."},
	"survey.stage":            {"설문 단계는 PART 또는 SURVEY입니다.", "The survey stage is PART or SURVEY."},
}
