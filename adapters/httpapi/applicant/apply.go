package applicant

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/adapters/httpapi/public"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/school"
)

// applyHandlers serve the application form (docs/api-apply.md).
type applyHandlers struct {
	svc *application.Service
}

// mountApply registers the application-form routes on the signed-in
// group (the public reference data is package public).
func (s *server) mountApply(g edge.Groups) {
	h := &applyHandlers{svc: s.deps.Apply}
	a := g.Authed
	a.GET("/appl/list", h.list)
	a.GET("/appl/info/:applNo", h.info)
	a.GET("/appl/mode/:applNo", h.mode)
	a.POST("/appl/part", h.savePart)
	a.GET("/appl/part/:applNo", h.part)
	a.POST("/appl/cancel/:applNo", h.cancel)
	a.GET("/appl/pay/info/:applNo", h.payInfo)
	a.GET("/appl/basis/email", h.email)
	a.GET("/appl/basis/:applNo", h.basis)
	a.POST("/appl/basis/:applNo", h.saveBasis)
	a.GET("/appl/acad/:applNo", h.acad)
	a.POST("/appl/acad/:applNo", h.saveAcad)
	a.GET("/appl/lang/:applNo", h.lang)
	a.POST("/appl/lang/:applNo", h.saveLang)
	a.GET("/appl/career/:applNo", h.career)
	a.POST("/appl/career/:applNo", h.saveCareer)
	a.GET("/appl/add-info/:applNo", h.addInfo)
	a.POST("/appl/add-info/:applNo", h.saveAddInfo)
	a.GET("/survey/:applNo", h.survey)
	a.POST("/survey/save", h.saveSurvey)
	a.PUT("/appl/draft/:applNo/:step", h.putDraft)
	a.GET("/appl/draft/:applNo/:step", h.getDraft)
	a.DELETE("/appl/draft/:applNo/:step", h.deleteDraft)
	// Read by the applicant's form although it lives under /admin: the
	// settings hold no personal data, so any signed-in user may read them.
	a.GET("/admin/recruit-part/inquiry/:schoolCode/:enterYear/:recruitPartSeq/:applPartNo", h.infoInquiry)
}

// ---- DTOs ----

type schoolCommDTO struct {
	SchoolCode     string `json:"schoolCode"`
	EnterYear      int    `json:"enterYear"`
	RecruitPartSeq int    `json:"recruitPartSeq"`
	KorName        string `json:"korName"`
	EngName        string `json:"engName"`
}

// recordDTO is the application record of spec section 3.
type RecordDTO struct {
	ApplNo                     int64         `json:"applNo"`
	ID                         int64         `json:"id"`
	UserID                     string        `json:"userId"`
	ApplicantName              string        `json:"applicantName"`
	ApplID                     *string       `json:"applId"`
	Status                     string        `json:"status"`
	ReviewStatus               *string       `json:"reviewStatus"`
	IsApplReviewing            bool          `json:"isApplReviewing"`
	SchoolComm                 schoolCommDTO `json:"schoolComm"`
	RoundKorName               string        `json:"roundKorName"`
	RoundEngName               string        `json:"roundEngName"`
	MajorCode                  string        `json:"majorCode"`
	MajorKorName               string        `json:"majorKorName"`
	MajorEngName               string        `json:"majorEngName"`
	IsMaster                   bool          `json:"isMaster"`
	IsGeneralType              bool          `json:"isGeneralType"`
	StayTypeCode               string        `json:"stayTypeCode"`
	CategoryCode               string        `json:"categoryCode"`
	ApplPartNo                 int64         `json:"applPartNo"`
	VideoEssay                 bool          `json:"videoEssay"`
	ApplPartlabel              edge.LabelDTO `json:"applPartlabel"`
	AdditionalCertificateCount int           `json:"additionalCertificateCount"`
	Step                       string        `json:"step"`
	NextStep                   *string       `json:"nextStep"`
	Steps                      []string      `json:"steps"`
	SavedSteps                 []string      `json:"savedSteps"`
	SubmitOpen                 bool          `json:"submitOpen"`
	SubmitDeadline             *string       `json:"submitDeadline"`
	FeeKrw                     int64         `json:"feeKrw"`
	FeeUsd                     int64         `json:"feeUsd"`
	Actions                    []string      `json:"actions"`
	CreatedAt                  string        `json:"createdAt"`
	UpdatedAt                  string        `json:"updatedAt"`
}

