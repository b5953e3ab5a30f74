package application

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// store extends memory (apply_test.go) with what the unit tests of every
// step need: storage of the steps memory drops, reference data, more than
// one round, and a store failure on a named method.
type store struct {
	*memory
	rounds    map[RoundKey]Round
	schools   []School
	countries []Country
	univs     map[string]Univ
	codes     map[string][]Code // school + "/" + group
	consents  map[int64][]school.Acceptance
	langs     map[int64][]form.LanguageEntry
	careers   map[int64][]form.Career
	certs     map[int64][]form.Certificate
	essays    map[int64][]form.Essay
	surveys   map[string]SurveyData // stage + "/" + applNo
	searched  []int                 // limits SearchUnivs was asked for
	roundHits int
	fail      string // the method that fails with errBoom
}

var errBoom = errors.New("store down")

func (u *store) err(method string) error {
	if u.fail == method {
		return errBoom
	}
	return nil
}

func surveyKey(stage string, n int64) string { return stage + "/" + itoa(n) }

// Reference.
func (u *store) Schools(context.Context) ([]School, error) {
	return slices.Clone(u.schools), u.err("Schools")
}
func (u *store) Countries(context.Context) ([]Country, error) { return u.countries, u.err("Countries") }
func (u *store) SearchUnivs(_ context.Context, q, country string, limit int) ([]Univ, error) {
	u.searched = append(u.searched, limit)
	var out []Univ
	for _, x := range u.univs {
		if strings.Contains(x.EngName, q) && (country == "" || x.CountryCode == country) {
			out = append(out, x)
		}
	}
	return out, u.err("SearchUnivs")
}
func (u *store) Univ(_ context.Context, code string) (Univ, bool, error) {
	x, ok := u.univs[code]
	return x, ok, u.err("Univ")
}
func (u *store) CodeGroup(_ context.Context, sch, group string) ([]Code, bool, error) {
	if err := u.err("CodeGroup"); err != nil {
		return nil, false, err
	}
	// Exactly what is stored for the owner: the fallback to SYSTEM is core's.
	c, ok := u.codes[sch+"/"+group]
	return c, ok, nil
}
func (u *store) Rounds(ctx context.Context, sch string) ([]Round, error) {
	var out []Round
	for k, r := range u.rounds {
		if k.SchoolCode == sch {
			out = append(out, r)
		}
	}
	return out, u.err("Rounds")
}
func (u *store) Round(ctx context.Context, k RoundKey) (Round, error) {
	u.roundHits++
	if err := u.err("Round"); err != nil {
		return Round{}, err
	}
	if r, ok := u.rounds[k]; ok {
		return r, nil
	}
	return Round{}, apperr.NotFound(CodeRoundNotFound)
}
func (u *store) Lookups(ctx context.Context) (form.Lookups, form.CodeChecker, error) {
	lk, c, _ := u.memory.Lookups(ctx)
	return lk, c, u.err("Lookups")
}

// Applications.
func (u *store) Create(ctx context.Context, a Creation) (int64, error) {
	if err := u.err("Create"); err != nil {
		return 0, err
	}
	n, err := u.memory.Create(ctx, a)
	if err == nil {
		u.consents[n] = a.Consents
		if a.Survey != nil {
			u.surveys[surveyKey(StagePart, n)] = *a.Survey
		}
	}
	return n, err
}
func (u *store) Get(ctx context.Context, n int64) (Header, error) {
	if err := u.err("Get"); err != nil {
		return Header{}, err
	}
	return u.memory.Get(ctx, n)
}
func (u *store) Update(ctx context.Context, n int64, fn func(context.Context, *Application) error) error {
	return u.InTx(ctx, func(ctx context.Context) error {
		if err := u.err("Lock"); err != nil {
			return err
		}
		return u.memory.Update(ctx, n, func(ctx context.Context, a *Application) error {
			if err := fn(ctx, a); err != nil {
				return err
			}
			if a.Changed() {
				return u.err("SetState")
			}
			return nil
		})
	})
}
func (u *store) ListByUser(ctx context.Context, user string) ([]Header, error) {
	hs, _ := u.memory.ListByUser(ctx, user)
	slices.SortFunc(hs, func(a, b Header) int { return int(b.ApplNo - a.ApplNo) })
	return hs, u.err("ListByUser")
}
func (u *store) Part(ctx context.Context, n int64) (Part, error) {
	p, _ := u.memory.Part(ctx, n)
	return p, u.err("Part")
}
func (u *store) SetPart(ctx context.Context, n int64, p Part) error {
	if err := u.err("SetPart"); err != nil {
		return err
	}
	return u.memory.SetPart(ctx, n, p)
}
func (u *store) Consents(_ context.Context, n int64) ([]school.Acceptance, error) {
	return u.consents[n], u.err("Consents")
}

