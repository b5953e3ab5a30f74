package backoffice

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/applicant"
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/adapters/httpapi/public"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/window"
)

// mountRounds registers the back office's round and school settings
// (issue 12, docs/api-rounds.md) on /apply/api-auth/admin, and the
// applicant's view of the consent texts they accepted.
func (s *server) mountRounds(g edge.Groups) {
	h := &roundHandlers{svc: s.deps.Rounds, form: s.deps.Apply}
	admin := g.Admin
	manage := edge.Require(permission.RecruitPartManage)
	admin.GET("/recruit-parts", h.list, manage)
	admin.POST("/recruit-parts", h.create, manage)
	admin.GET("/recruit-parts/:roundId", h.get, manage)
	admin.PUT("/recruit-parts/:roundId", h.update, manage)
	admin.POST("/recruit-parts/:roundId/appl-id-check", h.checkRule, manage)
	admin.POST("/recruit-parts/:roundId/remake-applid", h.remake, edge.Require(permission.Remake))
	admin.GET("/schools", h.schools, manage)
	admin.GET("/schools/:schoolCode", h.school, manage)
	admin.PUT("/schools/:schoolCode", h.saveSchool, manage)
	g.Authed.GET("/appl/consents/:applNo", h.accepted, edge.Require(permission.ApplicationOwn))
	g.Public.GET("/recruit/consents", h.consentVersions)
}

type consentVersionsDTO struct {
	Code     string                  `json:"code"`
	Versions []public.ConsentItemDTO `json:"versions"`
}

// consentVersions answers the consent items of a round with every version
// of their texts, the one in force first (public, like the round itself).
func (h *roundHandlers) consentVersions(c *echo.Context) error {
	k, err := public.RecruitQuery(c)
	if err != nil {
		return err
	}
	list, err := h.svc.ConsentVersions(c.Request().Context(), k)
	if err != nil {
		return err
	}
	out := make([]consentVersionsDTO, len(list))
	for i, v := range list {
		out[i] = consentVersionsDTO{Code: v.Code, Versions: edge.MapList(v.Versions, public.ToConsentItemDTO)}
	}
	return c.JSON(http.StatusOK, out)
}

type roundHandlers struct {
	svc  *round.Service
	form *application.Service
}

type roundSummaryDTO struct {
	ID             string           `json:"id"`
	SchoolCode     string           `json:"schoolCode"`
	EnterYear      int              `json:"enterYear"`
	RecruitPartSeq int              `json:"recruitPartSeq"`
	KorName        string           `json:"korName"`
	EngName        string           `json:"engName"`
	SchoolKorName  string           `json:"schoolKorName"`
	SchoolEngName  string           `json:"schoolEngName"`
	FeeKrw         int64            `json:"feeKrw"`
	FeeUsd         int64            `json:"feeUsd"`
	Windows        []roundWindowDTO `json:"windows"`
	Applications   int              `json:"applications"`
	UpdatedAt      time.Time        `json:"updatedAt"`
}

func toRoundSummaryDTO(r round.Summary) roundSummaryDTO {
	d := roundSummaryDTO{ID: edge.RoundID(r.RoundKey), SchoolCode: r.SchoolCode, EnterYear: r.EnterYear, RecruitPartSeq: r.RecruitPartSeq,
		KorName: r.KorName, EngName: r.EngName, SchoolKorName: r.SchoolKorName, SchoolEngName: r.SchoolEngName,
		FeeKrw: r.FeeKrw, FeeUsd: r.FeeUsd, Windows: edge.MapList(r.Windows, toRoundWindowDTO), Applications: r.Applications, UpdatedAt: r.UpdatedAt}
	if d.Windows == nil {
		d.Windows = []roundWindowDTO{}
	}
	return d
}

