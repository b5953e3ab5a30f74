package edge

// backofficeMessages are the texts of the back office (issue 13).
var backofficeMessages = map[string]text{
	"application.review_not_submitted": {"제출된 지원서만 검토할 수 있습니다.", "Only a submitted application can be reviewed."},
	"application.already_reviewing":    {"이미 검토 중인 지원서입니다.", "This application is already under review."},
	"application.review_done":          {"검토가 이미 완료되었습니다.", "The review is already complete."},
	"application.cancelled":            {"취소된 지원서는 수정할 수 없습니다.", "A cancelled application cannot be corrected."},
	"application.reason_required":      {"사유를 입력해 주세요.", "Please enter the reason."},
	"application.reason_too_long":      {"사유가 너무 깁니다.", "The reason is too long."},
	"application.no_change":            {"바뀐 내용이 없습니다.", "Nothing was changed."},
	"application.round_closed":         {"마감된 모집의 지원서는 시스템 관리자만 수정할 수 있습니다. (마감 {at})", "The round was closed ({at} KST): only a system admin may change its applications."},
	"application.field_unknown":        {"수정할 수 없는 항목입니다.", "This field cannot be corrected here."},
	"account.sanction_unknown":         {"제한, 정지, 상실 중 하나를 골라 주세요.", "Choose limit, suspend or end."},
	"account.cause_unknown":            {"사유 구분을 골라 주세요.", "Choose the cause."},
	"account.note_required":            {"내용을 입력해 주세요.", "Please enter the details."},
	"account.note_too_long":            {"내용은 {max}자 이하로 입력해 주세요.", "Please use at most {max} characters."},
	"account.last_sysadmin":            {"마지막 시스템 관리자의 권한은 뺄 수 없습니다.", "The last system admin cannot lose the role."},
	"account.school_required":          {"학교 관리자와 설정 관리자는 학교를 지정해야 합니다.", "School and setting admins need a known school."},
	"account.school_not_needed":        {"이 역할에는 학교를 지정하지 않습니다.", "These roles are not bound to a school."},
	"account.role_unknown":             {"알 수 없는 역할입니다: {role}", "Unknown role: {role}"},
	"account.self_change":              {"자신의 상태나 권한은 바꿀 수 없습니다.", "You cannot change your own status or roles."},
	"account.no_open_limit":            {"고칠 기한이 남은 이용 제한이 없습니다.", "The member has no limit waiting for a fix."},
}