// Forms.
func (u *store) Info(ctx context.Context, n int64) (form.ApplicantInfo, bool, error) {
	a, ok, _ := u.memory.Info(ctx, n)
	return a, ok, u.err("Info")
}
func (u *store) SaveInfo(ctx context.Context, n int64, a form.ApplicantInfo) error {
	if err := u.err("SaveInfo"); err != nil {
		return err
	}
	return u.memory.SaveInfo(ctx, n, a)
}
func (u *store) Academic(ctx context.Context, n int64) ([]form.AcademicRecord, error) {
	l, _ := u.memory.Academic(ctx, n)
	return l, u.err("Academic")
}
func (u *store) SaveAcademic(ctx context.Context, n int64, l []form.AcademicRecord) error {
	if err := u.err("SaveAcademic"); err != nil {
		return err
	}
	return u.memory.SaveAcademic(ctx, n, l)
}
func (u *store) Languages(_ context.Context, n int64) ([]form.LanguageEntry, error) {
	return u.langs[n], u.err("Languages")
}
func (u *store) SaveLanguages(_ context.Context, n int64, l []form.LanguageEntry) error {
	if err := u.err("SaveLanguages"); err != nil {
		return err
	}
	u.langs[n] = slices.Clone(l)
	return nil
}
func (u *store) Careers(_ context.Context, n int64) ([]form.Career, error) {
	return u.careers[n], u.err("Careers")
}
func (u *store) SaveCareers(_ context.Context, n int64, l []form.Career) error {
	if err := u.err("SaveCareers"); err != nil {
		return err
	}
	u.careers[n] = l
	return nil
}
func (u *store) AddInfo(_ context.Context, n int64) ([]form.Certificate, []form.Essay, error) {
	return u.certs[n], u.essays[n], u.err("AddInfo")
}
func (u *store) SaveAddInfo(_ context.Context, n int64, c []form.Certificate, e []form.Essay) error {
	if err := u.err("SaveAddInfo"); err != nil {
		return err
	}
	u.certs[n], u.essays[n] = c, e
	return nil
}
func (u *store) Survey(_ context.Context, n int64, stage string) (SurveyData, error) {
	return u.surveys[surveyKey(stage, n)], u.err("Survey")
}
func (u *store) SaveSurvey(_ context.Context, n int64, stage string, d SurveyData) error {
	if err := u.err("SaveSurvey"); err != nil {
		return err
	}
	u.surveys[surveyKey(stage, n)] = d
	return nil
}
func (u *store) MarkSaved(ctx context.Context, n int64, st Status, at time.Time) error {
	if err := u.err("MarkSaved"); err != nil {
		return err
	}
	return u.memory.MarkSaved(ctx, n, st, at)
}
func (u *store) SavedAt(ctx context.Context, n int64, st Status) (time.Time, bool, error) {
	t, ok, _ := u.memory.SavedAt(ctx, n, st)
	return t, ok, u.err("SavedAt")
}
func (u *store) Draft(ctx context.Context, n int64, st Status) (Draft, bool, error) {
	d, ok, _ := u.memory.Draft(ctx, n, st)
	return d, ok, u.err("Draft")
}
func (u *store) PutDraft(ctx context.Context, n int64, st Status, data []byte, at time.Time) error {
	if err := u.err("PutDraft"); err != nil {
		return err
	}
	return u.memory.PutDraft(ctx, n, st, data, at)
}
func (u *store) DeleteDraft(ctx context.Context, n int64, st Status) error {
	if err := u.err("DeleteDraft"); err != nil {
		return err
	}
	return u.memory.DeleteDraft(ctx, n, st)
}