func statuses(list []application.Status) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = string(s)
	}
	return out
}

// ToRecord maps an application record as its applicant and staff read it.
func ToRecord(r application.Record) RecordDTO {
	return RecordDTO{
		ApplNo: r.ApplNo, ID: r.ApplNo, UserID: r.UserID, ApplicantName: r.ApplicantName, ApplID: edge.StrPtr(r.ApplID),
		Status: string(r.State.Status), ReviewStatus: edge.StrPtr(string(r.State.ReviewStatus)), IsApplReviewing: r.State.Reviewing,
		SchoolComm:   schoolCommDTO{r.Round.SchoolCode, r.Round.EnterYear, r.Round.RecruitPartSeq, r.Round.SchoolKorName, r.Round.SchoolEngName},
		RoundKorName: r.Round.KorName, RoundEngName: r.Round.EngName,
		MajorCode: r.Part.MajorCode, MajorKorName: r.Offer.MajorKorName, MajorEngName: r.Offer.MajorEngName,
		IsMaster: r.Part.IsMaster, IsGeneralType: r.Part.IsGeneralType, StayTypeCode: r.Part.StayTypeCode, CategoryCode: r.Part.CategoryCode,
		ApplPartNo: r.Part.ApplPartNo, VideoEssay: r.Offer.VideoEssay,
		ApplPartlabel: edge.LabelDTO{Kor: r.Part.RemkKor, Eng: r.Part.RemkEng}, AdditionalCertificateCount: r.Part.AddCertificateCount,
		Step: string(r.State.Effective()), NextStep: edge.StrPtr(string(r.Next)), Steps: public.StepNames(r.Round), SavedSteps: statuses(r.Saved),
		SubmitOpen: r.SubmitOpen, SubmitDeadline: deadlineText(r.SubmitDeadline), FeeKrw: r.Round.FeeKrw, FeeUsd: r.Round.FeeUsd, Actions: r.Actions, CreatedAt: edge.TimeText(r.CreatedAt), UpdatedAt: edge.TimeText(r.UpdatedAt),
	}
}

// deadlineText is a deadline as timeText writes it, or null for none.
func deadlineText(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := edge.TimeText(t)
	return &s
}

type draftDTO struct {
	Data    json.RawMessage `json:"data"`
	SavedAt string          `json:"savedAt"`
}

func toDraft(d *application.Draft) *draftDTO {
	if d == nil {
		return nil
	}
	return &draftDTO{Data: d.Data, SavedAt: edge.TimeText(d.SavedAt)}
}

// ---- the application ----

func (h *applyHandlers) list(c *echo.Context) error {
	list, err := h.svc.List(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	out := make([]RecordDTO, len(list))
	for i, r := range list {
		out[i] = ToRecord(r)
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}

func (h *applyHandlers) info(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	r, err := h.svc.Get(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, ToRecord(r))
}

func (h *applyHandlers) mode(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	m, st, err := h.svc.Mode(c.Request().Context(), edge.Principal(c), n, c.QueryParam("type"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"applNo": n, "mode": string(m), "reviewCompleted": st.ReviewCompleted()})
}

func (h *applyHandlers) cancel(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	r, err := h.svc.Cancel(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, ToRecord(r))
}

func (h *applyHandlers) payInfo(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	r, err := h.svc.PayInfo(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]any{"applNo": n, "schoolCode": r.Round.SchoolCode, "enterYear": r.Round.EnterYear,
		"recruitPartSeq": r.Round.RecruitPartSeq, "status": string(r.State.Effective()), "feeKrw": r.Round.FeeKrw, "feeUsd": r.Round.FeeUsd})
}

func (h *applyHandlers) email(c *echo.Context) error {
	e, err := h.svc.Email(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]string{"email": e})
}

