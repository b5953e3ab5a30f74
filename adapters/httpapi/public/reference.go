package public

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/school"
)

// Reference data and rounds (docs/api-apply.md "Public reference data").

type schoolDTO struct {
	SchoolCode   string `json:"schoolCode"`
	KorName      string `json:"korName"`
	EngName      string `json:"engName"`
	Slug         string `json:"slug"`
	Color        string `json:"color"`
	LogoURL      string `json:"logoUrl,omitempty"`
	ContactEmail string `json:"contactEmail,omitempty"`
	ContactPhone string `json:"contactPhone,omitempty"`
}

func (h *referenceHandlers) schools(c *echo.Context) error {
	list, err := h.svc.Schools(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]schoolDTO, len(list))
	for i, s := range list {
		out[i] = schoolDTO{s.SchoolCode, s.KorName, s.EngName, s.Slug, s.Color, s.LogoURL, s.ContactEmail, s.ContactPhone}
	}
	edge.CacheFor(c, 5*time.Minute)
	return c.JSON(http.StatusOK, out)
}

type countryDTO struct {
	Code    string `json:"code"`
	KorName string `json:"korName"`
	EngName string `json:"engName"`
}

func (h *referenceHandlers) countries(c *echo.Context) error {
	list, err := h.svc.Countries(c.Request().Context())
	if err != nil {
		return err
	}
	order := func(key func(application.Country) int) []countryDTO {
		l := slices.Clone(list)
		slices.SortFunc(l, func(a, b application.Country) int { return key(a) - key(b) })
		out := make([]countryDTO, len(l))
		for i, x := range l {
			out[i] = countryDTO{x.Code, x.KorName, x.EngName}
		}
		return out
	}
	edge.CacheFor(c, time.Hour)
	return c.JSON(http.StatusOK, map[string][]countryDTO{
		"orderKr": order(func(x application.Country) int { return x.OrderKr }),
		"orderEn": order(func(x application.Country) int { return x.OrderEn }),
	})
}

type univDTO struct {
	SchoolCode  string `json:"schoolCode"`
	KorName     string `json:"korName"`
	EngName     string `json:"engName"`
	CountryCode string `json:"countryCode"`
}

func (h *referenceHandlers) univs(c *echo.Context) error {
	limit, _ := strconv.Atoi(c.QueryParam("limit"))
	list, err := h.svc.SearchUnivs(c.Request().Context(), c.QueryParam("q"), c.QueryParam("countryCode"), limit)
	if err != nil {
		return err
	}
	out := make([]univDTO, len(list))
	for i, u := range list {
		out[i] = univDTO{u.SchoolCode, u.KorName, u.EngName, u.CountryCode}
	}
	return c.JSON(http.StatusOK, out)
}

type codeDTO struct {
	Code     string `json:"code"`
	KorValue string `json:"korValue"`
	EngValue string `json:"engValue"`
	Seq      int    `json:"seq"`
}

func codeDTOs(list []application.Code) []codeDTO {
	out := make([]codeDTO, len(list))
	for i, x := range list {
		out[i] = codeDTO{x.Code, x.KorValue, x.EngValue, x.Seq}
	}
	return out
}

// listKey turns a code group into its answer key: UNIV_DEGREE_TYPE ->
// univDegreeTypeList.
func listKey(group string) string {
	var b strings.Builder
	for i, part := range strings.Split(strings.ToLower(group), "_") {
		if part == "" {
			continue
		}
		if i > 0 {
			r := []rune(part)
			r[0] = unicode.ToUpper(r[0])
			part = string(r)
		}
		b.WriteString(part)
	}
	return b.String() + "List"
}

func (h *referenceHandlers) codeGroups(c *echo.Context) error {
	groups := strings.Split(c.Param("groups"), ",")
	m, err := h.svc.CodeGroups(c.Request().Context(), c.Param("type"), c.QueryParam("schoolCode"), groups)
	if err != nil {
		return err
	}
	out := map[string][]codeDTO{}
	for g, list := range m {
		out[listKey(g)] = codeDTOs(list)
	}
	edge.CacheFor(c, 5*time.Minute)
	return c.JSON(http.StatusOK, out)
}

func (h *referenceHandlers) codeOne(c *echo.Context) error {
	x, err := h.svc.CodeOne(c.Request().Context(), c.Param("type"), c.QueryParam("schoolCode"), c.Param("group"), c.Param("code"))
	if err != nil {
		return err
	}
	edge.CacheFor(c, 5*time.Minute)
	return c.JSON(http.StatusOK, map[string]any{"groupCode": c.Param("group"), "code": x.Code, "korValue": x.KorValue,
		"engValue": x.EngValue, "seq": x.Seq})
}

type windowDTO struct {
	Type  string `json:"type"`
	Start string `json:"start"`
	End   string `json:"end"`
	Open  bool   `json:"open"`
}

