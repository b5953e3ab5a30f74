package memstore

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/school"
)

// Rounds keeps rounds and school settings as the back office sets them
// (round.Store). A round's pay types are its payment settings
// (PaySettings); its exam-number rule is the one ExamNumbers reads; the
// school's names and page are the reference schools (SetSchools).
type Rounds struct{ *Store }

var _ round.Store = Rounds{}

type roundRow struct {
	v         round.Values // pay types and channels live in the payment settings
	updatedAt time.Time
}

// schoolRow is a school's settings beside its reference row.
type schoolRow struct {
	refused            []string
	passportNone, visa string
	extraDocs          bool
}

type consentVersion struct {
	k    application.RoundKey
	item school.ConsentItem
}

type roundData struct {
	rows     map[application.RoundKey]roundRow
	majors   map[string][]round.Major
	schools  map[string]schoolRow
	steps    map[string][]application.Status // the steps a school requires
	history  []consentVersion                // retired consent versions, append only
	nextPart int64
	pay      map[application.RoundKey]payment.Settings // a school's own row has EnterYear 0
}

func (r *roundData) clone() *roundData {
	if r == nil {
		return &roundData{rows: map[application.RoundKey]roundRow{}, majors: map[string][]round.Major{}, schools: map[string]schoolRow{},
			steps: map[string][]application.Status{}, pay: map[application.RoundKey]payment.Settings{}}
	}
	c := *r
	c.rows, c.majors, c.schools, c.pay = maps.Clone(r.rows), maps.Clone(r.majors), maps.Clone(r.schools), maps.Clone(r.pay)
	c.steps = maps.Clone(r.steps)
	c.history = r.history[:len(r.history):len(r.history)] // appends copy
	return &c
}

func (d *data) round() *roundData {
	if d.rset == nil {
		d.rset = (*roundData)(nil).clone()
	}
	return d.rset
}

// SetMajors replaces a school's majors (what parts may name).
func (s *Store) SetMajors(schoolCode string, majors ...round.Major) {
	_ = s.do(context.Background(), func(d *data) error { d.round().majors[schoolCode] = slices.Clone(majors); return nil })
}

func (d *data) school(code string) (application.School, bool) {
	i := slices.IndexFunc(d.schools, func(s application.School) bool { return s.SchoolCode == code })
	if i < 0 {
		return application.School{}, false
	}
	return d.schools[i], true
}

