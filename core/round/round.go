package round

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/examno"
	"github.com/gradapply/gradapply/core/form"
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
)

// Window is a time window as staff set it: two days, both inclusive.
type Window struct {
	Kind     window.Kind `json:"type"`
	StartDay string      `json:"startDay"`
	EndDay   string      `json:"endDay"`
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
	ApplPartNo          int64  `json:"applPartNo"` // 0 for a new one
	MajorCode           string `json:"majorCode"`
	IsMaster            bool   `json:"isMaster"`
	RemkKor             string `json:"detailRemkKor"`
	RemkEng             string `json:"detailRemkEng"`
	AddCertificateCount int    `json:"addCertificateCount"`
}

// DocItem is a document item of the round.
type DocItem struct {
	ItemCode   string   `json:"itemCode"`
	GrpCode    string   `json:"grpCode"`
	GrpKorName string   `json:"grpKorName"`
	GrpEngName string   `json:"grpEngName"`
	KorName    string   `json:"korName"`
	EngName    string   `json:"engName"`
	Required   bool     `json:"required"`
	Extensions []string `json:"extensions"`
	MaxSize    int64    `json:"maxSize"` // bytes; 0: 3 MB images, 30 MB others
	Seq        int      `json:"seq"`
}

// Settings is everything staff set on one round. The JSON names are the
// API's and the audit log's.
type Settings struct {
	SchoolCode     string            `json:"schoolCode"`
	EnterYear      int               `json:"enterYear"`
	RecruitPartSeq int               `json:"recruitPartSeq"`
	KorName        string            `json:"korName"`
	EngName        string            `json:"engName"`
	RemkKor        string            `json:"detailRemkKor"`
	RemkEng        string            `json:"detailRemkEng"`
	FeeKrw         int64             `json:"feeKrw"` // won
	FeeUsd         int64             `json:"feeUsd"` // cents
	PayTypes       []payment.PayType `json:"payTypes"`
	// PayChannels are the provider channel of each pay type (PortOne store
	// id and channel key); not secret.
	PayChannels   map[payment.PayType]payment.Channel `json:"payChannels"`
	LettersAsked  int                                 `json:"lettersAsked"`
	ApplIDRule    string                              `json:"applIdRule"`
	SlipNoticeKor string                              `json:"slipNoticeKor"`
	SlipNoticeEng string                              `json:"slipNoticeEng"`
	Windows       []Window                            `json:"windows"`
	Parts         []Part                              `json:"parts"`
	// Documents are the round's own items; empty means the school's (or
	// the service's) apply.
	Documents []DocItem `json:"documents"`
	// Consents are the round's own items; empty means the school's (or
	// the service defaults) apply.
	Consents []school.ConsentItem `json:"consents"`
	// Steps is the round's own step list after APPL_PART_SAVE; nil means
	// the school's list applies (application.ResolveSteps).
	Steps     []application.Status `json:"steps"`
	UpdatedAt time.Time            `json:"-"`
}

// Key names the round.
func (s Settings) Key() application.RoundKey {
	return application.RoundKey{SchoolCode: s.SchoolCode, EnterYear: s.EnterYear, RecruitPartSeq: s.RecruitPartSeq}
}

// Major is a major of the school that a part may name.
type Major struct {
	Code, KorName, EngName string
	VideoEssay             bool
}

