package application_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
)

// A failing store is reported to the caller, never answered as success
// (the HTTP layer turns it into a 500 instead of a saved page).
func TestStoreFailuresSurface(t *testing.T) {
	t.Parallel()
	type op func(ctx context.Context, s *application.Service, n int64) error
	get := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.Get(ctx, kim, n)
		return err
	}
	list := func(ctx context.Context, s *application.Service, _ int64) error {
		_, err := s.List(ctx, kim)
		return err
	}
	staffGet := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.Get(ctx, sys, n)
		return err
	}
	cancel := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.Cancel(ctx, kim, n)
		return err
	}
	info := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.Info(ctx, kim, n)
		return err
	}
	saveInfo := func(ctx context.Context, s *application.Service, n int64) error {
		a := korean()
		a.ResidentNoLast = "2******"
		a.FamilyList = []form.FamilyMember{{Relation: "00001", Name: "이"}}
		_, _, err := s.SaveInfo(ctx, kim, n, a)
		return err
	}
	acad := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.Academic(ctx, kim, n)
		return err
	}
	saveAcad := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.SaveAcademic(ctx, kim, n, []form.AcademicRecord{validAcad()})
		return err
	}
	langs := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.Languages(ctx, kim, n)
		return err
	}
	careers := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.Careers(ctx, kim, n)
		return err
	}
	addInfo := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.AdditionalInfo(ctx, kim, n)
		return err
	}
	survey := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.Survey(ctx, kim, n)
		return err
	}
	putDraft := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.PutDraft(ctx, kim, n, "BASIS_SAVE", []byte(`{}`))
		return err
	}
	getDraft := func(ctx context.Context, s *application.Service, n int64) error {
		_, _, err := s.GetDraft(ctx, kim, n, "BASIS_SAVE")
		return err
	}
	delDraft := func(ctx context.Context, s *application.Service, n int64) error {
		return s.DeleteDraft(ctx, kim, n, "BASIS_SAVE")
	}
	create := func(ctx context.Context, s *application.Service, _ int64) error {
		_, _, err := s.SavePart(ctx, lee, partReq("IS01"))
		return err
	}
	change := func(ctx context.Context, s *application.Service, n int64) error {
		req := partReq("MA01")
		req.ApplNo = n
		req.Survey = &application.SurveyData{}
		_, _, err := s.SavePart(ctx, kim, req)
		return err
	}
	part := func(ctx context.Context, s *application.Service, n int64) error {
		_, err := s.Part(ctx, kim, n)
		return err
	}
	ref := func(call func(ctx context.Context, s *application.Service) error) op {
		return func(ctx context.Context, s *application.Service, _ int64) error { return call(ctx, s) }
	}
	cases := []struct {
		method string
		from   application.Status
		do     op
	}{
		{"Get", application.BasisSave, get},
		{"Round", application.BasisSave, get},
		{"Part", application.BasisSave, get},
		{"ListByUser", application.BasisSave, list},
		{"Round", application.BasisSave, list},
		{"Part", application.BasisSave, list},
		{"Record", application.BasisSave, staffGet},
		{"Round", application.BasisSave, cancel},
		{"InTx", application.BasisSave, cancel},
		{"Lock", application.BasisSave, cancel},
		{"SetState", application.BasisSave, cancel},
		{"Info", application.BasisSave, info},
		{"Draft", application.BasisSave, info},
		{"SavedAt", application.BasisSave, info},
		{"Round", application.BasisSave, info},
		{"Info", application.PartSave, saveInfo},
		{"Round", application.PartSave, saveInfo},
		{"Part", application.PartSave, saveInfo},
		{"Lookups", application.PartSave, saveInfo},
		{"SaveInfo", application.PartSave, saveInfo},
		{"MarkSaved", application.PartSave, saveInfo},
		{"DeleteDraft", application.PartSave, saveInfo},
		{"SetState", application.PartSave, saveInfo},
		{"Lock", application.PartSave, saveInfo},
		{"Academic", application.BasisSave, acad},
		{"Univ", application.BasisSave, acad},
		{"Get", application.BasisSave, acad},
		{"SaveAcademic", application.BasisSave, saveAcad},
		{"Languages", application.BasisSave, langs},
		{"Get", application.BasisSave, langs},
		{"Careers", application.BasisSave, careers},
		{"Get", application.BasisSave, careers},
		{"AddInfo", application.BasisSave, addInfo},
		{"Get", application.BasisSave, addInfo},
		{"Survey", application.BasisSave, survey},
		{"Get", application.BasisSave, survey},
		{"PutDraft", application.BasisSave, putDraft},
		{"Round", application.BasisSave, putDraft},
		{"Get", application.BasisSave, putDraft},
		{"Draft", application.BasisSave, getDraft},
		{"DeleteDraft", application.BasisSave, delDraft},
		{"Create", application.BasisSave, create},
		{"Round", application.BasisSave, create},
		{"MarkSaved", application.BasisSave, create},
		{"Lock", application.BasisSave, change},
		{"SetPart", application.BasisSave, change},
		{"SaveSurvey", application.BasisSave, change},
		{"SetState", application.BasisSave, change},
		{"Get", application.BasisSave, change},
		{"Consents", application.BasisSave, part},
		{"Survey", application.BasisSave, part},
		{"Get", application.BasisSave, part},
		{"Schools", application.BasisSave, ref(func(ctx context.Context, s *application.Service) error { _, err := s.Schools(ctx); return err })},
		{"Countries", application.BasisSave, ref(func(ctx context.Context, s *application.Service) error { _, err := s.Countries(ctx); return err })},
		{"SearchUnivs", application.BasisSave, ref(func(ctx context.Context, s *application.Service) error {
			_, err := s.SearchUnivs(ctx, "S", "", 5)
			return err
		})},
		{"CodeGroup", application.BasisSave, ref(func(ctx context.Context, s *application.Service) error {
			_, err := s.CodeGroups(ctx, application.CodeTypeSystem, "", []string{"GEND"})
			return err
		})},
		{"Rounds", application.BasisSave, ref(func(ctx context.Context, s *application.Service) error { _, err := s.Rounds(ctx, "236"); return err })},
		{"Round", application.BasisSave, ref(func(ctx context.Context, s *application.Service) error {
			_, err := s.InfoSettings(ctx, permission.Principal{}, key, 0)
			return err
		})},
		{"Email", application.BasisSave, ref(func(ctx context.Context, s *application.Service) error { _, err := s.Email(ctx, kim); return err })},
	}
	for _, c := range cases {
		ctx := context.Background()
		f := newFixture(t, fullRound())
		n := f.apply(t, c.from)
		forms := memstore.Forms{Store: f.m.Store}
		if err := errors.Join(forms.SaveInfo(ctx, n, korean()), forms.SaveAcademic(ctx, n, []form.AcademicRecord{validAcad()}),
			forms.PutDraft(ctx, n, application.BasisSave, []byte(`{}`), now)); err != nil {
			t.Fatal(err)
		}
		failOn(f.s, f.m.Store, c.method)
		before := f.m.app(n)
		if err := c.do(ctx, f.s, n); !errors.Is(err, errBoom) {
			t.Errorf("%s failing: got %v", c.method, err)
		}
		// The store rolls back a failed transaction.
		if after := f.m.app(n); after.State != before.State {
			t.Errorf("%s failing: status moved to %+v", c.method, after.State)
		}
	}
}

