package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/school"
)

// mountRounds registers the back office's round and school settings
// (issue 12, docs/api-rounds.md) on /apply/api-auth/admin, and the
// applicant's view of the consent texts they accepted.
func (s *Server) mountRounds(g Groups) {
	h := &roundHandlers{svc: s.deps.Rounds, form: s.deps.Apply}
	admin := g.Admin
	manage := require(permission.RecruitPartManage)
	admin.GET("/recruit-parts", h.list, manage)
	admin.POST("/recruit-parts", h.create, manage)
	admin.GET("/recruit-parts/:roundId", h.get, manage)
	admin.PUT("/recruit-parts/:roundId", h.update, manage)
	admin.POST("/recruit-parts/:roundId/appl-id-check", h.checkRule, manage)
	admin.POST("/recruit-parts/:roundId/remake-applid", h.remake, require(permission.Remake))
	admin.GET("/schools", h.schools, manage)
	admin.GET("/schools/:schoolCode", h.school, manage)
	admin.PUT("/schools/:schoolCode", h.saveSchool, manage)
	g.Authed.GET("/appl/consents/:applNo", h.accepted, require(permission.ApplicationOwn))
	g.Public.GET("/recruit/consents", h.consentVersions)
}

type consentVersionsDTO struct {
	Code     string               `json:"code"`
	Versions []school.ConsentItem `json:"versions"`
}

// consentVersions answers the consent items of a round with every version
// of their texts, the one in force first (public, like the round itself).
func (h *roundHandlers) consentVersions(c *echo.Context) error {
	k, err := recruitQuery(c)
	if err != nil {
		return err
	}
	list, err := h.svc.ConsentVersions(c.Request().Context(), k)
	if err != nil {
		return err
	}
	out := make([]consentVersionsDTO, len(list))
	for i, v := range list {
		out[i] = consentVersionsDTO{Code: v.Code, Versions: v.Versions}
	}
	return c.JSON(http.StatusOK, out)
}

type roundHandlers struct {
	svc  *round.Service
	form *application.Service
}

// roundID is the react-admin id of a round: school-year-seq.
func roundID(k application.RoundKey) string {
	return k.SchoolCode + "-" + strconv.Itoa(k.EnterYear) + "-" + strconv.Itoa(k.RecruitPartSeq)
}

// parseRoundID reads an id; anything malformed is a round that does not exist.
func parseRoundID(id string) (application.RoundKey, error) {
	i := strings.LastIndexByte(id, '-')
	if i <= 0 {
		return application.RoundKey{}, apperr.NotFound(round.CodeNotFound)
	}
	j := strings.LastIndexByte(id[:i], '-')
	if j <= 0 {
		return application.RoundKey{}, apperr.NotFound(round.CodeNotFound)
	}
	y, err1 := strconv.Atoi(id[j+1 : i])
	n, err2 := strconv.Atoi(id[i+1:])
	if err1 != nil || err2 != nil {
		return application.RoundKey{}, apperr.NotFound(round.CodeNotFound)
	}
	return application.RoundKey{SchoolCode: id[:j], EnterYear: y, RecruitPartSeq: n}, nil
}

type roundSummaryDTO struct {
	ID             string         `json:"id"`
	SchoolCode     string         `json:"schoolCode"`
	EnterYear      int            `json:"enterYear"`
	RecruitPartSeq int            `json:"recruitPartSeq"`
	KorName        string         `json:"korName"`
	EngName        string         `json:"engName"`
	SchoolKorName  string         `json:"schoolKorName"`
	SchoolEngName  string         `json:"schoolEngName"`
	FeeKrw         int64          `json:"feeKrw"`
	FeeUsd         int64          `json:"feeUsd"`
	Windows        []round.Window `json:"windows"`
	Applications   int            `json:"applications"`
	UpdatedAt      time.Time      `json:"updatedAt"`
}

func toRoundSummaryDTO(r round.Summary) roundSummaryDTO {
	d := roundSummaryDTO{ID: roundID(r.RoundKey), SchoolCode: r.SchoolCode, EnterYear: r.EnterYear, RecruitPartSeq: r.RecruitPartSeq,
		KorName: r.KorName, EngName: r.EngName, SchoolKorName: r.SchoolKorName, SchoolEngName: r.SchoolEngName,
		FeeKrw: r.FeeKrw, FeeUsd: r.FeeUsd, Windows: r.Windows, Applications: r.Applications, UpdatedAt: r.UpdatedAt}
	if d.Windows == nil {
		d.Windows = []round.Window{}
	}
	return d
}

// roundListQuery reads a round list's sort, range and filters (q, schoolCode, enterYear).
func roundListQuery(c *echo.Context) (round.Query, error) {
	lp, err := parseList(c, round.SortFields, []string{"q", "schoolCode", "enterYear"})
	if err != nil {
		return round.Query{}, err
	}
	q := round.Query{SchoolCode: lp.Filter["schoolCode"], Search: lp.Filter["q"], Sort: lp.Sort, Desc: lp.Desc, Offset: lp.Offset, Limit: lp.Limit}
	var f apperr.Fields
	q.EnterYear = atoiFilter(&f, "enterYear", lp.Filter["enterYear"])
	return q, f.Err()
}

