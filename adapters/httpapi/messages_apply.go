package httpapi

// formMessages are the ko and en texts of the codes of core (every code of
// core/msgcode.All) and of the application form API. A code another file
// already gives text for keeps that text.
var formMessages = map[string]text{
	// Accounts.
	"account.status_change":  {"계정 상태를 이렇게 바꿀 수 없습니다.", "The account status cannot be changed this way."},
	"account.status_unknown": {"알 수 없는 계정 상태입니다.", "Unknown account status."},

	// Application (spec section 4).
	"application.actor_not_allowed": {"이 작업을 수행할 수 없는 사용자입니다.", "You cannot perform this action on the application."},
	"application.bad_transition":    {"현재 상태에서는 할 수 없는 작업입니다.", "This is not possible in the application's current status."},
	"application.mode_unknown":      {"알 수 없는 화면 모드입니다.", "Unknown form mode."},
	"application.not_found":         {"지원서를 찾을 수 없습니다.", "The application was not found."},
	"application.not_modifiable":    {"접수가 완료되었거나 취소된 지원서는 수정할 수 없습니다.", "A completed or cancelled application cannot be changed."},
	"application.not_under_review":  {"보완 요청 중인 지원서가 아닙니다.", "This application is not under review."},
	"application.payment_pending":   {"가상계좌가 발급되어 필수 서류를 삭제할 수 없습니다.", "A virtual account has been issued: required documents cannot be removed."},
	"application.review_complete":   {"보완이 완료되었습니다. 지원서, 수험표, 제출 서류를 확인해 주세요.", "The review is complete. Please check your application, admission slip and submitted files."},
	"application.status_unknown":    {"알 수 없는 지원 상태입니다.", "Unknown application status."},
	"application.step_not_in_list":  {"이 학교의 지원 단계가 아닙니다.", "This school does not ask for this step."},
	"application.step_order":        {"이전 단계를 먼저 저장해 주세요.", "Please save the previous steps first."},
	"application.steps_incomplete":  {"모든 단계를 저장한 뒤 제출할 수 있습니다.", "Save every step before submitting."},
	"application.steps_invalid":     {"학교의 지원 단계 설정이 올바르지 않습니다.", "The school's step list is not valid."},
	"application.view_mode":         {"보기 모드에서는 수정할 수 없습니다.", "Editing is restricted in view mode."},
	"application.exists":            {"이미 이 모집 회차에 지원서가 있습니다. 지원 목록에서 이어서 작성해 주세요.", "You already have an application for this round. Continue it from your list."},
	"application.owner_only":        {"지원자 본인만 지원서를 수정할 수 있습니다.", "Only the applicant can change the application."},
	"application.applicant_only":    {"지원자 계정으로만 지원할 수 있습니다.", "Only applicant accounts can apply."},

	// Reference data.
	"recruit.not_found":           {"모집 회차를 찾을 수 없습니다.", "The recruitment round was not found."},
	"school.not_found":            {"학교를 찾을 수 없습니다.", "The school was not found."},
	"code.not_found":              {"코드를 찾을 수 없습니다.", "The code was not found."},
	"code.type_unknown":           {"코드 유형은 SYSTEM 또는 SCHOOL이어야 합니다.", "The code type must be SYSTEM or SCHOOL."},
	"draft.too_large":             {"임시 저장할 내용이 너무 큽니다.", "The draft is too large to keep."},
	"draft.not_object":            {"임시 저장 형식이 올바르지 않습니다.", "The draft is not well formed."},
	"validation.part_not_offered": {"이 모집 회차에서 모집하지 않는 전공·과정입니다.", "This round does not offer this major and course."},
	"validation.round_fixed":      {"지원한 모집 회차는 바꿀 수 없습니다. 지원을 취소하고 새로 지원해 주세요.", "An application stays in its round. Cancel it and apply again."},
	"validation.search_too_short": {"검색어를 입력해 주세요.", "Enter something to search for."},
	"validation.too_many":         {"최대 {max}개까지 입력할 수 있습니다.", "You can enter at most {max}."},

	// Consent (decisions.md).
	"consent.personal_info":     {"개인정보 수집·이용 동의", "Consent to the collection and use of personal information"},
	"consent.unique_id":         {"고유식별정보 처리 동의", "Consent to the processing of unique identification information"},
	"consent.sensitive_info":    {"민감정보 처리 동의", "Consent to the processing of sensitive information"},
	"consent.consignment":       {"개인정보 처리 위탁 동의", "Consent to the consignment of processing"},
	"consent.third_party":       {"개인정보 제3자 제공 동의", "Consent to provision to third parties"},
	"consent.false_application": {"허위 지원 확인", "Confirmation regarding false applications"},
	"consent.required":          {"모든 항목에 동의해야 합니다.", "You must accept every item."},
	"consent.outdated":          {"약관이 변경되었습니다. 새 내용을 확인하고 다시 동의해 주세요.", "The text has changed. Please read it and accept again."},
	"consent.unknown":           {"알 수 없는 동의 항목입니다.", "Unknown consent item."},

	// Exam numbers.
	"examno.seq_count":         {"일련번호 자리는 하나만 있어야 합니다.", "The rule needs exactly one sequence token."},
	"examno.seq_overflow":      {"일련번호가 최대값({max})을 넘었습니다.", "The sequence has passed its maximum ({max})."},
	"examno.template_empty":    {"수험번호 규칙을 입력해 주세요.", "Enter an exam-number rule."},
	"examno.template_syntax":   {"수험번호 규칙의 {at}번째 글자 부근이 올바르지 않습니다.", "The exam-number rule is malformed near character {at}."},
	"examno.template_too_long": {"수험번호 규칙은 {max}자 이하여야 합니다.", "The exam-number rule must be at most {max} characters."},
	"examno.token_unknown":     {"알 수 없는 항목입니다: {token}", "Unknown token: {token}"},
	"examno.token_width":       {"항목의 자릿수가 올바르지 않습니다: {token}", "The width of {token} is not valid."},
	"examno.value_characters":  {"수험번호에 쓸 수 없는 문자가 있습니다: {token}", "{token} has characters an exam number cannot hold."},
	"examno.value_missing":     {"수험번호에 필요한 값이 없습니다: {token}", "A value the exam number needs is missing: {token}"},
	"examno.lookup_sent":       {"접수가 완료된 지원서가 있으면 수험번호를 메일로 보냈습니다.", "If a completed application uses this address, its exam number has been mailed to it."},
	"examno.lookup_limited":    {"요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.", "Too many requests. Please try again later."},
	"slip.not_ready":           {"접수가 완료된 뒤 수험표를 볼 수 있습니다.", "The admission slip is available once the application is complete."},

	// Files (spec section 5).
	"file.content_mismatch":  {"파일 내용이 확장자와 맞지 않습니다.", "The file's content does not match its extension."},
	"file.empty":             {"빈 파일은 올릴 수 없습니다.", "The file is empty."},
	"file.extension":         {"허용되지 않는 파일 형식입니다. ({allowed})", "This file type is not allowed ({allowed})."},
	"file.extra_not_allowed": {"이 학교는 추가 서류를 받지 않습니다.", "This school does not accept extra documents."},
	"file.extra_slot":        {"추가 서류는 {max}개까지 올릴 수 있습니다.", "You can upload at most {max} extra documents."},
	"file.item_unknown":      {"알 수 없는 서류 항목입니다.", "Unknown document item."},
	"file.name_characters":   {"파일 이름에 특수문자를 쓸 수 없습니다.", "The file name must not contain special characters."},
	"file.name_too_long":     {"파일 이름은 확장자를 빼고 {max}자 이하여야 합니다.", "The file name must be at most {max} characters without the extension."},
	"file.required_missing":  {"필수 제출 서류를 확인해 주세요.", "Please check the required submission."},
	"file.too_large":         {"파일이 너무 큽니다. (최대 {max}바이트)", "The file is too large (at most {max} bytes)."},
	"file.not_found":         {"서류를 찾을 수 없습니다.", "The document was not found."},
	"file.upload_malformed":  {"업로드에 실패했습니다. 다시 시도해 주세요.", "Upload failed. Please try again."},

	// Money and payment.
	"money.currency":              {"지원하지 않는 통화입니다.", "This currency is not supported."},
	"money.currency_mismatch":     {"통화가 서로 다릅니다.", "The currencies differ."},
	"money.format":                {"금액 형식이 올바르지 않습니다.", "The amount is not well formed."},
	"money.overflow":              {"금액이 너무 큽니다.", "The amount is too large."},
	"money.rate_format":           {"요율 형식이 올바르지 않습니다.", "The rate is not well formed."},
	"payment.amount_mismatch":     {"결제 금액이 일치하지 않습니다. (예상 {expected})", "The paid amount does not match (expected {expected})."},
	"payment.cancel_type_unknown": {"알 수 없는 취소 유형입니다.", "Unknown cancel type."},
	"payment.currency":            {"이 결제 수단에서 쓸 수 없는 통화입니다.", "This currency cannot be used with this payment method."},
	"payment.event_unexpected":    {"현재 결제 상태에서 처리할 수 없는 알림입니다.", "This payment event does not fit the payment's state."},
	"payment.free_not_zero":       {"무료 결제는 0원이어야 합니다.", "A free payment must be zero."},
	"payment.not_paid":            {"결제가 완료되지 않았습니다.", "The payment has not been made."},
	"payment.nothing_remains":     {"취소할 금액이 남아 있지 않습니다.", "Nothing remains to be cancelled."},
	"payment.partial_amount":      {"부분 취소 금액은 {max} 이하여야 합니다.", "A partial cancellation must be at most {max}."},
	"payment.pay_type_unknown":    {"알 수 없는 결제 수단입니다.", "Unknown payment method."},
	"payment.refund_account_no":   {"환불 계좌번호를 확인해 주세요.", "Please check the refund account number."},
	"payment.refund_bank":         {"환불 은행을 선택해 주세요.", "Please choose the refund bank."},
	"payment.refund_holder":       {"예금주를 입력해 주세요.", "Please enter the account holder."},
	"privacy.kind_unknown":        {"알 수 없는 보존 항목입니다.", "Unknown retention kind."},

	// Recommendations (spec section 8).
	"recommend.cancel_via_support": {"추천서 작성이 시작되어 고객센터를 통해서만 취소할 수 있습니다.", "The recommender has started: cancel through support only."},
	"recommend.check_input":        {"입력한 정보를 확인해 주세요.", "Please check the entered information."},
	"recommend.choice":             {"항목을 선택해 주세요.", "Please choose an option."},
	"recommend.completed":          {"작성이 완료된 추천서는 취소하거나 삭제할 수 없습니다.", "A completed recommendation cannot be cancelled or deleted."},
	"recommend.deadline_passed":    {"추천서 작성 기한이 지났습니다.", "The deadline for writing has passed."},
	"recommend.key_invalid":        {"유효하지 않은 추천서 링크입니다.", "This recommendation link is not valid."},
	"recommend.no_request":         {"추천서 요청이 없습니다.", "No request exists."},
	"recommend.not_allowed":        {"추천서를 요청할 수 없습니다.", "You cannot request a recommendation now."},
	"recommend.not_open_yet":       {"추천서 작성 기간이 아직 시작되지 않았습니다.", "The writing period has not started yet."},
	"recommend.required":           {"필수 항목입니다.", "Is required"},
	"recommend.status_unknown":     {"알 수 없는 추천서 상태입니다.", "Unknown recommendation status."},
	"recommend.too_long":           {"입력할 수 있는 길이를 넘었습니다.", "The text is too long."},

	// Form validation (spec section 5).
	"survey.required":                {"필수 항목입니다.", "This is required"},
	"validation.required":            {"필수 입력 항목입니다.", "This field is required."},
	"validation.too_long":            {"{max}자 이하로 입력해 주세요.", "Enter at most {max} characters."},
	"validation.gender":              {"성별을 선택해 주세요.", "Choose M or F."},
	"validation.kor_name":            {"한글만 공백 없이 입력해 주세요.", "Korean letters only, without spaces."},
	"validation.eng_name":            {"영문만 입력해 주세요.", "English letters only."},
	"validation.eng_alnum":           {"영문과 숫자만 입력해 주세요.", "English letters and digits only."},
	"validation.name_kor_eng_digit":  {"한글, 영문, 숫자만 입력해 주세요.", "Korean, English letters and digits only."},
	"validation.eng_only":            {"영문만 입력해 주세요.", "English letters only."},
	"validation.middle_name":         {"한글, 영문, 숫자, 하이픈(-)만 입력해 주세요.", "Korean, English letters, digits and hyphens only."},
	"validation.department":          {"한글, 영문 대문자, 공백만 입력해 주세요.", "Korean letters, uppercase English letters and spaces only."},
	"validation.digits":              {"숫자만 입력해 주세요.", "Numbers only."},
	"validation.resident_no":         {"주민등록번호 뒷자리가 올바르지 않습니다.", "The resident registration number is not valid."},
	"validation.alien_no":            {"외국인등록번호는 숫자 13자리입니다.", "The alien registration number is exactly 13 digits."},
	"validation.country":             {"검색하여 국가를 선택해 주세요.", "Search for the country and choose it."},
	"validation.multi_nationality":   {"복수 국적은 국적과 다른 나라를 검색하여 선택해 주세요.", "Search for and choose a second nationality different from the first."},
	"validation.school":              {"검색하여 학교를 선택해 주세요.", "Search for the school and choose it."},
	"validation.school_name":         {"안내에 맞게 학교 이름을 입력해 주세요.", "Enter the school name as the tip shows."},
	"validation.code":                {"목록에서 선택해 주세요.", "Choose from the list."},
	"validation.passport_no":         {"여권번호를 확인해 주세요. (영문·숫자 5~20자, 없으면 학교 안내에 따라 입력)", "Check the passport number (5 to 20 letters and digits, or the school's value for none)."},
	"validation.visa_etc":            {"기타 비자 종류를 입력해 주세요.", "Enter the other visa type."},
	"validation.phone":               {"전화번호는 숫자, +, -, 괄호, 공백만 쓸 수 있습니다.", "Use digits, +, -, brackets and spaces for phone numbers."},
	"validation.acad_final":          {"최종 학력 하나에 체크해 주세요.", "Tick exactly one entry as the last education."},
	"validation.grade_form":          {"성적 형식을 선택해 주세요.", "Choose the grade form."},
	"validation.full_score":          {"만점을 확인해 주세요.", "Check the full score."},
	"validation.gpa_two_decimals":    {"소수점 둘째 자리까지 입력해 주세요.", "Write it to two decimals."},
	"validation.gpa_over_full":       {"만점 이하로 입력해 주세요.", "It must be at or below the full score."},
	"validation.career_current_one":  {"재직 중인 경력은 하나만 선택할 수 있습니다.", "Only one career can be marked as current."},
	"validation.retire_when_current": {"재직 중이면 퇴사일을 비워 주세요.", "Leave the retirement date empty for a current job."},
	"validation.language_required":   {"어학 성적을 하나 이상 입력해 주세요.", "Enter at least one language score."},
	"validation.score":               {"점수를 확인해 주세요.", "Check the score."},
	"validation.g20_required":        {"G20 문항에 하나 이상 답해 주세요.", "Answer the G20 question at least once."},
	"validation.essay_words":         {"{max}단어 이하로 작성해 주세요.", "Write at most {max} words."},
	"validation.essay_chars":         {"{max}자 이하로 작성해 주세요.", "Write at most {max} characters."},
	"validation.essay_unknown":       {"알 수 없는 에세이 문항입니다.", "Unknown essay question."},
	"validation.duplicate":           {"같은 항목이 이미 있습니다.", "This entry is already there."},
	"validation.nationality_refused": {"이 과정은 해당 국적의 지원자를 받지 않습니다.", "This programme does not accept applicants of this nationality."},
	"validation.video_url":           {"http 또는 https로 시작하는 링크를 입력해 주세요.", "Enter a link starting with http or https."},
	"validation.video_streaming":     {"스트리밍 사이트 링크는 받지 않습니다. 내려받을 수 있는 파일 링크를 입력해 주세요.", "Streaming links are not accepted. Enter a link to a downloadable file."},
	"validation.video_not_file":      {"동영상 파일 하나를 내려받을 수 있는 링크를 입력해 주세요.", "Enter a link to a single downloadable video file."},
	"validation.prof_sign":           {"서명은 한글과 영문만 입력해 주세요.", "Korean and English letters only for the signature."},
	"validation.recommender_name":    {"추천인 이름을 확인해 주세요.", "Check the recommender's name."},
	"validation.date_format":         {"날짜는 yyyy-MM-dd 형식으로 입력해 주세요.", "Enter the date as yyyy-MM-dd."},
	"validation.start_day":           {"시작일은 오늘 이후여야 합니다.", "The start date must be after today."},
	"validation.end_day":             {"종료일은 시작일 이후여야 합니다.", "The end date must be after the start date."},
	"validation.not_after_today":     {"오늘 이후 날짜는 입력할 수 없습니다.", "The date cannot be after today."},

	// Video essay requirements (spec section 1).
	"video.req_length":    {"5분 이내의 동영상 파일 하나", "A single video file of at most 5 minutes"},
	"video.req_no_login":  {"로그인이나 비밀번호 없이 내려받을 수 있어야 합니다", "Downloadable without login or password"},
	"video.req_no_stream": {"스트리밍 링크는 받지 않습니다", "No streaming links"},
	"video.req_korean":    {"한국어로 말하는 영상", "Spoken in Korean"},
	"video.req_face":      {"지원자의 얼굴이 보여야 합니다", "Showing your face"},

	// Time windows.
	"window.closed":       {"접수 기간이 종료되었습니다. (마감 {end})", "The period has ended (closed {end} KST)."},
	"window.not_open":     {"접수 기간이 아직 시작되지 않았습니다. (시작 {start})", "The period has not started yet (opens {start} KST)."},
	"window.not_set":      {"접수 기간이 설정되지 않았습니다.", "No period has been set for this round."},
	"window.unknown_kind": {"알 수 없는 기간 유형입니다.", "Unknown period type."},
}

func init() {
	for code, t := range formMessages {
		if _, ok := messages[code]; !ok {
			messages[code] = t
		}
	}
}