// roundListQuery reads a round list's sort, range and filters (q, schoolCode, enterYear).
func roundListQuery(c *echo.Context) (round.Query, error) {
	lp, err := edge.ParseList(c, round.SortFields, []string{"q", "schoolCode", "enterYear"})
	if err != nil {
		return round.Query{}, err
	}
	q := round.Query{SchoolCode: lp.Filter["schoolCode"], Search: lp.Filter["q"], Sort: lp.Sort, Desc: lp.Desc, Offset: lp.Offset, Limit: lp.Limit}
	var f apperr.Fields
	q.EnterYear = edge.AtoiFilter(&f, "enterYear", lp.Filter["enterYear"])
	return q, f.Err()
}

func (h *roundHandlers) list(c *echo.Context) error {
	q, err := roundListQuery(c)
	if err != nil {
		return err
	}
	list, total, err := h.svc.List(c.Request().Context(), edge.Principal(c), q)
	if err != nil {
		return err
	}
	out := make([]roundSummaryDTO, len(list))
	for i, r := range list {
		out[i] = toRoundSummaryDTO(r)
	}
	edge.NoStore(c)
	edge.ContentRange(c, "recruit-parts", q.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

// adminRoundDTO is one round: the settings, what applies where the round
// has none of its own, and the round exactly as applicants get it
// (preview, the public round body).
type adminRoundDTO struct {
	ID             string `json:"id"`
	SchoolCode     string `json:"schoolCode"`
	EnterYear      int    `json:"enterYear"`
	RecruitPartSeq int    `json:"recruitPartSeq"`
	roundValuesDTO
	UpdatedAt          time.Time               `json:"updatedAt"`
	EffectiveDocuments []roundDocDTO           `json:"effectiveDocuments"`
	EffectiveConsents  []public.ConsentItemDTO `json:"effectiveConsents"`
	Majors             []majorDTO              `json:"majors"`
	Survey             []public.QuestionDTO    `json:"survey"`
	InfoItems          []applicant.InfoItemDTO `json:"infoItems"`
	Preview            public.RoundDTO         `json:"preview"`
}

func (h *roundHandlers) get(c *echo.Context) error {
	k, err := edge.ParseRoundID(c.Param("roundId"))
	if err != nil {
		return err
	}
	return h.show(c, k, http.StatusOK)
}

func (h *roundHandlers) toDTO(c *echo.Context, v round.View) (adminRoundDTO, error) {
	k := v.Settings.Key()
	d := adminRoundDTO{ID: edge.RoundID(k), roundValuesDTO: toRoundValuesDTO(v.Settings.Values()),
		SchoolCode: k.SchoolCode, EnterYear: k.EnterYear, RecruitPartSeq: k.RecruitPartSeq, UpdatedAt: v.Settings.UpdatedAt(),
		EffectiveDocuments: edge.MapList(v.EffectiveDocuments, toRoundDocDTO), EffectiveConsents: edge.MapList(v.EffectiveConsents, public.ToConsentItemDTO),
		Majors: edge.MapList(v.Majors, toMajorDTO), Survey: public.QuestionDTOs(v.Round.Survey), InfoItems: []applicant.InfoItemDTO{}}
	for _, it := range v.Round.InfoSettings(0) {
		d.InfoItems = append(d.InfoItems, applicant.InfoItemDTO{ItemCode: it.ItemCode, Display: it.Display, Required: it.Required})
	}
	rv, err := h.form.Round(c.Request().Context(), k)
	if err != nil {
		return d, err
	}
	d.Preview = public.RoundBody(rv, true)
	if d.Windows == nil {
		d.Windows = []roundWindowDTO{}
	}
	return d, nil
}

func (h *roundHandlers) show(c *echo.Context, k application.RoundKey, status int) error {
	v, err := h.svc.Get(c.Request().Context(), edge.Principal(c), k)
	if err != nil {
		return err
	}
	return h.answer(c, v, status)
}

// answer writes a round as its page shows it.
func (h *roundHandlers) answer(c *echo.Context, v round.View, status int) error {
	d, err := h.toDTO(c, v)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(status, d)
}

func (h *roundHandlers) create(c *echo.Context) error {
	var in roundRequest
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	k := application.RoundKey{SchoolCode: in.SchoolCode, EnterYear: in.EnterYear, RecruitPartSeq: in.RecruitPartSeq}
	v, err := h.svc.Create(c.Request().Context(), edge.Principal(c), k, in.values())
	if err != nil {
		return err
	}
	return h.answer(c, v, http.StatusCreated)
}

func (h *roundHandlers) update(c *echo.Context) error {
	k, err := edge.ParseRoundID(c.Param("roundId"))
	if err != nil {
		return err
	}
	var in roundRequest
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	v, err := h.svc.Update(c.Request().Context(), edge.Principal(c), k, in.values())
	if err != nil {
		return err
	}
	return h.answer(c, v, http.StatusOK)
}

// roundRequest is a round as the round form sends it (create and edit;
// an edit takes the round from the path and ignores the key sent).
type roundRequest struct {
	SchoolCode     string `json:"schoolCode"`
	EnterYear      int    `json:"enterYear"`
	RecruitPartSeq int    `json:"recruitPartSeq"`
	roundValuesDTO
}

// roundValuesDTO is what staff set on a round, named as the round form
// (apps/admin/src/rounds) sends and reads it and as the audit log and the
// field errors name it.
type roundValuesDTO struct {
	KorName       string                     `json:"korName"`
	EngName       string                     `json:"engName"`
	RemkKor       string                     `json:"detailRemkKor"`
	RemkEng       string                     `json:"detailRemkEng"`
	FeeKrw        int64                      `json:"feeKrw"` // won
	FeeUsd        int64                      `json:"feeUsd"` // cents
	PayTypes      []string                   `json:"payTypes"`
	PayChannels   map[string]edge.ChannelDTO `json:"payChannels"`
	LettersAsked  int                        `json:"lettersAsked"`
	ApplIDRule    string                     `json:"applIdRule"`
	SlipNoticeKor string                     `json:"slipNoticeKor"`
	SlipNoticeEng string                     `json:"slipNoticeEng"`
	Windows       []roundWindowDTO           `json:"windows"`
	Parts         []roundPartDTO             `json:"parts"`
	Documents     []roundDocDTO              `json:"documents"`
	Consents      []public.ConsentItemDTO    `json:"consents"`
	// Steps is the round's own step list; null: the school's applies.
	Steps []string `json:"steps"`
	// CompetitionHidden keeps the round off the public competition page.
	CompetitionHidden bool `json:"competitionHidden"`
}

type roundWindowDTO struct {
	Type     string `json:"type"`
	StartDay string `json:"startDay"`
	EndDay   string `json:"endDay"`
}

type roundPartDTO struct {
	ApplPartNo          int64  `json:"applPartNo"` // 0 for a new one
	MajorCode           string `json:"majorCode"`
	IsMaster            bool   `json:"isMaster"`
	RemkKor             string `json:"detailRemkKor"`
	RemkEng             string `json:"detailRemkEng"`
	AddCertificateCount int    `json:"addCertificateCount"`
	Quota               int    `json:"quota"` // how many it admits; 0: not announced
}

type roundDocDTO struct {
	ItemCode   string   `json:"itemCode"`
	GrpCode    string   `json:"grpCode"`
	GrpKorName string   `json:"grpKorName"`
	GrpEngName string   `json:"grpEngName"`
	KorName    string   `json:"korName"`
	EngName    string   `json:"engName"`
	Required   bool     `json:"required"`
	Extensions []string `json:"extensions"`
	MaxSize    int64    `json:"maxSize"` // bytes; 0: the default
	Seq        int      `json:"seq"`
}

// majorDTO keeps the names the admin app reads (Code, KorName, EngName,
// VideoEssay: the API answered the core type as it was).
type majorDTO struct {
	Code       string `json:"Code"`
	KorName    string `json:"KorName"`
	EngName    string `json:"EngName"`
	VideoEssay bool   `json:"VideoEssay"`
}

func toRoundWindowDTO(w round.Window) roundWindowDTO {
	return roundWindowDTO{Type: string(w.Kind), StartDay: w.StartDay, EndDay: w.EndDay}
}

func toRoundPartDTO(p round.Part) roundPartDTO {
	return roundPartDTO{ApplPartNo: p.ApplPartNo, MajorCode: p.MajorCode, IsMaster: p.IsMaster, RemkKor: p.RemkKor, RemkEng: p.RemkEng,
		AddCertificateCount: p.AddCertificateCount, Quota: p.Quota}
}

func toRoundDocDTO(d round.DocItem) roundDocDTO {
	return roundDocDTO{ItemCode: d.ItemCode, GrpCode: d.GrpCode, GrpKorName: d.GrpKorName, GrpEngName: d.GrpEngName, KorName: d.KorName,
		EngName: d.EngName, Required: d.Required, Extensions: d.Extensions, MaxSize: d.MaxSize, Seq: d.Seq}
}

func toMajorDTO(m round.Major) majorDTO {
	return majorDTO{Code: m.Code, KorName: m.KorName, EngName: m.EngName, VideoEssay: m.VideoEssay}
}

func toRoundValuesDTO(v round.Values) roundValuesDTO {
	d := roundValuesDTO{KorName: v.KorName, EngName: v.EngName, RemkKor: v.RemkKor, RemkEng: v.RemkEng, FeeKrw: v.FeeKrw, FeeUsd: v.FeeUsd,
		PayTypes: edge.MapList(v.PayTypes, func(t payment.PayType) string { return string(t) }), LettersAsked: v.LettersAsked,
		ApplIDRule: v.ApplIDRule, SlipNoticeKor: v.SlipNoticeKor, SlipNoticeEng: v.SlipNoticeEng, Windows: edge.MapList(v.Windows, toRoundWindowDTO),
		Parts: edge.MapList(v.Parts, toRoundPartDTO), Documents: edge.MapList(v.Documents, toRoundDocDTO), Consents: edge.MapList(v.Consents, public.ToConsentItemDTO),
		Steps: edge.MapList(v.Steps, func(s application.Status) string { return string(s) }), CompetitionHidden: v.CompetitionHidden}
	if v.PayChannels != nil {
		d.PayChannels = map[string]edge.ChannelDTO{}
		for t, ch := range v.PayChannels {
			d.PayChannels[string(t)] = edge.ChannelDTO{StoreID: ch.StoreID, ChannelKey: ch.ChannelKey}
		}
	}
	return d
}

// values reads the form's values.
func (d roundValuesDTO) values() round.Values {
	v := round.Values{
		Texts: round.Texts{KorName: d.KorName, EngName: d.EngName, RemkKor: d.RemkKor, RemkEng: d.RemkEng,
			SlipNoticeKor: d.SlipNoticeKor, SlipNoticeEng: d.SlipNoticeEng},
		Fees: round.Fees{FeeKrw: d.FeeKrw, FeeUsd: d.FeeUsd,
			PayTypes: edge.MapList(d.PayTypes, func(t string) payment.PayType { return payment.PayType(t) })},
		LettersAsked: d.LettersAsked, ApplIDRule: d.ApplIDRule,
		Windows: edge.MapList(d.Windows, func(w roundWindowDTO) round.Window {
			return round.Window{Kind: window.Kind(w.Type), StartDay: w.StartDay, EndDay: w.EndDay}
		}),
		Parts: edge.MapList(d.Parts, func(p roundPartDTO) round.Part {
			return round.Part{ApplPartNo: p.ApplPartNo, MajorCode: p.MajorCode, IsMaster: p.IsMaster, RemkKor: p.RemkKor, RemkEng: p.RemkEng,
				AddCertificateCount: p.AddCertificateCount, Quota: p.Quota}
		}),
		Documents: edge.MapList(d.Documents, func(x roundDocDTO) round.DocItem {
			return round.DocItem{ItemCode: x.ItemCode, GrpCode: x.GrpCode, GrpKorName: x.GrpKorName, GrpEngName: x.GrpEngName,
				KorName: x.KorName, EngName: x.EngName, Required: x.Required, Extensions: x.Extensions, MaxSize: x.MaxSize, Seq: x.Seq}
		}),
		Consents:          edge.MapList(d.Consents, public.ConsentItemDTO.ToCore),
		Steps:             edge.MapList(d.Steps, func(s string) application.Status { return application.Status(s) }),
		CompetitionHidden: d.CompetitionHidden,
	}
	if d.PayChannels != nil {
		v.PayChannels = map[payment.PayType]payment.Channel{}
		for t, ch := range d.PayChannels {
			v.PayChannels[payment.PayType(t)] = payment.Channel{StoreID: ch.StoreID, ChannelKey: ch.ChannelKey}
		}
	}
	return v
}

type ruleRequestDTO struct {
	Rule string `json:"rule"`
}

type ruleCheckDTO struct {
	Rule     string           `json:"rule"`
	Samples  []string         `json:"samples"`
	Capacity int              `json:"capacity"`
	Real     []renumberRowDTO `json:"real"`
}

type renumberRowDTO struct {
	ApplNo      int64  `json:"applNo"`
	Current     string `json:"current"`
	New         string `json:"new"`
	Problem     string `json:"problem,omitempty"`
	CompletedAt string `json:"completedAt"`
}

func (h *roundHandlers) checkRule(c *echo.Context) error {
	k, err := edge.ParseRoundID(c.Param("roundId"))
	if err != nil {
		return err
	}
	var in ruleRequestDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	rc, err := h.svc.CheckRule(c.Request().Context(), edge.Principal(c), k, in.Rule)
	if err != nil {
		return err
	}
	loc := edge.LocaleOf(c)
	out := ruleCheckDTO{Rule: rc.Rule, Samples: rc.Samples, Capacity: rc.Capacity, Real: []renumberRowDTO{}}
	for _, r := range rc.Real {
		row := renumberRowDTO{ApplNo: r.ApplNo, Current: r.Current, New: r.New, CompletedAt: r.Complete}
		if r.Problem != "" {
			row.Problem = edge.Message(loc, r.Problem, nil)
		}
		out.Real = append(out.Real, row)
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}

func (h *roundHandlers) remake(c *echo.Context) error {
	k, err := edge.ParseRoundID(c.Param("roundId"))
	if err != nil {
		return err
	}
	var in ruleRequestDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	r, err := h.svc.RemakeApplIDs(c.Request().Context(), edge.Principal(c), k, in.Rule)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]int{"count": r.Count, "changed": r.Changed})
}

type schoolRowDTO struct {
	ID      string `json:"id"`
	KorName string `json:"korName"`
	EngName string `json:"engName"`
}

// schools lists the schools the caller manages (all for a system admin).
func (h *roundHandlers) schools(c *echo.Context) error {
	p := edge.Principal(c)
	list, err := h.form.Schools(c.Request().Context())
	if err != nil {
		return err
	}
	out := []schoolRowDTO{}
	for _, s := range list {
		if permission.Can(p, permission.RecruitPartManage, s.SchoolCode) {
			out = append(out, schoolRowDTO{ID: s.SchoolCode, KorName: s.KorName, EngName: s.EngName})
		}
	}
	edge.NoStore(c)
	edge.ContentRange(c, "schools", 0, len(out), len(out))
	return c.JSON(http.StatusOK, out)
}

// schoolSettingsDTO is a school's settings as the admin's school page
// reads and sends them (slug and majors are read only).
type schoolSettingsDTO struct {
	ID                   string     `json:"id"`
	SchoolCode           string     `json:"schoolCode"`
	KorName              string     `json:"korName"`
	EngName              string     `json:"engName"`
	Slug                 string     `json:"slug"`
	Color                string     `json:"color"`
	LogoURL              string     `json:"logoUrl"`
	ContactEmail         string     `json:"contactEmail"`
	ContactPhone         string     `json:"contactPhone"`
	Steps                []string   `json:"steps"`
	RefusedNationalities []string   `json:"refusedNationalities"`
	PassportNone         string     `json:"passportNone"`
	VisaNone             string     `json:"visaNone"`
	ExtraDocuments       bool       `json:"isEtcDocumentUploadable"`
	VideoEssayMajors     []string   `json:"videoEssayMajors"`
	Majors               []majorDTO `json:"majors"`
}

func toSchoolSettingsDTO(x round.SchoolSettings) schoolSettingsDTO {
	return schoolSettingsDTO{ID: x.SchoolCode, SchoolCode: x.SchoolCode, KorName: x.KorName, EngName: x.EngName, Slug: x.Slug,
		Color: x.Color, LogoURL: x.LogoURL, ContactEmail: x.ContactEmail, ContactPhone: x.ContactPhone,
		Steps: edge.MapList(x.Steps, func(s application.Status) string { return string(s) }), RefusedNationalities: x.RefusedNationalities,
		PassportNone: x.PassportNone, VisaNone: x.VisaNone, ExtraDocuments: x.ExtraDocuments, VideoEssayMajors: x.VideoEssayMajors,
		Majors: edge.MapList(x.Majors, toMajorDTO)}
}

// settings reads a request; slug and majors are the stored ones.
func (d schoolSettingsDTO) settings() round.SchoolSettings {
	return round.SchoolSettings{SchoolCode: d.SchoolCode, KorName: d.KorName, EngName: d.EngName, Slug: d.Slug, Color: d.Color,
		LogoURL: d.LogoURL, ContactEmail: d.ContactEmail, ContactPhone: d.ContactPhone,
		Steps: edge.MapList(d.Steps, func(s string) application.Status { return application.Status(s) }), RefusedNationalities: d.RefusedNationalities,
		PassportNone: d.PassportNone, VisaNone: d.VisaNone, ExtraDocuments: d.ExtraDocuments, VideoEssayMajors: d.VideoEssayMajors}
}

func (h *roundHandlers) school(c *echo.Context) error {
	x, err := h.svc.School(c.Request().Context(), edge.Principal(c), c.Param("schoolCode"))
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toSchoolSettingsDTO(x))
}

func (h *roundHandlers) saveSchool(c *echo.Context) error {
	var in schoolSettingsDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	in.SchoolCode = c.Param("schoolCode")
	x, err := h.svc.SaveSchool(c.Request().Context(), edge.Principal(c), in.settings())
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toSchoolSettingsDTO(x))
}

type acceptedConsentDTO struct {
	public.ConsentItemDTO
	AcceptedAt string `json:"acceptedAt"`
}

// accepted answers the consent texts the applicant accepted, each in the
// version accepted (later edits by the school do not change them).
func (h *roundHandlers) accepted(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	v, err := h.form.Part(ctx, edge.Principal(c), n)
	if err != nil {
		return err
	}
	items, err := h.svc.AcceptedConsents(ctx, v.Record.Round.RoundKey, v.Consents)
	if err != nil {
		return err
	}
	out := []acceptedConsentDTO{}
	for _, it := range items {
		d := acceptedConsentDTO{ConsentItemDTO: public.ToConsentItemDTO(it)}
		for _, a := range v.Consents {
			if a.Code == it.Code {
				d.AcceptedAt = edge.TimeText(a.At)
			}
		}
		out = append(out, d)
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}
