package school

import (
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/window"
)

// Codes of spec section 9.
const (
	CountryKorea = "410"
	CountryChina = "156"
	VisaOther    = "00099"
	VisaNone     = "00999"
	SchoolOther  = "999" // "search other": the school is typed in
)

// EssayRule is the limit of one essay question.
type EssayRule struct {
	No    int
	Words int // English essays count words
	Chars int // Korean essays count characters
}

// DefaultEssays: 400 words for questions 1 and 3, 800 for question 2;
// Korean variants 400 or 800 characters (spec section 5).
func DefaultEssays() []EssayRule {
	return []EssayRule{{No: 1, Words: 400, Chars: 400}, {No: 2, Words: 800, Chars: 800}, {No: 3, Words: 400, Chars: 400}}
}

// Rules is everything that differs between schools (or rounds).
type Rules struct {
	SchoolCode           string
	RefusedNationalities []string
	PassportNone         string // the passport number that means "none"
	VisaNone             string // the visa type that means "none"
	VideoEssay           *VideoEssayRule
	G20Required          bool
	LanguageRequired     bool // at least one language score
	Essays               []EssayRule
	TextLimits           map[string]int // field -> maximum characters, overriding the defaults
	ExtraDocuments       bool
	Consents             []ConsentItem
}

// Default is the rule set of a school that has no special rule.
func Default(schoolCode string) Rules {
	return Rules{
		SchoolCode:       schoolCode,
		PassportNone:     "N/A",
		VisaNone:         VisaNone,
		LanguageRequired: true,
		Essays:           DefaultEssays(),
		Consents:         DefaultConsents(),
	}
}

// ForeignersOnly turns rules into those of the programme of spec section 1:
// no applicants of South Korean nationality, passport number 0000 if none,
// visa 'None' (00999) if none.
func ForeignersOnly(r Rules) Rules {
	r.RefusedNationalities = append(slices.Clone(r.RefusedNationalities), CountryKorea)
	r.PassportNone = "0000"
	r.VisaNone = VisaNone
	return r
}

// NationalityAllowed reports whether the programme accepts a nationality.
func (r Rules) NationalityAllowed(country string) bool {
	return !slices.Contains(r.RefusedNationalities, country)
}

// NoPassport reports whether a passport number means "none".
func (r Rules) NoPassport(no string) bool {
	none := r.PassportNone
	if none == "" {
		none = "N/A"
	}
	return strings.EqualFold(no, none)
}

// NoVisa reports whether a visa type means "none".
func (r Rules) NoVisa(code string) bool {
	none := r.VisaNone
	if none == "" {
		none = VisaNone
	}
	return code == none
}

// TextLimit is the maximum for a field: the school's override or def.
func (r Rules) TextLimit(field string, def int) int {
	if n, ok := r.TextLimits[field]; ok && n > 0 {
		return n
	}
	return def
}

// Essay returns the rule of an essay question.
func (r Rules) Essay(no int) (EssayRule, bool) {
	i := slices.IndexFunc(r.Essays, func(e EssayRule) bool { return e.No == no })
	if i < 0 {
		return EssayRule{}, false
	}
	return r.Essays[i], true
}

// VideoEssayRule is the media-acting video essay link rule.
type VideoEssayRule struct {
	Extensions     []string // a link whose path ends in one of these is a file
	FileHosts      []string // hosts that serve single files for download
	StreamingHosts []string // refused
	Requirements   []string // message codes shown to the applicant
}

// DefaultVideoEssay is the rule of spec section 1.
func DefaultVideoEssay() *VideoEssayRule {
	return &VideoEssayRule{
		Extensions:     []string{"mp4", "mov", "avi", "wmv", "mkv", "m4v", "webm"},
		FileHosts:      []string{"drive.google.com", "dropbox.com", "onedrive.live.com", "1drv.ms", "we.tl", "wetransfer.com", "mybox.naver.com"},
		StreamingHosts: []string{"youtube.com", "youtu.be", "vimeo.com", "tv.naver.com", "tv.kakao.com", "twitch.tv", "tiktok.com", "instagram.com", "facebook.com", "bilibili.com", "dailymotion.com", "afreecatv.com", "chzzk.naver.com"},
		Requirements:   []string{CodeVideoReqLength, CodeVideoReqNoLogin, CodeVideoReqNoStream, CodeVideoReqKorean, CodeVideoReqFace},
	}
}

