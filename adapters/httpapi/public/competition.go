package public

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/competition"
)

// mountCompetition registers the public 경쟁률 page's data (issue 21
// item 3): GET /apply/api/competition/{school code or slug}.
func mountCompetition(d edge.Deps, g edge.Groups) {
	if d.Competition == nil {
		return
	}
	h := competitionHandlers{svc: d.Competition}
	g.Public.GET("/competition/:school", h.page)
}

type competitionHandlers struct{ svc *competition.Service }

// competitionPageDTO is a school's competition page.
type competitionPageDTO struct {
	SchoolCode    string             `json:"schoolCode"`
	SchoolKorName string             `json:"schoolKorName"`
	SchoolEngName string             `json:"schoolEngName"`
	CountedAt     string             `json:"countedAt"` // RFC 3339, UTC
	Rounds        []competitionRound `json:"rounds"`
}

type competitionRound struct {
	EnterYear      int               `json:"enterYear"`
	RecruitPartSeq int               `json:"recruitPartSeq"`
	KorName        string            `json:"korName"`
	EngName        string            `json:"engName"`
	SubmitOpen     bool              `json:"submitOpen"`
	Parts          []competitionLine `json:"parts"`
	Totals         competitionLine   `json:"totals"`
}

// competitionLine is a part's figures (or the round's sums, without the
// part's names).
type competitionLine struct {
	ApplPartNo   int64    `json:"applPartNo,omitempty"`
	MajorCode    string   `json:"majorCode,omitempty"`
	MajorKorName string   `json:"majorKorName,omitempty"`
	MajorEngName string   `json:"majorEngName,omitempty"`
	IsMaster     bool     `json:"isMaster"`
	RemkKor      string   `json:"detailRemkKor,omitempty"`
	RemkEng      string   `json:"detailRemkEng,omitempty"`
	Quota        int      `json:"quota"` // 0: not announced
	Submitted    int      `json:"submitted"`
	Completed    int      `json:"completed"`
	Ratio        *float64 `json:"ratio"` // completed per place; null without a quota
}

func toCompetitionLine(l competition.Line) competitionLine {
	return competitionLine{ApplPartNo: l.ApplPartNo, MajorCode: l.MajorCode, MajorKorName: l.MajorKorName, MajorEngName: l.MajorEngName,
		IsMaster: l.IsMaster, RemkKor: l.RemkKor, RemkEng: l.RemkEng, Quota: l.Quota, Submitted: l.Submitted, Completed: l.Completed,
		Ratio: l.Ratio}
}

func toCompetitionRound(b competition.Board) competitionRound {
	return competitionRound{EnterYear: b.EnterYear, RecruitPartSeq: b.RecruitPartSeq, KorName: b.KorName, EngName: b.EngName,
		SubmitOpen: b.SubmitOpen, Parts: edge.MapList(b.Lines, toCompetitionLine), Totals: toCompetitionLine(b.Totals)}
}

func (h competitionHandlers) page(c *echo.Context) error {
	p, err := h.svc.School(c.Request().Context(), c.Param("school"))
	if err != nil {
		return err
	}
	// The figures change at most once a minute: browsers and proxies may keep them that long.
	c.Response().Header().Set("Cache-Control", "public, max-age=60")
	return c.JSON(http.StatusOK, competitionPageDTO{SchoolCode: p.SchoolCode, SchoolKorName: p.SchoolKorName, SchoolEngName: p.SchoolEngName,
		CountedAt: p.CountedAt.UTC().Format("2006-01-02T15:04:05Z07:00"), Rounds: edge.MapList(p.Rounds, toCompetitionRound)})
}
