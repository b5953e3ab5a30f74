package edge

// recommendMessages are the texts of recommendation requests and letters
// (issue 11) beyond the spec's own (messages_apply.go).
var recommendMessages = map[string]text{
	"recommend.enough":         {"이 전형에서 요청할 수 있는 추천서 수({letters}통)를 모두 요청했습니다.", "You have requested all {letters} letters this round asks for."},
	"recommend.duplicate":      {"이미 이 이메일로 추천서를 요청했습니다.", "A request to this e-mail address exists already."},
	"recommend.opened_no_edit": {"추천인이 이미 요청을 열어 이메일을 바꿀 수 없습니다. 고객센터로 문의해 주세요.", "The recommender has opened the request: the e-mail can no longer be changed. Please contact support."},
	"recommend.rate_limited":   {"요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.", "Too many requests. Please try again later."},
}