func hostIn(host string, list []string) bool {
	for _, h := range list {
		if host == h || strings.HasSuffix(host, "."+h) {
			return true
		}
	}
	return false
}

// Check returns "" or the message code of what is wrong with a link.
func (v VideoEssayRule) Check(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || len(raw) > 2000 {
		return CodeVideoURL
	}
	// A trailing dot names the same host ("youtube.com.").
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "" {
		return CodeVideoURL
	}
	if hostIn(host, v.StreamingHosts) {
		return CodeVideoStreaming
	}
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(u.Path), "."))
	if slices.Contains(v.Extensions, ext) || hostIn(host, v.FileHosts) {
		return ""
	}
	return CodeVideoNotFile
}

// ConsentItem is one consent text of a school and round.
type ConsentItem struct {
	Code    string
	TitleKo string
	TitleEn string
	BodyKo  string
	BodyEn  string
	Version string // yyyy-MM-dd
}

// DefaultConsents are the six items named in spec section 5, for schools
// that set none of their own; each states its purpose, items, retention and
// the right to refuse with its consequence (no application).
func DefaultConsents() []ConsentItem {
	const v = "2024-09-10"
	return []ConsentItem{
		{CodeConsentPersonal, "개인정보 수집·이용 동의", "Consent to the collection and use of personal information",
			"지원한 대학원은 입학 전형을 위하여 아래와 같이 개인정보를 수집·이용합니다.\n1. 수집·이용 목적: 입학 전형(서류 및 면접 심사) 진행, 지원자 본인 확인과 연락, 전형료 결제 및 환불, 합격자 발표와 등록 안내, 합격 후 학적 생성.\n2. 수집 항목: 성명(국문·영문), 생년월일, 성별, 국적, 이메일, 휴대전화 번호, 주소, 사진, 학력(학교명·전공·재학 기간·성적), 경력, 어학 성적, 자기소개서와 학업계획서 내용, 제출 서류.\n3. 보유 및 이용 기간: 합격자의 지원서 정보는 10년, 학적 정보는 준영구 보관합니다. 불합격자의 정보는 전형 종료 후 1년, 지원자 명단은 5년 보관한 뒤 파기합니다.\n4. 동의를 거부할 권리 및 거부 시 불이익: 귀하는 이 동의를 거부할 권리가 있습니다. 다만 이 항목은 원서 접수에 꼭 필요한 동의이므로, 동의하지 않으시면 원서를 제출할 수 없습니다.",
			"The graduate school applied to collects and uses the personal information below to run its admission.\n1. Purpose: running the admission (document review and interviews), identifying and contacting applicants, collecting and refunding fees, announcing results and guiding registration, creating the academic record after admission.\n2. Items: name (Korean and English), date of birth, sex, nationality, e-mail, mobile number, address, photo, education (school, major, period of study, grades), career, language scores, the personal statement and study plan, uploaded documents.\n3. Retention: for admitted applicants, application data 10 years and academic records permanently. For applicants not admitted, one year after the admission ends; the list of applicants 5 years. Then the data is destroyed.\n4. Your right to refuse and its consequence: you may refuse this consent. It is required to apply, however, so without it the application cannot be submitted.", v},
		{CodeConsentUniqueID, "고유식별정보 처리 동의", "Consent to the processing of unique identification information",
			"지원한 대학원은 「개인정보 보호법」 제24조에 따라 아래 고유식별정보를 처리합니다.\n1. 처리 목적: 지원자 본인 확인, 중복 지원 확인, 합격 후 학적 생성, 외국인 지원자의 체류 및 사증 관련 업무.\n2. 처리 항목: 주민등록번호(내국인), 여권번호, 외국인등록번호. 모든 고유식별정보는 암호화하여 저장합니다.\n3. 보유 및 이용 기간: 개인정보 수집·이용 동의의 보유 기간과 같습니다.\n4. 동의를 거부할 권리 및 거부 시 불이익: 귀하는 이 동의를 거부할 권리가 있습니다. 다만 이 항목은 원서 접수에 꼭 필요한 동의이므로, 동의하지 않으시면 원서를 제출할 수 없습니다.",
			"Under Article 24 of the Personal Information Protection Act, The graduate school applied to processes the unique identifiers below.\n1. Purpose: identifying applicants, detecting duplicate applications, creating the academic record after admission, residence and visa matters of international applicants.\n2. Items: resident registration number (Korean nationals), passport number, alien registration number. Every identifier is stored encrypted.\n3. Retention: as for the collection and use of personal information.\n4. Your right to refuse and its consequence: you may refuse this consent. It is required to apply, however, so without it the application cannot be submitted.", v},
		{CodeConsentSensitive, "민감정보 처리 동의", "Consent to the processing of sensitive information",
			"지원한 대학원은 「개인정보 보호법」 제23조에 따라 전형에 필요한 범위에서만 민감정보를 처리합니다.\n1. 처리 목적: 특별전형 지원 자격 확인, 면접 등 전형 과정의 편의 제공.\n2. 처리 항목: 장애 여부 및 장애 유형(지원자가 입력한 경우에 한함). 해당 사항이 없는 지원자의 민감정보는 수집하지 않습니다.\n3. 보유 및 이용 기간: 합격자는 10년, 불합격자는 전형 종료 후 1년.\n4. 동의를 거부할 권리 및 거부 시 불이익: 귀하는 이 동의를 거부할 권리가 있습니다. 다만 이 항목은 원서 접수에 꼭 필요한 동의이므로, 동의하지 않으시면 원서를 제출할 수 없습니다.",
			"Under Article 23 of the Personal Information Protection Act, The graduate school applied to processes sensitive information only as far as the admission requires.\n1. Purpose: checking eligibility for special admission tracks, providing accommodations during the admission (for example at the interview).\n2. Items: disability status and type, only when the applicant enters them. No sensitive information is collected from applicants to whom this does not apply.\n3. Retention: 10 years for admitted applicants, one year after the admission for the others.\n4. Your right to refuse and its consequence: you may refuse this consent. It is required to apply, however, so without it the application cannot be submitted.", v},
		{CodeConsentConsignment, "개인정보 처리 위탁 동의", "Consent to the consignment of processing",
			"지원한 대학원은 원활한 원서 접수를 위하여 아래와 같이 개인정보 처리 업무를 위탁합니다.\n1. 수탁자 및 위탁 업무: GradApply 운영사(온라인 원서 접수 시스템 운영, 수험표 및 지원서 출력물 생성, 안내 메일 발송), 포트원(PortOne) 및 결제대행사(국내 전형료 결제), PayPal(해외 전형료 결제).\n2. 위탁 항목: 원서 접수에 필요한 지원서 정보 일체, 결제에 필요한 성명·이메일·결제 정보.\n3. 보유 및 이용 기간: 위탁 업무 종료 후 1년까지 보관한 뒤 파기합니다. 다만 전자상거래 관련 법령에 따라 결제 기록은 5년간 보관합니다.\n4. 동의를 거부할 권리 및 거부 시 불이익: 귀하는 이 동의를 거부할 권리가 있습니다. 다만 이 항목은 원서 접수에 꼭 필요한 동의이므로, 동의하지 않으시면 원서를 제출할 수 없습니다.",
			"To receive applications online, The graduate school applied to consigns the processing of personal information as follows.\n1. Processors and tasks: the operator of GradApply (running the online application system, producing the exam slip and application printouts, sending notices by e-mail), PortOne and its payment gateways (fees paid in Korea), PayPal (fees paid from abroad).\n2. Items: the application data needed to receive the application; name, e-mail and payment details needed for the payment.\n3. Retention: until one year after the consigned task ends, then destroyed; payment records are kept 5 years as the e-commerce laws require.\n4. Your right to refuse and its consequence: you may refuse this consent. It is required to apply, however, so without it the application cannot be submitted.", v},
		{CodeConsentThirdParty, "개인정보 제3자 제공 동의", "Consent to provision to third parties",
			"지원자의 개인정보는 아래의 경우에만 제3자에게 제공됩니다.\n1. 제공받는 자 및 목적: 추천서 작성자(지원자가 요청한 경우, 추천서 작성을 위하여), 정부 및 관계 기관(법령에 따른 학력 조회, 외국인 유학생의 사증 발급 및 체류 관리).\n2. 제공 항목: 추천서 작성자에게는 성명, 지원 대학원, 모집 전형, 지원 전공. 관계 기관에는 법령이 정한 항목(성명, 생년월일, 국적, 여권번호, 학력).\n3. 제공받는 자의 보유 및 이용 기간: 제공 목적을 달성할 때까지(추천서 작성 완료 또는 마감 시까지). 관계 기관은 해당 법령이 정한 기간.\n4. 동의를 거부할 권리 및 거부 시 불이익: 귀하는 이 동의를 거부할 권리가 있습니다. 다만 이 항목은 원서 접수에 꼭 필요한 동의이므로, 동의하지 않으시면 원서를 제출할 수 없습니다.",
			"Your personal information is provided to third parties only as follows.\n1. Recipients and purpose: the recommenders you ask for a letter (to write it); government and related agencies (verification of degrees as the law provides, visas and residence of international students).\n2. Items: to recommenders, your name, the graduate school, round and major applied to; to agencies, the items the law names (name, date of birth, nationality, passport number, education).\n3. Retention by the recipient: until the purpose is met (the letter submitted or its deadline passed); agencies, for the period their law sets.\n4. Your right to refuse and its consequence: you may refuse this consent. It is required to apply, however, so without it the application cannot be submitted.", v},
		{CodeConsentFalseAppl, "허위 지원 확인", "Confirmation regarding false applications",
			"1. 지원서에 기재한 내용과 제출한 서류가 사실과 다르지 않음을 확인합니다.\n2. 허위 기재, 위조·변조 서류, 대리 작성 등 부정한 방법이 확인되면 합격 또는 입학 후에도 합격 및 입학이 취소될 수 있습니다.\n3. 이 경우 제출한 서류와 전형료는 반환되지 않으며, 관계 법령에 따라 조치될 수 있음을 확인합니다.\n4. 확인을 거부할 권리 및 거부 시 불이익: 귀하는 확인을 거부할 수 있으나, 이 확인은 원서 접수에 꼭 필요하므로 확인하지 않으시면 원서를 제출할 수 없습니다.",
			"1. I confirm that what I enter in the application and the documents I submit are true.\n2. Where false statements, forged or altered documents, or an application written by someone else are found, admission and enrolment may be cancelled, even after admission.\n3. In that case the documents and the fee are not returned, and measures under the applicable laws may be taken.\n4. Your right to refuse and its consequence: you may refuse this confirmation. It is required to apply, however, so without it the application cannot be submitted.", v},
	}
}

