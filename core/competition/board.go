package competition

import (
	"math"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/window"
)

// Line is one part of a round on the page.
type Line struct {
	ApplPartNo                 int64
	MajorCode                  string
	MajorKorName, MajorEngName string
	IsMaster                   bool
	RemkKor, RemkEng           string
	Quota                      int // 0: not announced
	Submitted, Completed       int
	// Ratio is Completed per place (two decimals); nil without a quota.
	Ratio *float64
}

// Board is one round on the page.
type Board struct {
	application.RoundKey
	KorName, EngName string
	SubmitOpen       bool
	Lines            []Line
	// Totals are the round's sums (Quota sums the announced quotas).
	Totals Line
}

// Page is a school's competition page, counted at CountedAt.
type Page struct {
	SchoolCode                   string
	SchoolKorName, SchoolEngName string
	Rounds                       []Board
	CountedAt                    time.Time
}

// shown reports whether a round belongs on the page at now: not hidden,
// its SUBMIT window opened and ended no longer than recent ago.
func shown(r application.Round, now time.Time, recent time.Duration) bool {
	if r.CompetitionHidden {
		return false
	}
	for _, w := range r.Windows {
		if w.Kind == window.Submit {
			return !now.Before(w.Start) && now.Before(w.End.Add(recent))
		}
	}
	return false
}

func ratio(completed, quota int) *float64 {
	if quota <= 0 {
		return nil
	}
	r := math.Round(float64(completed)/float64(quota)*100) / 100
	return &r
}

// board sets a round's counts against its parts, in the round's order.
func board(r application.Round, counts []Count, now time.Time) Board {
	by := make(map[int64]Count, len(counts))
	for _, c := range counts {
		by[c.ApplPartNo] = c
	}
	b := Board{RoundKey: r.RoundKey, KorName: r.KorName, EngName: r.EngName, Lines: make([]Line, 0, len(r.Parts))}
	for _, w := range r.Windows {
		if w.Kind == window.Submit {
			b.SubmitOpen = w.Contains(now)
		}
	}
	for _, p := range r.Parts {
		c := by[p.ApplPartNo]
		b.Lines = append(b.Lines, Line{ApplPartNo: p.ApplPartNo, MajorCode: p.MajorCode, MajorKorName: p.MajorKorName,
			MajorEngName: p.MajorEngName, IsMaster: p.IsMaster, RemkKor: p.RemkKor, RemkEng: p.RemkEng, Quota: p.Quota,
			Submitted: c.Submitted, Completed: c.Completed, Ratio: ratio(c.Completed, p.Quota)})
		b.Totals.Quota += p.Quota
		b.Totals.Submitted += c.Submitted
		b.Totals.Completed += c.Completed
	}
	b.Totals.Ratio = ratio(b.Totals.Completed, b.Totals.Quota)
	return b
}