// ---- application part ----

type partChoiceDTO struct {
	SchoolCode     string `json:"schoolCode"`
	EnterYear      int    `json:"enterYear"`
	RecruitPartSeq int    `json:"recruitPartSeq"`
	MajorCode      string `json:"majorCode"`
	IsMaster       bool   `json:"isMaster"`
	IsGeneralType  bool   `json:"isGeneralType"`
	StayTypeCode   string `json:"stayTypeCode"`
	CategoryCode   string `json:"categoryCode"`
}

type surveyAnswersDTO struct {
	Answers []SurveyAnswerDTO `json:"answers"`
}

type partRequestDTO struct {
	ApplNo              *int64            `json:"applNo"`
	ApplPartRequestList []partChoiceDTO   `json:"applPartRequestList"`
	Consents            map[string]string `json:"consents"`
	SurveyRequest       *surveyAnswersDTO `json:"surveyRequest"`
}

type acceptanceDTO struct {
	Code       string `json:"code"`
	Version    string `json:"version"`
	AcceptedAt string `json:"acceptedAt"`
}

// partDTO is the application-part response of spec section 3.
type partDTO struct {
	ID                      int64             `json:"id"`
	ApplNo                  int64             `json:"applNo"`
	Status                  string            `json:"status"`
	ReviewStatus            *string           `json:"reviewStatus"`
	IsApplReviewing         bool              `json:"isApplReviewing"`
	PartSchoolCode          string            `json:"partSchoolCode"`
	PartEnterYear           int               `json:"partEnterYear"`
	PartRecruitPartSeq      int               `json:"partRecruitPartSeq"`
	SchoolKorName           string            `json:"schoolKorName"`
	SchoolEngName           string            `json:"schoolEngName"`
	Steps                   []string          `json:"steps"`
	SavedSteps              []string          `json:"savedSteps"`
	NextStep                *string           `json:"nextStep"`
	ApplPartNo              int64             `json:"applPartNo"`
	PartMajorCode           string            `json:"partMajorCode"`
	PartMajorKorName        string            `json:"partMajorKorName"`
	PartMajorEngName        string            `json:"partMajorEngName"`
	PartIsMaster            bool              `json:"partIsMaster"`
	PartIsGeneralType       bool              `json:"partIsGeneralType"`
	PartStayTypeCode        string            `json:"partStayTypeCode"`
	PartCategoryCode        string            `json:"partCategoryCode"`
	PartDetailRemkKor       string            `json:"partDetailRemkKor"`
	PartDetailRemkEng       string            `json:"partDetailRemkEng"`
	PartAddCertificateCount int               `json:"partAddCertificateCount"`
	VideoEssay              bool              `json:"videoEssay"`
	Consents                []acceptanceDTO   `json:"consents"`
	SurveyAnswers           []SurveyAnswerDTO `json:"surveyAnswers"`
}

func toPart(v application.PartView) partDTO {
	r := v.Record
	cons := make([]acceptanceDTO, len(v.Consents))
	for i, a := range v.Consents {
		cons[i] = acceptanceDTO{a.Code, a.Version, edge.TimeText(a.At)}
	}
	return partDTO{
		ID: r.ApplNo, ApplNo: r.ApplNo, Status: string(r.State.Status), ReviewStatus: edge.StrPtr(string(r.State.ReviewStatus)),
		IsApplReviewing: r.State.Reviewing, PartSchoolCode: r.Round.SchoolCode, PartEnterYear: r.Round.EnterYear,
		PartRecruitPartSeq: r.Round.RecruitPartSeq, SchoolKorName: r.Round.SchoolKorName, SchoolEngName: r.Round.SchoolEngName,
		Steps: public.StepNames(r.Round), SavedSteps: statuses(r.Saved), NextStep: edge.StrPtr(string(r.Next)),
		ApplPartNo: r.Part.ApplPartNo, PartMajorCode: r.Part.MajorCode, PartMajorKorName: r.Offer.MajorKorName,
		PartMajorEngName: r.Offer.MajorEngName, PartIsMaster: r.Part.IsMaster, PartIsGeneralType: r.Part.IsGeneralType,
		PartStayTypeCode: r.Part.StayTypeCode, PartCategoryCode: r.Part.CategoryCode, PartDetailRemkKor: r.Part.RemkKor,
		PartDetailRemkEng: r.Part.RemkEng, PartAddCertificateCount: r.Part.AddCertificateCount, VideoEssay: r.Offer.VideoEssay,
		Consents: cons, SurveyAnswers: edge.MapList(v.Survey.Answers, ToSurveyAnswerDTO),
	}
}