type partOfferDTO struct {
	ApplPartNo              int64  `json:"applPartNo"`
	MajorCode               string `json:"majorCode"`
	MajorKorName            string `json:"majorKorName"`
	MajorEngName            string `json:"majorEngName"`
	IsMaster                bool   `json:"isMaster"`
	PartDetailRemkKor       string `json:"partDetailRemkKor"`
	PartDetailRemkEng       string `json:"partDetailRemkEng"`
	PartAddCertificateCount int    `json:"partAddCertificateCount"`
	VideoEssay              bool   `json:"videoEssay"`
}

// ExamDTO is a JSON shape other actors' packages share.
type ExamDTO struct {
	Code      string  `json:"code"`
	KorName   string  `json:"korName"`
	EngName   string  `json:"engName"`
	InputType string  `json:"inputType"`
	MaxScore  float64 `json:"maxScore"`
}

// EssayDTO is a JSON shape other actors' packages share.
type EssayDTO struct {
	No          int    `json:"no"`
	Words       int    `json:"words"`
	Chars       int    `json:"chars"`
	KorQuestion string `json:"korQuestion"`
	EngQuestion string `json:"engQuestion"`
}

// ItemDTO is a JSON shape other actors' packages share.
type ItemDTO struct {
	ItemCode   string `json:"itemCode"`
	KorValue   string `json:"korValue"`
	EngValue   string `json:"engValue"`
	HasComment bool   `json:"hasComment"`
}

// QuestionDTO is a JSON shape other actors' packages share.
type QuestionDTO struct {
	QuestionCode string    `json:"questionCode"`
	ParentCode   string    `json:"parentCode"`
	Depth        int       `json:"depth"`
	IsLeaf       bool      `json:"isLeaf"`
	InputType    string    `json:"inputType"`
	KorText      string    `json:"korText"`
	EngText      string    `json:"engText"`
	Required     bool      `json:"required"`
	Items        []ItemDTO `json:"items"`
}

type requirementDTO struct {
	Code string `json:"code"`
	Ko   string `json:"ko"`
	En   string `json:"en"`
}

type rulesDTO struct {
	RefusedNationalities   []string         `json:"refusedNationalities"`
	PassportNone           string           `json:"passportNone"`
	VisaNone               string           `json:"visaNone"`
	G20Required            bool             `json:"g20Required"`
	LanguageRequired       bool             `json:"languageRequired"`
	EtcDocumentUploadable  bool             `json:"isEtcDocumentUploadable"`
	TextLimits             map[string]int   `json:"textLimits"`
	VideoEssayRequirements []requirementDTO `json:"videoEssayRequirements"`
}

// RoundDTO is a JSON shape other actors' packages share.
type RoundDTO struct {
	SchoolCode     string           `json:"schoolCode"`
	EnterYear      int              `json:"enterYear"`
	RecruitPartSeq int              `json:"recruitPartSeq"`
	KorName        string           `json:"korName"`
	EngName        string           `json:"engName"`
	SchoolKorName  string           `json:"schoolKorName"`
	SchoolEngName  string           `json:"schoolEngName"`
	Color          string           `json:"color"`
	FeeKrw         int64            `json:"feeKrw"`
	FeeUsd         int64            `json:"feeUsd"`
	Steps          []string         `json:"steps"`
	Windows        []windowDTO      `json:"windows"`
	SubmitOpen     bool             `json:"submitOpen"`
	Parts          []partOfferDTO   `json:"parts,omitempty"`
	Categories     []codeDTO        `json:"categories,omitempty"`
	StayTypes      []codeDTO        `json:"stayTypes,omitempty"`
	LanguageExams  []ExamDTO        `json:"languageExams,omitempty"`
	Essays         []EssayDTO       `json:"essays,omitempty"`
	Consents       []ConsentItemDTO `json:"consents,omitempty"`
	PartSurvey     []QuestionDTO    `json:"partSurvey,omitempty"`
	Rules          *rulesDTO        `json:"rules,omitempty"`
}

// consentItemDTO is one consent text of a round, in one version
// (school.ConsentItem).
type ConsentItemDTO struct {
	Code    string `json:"code"`
	TitleKo string `json:"titleKo"`
	TitleEn string `json:"titleEn"`
	BodyKo  string `json:"bodyKo"`
	BodyEn  string `json:"bodyEn"`
	Version string `json:"version"` // yyyy-MM-dd
}

// ToConsentItemDTO maps core's value to its JSON shape.
func ToConsentItemDTO(c school.ConsentItem) ConsentItemDTO {
	return ConsentItemDTO{Code: c.Code, TitleKo: c.TitleKo, TitleEn: c.TitleEn, BodyKo: c.BodyKo, BodyEn: c.BodyEn, Version: c.Version}
}

// ToCore is the value as core reads it.
func (d ConsentItemDTO) ToCore() school.ConsentItem {
	return school.ConsentItem{Code: d.Code, TitleKo: d.TitleKo, TitleEn: d.TitleEn, BodyKo: d.BodyKo, BodyEn: d.BodyEn, Version: d.Version}
}

