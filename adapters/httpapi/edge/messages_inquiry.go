package edge

// inquiryMessages are the texts of the 1:1 inquiry board (issue 14).
var inquiryMessages = map[string]text{
	"inquiry.not_found": {"문의를 찾을 수 없습니다.", "The inquiry was not found."},
	"inquiry.type":      {"문의 유형을 선택해 주세요.", "Please choose the type of inquiry."},
	"inquiry.school":    {"목록에 있는 학교를 선택해 주세요.", "Please choose a school from the list."},
	"inquiry.status":    {"상태를 목록에서 선택해 주세요.", "Please choose a status from the list."},
	"inquiry.closed":    {"종료된 문의에는 글을 더 남길 수 없습니다.", "This inquiry is closed: nothing more can be added."},
}
