package round

import (
	"maps"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// Limits of what staff may set.
const (
	MaxFeeKrw    = 10_000_000 // won
	MaxFeeUsd    = 1_000_000  // cents (USD 10,000)
	MaxLetters   = 5
	MaxName      = 200
	MaxRemark    = 1000
	MaxNotice    = 1000
	MaxDocSize   = 100 << 20
	MaxListItems = 50
	MaxQuota     = 9999
)

// Values is what staff set on one round, as the round form sends it whole
// and as stores keep it. It is only data: a round's settings change
// through Settings, which checks them.
type Values struct {
	Texts
	Fees
	LettersAsked int
	ApplIDRule   string
	Windows      []Window
	Parts        []Part
	// Documents are the round's own items; empty means the school's (or
	// the service's) apply.
	Documents []DocItem
	// Consents are the round's own items; empty means the school's (or
	// the service defaults) apply.
	Consents []school.ConsentItem
	// Steps is the round's own step list after APPL_PART_SAVE; nil means
	// the school's list applies (application.ResolveSteps).
	Steps []application.Status
	// CompetitionHidden keeps the round off the public competition page.
	CompetitionHidden bool
}

// Texts are a round's names, the remarks shown with it and the notice
// printed on its admission slips.
type Texts struct {
	KorName, EngName             string
	RemkKor, RemkEng             string
	SlipNoticeKor, SlipNoticeEng string
}

// Fees are what a round charges and how it may be paid.
type Fees struct {
	FeeKrw   int64 // won
	FeeUsd   int64 // cents
	PayTypes []payment.PayType
	// PayChannels are the provider channel of each pay type (PortOne store
	// id and channel key); not secret.
	PayChannels map[payment.PayType]payment.Channel
}

func (f Fees) clone() Fees {
	f.PayTypes = slices.Clone(f.PayTypes)
	f.PayChannels = maps.Clone(f.PayChannels)
	return f
}

// clone is a deep copy (nil stays nil: a nil step list means the school's).
func (v Values) clone() Values {
	v.Fees = v.Fees.clone()
	v.Windows = slices.Clone(v.Windows)
	v.Parts = slices.Clone(v.Parts)
	v.Documents = cloneDocs(v.Documents)
	v.Consents = slices.Clone(v.Consents)
	v.Steps = slices.Clone(v.Steps)
	return v
}

func cloneDocs(docs []DocItem) []DocItem {
	out := slices.Clone(docs)
	for i := range out {
		out[i].Extensions = slices.Clone(out[i].Extensions)
	}
	return out
}

// Window is a time window as staff set it: two days, both inclusive.
type Window struct {
	Kind     window.Kind
	StartDay string
	EndDay   string
}

// Bounds is the stored interval of the window ([00:00 of start, 24:00 of end)).
func (w Window) Bounds() (window.Window, error) {
	return window.FromDates(w.Kind, w.StartDay, w.EndDay)
}

// WindowFromStored gives the days of a stored window.
func WindowFromStored(w window.Window) Window {
	return Window{Kind: w.Kind, StartDay: window.FormatDate(w.Start), EndDay: window.FormatDate(w.End.Add(-time.Nanosecond))}
}

// Part is an application part the round offers (a major in a course).
type Part struct {
	ApplPartNo          int64 // 0 for a new one
	MajorCode           string
	IsMaster            bool
	RemkKor             string
	RemkEng             string
	AddCertificateCount int
	// Quota is how many the part admits (0: not announced); the
	// competition page sets applicants against it.
	Quota int
}

// DocItem is a document item of the round.
type DocItem struct {
	ItemCode   string
	GrpCode    string
	GrpKorName string
	GrpEngName string
	KorName    string
	EngName    string
	Required   bool
	Extensions []string
	MaxSize    int64 // bytes; 0: 3 MB images, 30 MB others
	Seq        int
}

func sameDoc(a, b DocItem) bool {
	return a.ItemCode == b.ItemCode && a.GrpCode == b.GrpCode && a.GrpKorName == b.GrpKorName && a.GrpEngName == b.GrpEngName &&
		a.KorName == b.KorName && a.EngName == b.EngName && a.Required == b.Required && slices.Equal(a.Extensions, b.Extensions) &&
		a.MaxSize == b.MaxSize && a.Seq == b.Seq
}

// Major is a major of the school that a part may name.
type Major struct {
	Code, KorName, EngName string
	VideoEssay             bool
}
