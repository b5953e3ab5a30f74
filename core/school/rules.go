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
	No    int `json:"no"`
	Words int `json:"words"` // English essays count words
	Chars int `json:"chars"` // Korean essays count characters
}

// DefaultEssays: 400 words for questions 1 and 3, 800 for question 2;
// Korean variants 400 or 800 characters (spec section 5).
func DefaultEssays() []EssayRule {
	return []EssayRule{{No: 1, Words: 400, Chars: 400}, {No: 2, Words: 800, Chars: 800}, {No: 3, Words: 400, Chars: 400}}
}

// Rules is everything that differs between schools (or rounds).
type Rules struct {
	SchoolCode           string          `json:"schoolCode"`
	RefusedNationalities []string        `json:"refusedNationalities,omitempty"`
	PassportNone         string          `json:"passportNone"` // the passport number that means "none"
	VisaNone             string          `json:"visaNone"`     // the visa type that means "none"
	VideoEssay           *VideoEssayRule `json:"videoEssay,omitempty"`
	G20Required          bool            `json:"g20Required"`
	LanguageRequired     bool            `json:"languageRequired"` // at least one language score
	Essays               []EssayRule     `json:"essays"`
	TextLimits           map[string]int  `json:"textLimits,omitempty"` // field -> maximum characters, overriding the defaults
	ExtraDocuments       bool            `json:"isEtcDocumentUploadable"`
	Consents             []ConsentItem   `json:"consents"`
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
	Extensions     []string `json:"extensions"`     // a link whose path ends in one of these is a file
	FileHosts      []string `json:"fileHosts"`      // hosts that serve single files for download
	StreamingHosts []string `json:"streamingHosts"` // refused
	Requirements   []string `json:"requirements"`   // message codes shown to the applicant
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
	Code    string `json:"code"`
	TitleKo string `json:"titleKo"`
	TitleEn string `json:"titleEn"`
	BodyKo  string `json:"bodyKo"`
	BodyEn  string `json:"bodyEn"`
	Version string `json:"version"` // yyyy-MM-dd
}

// DefaultConsents are the six items named in spec section 5.
func DefaultConsents() []ConsentItem {
	const v = "2024-09-10"
	return []ConsentItem{
		{CodeConsentPersonal, "개인정보 수집·이용 동의", "Consent to the collection and use of personal information",
			"입학 전형 진행을 위하여 지원서에 기재한 개인정보를 수집·이용합니다.", "Personal information entered in the application is collected and used to run the admission process.", v},
		{CodeConsentUniqueID, "고유식별정보 처리 동의", "Consent to the processing of unique identification information",
			"주민등록번호 뒷자리, 여권번호, 외국인등록번호를 본인 확인과 전형 진행에 처리합니다.", "Resident registration digits, passport and alien registration numbers are processed for identification and admission.", v},
		{CodeConsentSensitive, "민감정보 처리 동의", "Consent to the processing of sensitive information",
			"전형에 필요한 범위에서 민감정보를 처리합니다.", "Sensitive information is processed only as far as the admission requires.", v},
		{CodeConsentConsignment, "개인정보 처리 위탁 동의", "Consent to the consignment of processing to the service operator",
			"원서 접수 서비스 운영사에 개인정보 처리를 위탁합니다.", "Processing is consigned to the operator of the application service.", v},
		{CodeConsentThirdParty, "개인정보 제3자 제공 동의", "Consent to provision to third parties",
			"지원한 대학원에 지원서 정보를 제공합니다.", "Application data is provided to the graduate school applied to.", v},
		{CodeConsentFalseAppl, "허위 지원 확인", "Confirmation regarding false applications",
			"허위 기재나 위조 서류가 확인되면 합격 및 입학이 취소될 수 있음을 확인합니다.", "I confirm that false statements or forged documents may void admission.", v},
	}
}

// Acceptance records what was accepted, to be stored with the application.
type Acceptance struct {
	Code    string    `json:"code"`
	Version string    `json:"version"`
	At      time.Time `json:"at"`
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