func (h *applyHandlers) savePart(c *echo.Context) error {
	var in partRequestDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	req := application.PartRequest{Consents: in.Consents}
	if in.ApplNo != nil {
		req.ApplNo = *in.ApplNo
		if req.ApplNo <= 0 {
			return apperr.NotFound(application.CodeNotFound)
		}
	}
	for _, ch := range in.ApplPartRequestList {
		req.Choices = append(req.Choices, application.PartChoice{
			Round:     application.RoundKey{SchoolCode: ch.SchoolCode, EnterYear: ch.EnterYear, RecruitPartSeq: ch.RecruitPartSeq},
			MajorCode: ch.MajorCode, IsMaster: ch.IsMaster, IsGeneralType: ch.IsGeneralType,
			StayTypeCode: ch.StayTypeCode, CategoryCode: ch.CategoryCode,
		})
	}
	if in.SurveyRequest != nil {
		req.Survey = &application.SurveyData{Answers: edge.MapList(in.SurveyRequest.Answers, SurveyAnswerDTO.ToCore)}
	}
	v, created, err := h.svc.SavePart(c.Request().Context(), edge.Principal(c), req)
	if err != nil {
		if e, ok := apperr.As(err); ok && e.Code == application.CodeExists {
			return existsError(c, e)
		}
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, toPart(v))
}

// existsError answers 409 with the number of the application already there,
// so the SPA can continue it.
func existsError(c *echo.Context, e *apperr.Error) error {
	loc := edge.LocaleOf(c)
	msg := edge.Message(loc, e.Code, nil)
	return c.JSON(http.StatusConflict, map[string]any{"status": http.StatusConflict, "code": e.Code, "message": msg,
		"warningMessage": msg, "applNo": e.Params["applNo"]})
}

func (h *applyHandlers) part(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Part(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toPart(v))
}

// ---- steps ----

type basisBody struct {
	ApplicantInfo ApplicantInfoDTO `json:"applicantInfo"`
}

// NormalInfo gives the lists the form shows as empty lists, never null.
func NormalInfo(a form.ApplicantInfo) form.ApplicantInfo {
	if a.G20Answers == nil {
		a.G20Answers = []string{}
	}
	if a.FamilyList == nil {
		a.FamilyList = []form.FamilyMember{}
	}
	return a
}

func (h *applyHandlers) basis(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Info(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		ApplicantInfo ApplicantInfoDTO   `json:"applicantInfo"`
		Sections      public.SectionsDTO `json:"sections"`
		Draft         *draftDTO          `json:"draft"`
	}{ToRecord(v.Record), ToApplicantInfoDTO(NormalInfo(v.Data)), public.ToSectionsDTO(v.Record.InfoSections()), toDraft(v.Draft)})
}

func (h *applyHandlers) saveBasis(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in basisBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	rec, a, err := h.svc.SaveInfo(c.Request().Context(), edge.Principal(c), n, in.ApplicantInfo.ToCore())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		ApplicantInfo ApplicantInfoDTO   `json:"applicantInfo"`
		Sections      public.SectionsDTO `json:"sections"`
	}{ToRecord(rec), ToApplicantInfoDTO(NormalInfo(a)), public.ToSectionsDTO(rec.InfoSections())})
}

