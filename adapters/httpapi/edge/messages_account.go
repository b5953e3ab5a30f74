package edge

// accountMessages are the texts of the account lifecycle (issue 14): find
// id and password, My Info, withdrawal.
var accountMessages = map[string]text{
	"account.reset_link_invalid":         {"비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 비밀번호 찾기를 다시 해 주세요.", "This password reset link has expired or has already been used. Please ask for a new one."},
	"account.find_too_many":              {"요청이 너무 많습니다. {minutes}분 후에 다시 시도해 주세요.", "Too many requests. Please try again in {minutes} minutes."},
	"account.confirm_failed":             {"비밀번호가 올바르지 않습니다.", "The password is incorrect."},
	"account.confirm_locked":             {"비밀번호 확인 실패가 반복되었습니다. {minutes}분 후에 다시 시도해 주세요.", "Too many wrong passwords. Please try again in {minutes} minutes."},
	"account.ticket_required":            {"보안을 위해 비밀번호를 다시 확인해 주세요.", "For your security, please confirm your password again."},
	"account.password_same":              {"새 비밀번호가 현재 비밀번호와 같습니다.", "The new password is the same as the current one."},
	"account.current_password":           {"현재 비밀번호가 올바르지 않습니다.", "The current password is incorrect."},
	"account.phone_format":               {"전화번호는 숫자 9~20자리로 입력해 주세요(+, - 사용 가능).", "Enter the phone number as 9 to 20 digits (+ and - allowed)."},
	"account.email_same":                 {"지금 사용 중인 이메일 주소입니다.", "This is already your e-mail address."},
	"account.withdraw_confirm":           {"탈퇴 안내를 확인하고 동의해 주세요.", "Please read the notice and confirm that you want to leave."},
	"account.withdraw_payment_in_flight": {"진행 중인 결제(가상계좌 입금 대기 포함)가 있어 지금은 탈퇴할 수 없습니다. 결제가 끝나거나 취소된 뒤 다시 시도해 주세요.", "A payment is in progress (or a virtual account awaits its deposit), so you cannot leave now. Please try again once it is finished or cancelled."},
	"account.withdraw_not_applicant":     {"관리자 계정은 여기에서 탈퇴할 수 없습니다. 시스템 관리자에게 문의해 주세요.", "Staff accounts cannot be closed here. Please ask a system administrator."},
	"account.confirm_type":               {"잘못된 접근입니다.", "Incorrect approach."},
	"find.id_sent":                       {"입력한 이메일로 가입된 아이디가 있으면 메일로 보내 드렸습니다.", "If an account uses this e-mail address, its user ID has been mailed to it."},
	"find.pwd_sent":                      {"아이디와 이메일이 일치하면 비밀번호 재설정 링크를 메일로 보내 드렸습니다.", "If the ID and e-mail address match an account, a password reset link has been mailed to it."},
	"reset.done":                         {"비밀번호가 변경되었습니다. 새 비밀번호로 로그인해 주세요.", "Your password has been changed. Please sign in with the new password."},
	"info.saved":                         {"저장되었습니다.", "Saved."},
	"info.email_changed":                 {"이메일 주소가 변경되었습니다.", "Your e-mail address has been changed."},
	"info.password_changed":              {"비밀번호가 변경되었습니다. 다른 기기의 로그인은 모두 종료되었습니다.", "Your password has been changed. You have been signed out everywhere else."},
	"withdraw.done":                      {"탈퇴가 완료되었습니다. 그동안 이용해 주셔서 감사합니다.", "Your account has been closed. Thank you for using GradApply."},
}