var (
	codeRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,20}$`)
	extRE  = regexp.MustCompile(`^[a-z0-9]{1,8}$`)
	// channelRE: PortOne ids such as store-4f1c... and channel-key-9a2b...
	channelRE = regexp.MustCompile(`^[A-Za-z0-9_-]{0,200}$`)
)

func text(f *apperr.Fields, field, v string, required bool, max int) {
	switch {
	case required && strings.TrimSpace(v) == "":
		f.Add(field, form.CodeRequired)
	case utf8.RuneCountInString(v) > max:
		f.AddParam(field, form.CodeTooLong, "max", max)
	}
}

// Validate checks settings before they are stored. old is the stored round
// (nil when creating): a window whose start did not change may have
// started already. majors are the school's; inUse are the parts
// applications chose (they cannot be removed).
func Validate(s Settings, old *Settings, majors []Major, inUse map[int64]bool, now time.Time) error {
	var f apperr.Fields
	if old == nil {
		y := window.Today(now).Year()
		if s.EnterYear < y-1 || s.EnterYear > y+5 {
			f.AddParam("enterYear", CodeYear, "min", y-1)
		}
		if s.RecruitPartSeq < 1 || s.RecruitPartSeq > 99 {
			f.Add("recruitPartSeq", CodeSeq)
		}
	}
	text(&f, "korName", s.KorName, true, MaxName)
	text(&f, "engName", s.EngName, true, MaxName)
	text(&f, "detailRemkKor", s.RemkKor, false, MaxRemark)
	text(&f, "detailRemkEng", s.RemkEng, false, MaxRemark)
	text(&f, "slipNoticeKor", s.SlipNoticeKor, false, MaxNotice)
	text(&f, "slipNoticeEng", s.SlipNoticeEng, false, MaxNotice)
	checkFees(&f, s)
	if s.LettersAsked < 0 || s.LettersAsked > MaxLetters {
		f.AddParam("lettersAsked", CodeLetters, "max", MaxLetters)
	}
	if _, err := examno.Parse(s.ApplIDRule); err != nil {
		f = append(f, ruleField("applIdRule", err))
	}
	checkWindows(&f, s.Windows, old, now)
	checkParts(&f, s.Parts, old, majors, inUse)
	checkDocs(&f, s.Documents)
	checkSteps(&f, s.Steps, old, inUse)
	if len(s.Consents) > MaxListItems {
		f.AddParam("consents", form.CodeTooLong, "max", MaxListItems)
	} else if err := school.ValidateConsentItems(s.Consents); err != nil {
		e, _ := apperr.As(err)
		f = append(f, e.Fields...)
	}
	return f.Err()
}

// checkSteps: a round's own list names known steps once each and keeps the
// mandatory ones; once applications exist (they are somewhere on the list)
// the list no longer changes.
func checkSteps(f *apperr.Fields, steps []application.Status, old *Settings, inUse map[int64]bool) {
	changed := old != nil && (!slices.Equal(old.Steps, steps) || (old.Steps == nil) != (steps == nil))
	if changed && len(inUse) > 0 {
		f.Add("steps", CodeStepsInUse)
		return
	}
	if steps == nil {
		return
	}
	for _, st := range steps {
		if !slices.Contains(application.OptionalSteps, st) {
			f.AddParam("steps", CodeStepUnknown, "step", string(st))
			return
		}
	}
	if _, err := application.NewSteps(steps...); err != nil {
		f.Add("steps", CodeStepUnknown)
		return
	}
	for _, st := range application.RoundMandatorySteps {
		if !slices.Contains(steps, st) {
			f.AddParam("steps", CodeStepsMandatory, "step", string(st))
			return
		}
	}
}

func checkFees(f *apperr.Fields, s Settings) {
	if s.FeeKrw < 0 || s.FeeKrw > MaxFeeKrw {
		f.AddParam("feeKrw", CodeFee, "max", MaxFeeKrw)
	}
	if s.FeeUsd < 0 || s.FeeUsd > MaxFeeUsd {
		f.AddParam("feeUsd", CodeFee, "max", MaxFeeUsd/100)
	}
	free := s.FeeKrw == 0 && s.FeeUsd == 0
	paid := 0
	seen := map[payment.PayType]bool{}
	for _, t := range s.PayTypes {
		if _, err := payment.ParsePayType(string(t)); err != nil || seen[t] {
			f.AddParam("payTypes", CodePayTypes, "type", string(t))
			continue
		}
		seen[t] = true
		switch {
		case t == payment.Free:
			if !free {
				f.AddParam("payTypes", CodePayTypes, "type", string(t))
			}
		case t.Currency() == "KRW" && s.FeeKrw == 0, t.Currency() == "USD" && s.FeeUsd == 0:
			f.AddParam("payTypes", CodePayTypes, "type", string(t))
		default:
			paid++
		}
	}
	if !free && paid == 0 {
		f.Add("payTypes", CodePayTypesNone)
	}
	for t, ch := range s.PayChannels {
		p := "payChannels." + string(t)
		if _, err := payment.ParsePayType(string(t)); err != nil || t == payment.Free {
			f.AddParam(p, CodePayTypes, "type", string(t))
			continue
		}
		if !channelRE.MatchString(ch.StoreID) {
			f.Add(p+".storeId", CodeChannel)
		}
		if !channelRE.MatchString(ch.ChannelKey) {
			f.Add(p+".channelKey", CodeChannel)
		}
	}
}

func checkWindows(f *apperr.Fields, ws []Window, old *Settings, now time.Time) {
	seen := map[window.Kind]bool{}
	for _, w := range ws {
		p := "windows." + string(w.Kind)
		if _, err := window.ParseKind(string(w.Kind)); err != nil {
			f.Add(p, window.CodeUnknownKind)
			continue
		}
		if seen[w.Kind] {
			f.Add(p, CodeWindowDuplicate)
			continue
		}
		seen[w.Kind] = true
		var before *Window
		if old != nil {
			if i := slices.IndexFunc(old.Windows, func(o Window) bool { return o.Kind == w.Kind }); i >= 0 {
				before = &old.Windows[i]
			}
		}
		var g apperr.Fields
		s, ok1 := window.CheckDate(&g, "startDay", w.StartDay)
		e, ok2 := window.CheckDate(&g, "endDay", w.EndDay)
		if ok1 && (before == nil || before.StartDay != w.StartDay) {
			window.StartAfterToday(&g, "startDay", s, now)
		}
		if ok1 && ok2 {
			window.EndAfterStart(&g, "endDay", s, e)
		}
		f.Merge(p, g)
	}
	for _, k := range []window.Kind{window.Submit, window.Complete} {
		if !seen[k] {
			f.Add("windows."+string(k), CodeWindowMissing)
		}
	}
}

func checkParts(f *apperr.Fields, parts []Part, old *Settings, majors []Major, inUse map[int64]bool) {
	if len(parts) == 0 {
		f.Add("parts", CodePartsNone)
	}
	if len(parts) > MaxListItems {
		f.AddParam("parts", form.CodeTooLong, "max", MaxListItems)
		return
	}
	type key struct {
		major  string
		master bool
	}
	seen := map[key]bool{}
	kept := map[int64]bool{}
	for i, p := range parts {
		pre := "parts[" + strconv.Itoa(i) + "]"
		if !slices.ContainsFunc(majors, func(m Major) bool { return m.Code == p.MajorCode }) {
			f.Add(pre+".majorCode", CodeMajorUnknown)
		}
		k := key{p.MajorCode, p.IsMaster}
		if seen[k] {
			f.Add(pre+".majorCode", CodePartDuplicate)
		}
		seen[k] = true
		kept[p.ApplPartNo] = true
		text(f, pre+".detailRemkKor", p.RemkKor, false, MaxRemark)
		text(f, pre+".detailRemkEng", p.RemkEng, false, MaxRemark)
		if p.AddCertificateCount < 0 || p.AddCertificateCount > 20 {
			f.AddParam(pre+".addCertificateCount", form.CodeTooLong, "max", 20)
		}
	}
	if old == nil {
		return
	}
	for i, p := range old.Parts {
		if inUse[p.ApplPartNo] && !kept[p.ApplPartNo] {
			f.AddParam("parts", CodePartInUse, "majorCode", old.Parts[i].MajorCode)
		}
	}
}

func checkDocs(f *apperr.Fields, docs []DocItem) {
	if len(docs) > MaxListItems {
		f.AddParam("documents", form.CodeTooLong, "max", MaxListItems)
		return
	}
	seen := map[string]bool{}
	for i, d := range docs {
		p := "documents[" + strconv.Itoa(i) + "]"
		if !codeRE.MatchString(d.ItemCode) {
			f.Add(p+".itemCode", form.CodeRequired)
		} else if seen[d.ItemCode] {
			f.Add(p+".itemCode", CodeDocDuplicate)
		}
		seen[d.ItemCode] = true
		if !codeRE.MatchString(d.GrpCode) {
			f.Add(p+".grpCode", form.CodeRequired)
		}
		text(f, p+".grpKorName", d.GrpKorName, true, MaxName)
		text(f, p+".grpEngName", d.GrpEngName, true, MaxName)
		text(f, p+".korName", d.KorName, true, MaxName)
		text(f, p+".engName", d.EngName, true, MaxName)
		if len(d.Extensions) == 0 || len(d.Extensions) > 20 {
			f.Add(p+".extensions", CodeExtension)
		}
		for _, x := range d.Extensions {
			if !extRE.MatchString(x) {
				f.Add(p+".extensions", CodeExtension)
				break
			}
		}
		if d.MaxSize < 0 || d.MaxSize > MaxDocSize {
			f.AddParam(p+".maxSize", CodeMaxSize, "max", MaxDocSize)
		}
	}
}

// Normalise trims names and lower-cases extensions (jpeg is jpg, spec
// section 5), so equal settings compare equal.
func Normalise(s Settings) Settings {
	for _, p := range []*string{&s.KorName, &s.EngName, &s.RemkKor, &s.RemkEng, &s.SlipNoticeKor, &s.SlipNoticeEng, &s.ApplIDRule} {
		*p = strings.TrimSpace(*p)
	}
	s.Windows = slices.Clone(s.Windows)
	slices.SortStableFunc(s.Windows, func(a, b Window) int { return strings.Compare(string(a.Kind), string(b.Kind)) })
	if s.Steps != nil {
		// the fixed order of the steps, whatever order the form sent
		s.Steps = slices.Clone(s.Steps)
		slices.SortStableFunc(s.Steps, func(a, b application.Status) int {
			return slices.Index(application.OptionalSteps, a) - slices.Index(application.OptionalSteps, b)
		})
	}
	s.Documents = slices.Clone(s.Documents)
	for i := range s.Documents {
		d := &s.Documents[i]
		exts := make([]string, 0, len(d.Extensions))
		for _, x := range d.Extensions {
			x = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(x), "."))
			if x == "jpeg" {
				x = "jpg"
			}
			if !slices.Contains(exts, x) {
				exts = append(exts, x)
			}
		}
		d.Extensions = exts
		if d.Seq == 0 {
			d.Seq = i + 1
		}
	}
	return s
}

// ruleField is a refused exam-number rule as a field error: the examno
// message (what is wrong, with its parameters) at the field.
func ruleField(field string, err error) apperr.FieldError {
	e, ok := apperr.As(err)
	if !ok {
		return apperr.FieldError{Field: field, Code: CodeRule}
	}
	return apperr.FieldError{Field: field, Code: e.Code, Params: e.Params}
}

// KeepPartNumbers gives a part sent without its number the number of the
// stored part of the same major and course, so an edit keeps it (and the
// applications that chose it).
func KeepPartNumbers(next, old []Part) []Part {
	out := slices.Clone(next)
	for i := range out {
		if out[i].ApplPartNo != 0 {
			continue
		}
		for _, o := range old {
			if o.MajorCode == out[i].MajorCode && o.IsMaster == out[i].IsMaster {
				out[i].ApplPartNo = o.ApplPartNo
			}
		}
	}
	return out
}
