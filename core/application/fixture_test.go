package application_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// fullRound is a round that asks for every step, with language exams, a
// survey, a part survey and stay types.
func fullRound() application.Round {
	r := testRound(true)
	r.Steps = application.MustSteps(application.BasisSave, application.AcadSave, application.LangSave,
		application.CareerSave, application.AddInfoSave, application.FileSave, application.Survey)
	r.LanguageExams = []application.Exam{{LanguageExam: form.LanguageExam{Code: "TOEFL", InputType: form.InputScore, MaxScore: 120}}}
	r.Survey = []application.Question{
		{Code: "q1", Required: true, Items: []application.Item{{Code: application.Code{Code: "01"}}, {Code: application.Code{Code: "02"}}}},
		{Code: "q2"},
	}
	return r
}

// mem is a test's memstore with readers of what the tests check and
// writers of rows as another request would have left them.
type mem struct{ *memstore.Store }

func (m mem) app(n int64) application.Header {
	h, _ := memstore.Applications{Store: m.Store}.Get(context.Background(), n)
	return h
}

// setState writes an application's state as another request would have.
func (m mem) setState(n int64, st application.State) {
	h := m.app(n)
	h.State = st
	m.Seed(h, m.part(n))
}

func (m mem) part(n int64) application.Part {
	p, _ := memstore.Applications{Store: m.Store}.Part(context.Background(), n)
	return p
}

func (m mem) info(n int64) form.ApplicantInfo {
	a, _, _ := memstore.Forms{Store: m.Store}.Info(context.Background(), n)
	return a
}

func (m mem) savedAt(n int64, step application.Status) (time.Time, bool) {
	at, ok, _ := memstore.Forms{Store: m.Store}.SavedAt(context.Background(), n, step)
	return at, ok
}

func (m mem) draft(n int64, step application.Status) (application.Draft, bool) {
	d, ok, _ := memstore.Forms{Store: m.Store}.Draft(context.Background(), n, step)
	return d, ok
}

func (m mem) round(k application.RoundKey) application.Round {
	r, _ := memstore.Reference{Store: m.Store}.Round(context.Background(), k)
	return r
}

// logs answers the access log as "actor action target".
func (m mem) logs() []string {
	var out []string
	for _, l := range m.Logged() {
		out = append(out, l.String())
	}
	return out
}

// newService is the service over a fresh memstore holding round r, the
// countries 410 and 704, university 101 and the accounts kim, lee and
// free (address id@example.com), on a clock standing at now.
func newService(r application.Round) (*application.Service, mem) {
	st := memstore.New()
	st.SetRound(r)
	st.SetCountries(application.Country{Code: "410"}, application.Country{Code: "704"})
	st.SetUnivs(application.Univ{SchoolCode: "101"})
	for _, id := range []string{"kim", "lee", "free"} {
		m, _ := account.NewMember(account.NewUser{UserID: id, Email: id + "@example.com",
			PasswordHash: "x", Roles: []permission.Role{permission.RoleUser}, Locale: "ko"})
		_, _ = memstore.Users{Store: st}.Create(context.Background(), m)
	}
	return &application.Service{Ref: memstore.Reference{Store: st}, Apps: memstore.Applications{Store: st},
		Forms: memstore.Forms{Store: st}, Emails: memstore.Emails{Store: st}, Log: memstore.AccessLog{Store: st},
		Tx: st, Clock: window.NewFixedClock(now)}, mem{st}
}

// fixture is a service over a store holding one round, on a clock that
// tests may move.
type fixture struct {
	s     *application.Service
	m     mem
	clock *window.FixedClock
}

func newFixture(t *testing.T, r application.Round) fixture {
	t.Helper()
	s, m := newService(r)
	clock := window.NewFixedClock(now)
	s.Clock = clock
	return fixture{s: s, m: m, clock: clock}
}

// apply creates kim's application in part IS01 and sets its state.
func (f fixture) apply(t *testing.T, st application.Status) int64 {
	t.Helper()
	v, _, err := f.s.SavePart(context.Background(), kim, partReq("IS01"))
	if err != nil {
		t.Fatalf("creating an application: %v", err)
	}
	n := v.Record.ApplNo
	f.m.setState(n, application.State{Status: st})
	return n
}

// closeWindow ends the SUBMIT window of the rounds of school 236 yesterday.
func (f fixture) closeWindow() {
	rounds, _ := memstore.Reference{Store: f.m.Store}.Rounds(context.Background(), key.SchoolCode)
	for _, r := range rounds {
		r.Windows = []window.Window{{Kind: window.Submit, Start: now.AddDate(0, -1, 0), End: now.AddDate(0, 0, -1)}}
		f.m.SetRound(r)
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