var errBoom = errors.New("store down")

// failOn wires s on st with every port wrapped: the store method named
// method (or "Lock", "SetState" of Update, "InTx" of a transaction)
// answers errBoom.
func failOn(s *application.Service, st *memstore.Store, method string) {
	f := failing(method)
	s.Ref = failRef{memstore.Reference{Store: st}, f}
	s.Apps = failApps{memstore.Applications{Store: st}, f}
	s.Forms = failForms{memstore.Forms{Store: st}, f}
	s.Tx = failTx{st, f}
	s.Log = failLog{memstore.AccessLog{Store: st}, f}
	s.Emails = failEmails{memstore.Emails{Store: st}, f}
}

type failing string

func (f failing) err(method string) error {
	if string(f) == method {
		return errBoom
	}
	return nil
}

type failRef struct {
	memstore.Reference
	f failing
}

func (r failRef) Schools(ctx context.Context) ([]application.School, error) {
	if err := r.f.err("Schools"); err != nil {
		return nil, err
	}
	return r.Reference.Schools(ctx)
}

func (r failRef) Countries(ctx context.Context) ([]application.Country, error) {
	if err := r.f.err("Countries"); err != nil {
		return nil, err
	}
	return r.Reference.Countries(ctx)
}

func (r failRef) SearchUnivs(ctx context.Context, q, country string, limit int) ([]application.Univ, error) {
	if err := r.f.err("SearchUnivs"); err != nil {
		return nil, err
	}
	return r.Reference.SearchUnivs(ctx, q, country, limit)
}

