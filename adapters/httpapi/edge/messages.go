package edge

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// Locale is ko (default) or en.
type Locale string

const (
	Ko Locale = "ko"
	En Locale = "en"
)

// ParseLocale reads an Accept-Language header or cookie value; ko unless
// English is preferred over Korean.
func ParseLocale(h string) Locale {
	for _, part := range strings.Split(h, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		switch {
		case strings.HasPrefix(tag, "ko"):
			return Ko
		case strings.HasPrefix(tag, "en"):
			return En
		}
	}
	return Ko
}

type text struct{ ko, en string }

// catalogue is the message texts of one area.
type catalogue struct {
	area  string
	texts map[string]text
}

// catalogues are the message catalogues, one per area, assembled once and
// explicitly into messages: a code given by two catalogues is an error
// (TestMessageCataloguesDistinct), not a silent first-one-wins.
var catalogues = []catalogue{
	{"common", commonMessages},
	{"form", formMessages},
	{"submission", submitMessages},
	{"payment", payMessages},
	{"rounds", roundMessages},
	{"account", accountMessages},
	{"recommend", recommendMessages},
	{"money", moneyMessages},
	{"backoffice", backofficeMessages},
	{"helpdesk", helpdeskMessages},
	{"inquiry", inquiryMessages},
	{"survey", surveyMessages},
	{"feerules", feeRuleMessages},
	{"refund_request", refundRequestMessages},
	{"officers", officerMessages},
}

// messages holds the ko and en text of every message code. Parameters are
// written {name}.
var messages = mustAssemble(catalogues)

// assemble merges catalogues, refusing a code two of them give.
func assemble(cs []catalogue) (map[string]text, error) {
	out := map[string]text{}
	from := map[string]string{}
	for _, c := range cs {
		for code, t := range c.texts {
			if a, dup := from[code]; dup {
				return nil, fmt.Errorf("httpapi: message %q in catalogues %s and %s", code, a, c.area)
			}
			out[code], from[code] = t, c.area
		}
	}
	return out, nil
}

func mustAssemble(cs []catalogue) map[string]text {
	m, err := assemble(cs)
	if err != nil {
		panic(err)
	}
	return m
}