func (h *roundHandlers) list(c *echo.Context) error {
	q, err := roundListQuery(c)
	if err != nil {
		return err
	}
	list, total, err := h.svc.List(c.Request().Context(), principal(c), q)
	if err != nil {
		return err
	}
	out := make([]roundSummaryDTO, len(list))
	for i, r := range list {
		out[i] = toRoundSummaryDTO(r)
	}
	noStore(c)
	contentRange(c, "recruit-parts", q.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

// adminRoundDTO is one round: the settings, what applies where the round
// has none of its own, and the round exactly as applicants get it
// (preview, the public round body).
type adminRoundDTO struct {
	ID string `json:"id"`
	round.Settings
	UpdatedAt          time.Time            `json:"updatedAt"`
	EffectiveDocuments []round.DocItem      `json:"effectiveDocuments"`
	EffectiveConsents  []school.ConsentItem `json:"effectiveConsents"`
	Majors             []round.Major        `json:"majors"`
	Survey             []questionDTO        `json:"survey"`
	InfoItems          []infoItemDTO        `json:"infoItems"`
	Preview            roundDTO             `json:"preview"`
}

func (h *roundHandlers) get(c *echo.Context) error {
	k, err := parseRoundID(c.Param("roundId"))
	if err != nil {
		return err
	}
	return h.show(c, k, http.StatusOK)
}

func (h *roundHandlers) toDTO(c *echo.Context, v round.View) (adminRoundDTO, error) {
	d := adminRoundDTO{ID: roundID(v.Key()), Settings: v.Settings, UpdatedAt: v.Settings.UpdatedAt,
		EffectiveDocuments: v.EffectiveDocuments, EffectiveConsents: v.EffectiveConsents, Majors: v.Majors,
		Survey: questionDTOs(v.Round.Survey), InfoItems: []infoItemDTO{}}
	for _, it := range v.Round.InfoSettings(0) {
		d.InfoItems = append(d.InfoItems, infoItemDTO{it.ItemCode, it.Display, it.Required})
	}
	rv, err := h.form.Round(c.Request().Context(), v.Key())
	if err != nil {
		return d, err
	}
	d.Preview = new(applyHandlers).roundBody(rv, true)
	if d.Windows == nil {
		d.Windows = []round.Window{}
	}
	return d, nil
}

func (h *roundHandlers) show(c *echo.Context, k application.RoundKey, status int) error {
	v, err := h.svc.Get(c.Request().Context(), principal(c), k)
	if err != nil {
		return err
	}
	d, err := h.toDTO(c, v)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(status, d)
}

func (h *roundHandlers) create(c *echo.Context) error {
	var in round.Settings
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := h.svc.Create(c.Request().Context(), principal(c), in); err != nil {
		return err
	}
	return h.show(c, in.Key(), http.StatusCreated)
}

func (h *roundHandlers) update(c *echo.Context) error {
	k, err := parseRoundID(c.Param("roundId"))
	if err != nil {
		return err
	}
	var in round.Settings
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := h.svc.Update(c.Request().Context(), principal(c), k, in); err != nil {
		return err
	}
	return h.show(c, k, http.StatusOK)
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
	k, err := parseRoundID(c.Param("roundId"))
	if err != nil {
		return err
	}
	var in ruleRequestDTO
	if err := bind(c, &in); err != nil {
		return err
	}
	rc, err := h.svc.CheckRule(c.Request().Context(), principal(c), k, in.Rule)
	if err != nil {
		return err
	}
	loc := localeOf(c)
	out := ruleCheckDTO{Rule: rc.Rule, Samples: rc.Samples, Capacity: rc.Capacity, Real: []renumberRowDTO{}}
	for _, r := range rc.Real {
		row := renumberRowDTO{ApplNo: r.ApplNo, Current: r.Current, New: r.New, CompletedAt: r.Complete}
		if r.Problem != "" {
			row.Problem = Message(loc, r.Problem, nil)
		}
		out.Real = append(out.Real, row)
	}
	noStore(c)
	return c.JSON(http.StatusOK, out)
}

func (h *roundHandlers) remake(c *echo.Context) error {
	k, err := parseRoundID(c.Param("roundId"))
	if err != nil {
		return err
	}
	var in ruleRequestDTO
	if err := bind(c, &in); err != nil {
		return err
	}
	r, err := h.svc.RemakeApplIDs(c.Request().Context(), principal(c), k, in.Rule)
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
	p := principal(c)
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
	noStore(c)
	contentRange(c, "schools", 0, len(out), len(out))
	return c.JSON(http.StatusOK, out)
}

type schoolSettingsDTO struct {
	ID string `json:"id"`
	round.SchoolSettings
}

func (h *roundHandlers) school(c *echo.Context) error {
	x, err := h.svc.School(c.Request().Context(), principal(c), c.Param("schoolCode"))
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, schoolSettingsDTO{ID: x.SchoolCode, SchoolSettings: x})
}

func (h *roundHandlers) saveSchool(c *echo.Context) error {
	var in round.SchoolSettings
	if err := bind(c, &in); err != nil {
		return err
	}
	in.SchoolCode = c.Param("schoolCode")
	if err := h.svc.SaveSchool(c.Request().Context(), principal(c), in); err != nil {
		return err
	}
	return h.school(c)
}

type acceptedConsentDTO struct {
	school.ConsentItem
	AcceptedAt string `json:"acceptedAt"`
}

// accepted answers the consent texts the applicant accepted, each in the
// version accepted (later edits by the school do not change them).
func (h *roundHandlers) accepted(c *echo.Context) error {
	n, err := applNo(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	v, err := h.form.Part(ctx, principal(c), n)
	if err != nil {
		return err
	}
	items, err := h.svc.AcceptedConsents(ctx, v.Record.Round.RoundKey, v.Consents)
	if err != nil {
		return err
	}
	out := []acceptedConsentDTO{}
	for _, it := range items {
		d := acceptedConsentDTO{ConsentItem: it}
		for _, a := range v.Consents {
			if a.Code == it.Code {
				d.AcceptedAt = timeText(a.At)
			}
		}
		out = append(out, d)
	}
	noStore(c)
	return c.JSON(http.StatusOK, out)
}
