package officers

import (
	"bytes"
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/permission"
)

// mountDecisions registers deciding and releasing (staff) and the
// applicant's results and admission letter.
func (h *handlers) mountDecisions(g edge.Groups) {
	m := edge.Require(permission.DecisionManage)
	a := g.Admin
	a.GET("/eval-rounds/:roundId/decisions", h.decisions, m)
	a.POST("/eval-rounds/:roundId/decisions", h.decideMany, m)
	a.PUT("/decisions/:applNo", h.decide, m)
	a.GET("/eval-rounds/:roundId/release", h.progress, m)
	a.PUT("/eval-rounds/:roundId/release", h.setRelease, m)
	own := edge.Require(permission.ApplicationOwn)
	g.Authed.GET("/appl/results", h.myResults, own)
	g.Authed.GET("/appl/results/:applNo", h.result, own)
	g.Authed.GET("/appl/results/:applNo/letter", h.letter, own)
}

type decisionDTO struct {
	ID        int64   `json:"id"`
	ApplNo    int64   `json:"applNo"`
	RoundID   string  `json:"roundId"`
	UserID    string  `json:"userId"`
	Decision  string  `json:"decision"`
	Rank      int     `json:"rank"`
	Label     textDTO `json:"label"`
	DecidedBy string  `json:"decidedBy"`
	DecidedAt string  `json:"decidedAt"`
	MailedAt  *string `json:"mailedAt"`
}

func label(k decision.Kind, rank int) textDTO {
	return textDTO{Ko: decision.Label(k, rank, "ko"), En: decision.Label(k, rank, "en")}
}

func toDecision(d decision.Decision) decisionDTO {
	return decisionDTO{ID: d.ApplNo(), ApplNo: d.ApplNo(), RoundID: edge.RoundID(d.Round()), UserID: d.UserID(), Decision: string(d.Kind()),
		Rank: d.Rank(), Label: label(d.Kind(), d.Rank()), DecidedBy: d.DecidedBy(), DecidedAt: edge.TimeText(d.DecidedAt()),
		MailedAt: optTime(d.MailedAt())}
}

func (h *handlers) decisions(c *echo.Context) error {
	k, err := roundKey(c)
	if err != nil {
		return err
	}
	lp, err := edge.ParseList(c, []string{"id"}, nil)
	if err != nil {
		return err
	}
	list, err := h.d.Decisions.List(c.Request().Context(), edge.Principal(c), k)
	if err != nil {
		return err
	}
	return page(c, "decisions", lp, edge.MapList(list, toDecision))
}

type itemBody struct {
	ApplNo   int64  `json:"applNo"`
	Decision string `json:"decision"`
	Rank     int    `json:"rank"`
}

type bulkBody struct {
	Items []itemBody `json:"items"`
}

func (h *handlers) decide(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in itemBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	d, err := h.d.Decisions.Decide(c.Request().Context(), edge.Principal(c), decision.Item{ApplNo: n, Kind: decision.Kind(in.Decision), Rank: in.Rank})
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, toDecision(d))
}

type countDTO struct {
	Count int `json:"count"`
}

func (h *handlers) decideMany(c *echo.Context) error {
	k, err := roundKey(c)
	if err != nil {
		return err
	}
	var in bulkBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	items := make([]decision.Item, len(in.Items))
	for i, it := range in.Items {
		items[i] = decision.Item{ApplNo: it.ApplNo, Kind: decision.Kind(it.Decision), Rank: it.Rank}
	}
	n, err := h.d.Decisions.DecideMany(c.Request().Context(), edge.Principal(c), k, items)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, countDTO{Count: n})
}

type releaseDTO struct {
	ID       string             `json:"id"`
	At       string             `json:"at"`
	Messages map[string]textDTO `json:"messages"`
	SetBy    string             `json:"setBy"`
	SetAt    string             `json:"setAt"`
}

func toRelease(r decision.Release) releaseDTO {
	out := releaseDTO{ID: edge.RoundID(r.Round()), At: edge.TimeText(r.At()), Messages: map[string]textDTO{}, SetBy: r.SetBy(),
		SetAt: edge.TimeText(r.SetAt())}
	for _, k := range decision.Kinds {
		m := r.Message(k)
		out.Messages[string(k)] = textDTO{Ko: m.Ko, En: m.En}
	}
	return out
}