// Acceptance records what was accepted, to be stored with the application.
type Acceptance struct {
	Code    string
	Version string
	At      time.Time
}

// CheckConsents requires every item in its current version; accepted maps
// item code to the version the applicant saw. It returns what to store.
func CheckConsents(items []ConsentItem, accepted map[string]string, now time.Time) ([]Acceptance, error) {
	var f apperr.Fields
	out := make([]Acceptance, 0, len(items))
	for _, it := range items {
		v, ok := accepted[it.Code]
		switch {
		case !ok:
			f.AddParam("consents."+it.Code, CodeConsentRequired, "code", it.Code)
		case v != it.Version:
			f.AddParam("consents."+it.Code, CodeConsentOutdated, "code", it.Code)
		default:
			out = append(out, Acceptance{Code: it.Code, Version: it.Version, At: now})
		}
	}
	var unknown []string
	for code := range accepted {
		if !slices.ContainsFunc(items, func(it ConsentItem) bool { return it.Code == code }) {
			unknown = append(unknown, code)
		}
	}
	slices.Sort(unknown)
	for _, code := range unknown {
		f.Add("consents."+code, CodeConsentUnknown)
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// ValidateConsentItems checks a school's consent data before it is saved:
// codes present and unique, both titles and bodies, a yyyy-MM-dd version.
func ValidateConsentItems(items []ConsentItem) error {
	var f apperr.Fields
	seen := map[string]bool{}
	for i, it := range items {
		p := "consents[" + strconv.Itoa(i) + "]"
		if it.Code == "" || seen[it.Code] {
			f.Add(p+".code", CodeConsentUnknown)
		}
		seen[it.Code] = true
		for _, x := range []struct{ field, v string }{{"titleKo", it.TitleKo}, {"titleEn", it.TitleEn}, {"bodyKo", it.BodyKo}, {"bodyEn", it.BodyEn}} {
			if strings.TrimSpace(x.v) == "" {
				f.Add(p+"."+x.field, CodeConsentRequired)
			}
		}
		if _, err := window.ParseDate(it.Version); err != nil {
			f.Add(p+".version", window.CodeDateFormat)
		}
	}
	return f.Err()
}