// commonMessages are the generic texts and those of accounts and sign-in.
var commonMessages = map[string]text{
	// Generic (spec section 8).
	"server.error":           {"서버 오류가 발생했습니다.", "A server error occurred."},
	"validation.failed":      {"필수 입력 항목을 모두 확인해 주세요.", "Please check all required fields."},
	"request.malformed":      {"요청 형식이 올바르지 않습니다.", "The request is not well formed."},
	"request.too_large":      {"요청이 너무 큽니다.", "The request is too large."},
	"route.not_found":        {"요청한 주소를 찾을 수 없습니다.", "The requested address was not found."},
	"method.not_allowed":     {"허용되지 않는 요청입니다.", "This method is not allowed here."},
	"auth.required":          {"다시 로그인해 주세요.", "Please log in again."},
	"auth.expired":           {"로그인이 만료되었습니다. 다시 로그인해 주세요.", "Your session has ended. Please log in again."},
	"auth.forbidden":         {"이 기능을 사용할 권한이 없습니다.", "You do not have permission to do this."},
	"csrf.invalid":           {"보안 확인에 실패했습니다. 페이지를 새로고침한 뒤 다시 시도해 주세요.", "The security check failed. Reload the page and try again."},
	"rate.limited":           {"요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.", "Too many requests. Please try again shortly."},
	"approach.incorrect":     {"잘못된 접근입니다.", "Incorrect approach."},
	"user.not_found":         {"사용자를 찾을 수 없습니다.", "User not found."},
	"confirmation.not_found": {"인증번호가 일치하지 않습니다. 이메일을 확인해 주세요.", "Not Correct Code. Please Check Your Email."},
	"list.sort_invalid":      {"정렬할 수 없는 항목입니다: {field}", "Cannot sort by {field}."},
	"list.filter_invalid":    {"사용할 수 없는 검색 조건입니다: {field}", "Cannot filter by {field}."},
	"list.range_invalid":     {"조회 범위가 올바르지 않습니다.", "The requested range is not valid."},
	"input.invalid_text":     {"{field}: 허용되지 않는 문자(NUL 또는 잘못된 UTF-8)가 포함되어 있습니다.", "{field}: contains characters that are not allowed (NUL or invalid UTF-8)."},
	"input.integer_range":    {"{field}: -2147483648부터 2147483647까지의 정수만 입력할 수 있습니다.", "{field}: must be a whole number from -2147483648 to 2147483647."},
	"request.json_required":  {"요청 형식은 application/json이어야 합니다.", "The request must be sent as application/json."},
	"locale.invalid":         {"언어는 ko 또는 en이어야 합니다.", "The language must be ko or en."},
	"origin.refused":         {"다른 사이트에서 보낸 요청은 처리할 수 없습니다.", "Requests from another site are refused."},

	// Accounts (spec sections 5 and 8; decisions.md).
	"account.user_id_format":    {"아이디는 영문과 숫자만 4~20자로 입력해 주세요.", "Use 4 to 20 letters and digits for the ID."},
	"account.user_id_occupied":  {"이미 사용 중인 아이디입니다.", "ID is already occupied."},
	"account.email_format":      {"올바른 이메일 주소를 입력해 주세요.", "Enter a valid e-mail address."},
	"account.email_occupied":    {"이미 사용 중인 이메일입니다.", "Email is already occupied."},
	"account.password_rule":     {"비밀번호는 8~16자로 영문 대문자, 소문자, 숫자를 각각 하나 이상 포함해야 합니다.", "The password must be 8 to 16 characters with at least one lowercase letter, one uppercase letter and one digit."},
	"account.password_required": {"비밀번호를 입력해 주세요.", "Enter a password."},
	"account.code_mismatch":     {"인증번호가 일치하지 않습니다. 이메일을 확인해 주세요.", "Not Correct Code. Please Check Your Email."},
	"account.code_tries":        {"인증번호를 5회 잘못 입력했습니다. 인증번호를 다시 받아 주세요.", "The code was entered wrong 5 times. Please request a new code."},
	"account.agree_terms":       {"이용약관에 동의해 주세요.", "Please accept the terms of service."},
	"account.agree_privacy":     {"개인정보 수집 및 이용에 동의해 주세요.", "Please accept the collection and use of personal information."},
	"account.code_too_often":    {"인증번호는 {seconds}초 후에 다시 요청할 수 있습니다.", "You can ask for a new code in {seconds} seconds."},
	"account.code_too_many":     {"인증번호 요청이 너무 많습니다. {minutes}분 후에 다시 시도해 주세요.", "Too many code requests. Please try again in {minutes} minutes."},
	"captcha.invalid":           {"자동입력 방지 확인을 완료해 주세요.", "Please complete the robot check."},
	"captcha.required":          {"로그인 실패가 반복되어 자동입력 방지 확인이 필요합니다.", "After repeated failed logins, please complete the robot check."},
	"login.failed":              {"아이디 또는 비밀번호가 올바르지 않습니다.", "The ID or password is incorrect."},
	"login.inactive":            {"휴면 또는 이용이 제한된 계정입니다. 고객센터로 문의해 주세요.", "This account is dormant or restricted. Please contact support."},
	"login.rate_limited":        {"로그인 시도가 너무 많습니다. {minutes}분 후에 다시 시도해 주세요.", "Too many login attempts. Please try again in {minutes} minutes."},
	"mail.sent":                 {"메일이 발송되었습니다.", "The mail has been sent."},
	"signup.done":               {"회원가입이 완료되었습니다. 로그인해 주세요.", "Your account has been created. Please sign in."},
}

// Message returns the text of a code in a locale; an unknown code gives the
// generic server error text rather than leaking the code.
func Message(l Locale, code string, params map[string]any) string {
	t, ok := messages[code]
	if !ok {
		t = messages["server.error"]
	}
	s := t.ko
	if l == En {
		s = t.en
	}
	for k, v := range params {
		s = strings.ReplaceAll(s, "{"+k+"}", Param(l, v))
	}
	return s
}

// Param is a message parameter as the reader writes it: an amount of
// money in the locale's form ("50,000원", "KRW 50,000", "USD 12.34"),
// anything else as it prints.
func Param(l Locale, v any) string {
	if m, ok := v.(money.Money); ok {
		return payment.Display(m, string(l))
	}
	return fmt.Sprint(v)
}

// HasMessage reports whether a code has text in both languages.
func HasMessage(code string) bool {
	t, ok := messages[code]
	return ok && t.ko != "" && t.en != ""
}

// MessageCodes lists every code with text (for tests).
func MessageCodes() []string {
	out := make([]string, 0, len(messages))
	for k := range messages {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Pick is the text of ko and en in the locale.
func Pick(l Locale, ko, en string) string {
	if l == En {
		return en
	}
	return ko
}