// List answers a page of rounds of known schools and the total.
func (s Rounds) List(ctx context.Context, q round.Query) ([]round.Summary, int, error) {
	var out []round.Summary
	err := s.do(ctx, func(d *data) error {
		like := strings.ToLower(q.Search)
		for k, r := range d.round().rows {
			sc, ok := d.school(k.SchoolCode)
			if !ok || q.SchoolCode != "" && k.SchoolCode != q.SchoolCode || q.EnterYear != 0 && k.EnterYear != q.EnterYear {
				continue
			}
			if like != "" && !slices.ContainsFunc([]string{r.v.KorName, r.v.EngName, sc.KorName, sc.EngName},
				func(n string) bool { return strings.Contains(strings.ToLower(n), like) }) {
				continue
			}
			x := round.Summary{RoundKey: k, KorName: r.v.KorName, EngName: r.v.EngName, SchoolKorName: sc.KorName, SchoolEngName: sc.EngName,
				FeeKrw: r.v.FeeKrw, FeeUsd: r.v.FeeUsd, Windows: slices.Clone(r.v.Windows), UpdatedAt: r.updatedAt}
			for _, h := range d.apps {
				if h.Round == k {
					x.Applications++
				}
			}
			out = append(out, x)
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	slices.SortFunc(out, summaryOrder(q.Sort, q.Desc))
	total := len(out)
	out = out[min(max(q.Offset, 0), total):]
	if q.Limit > 0 && len(out) > q.Limit {
		out = out[:q.Limit]
	}
	return out, total, nil
}

// summaryOrder sorts as the PostgreSQL store does: "id" is school, newest
// year, sequence (Desc turns the sequence only).
func summaryOrder(sort string, desc bool) func(a, b round.Summary) int {
	dir := func(c int) int {
		if desc {
			return -c
		}
		return c
	}
	return func(a, b round.Summary) int {
		switch sort {
		case "schoolCode":
			return dir(cmp.Compare(a.SchoolCode, b.SchoolCode))
		case "enterYear":
			return dir(cmp.Compare(a.EnterYear, b.EnterYear))
		case "recruitPartSeq":
			return dir(cmp.Compare(a.RecruitPartSeq, b.RecruitPartSeq))
		case "korName":
			return dir(cmp.Compare(a.KorName, b.KorName))
		case "updatedAt":
			return dir(a.UpdatedAt.Compare(b.UpdatedAt))
		}
		return cmp.Or(cmp.Compare(a.SchoolCode, b.SchoolCode), cmp.Compare(b.EnterYear, a.EnterYear), dir(cmp.Compare(a.RecruitPartSeq, b.RecruitPartSeq)))
	}
}

// Get answers one round as stored.
func (s Rounds) Get(ctx context.Context, k application.RoundKey) (*round.Settings, error) {
	var st *round.Settings
	err := s.do(ctx, func(d *data) error {
		var err error
		st, err = d.loadRound(k)
		return err
	})
	return st, err
}

func (d *data) loadRound(k application.RoundKey) (*round.Settings, error) {
	r, ok := d.round().rows[k]
	if !ok {
		return nil, apperr.NotFound(round.CodeNotFound)
	}
	v := r.v
	set, ok := d.paySettings(k)
	if !ok {
		set = payment.DefaultSettings
	}
	v.PayTypes, v.PayChannels = slices.Clone(set.PayTypes), maps.Clone(set.Channels)
	if v.PayChannels == nil {
		v.PayChannels = map[payment.PayType]payment.Channel{}
	}
	// as PostgreSQL answers the lists: never nil, documents by number
	v.Windows, v.Parts, v.Consents = orEmpty(v.Windows), orEmpty(v.Parts), orEmpty(v.Consents)
	v.Documents = slices.SortedStableFunc(slices.Values(orEmpty(v.Documents)), func(a, b round.DocItem) int {
		return cmp.Or(cmp.Compare(a.Seq, b.Seq), cmp.Compare(a.ItemCode, b.ItemCode))
	})
	st, err := round.UnmarshalSettingsFromDatabase(k, v, r.updatedAt)
	if err != nil {
		return nil, fmt.Errorf("memstore: round %v: %w", k, err)
	}
	return st, nil
}

func orEmpty[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

// Create stores a new round.
func (s Rounds) Create(ctx context.Context, st *round.Settings) error {
	return s.do(ctx, func(d *data) error {
		if _, ok := d.round().rows[st.Key()]; ok {
			var f apperr.Fields
			f.Add("recruitPartSeq", round.CodeExists)
			return f.Err()
		}
		s.write(d, st, nil)
		return nil
	})
}

// Update locks the round (the store's one lock), calls fn with the round
// as stored and writes back what fn changed.
func (s Rounds) Update(ctx context.Context, k application.RoundKey, fn func(ctx context.Context, st *round.Settings) error) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		st, err := txData(ctx).loadRound(k)
		if err != nil {
			return err
		}
		stored := st.Parts()
		if err := fn(ctx, st); err != nil || !st.Changed() {
			return err
		}
		s.write(txData(ctx), st, stored)
		rd := txData(ctx).round()
		for _, c := range st.Retired() {
			if !slices.ContainsFunc(rd.history, func(h consentVersion) bool {
				return h.k == k && h.item.Code == c.Code && h.item.Version == c.Version
			}) {
				rd.history = append(rd.history, consentVersion{k: k, item: c})
			}
		}
		return nil
	})
}

// txData is the data of the transaction ctx carries.
func txData(ctx context.Context) *data { return ctx.Value(txKey{}).(*tx).d }

// write stores the settings: parts kept by number when stored, numbered
// when new; the pay types as the round's payment settings; the rule as
// the one exam numbers use.
func (s Rounds) write(d *data, st *round.Settings, stored []round.Part) {
	k, v := st.Key(), st.Values()
	rd := d.round()
	for i, p := range v.Parts {
		if p.ApplPartNo == 0 || !slices.ContainsFunc(stored, func(o round.Part) bool { return o.ApplPartNo == p.ApplPartNo }) {
			rd.nextPart++ // numbered apart from the parts tests give applications by hand
			v.Parts[i].ApplPartNo = 1000 + rd.nextPart
		}
	}
	rd.pay[k] = payment.Settings{PayTypes: v.PayTypes, Channels: v.PayChannels}
	d.rounds[k] = referenceRound(d, k, v, d.rounds[k])
	v.PayTypes, v.PayChannels = nil, nil
	rd.rows[k] = roundRow{v: v, updatedAt: s.now()}
	d.rules[k] = v.ApplIDRule
}

// referenceRound is what the reference store answers for a round written
// through the round store, as PostgreSQL's reference reads the same rows:
// names, fees, windows, parts with their majors' names and the step list;
// what the round store does not hold stays as it was (prev).
func referenceRound(d *data, k application.RoundKey, v round.Values, prev application.Round) application.Round {
	r := prev
	r.RoundKey, r.KorName, r.EngName, r.FeeKrw, r.FeeUsd = k, v.KorName, v.EngName, v.FeeKrw, v.FeeUsd
	r.CompetitionHidden = v.CompetitionHidden
	if sc, ok := d.school(k.SchoolCode); ok {
		r.SchoolKorName, r.SchoolEngName, r.Color = sc.KorName, sc.EngName, sc.Color
	}
	r.Windows = nil
	for _, w := range v.Windows {
		if b, err := w.Bounds(); err == nil {
			r.Windows = append(r.Windows, b)
		}
	}
	r.Parts = nil
	majors := d.round().majors[k.SchoolCode]
	for _, p := range v.Parts {
		o := application.Offer{ApplPartNo: p.ApplPartNo, MajorCode: p.MajorCode, IsMaster: p.IsMaster, RemkKor: p.RemkKor,
			RemkEng: p.RemkEng, AddCertificateCount: p.AddCertificateCount, Quota: p.Quota}
		if i := slices.IndexFunc(majors, func(m round.Major) bool { return m.Code == p.MajorCode }); i >= 0 {
			o.MajorKorName, o.MajorEngName, o.VideoEssay = majors[i].KorName, majors[i].EngName, majors[i].VideoEssay
		}
		r.Parts = append(r.Parts, o)
	}
	if v.Steps != nil {
		r.Steps = application.MustSteps(v.Steps...)
	}
	return r
}