type acadDTO struct {
	AcademicRecordDTO
	SchoolKorName string `json:"schoolKorName"`
	SchoolEngName string `json:"schoolEngName"`
}

func (h *applyHandlers) acad(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Academic(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	list := make([]acadDTO, len(v.Data))
	for i, a := range v.Data {
		u := v.Univs[a.SchoolCode]
		list[i] = acadDTO{ToAcademicRecordDTO(a), u.KorName, u.EngName}
		if a.SchoolCode == school.SchoolOther {
			list[i].SchoolKorName, list[i].SchoolEngName = a.SearchSchoolName, a.SearchSchoolName
		}
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		AcadList []acadDTO `json:"acadList"`
		Draft    *draftDTO `json:"draft"`
	}{ToRecord(v.Record), list, toDraft(v.Draft)})
}

func (h *applyHandlers) saveAcad(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in struct {
		AcadList []AcademicRecordDTO `json:"acadList"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	rec, err := h.svc.SaveAcademic(c.Request().Context(), edge.Principal(c), n, edge.MapList(in.AcadList, AcademicRecordDTO.ToCore))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		AcadList []AcademicRecordDTO `json:"acadList"`
	}{ToRecord(rec), in.AcadList})
}

func (h *applyHandlers) lang(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Languages(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		PartLanguages []LanguageEntryDTO `json:"partLanguages"`
		LanguageExams []public.ExamDTO   `json:"languageExams"`
		Draft         *draftDTO          `json:"draft"`
	}{ToRecord(v.Record), edge.MapList(v.Data, ToLanguageEntryDTO), public.ExamDTOs(v.Record.Round.LanguageExams), toDraft(v.Draft)})
}

func newNodeID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (h *applyHandlers) saveLang(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in struct {
		PartLanguages []LanguageEntryDTO `json:"partLanguages"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	rec, list, err := h.svc.SaveLanguages(c.Request().Context(), edge.Principal(c), n, edge.MapList(in.PartLanguages, LanguageEntryDTO.ToCore), newNodeID)
	if err != nil {
		return err
	}
	if list == nil {
		list = []form.LanguageEntry{}
	}
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		PartLanguages []LanguageEntryDTO `json:"partLanguages"`
	}{ToRecord(rec), edge.MapList(list, ToLanguageEntryDTO)})
}

func (h *applyHandlers) career(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Careers(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		CareerList []CareerDTO `json:"careerList"`
		Draft      *draftDTO   `json:"draft"`
	}{ToRecord(v.Record), edge.MapList(v.Data, ToCareerDTO), toDraft(v.Draft)})
}