func (r failRef) Univ(ctx context.Context, code string) (application.Univ, bool, error) {
	if err := r.f.err("Univ"); err != nil {
		return application.Univ{}, false, err
	}
	return r.Reference.Univ(ctx, code)
}

func (r failRef) CodeGroup(ctx context.Context, sch, group string) ([]application.Code, bool, error) {
	if err := r.f.err("CodeGroup"); err != nil {
		return nil, false, err
	}
	return r.Reference.CodeGroup(ctx, sch, group)
}

func (r failRef) Rounds(ctx context.Context, sch string) ([]application.Round, error) {
	if err := r.f.err("Rounds"); err != nil {
		return nil, err
	}
	return r.Reference.Rounds(ctx, sch)
}

func (r failRef) Round(ctx context.Context, k application.RoundKey) (application.Round, error) {
	if err := r.f.err("Round"); err != nil {
		return application.Round{}, err
	}
	return r.Reference.Round(ctx, k)
}

func (r failRef) Lookups(ctx context.Context) (form.Lookups, form.CodeChecker, error) {
	if err := r.f.err("Lookups"); err != nil {
		return form.Lookups{}, nil, err
	}
	return r.Reference.Lookups(ctx)
}

type failApps struct {
	memstore.Applications
	f failing
}

func (a failApps) Create(ctx context.Context, c application.Creation) (int64, error) {
	if err := a.f.err("Create"); err != nil {
		return 0, err
	}
	return a.Applications.Create(ctx, c)
}

func (a failApps) Get(ctx context.Context, n int64) (application.Header, error) {
	if err := a.f.err("Get"); err != nil {
		return application.Header{}, err
	}
	return a.Applications.Get(ctx, n)
}

// Update fails on "InTx" and "Lock" before the rule, on "SetState" after
// a rule that changed the aggregate.
func (a failApps) Update(ctx context.Context, n int64, fn func(context.Context, *application.Application) error) error {
	if err := errors.Join(a.f.err("InTx"), a.f.err("Lock")); err != nil {
		return err
	}
	return a.Applications.Update(ctx, n, func(ctx context.Context, app *application.Application) error {
		if err := fn(ctx, app); err != nil {
			return err
		}
		if app.Changed() {
			return a.f.err("SetState")
		}
		return nil
	})
}

func (a failApps) ListByUser(ctx context.Context, user string) ([]application.Header, error) {
	if err := a.f.err("ListByUser"); err != nil {
		return nil, err
	}
	return a.Applications.ListByUser(ctx, user)
}

func (a failApps) Part(ctx context.Context, n int64) (application.Part, error) {
	if err := a.f.err("Part"); err != nil {
		return application.Part{}, err
	}
	return a.Applications.Part(ctx, n)
}

func (a failApps) SetPart(ctx context.Context, n int64, p application.Part) error {
	if err := a.f.err("SetPart"); err != nil {
		return err
	}
	return a.Applications.SetPart(ctx, n, p)
}

func (a failApps) Consents(ctx context.Context, n int64) ([]school.Acceptance, error) {
	if err := a.f.err("Consents"); err != nil {
		return nil, err
	}
	return a.Applications.Consents(ctx, n)
}

type failForms struct {
	memstore.Forms
	f failing
}

func (s failForms) Info(ctx context.Context, n int64) (form.ApplicantInfo, bool, error) {
	if err := s.f.err("Info"); err != nil {
		return form.ApplicantInfo{}, false, err
	}
	return s.Forms.Info(ctx, n)
}