// QuestionDTOs maps survey questions.
func QuestionDTOs(qs []application.Question) []QuestionDTO {
	out := make([]QuestionDTO, len(qs))
	for i, q := range qs {
		items := make([]ItemDTO, len(q.Items))
		for j, it := range q.Items {
			items[j] = ItemDTO{it.Code.Code, it.KorValue, it.EngValue, it.HasComment}
		}
		out[i] = QuestionDTO{q.Code, q.ParentCode, q.Depth, q.IsLeaf, q.InputType, q.KorText, q.EngText, q.Required, items}
	}
	return out
}

// EssayDTOs maps essay questions.
func EssayDTOs(es []application.EssayQuestion) []EssayDTO {
	out := make([]EssayDTO, len(es))
	for i, e := range es {
		out[i] = EssayDTO{e.No, e.Words, e.Chars, e.KorQuestion, e.EngQuestion}
	}
	return out
}

// ExamDTOs maps the exams of a round.
func ExamDTOs(es []application.Exam) []ExamDTO {
	out := make([]ExamDTO, len(es))
	for i, e := range es {
		out[i] = ExamDTO{e.Code, e.KorName, e.EngName, string(e.InputType), e.MaxScore}
	}
	return out
}

// StepNames are the form's steps of a round, in order.
func StepNames(r application.Round) []string {
	list := r.Steps.List()
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = string(s)
	}
	return out
}

// RoundBody maps a round; full adds everything the form needs.
func RoundBody(v application.RoundView, full bool) RoundDTO {
	r := v.Round
	d := RoundDTO{SchoolCode: r.SchoolCode, EnterYear: r.EnterYear, RecruitPartSeq: r.RecruitPartSeq,
		KorName: r.KorName, EngName: r.EngName, SchoolKorName: r.SchoolKorName, SchoolEngName: r.SchoolEngName,
		Color: r.Color, FeeKrw: r.FeeKrw, FeeUsd: r.FeeUsd, Steps: StepNames(r), Windows: []windowDTO{},
		SubmitOpen: v.SubmitOpen}
	for i, w := range r.Windows {
		d.Windows = append(d.Windows, windowDTO{string(w.Kind), edge.TimeText(w.Start), edge.TimeText(w.End), v.WindowOpen[i]})
	}
	if !full {
		return d
	}
	d.Parts = []partOfferDTO{}
	for _, o := range r.Parts {
		d.Parts = append(d.Parts, partOfferDTO{o.ApplPartNo, o.MajorCode, o.MajorKorName, o.MajorEngName, o.IsMaster,
			o.RemkKor, o.RemkEng, o.AddCertificateCount, o.VideoEssay})
	}
	d.Categories, d.StayTypes = codeDTOs(r.Categories), codeDTOs(r.StayTypes)
	d.LanguageExams, d.Essays = ExamDTOs(r.LanguageExams), EssayDTOs(r.Essays)
	d.Consents = edge.MapList(r.Rules.Consents, ToConsentItemDTO)
	d.PartSurvey = QuestionDTOs(r.PartSurvey)
	reqs := []requirementDTO{}
	for _, code := range school.DefaultVideoEssay().Requirements {
		reqs = append(reqs, requirementDTO{code, edge.Message(edge.Ko, code, nil), edge.Message(edge.En, code, nil)})
	}
	refused := r.Rules.RefusedNationalities
	if refused == nil {
		refused = []string{}
	}
	d.Rules = &rulesDTO{RefusedNationalities: refused, PassportNone: r.Rules.PassportNone, VisaNone: r.Rules.VisaNone,
		G20Required: r.Rules.G20Required, LanguageRequired: r.Rules.LanguageRequired, EtcDocumentUploadable: r.Rules.ExtraDocuments,
		TextLimits: form.TextLimits(r.Rules), VideoEssayRequirements: reqs}
	return d
}

// recruitQuery reads a round from ?schoolCode=&enterYear=&partSeq=.
func RecruitQuery(c *echo.Context) (application.RoundKey, error) {
	var f apperr.Fields
	k := application.RoundKey{SchoolCode: c.QueryParam("schoolCode")}
	if k.SchoolCode == "" {
		f.Add("schoolCode", form.CodeRequired)
	}
	k.EnterYear = edge.IntQuery(c, &f, "enterYear")
	k.RecruitPartSeq = edge.IntQuery(c, &f, "partSeq")
	return k, f.Err()
}

func (h *referenceHandlers) recruit(c *echo.Context) error {
	k, err := RecruitQuery(c)
	if err != nil {
		return err
	}
	r, err := h.svc.Round(c.Request().Context(), k)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, RoundBody(r, true))
}

func (h *referenceHandlers) recruitList(c *echo.Context) error {
	list, err := h.svc.Rounds(c.Request().Context(), c.QueryParam("schoolCode"))
	if err != nil {
		return err
	}
	out := make([]RoundDTO, len(list))
	for i, r := range list {
		out[i] = RoundBody(r, false)
	}
	return c.JSON(http.StatusOK, out)
}