func (h *applyHandlers) saveCareer(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in struct {
		CareerList []CareerDTO `json:"careerList"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if in.CareerList == nil {
		in.CareerList = []CareerDTO{}
	}
	rec, err := h.svc.SaveCareers(c.Request().Context(), edge.Principal(c), n, edge.MapList(in.CareerList, CareerDTO.ToCore))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		CareerList []CareerDTO `json:"careerList"`
	}{ToRecord(rec), in.CareerList})
}

type addInfoBody struct {
	CertificateList []CertificateDTO `json:"certificateList"`
	Essays          []EssayAnswerDTO `json:"essays"`
}

func (h *applyHandlers) addInfo(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.AdditionalInfo(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		addInfoBody
		EssayQuestions []public.EssayDTO `json:"essayQuestions"`
		Draft          *draftDTO         `json:"draft"`
	}{ToRecord(v.Record), addInfoBody{edge.MapList(v.Data.Certificates, ToCertificateDTO), edge.MapList(v.Data.Essays, ToEssayAnswerDTO)}, public.EssayDTOs(v.Record.Round.Essays), toDraft(v.Draft)})
}

func (h *applyHandlers) saveAddInfo(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in addInfoBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if in.CertificateList == nil {
		in.CertificateList = []CertificateDTO{}
	}
	if in.Essays == nil {
		in.Essays = []EssayAnswerDTO{}
	}
	rec, err := h.svc.SaveAdditionalInfo(c.Request().Context(), edge.Principal(c), n, application.AddInfo{Certificates: edge.MapList(in.CertificateList, CertificateDTO.ToCore),
		Essays: edge.MapList(in.Essays, EssayAnswerDTO.ToCore)})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		addInfoBody
	}{ToRecord(rec), in})
}

type surveyBody struct {
	Answers     []SurveyAnswerDTO `json:"answers"`
	Alumni      bool              `json:"alumni"`
	ContactCode string            `json:"contactCode"`
}

func (h *applyHandlers) survey(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Survey(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		Questions []public.QuestionDTO `json:"questions"`
		surveyBody
		Draft *draftDTO `json:"draft"`
	}{ToRecord(v.Record), public.QuestionDTOs(v.Questions), surveyBody{edge.MapList(v.Data.Answers, ToSurveyAnswerDTO), v.Data.Alumni, v.Data.ContactCode}, toDraft(v.Draft)})
}

func (h *applyHandlers) saveSurvey(c *echo.Context) error {
	var in struct {
		ApplNo int64 `json:"applNo"`
		surveyBody
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if in.Answers == nil {
		in.Answers = []SurveyAnswerDTO{}
	}
	rec, err := h.svc.SaveSurvey(c.Request().Context(), edge.Principal(c), in.ApplNo,
		application.SurveyData{Answers: edge.MapList(in.Answers, SurveyAnswerDTO.ToCore), Alumni: in.Alumni, ContactCode: in.ContactCode})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, struct {
		RecordDTO
		surveyBody
	}{ToRecord(rec), in.surveyBody})
}

// ---- drafts ----

func (h *applyHandlers) putDraft(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, application.MaxDraft+1))
	if err != nil {
		return apperr.Wrap(apperr.KindInvalid, "request.malformed", err)
	}
	at, err := h.svc.PutDraft(c.Request().Context(), edge.Principal(c), n, c.Param("step"), body)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"applNo": n, "step": c.Param("step"), "savedAt": edge.TimeText(at)})
}

func (h *applyHandlers) getDraft(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	d, ok, err := h.svc.GetDraft(c.Request().Context(), edge.Principal(c), n, c.Param("step"))
	if err != nil {
		return err
	}
	edge.NoStore(c)
	out := map[string]any{"applNo": n, "step": c.Param("step"), "data": nil, "savedAt": nil}
	if ok {
		out["data"], out["savedAt"] = json.RawMessage(d.Data), edge.TimeText(d.SavedAt)
	}
	return c.JSON(http.StatusOK, out)
}

func (h *applyHandlers) deleteDraft(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	if err := h.svc.DeleteDraft(c.Request().Context(), edge.Principal(c), n, c.Param("step")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// InfoItemDTO is one additional-information item of a part: shown, required.
type InfoItemDTO struct {
	ItemCode string `json:"itemCode"`
	Display  bool   `json:"display"`
	Required bool   `json:"required"`
}

func (h *applyHandlers) infoInquiry(c *echo.Context) error {
	y, err1 := strconv.Atoi(c.Param("enterYear"))
	seq, err2 := strconv.Atoi(c.Param("recruitPartSeq"))
	part, err3 := strconv.ParseInt(c.Param("applPartNo"), 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || part < 0 {
		return apperr.NotFound(application.CodeRoundNotFound)
	}
	k := application.RoundKey{SchoolCode: c.Param("schoolCode"), EnterYear: y, RecruitPartSeq: seq}
	items, err := h.svc.InfoSettings(c.Request().Context(), edge.Principal(c), k, part)
	if err != nil {
		return err
	}
	out := make([]InfoItemDTO, len(items))
	for i, it := range items {
		out[i] = InfoItemDTO{it.ItemCode, it.Display, it.Required}
	}
	return c.JSON(http.StatusOK, map[string]any{"schoolCode": k.SchoolCode, "enterYear": y, "recruitPartSeq": seq,
		"applPartNo": part, "items": out})
}
