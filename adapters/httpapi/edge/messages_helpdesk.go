package edge

// helpdeskMessages are the texts of the FAQ and the help board
// (core/helpdesk). {field} is the field's label in the same language
// (helpdesk.field.*), filled in by the handler.
var helpdeskMessages = map[string]text{
	"helpdesk.required":           {"{field}을(를) 입력해 주세요.", "Enter the {field}."},
	"helpdesk.too_long":           {"{field}은(는) {max}자까지 입력할 수 있습니다.", "The {field} may have at most {max} characters."},
	"helpdesk.order":              {"순서는 0에서 {max} 사이의 숫자여야 합니다.", "The order must be a number from 0 to {max}."},
	"helpdesk.category_unknown":   {"선택한 분류가 없습니다. 분류를 다시 선택해 주세요.", "The chosen category does not exist: choose another."},
	"helpdesk.category_in_use":    {"이 분류에 질문이 {count}개 있어 삭제할 수 없습니다. 질문을 먼저 옮기거나 삭제해 주세요.", "{count} entries use this category: move or delete them first."},
	"helpdesk.category_not_found": {"분류를 찾을 수 없습니다.", "The category was not found."},
	"helpdesk.not_found":          {"게시글을 찾을 수 없습니다.", "The entry was not found."},
	"helpdesk.kind":               {"FAQ 또는 도움말 게시글이어야 합니다.", "The entry must be an FAQ entry or a help post."},
	"helpdesk.search_too_long":    {"검색어는 {max}자까지 입력할 수 있습니다.", "The search may have at most {max} characters."},
	// Field labels.
	"helpdesk.field.titleKo":    {"제목(한국어)", "title (Korean)"},
	"helpdesk.field.titleEn":    {"제목(영어)", "title (English)"},
	"helpdesk.field.bodyKo":     {"질문 내용(한국어)", "question text (Korean)"},
	"helpdesk.field.bodyEn":     {"질문 내용(영어)", "question text (English)"},
	"helpdesk.field.answerKo":   {"답변(한국어)", "answer (Korean)"},
	"helpdesk.field.answerEn":   {"답변(영어)", "answer (English)"},
	"helpdesk.field.korName":    {"분류 이름(한국어)", "category name (Korean)"},
	"helpdesk.field.engName":    {"분류 이름(영어)", "category name (English)"},
	"helpdesk.field.categoryId": {"분류", "category"},
}