type progressDTO struct {
	ID       string         `json:"id"`
	Release  *releaseDTO    `json:"release"`
	Released bool           `json:"released"`
	Total    int            `json:"total"`
	Mailed   int            `json:"mailed"`
	ByKind   map[string]int `json:"byDecision"`
}

// progress is the round's release and its result mails so far.
func (h *handlers) progress(c *echo.Context) error {
	k, err := roundKey(c)
	if err != nil {
		return err
	}
	p, err := h.d.Decisions.ProgressOf(c.Request().Context(), edge.Principal(c), k)
	if err != nil {
		return err
	}
	out := progressDTO{ID: edge.RoundID(k), Released: p.Released, Total: p.Total, Mailed: p.Mailed, ByKind: map[string]int{}}
	for _, kind := range decision.Kinds {
		out.ByKind[string(kind)] = p.ByKind[kind]
	}
	if p.Release != nil {
		r := toRelease(*p.Release)
		out.Release = &r
	}
	return ok(c, http.StatusOK, out)
}

type releaseBody struct {
	At       string             `json:"at"`
	Messages map[string]textDTO `json:"messages"`
}

func (h *handlers) setRelease(c *echo.Context) error {
	k, err := roundKey(c)
	if err != nil {
		return err
	}
	var in releaseBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	var f apperr.Fields
	at := timeField(&f, "at", decision.CodeReleaseAt, in.At)
	msgs := map[decision.Kind]decision.Message{}
	for name, m := range in.Messages {
		kind, err := decision.ParseKind(name)
		if err != nil {
			f.Add("messages."+name, decision.CodeKind)
			continue
		}
		msgs[kind] = decision.Message{Ko: m.Ko, En: m.En}
	}
	if err := f.Err(); err != nil {
		return err
	}
	r, err := h.d.Decisions.SetRelease(c.Request().Context(), edge.Principal(c), k, at, msgs)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, toRelease(r))
}

type resultDTO struct {
	ApplNo         int64   `json:"applNo"`
	SchoolCode     string  `json:"schoolCode"`
	EnterYear      int     `json:"enterYear"`
	RecruitPartSeq int     `json:"recruitPartSeq"`
	Decision       string  `json:"decision"`
	Rank           int     `json:"rank"`
	Label          textDTO `json:"label"`
	Message        textDTO `json:"message"`
	ReleasedAt     string  `json:"releasedAt"`
	// Letter tells the page an admission letter can be downloaded.
	Letter bool `json:"letter"`
}

func toResult(r decision.Result) resultDTO {
	return resultDTO{ApplNo: r.ApplNo, SchoolCode: r.Round.SchoolCode, EnterYear: r.Round.EnterYear, RecruitPartSeq: r.Round.RecruitPartSeq,
		Decision: string(r.Kind), Rank: r.Rank, Label: label(r.Kind, r.Rank), Message: textDTO{Ko: r.Message.Ko, En: r.Message.En},
		ReleasedAt: edge.TimeText(r.ReleasedAt), Letter: r.Kind == decision.Admit}
}

// myResults are the applicant's published results (for /list): nothing
// before a round's release.
func (h *handlers) myResults(c *echo.Context) error {
	list, err := h.d.Decisions.MyResults(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, edge.MapList(list, toResult))
}

func (h *handlers) result(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	r, err := h.d.Decisions.Result(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, toResult(r))
}

// letter downloads the admission letter PDF in the caller's language.
func (h *handlers) letter(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	l, err := h.d.Decisions.AdmissionLetter(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	if h.d.Letters == nil {
		return errors.New("officers: no admission letter renderer")
	}
	var b bytes.Buffer
	if err := h.d.Letters.AdmissionLetter(&b, l, string(edge.LocaleOf(c))); err != nil {
		return err
	}
	name := "admission-" + l.ExamNumber + ".pdf"
	if l.ExamNumber == "" {
		name = "admission-" + strconv.FormatInt(n, 10) + ".pdf"
	}
	edge.Attachment(c, name, "application/pdf")
	c.Response().Header().Set("Last-Modified", l.ReleasedAt.UTC().Format(http.TimeFormat))
	return c.Blob(http.StatusOK, "application/pdf", b.Bytes())
}