func (s failForms) SaveInfo(ctx context.Context, n int64, a form.ApplicantInfo) error {
	if err := s.f.err("SaveInfo"); err != nil {
		return err
	}
	return s.Forms.SaveInfo(ctx, n, a)
}

func (s failForms) Academic(ctx context.Context, n int64) ([]form.AcademicRecord, error) {
	if err := s.f.err("Academic"); err != nil {
		return nil, err
	}
	return s.Forms.Academic(ctx, n)
}

func (s failForms) SaveAcademic(ctx context.Context, n int64, l []form.AcademicRecord) error {
	if err := s.f.err("SaveAcademic"); err != nil {
		return err
	}
	return s.Forms.SaveAcademic(ctx, n, l)
}

func (s failForms) Languages(ctx context.Context, n int64) ([]form.LanguageEntry, error) {
	if err := s.f.err("Languages"); err != nil {
		return nil, err
	}
	return s.Forms.Languages(ctx, n)
}

func (s failForms) Careers(ctx context.Context, n int64) ([]form.Career, error) {
	if err := s.f.err("Careers"); err != nil {
		return nil, err
	}
	return s.Forms.Careers(ctx, n)
}

func (s failForms) AddInfo(ctx context.Context, n int64) ([]form.Certificate, []form.Essay, error) {
	if err := s.f.err("AddInfo"); err != nil {
		return nil, nil, err
	}
	return s.Forms.AddInfo(ctx, n)
}

func (s failForms) Survey(ctx context.Context, n int64, stage string) (application.SurveyData, error) {
	if err := s.f.err("Survey"); err != nil {
		return application.SurveyData{}, err
	}
	return s.Forms.Survey(ctx, n, stage)
}

func (s failForms) SaveSurvey(ctx context.Context, n int64, stage string, d application.SurveyData) error {
	if err := s.f.err("SaveSurvey"); err != nil {
		return err
	}
	return s.Forms.SaveSurvey(ctx, n, stage, d)
}

func (s failForms) MarkSaved(ctx context.Context, n int64, st application.Status, at time.Time) error {
	if err := s.f.err("MarkSaved"); err != nil {
		return err
	}
	return s.Forms.MarkSaved(ctx, n, st, at)
}

func (s failForms) SavedAt(ctx context.Context, n int64, st application.Status) (time.Time, bool, error) {
	if err := s.f.err("SavedAt"); err != nil {
		return time.Time{}, false, err
	}
	return s.Forms.SavedAt(ctx, n, st)
}

func (s failForms) Draft(ctx context.Context, n int64, st application.Status) (application.Draft, bool, error) {
	if err := s.f.err("Draft"); err != nil {
		return application.Draft{}, false, err
	}
	return s.Forms.Draft(ctx, n, st)
}

func (s failForms) PutDraft(ctx context.Context, n int64, st application.Status, data []byte, at time.Time) error {
	if err := s.f.err("PutDraft"); err != nil {
		return err
	}
	return s.Forms.PutDraft(ctx, n, st, data, at)
}

func (s failForms) DeleteDraft(ctx context.Context, n int64, st application.Status) error {
	if err := s.f.err("DeleteDraft"); err != nil {
		return err
	}
	return s.Forms.DeleteDraft(ctx, n, st)
}

type failTx struct {
	*memstore.Store
	f failing
}

func (x failTx) InTx(ctx context.Context, fn func(context.Context) error) error {
	if err := x.f.err("InTx"); err != nil {
		return err
	}
	return x.Store.InTx(ctx, fn)
}

type failLog struct {
	memstore.AccessLog
	f failing
}

func (l failLog) Record(ctx context.Context, actor, action, target string, d map[string]any) error {
	if err := l.f.err("Record"); err != nil {
		return err
	}
	return l.AccessLog.Record(ctx, actor, action, target, d)
}

type failEmails struct {
	memstore.Emails
	f failing
}

func (e failEmails) Email(ctx context.Context, user string) (string, error) {
	if err := e.f.err("Email"); err != nil {
		return "", err
	}
	return e.Emails.Email(ctx, user)
}