// Tx, AccessLog, Emails.
func (u *store) InTx(ctx context.Context, fn func(context.Context) error) error {
	if err := u.err("InTx"); err != nil {
		return err
	}
	return fn(ctx)
}
func (u *store) Record(ctx context.Context, actor, action, target string, d map[string]any) error {
	if err := u.err("Record"); err != nil {
		return err
	}
	return u.memory.Record(ctx, actor, action, target, d)
}
func (u *store) Email(ctx context.Context, user string) (string, error) {
	if err := u.err("Email"); err != nil {
		return "", err
	}
	return user + "@example.com", nil
}

// fullRound is a round that asks for every step, with language exams, a
// survey, a part survey and stay types.
func fullRound() Round {
	r := testRound(true)
	r.Steps = MustSteps(BasisSave, AcadSave, LangSave,
		CareerSave, AddInfoSave, FileSave, Survey)
	r.LanguageExams = []Exam{{LanguageExam: form.LanguageExam{Code: "TOEFL", InputType: form.InputScore, MaxScore: 120}}}
	r.Survey = []Question{
		{Code: "q1", Required: true, Items: []Item{{Code: Code{Code: "01"}}, {Code: Code{Code: "02"}}}},
		{Code: "q2"},
	}
	return r
}

// fixture is a service over a store holding one round, on a clock that
// tests may move.
type fixture struct {
	s     *Service
	u     *store
	clock *window.FixedClock
}

func newFixture(t *testing.T, r Round) fixture {
	t.Helper()
	s, m := newService(r)
	u := &store{memory: m, rounds: map[RoundKey]Round{r.RoundKey: r}, univs: map[string]Univ{}, codes: map[string][]Code{},
		consents: map[int64][]school.Acceptance{}, langs: map[int64][]form.LanguageEntry{},
		careers: map[int64][]form.Career{}, certs: map[int64][]form.Certificate{},
		essays: map[int64][]form.Essay{}, surveys: map[string]SurveyData{}}
	clock := window.NewFixedClock(now)
	s.Ref, s.Apps, s.Forms, s.Emails, s.Log, s.Tx, s.Clock = u, u, u, u, u, u, clock
	return fixture{s: s, u: u, clock: clock}
}

// apply creates kim's application in part IS01 and sets its state.
func (f fixture) apply(t *testing.T, st Status) int64 {
	t.Helper()
	v, _, err := f.s.SavePart(context.Background(), kim, partReq("IS01"))
	if err != nil {
		t.Fatalf("creating an application: %v", err)
	}
	n := v.Record.ApplNo
	f.u.apps[n].State = State{Status: st}
	return n
}

// closeWindow ends the round's SUBMIT window yesterday.
func (f fixture) closeWindow() {
	for k, r := range f.u.rounds {
		r.Windows = []window.Window{{Kind: window.Submit, Start: now.AddDate(0, -1, 0), End: now.AddDate(0, 0, -1)}}
		f.u.rounds[k] = r
	}
}

// fieldCodes lists "field:code" of a validation error.
func fieldCodes(err error) []string {
	e, ok := apperr.As(err)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(e.Fields))
	for _, f := range e.Fields {
		out = append(out, f.Field+":"+f.Code)
	}
	return out
}

// hasField reports whether err names field with code.
func hasField(err error, field, code string) bool {
	return slices.Contains(fieldCodes(err), field+":"+code)
}
