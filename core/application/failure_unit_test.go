package application

import (
	"context"
	"errors"
	"testing"

	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
)

// A failing store is reported to the caller, never answered as success
// (the HTTP layer turns it into a 500 instead of a saved page).
func TestStoreFailuresSurface(t *testing.T) {
	t.Parallel()
	type op func(ctx context.Context, s *Service, n int64) error
	get := func(ctx context.Context, s *Service, n int64) error { _, err := s.Get(ctx, kim, n); return err }
	list := func(ctx context.Context, s *Service, _ int64) error { _, err := s.List(ctx, kim); return err }
	staffGet := func(ctx context.Context, s *Service, n int64) error { _, err := s.Get(ctx, sys, n); return err }
	cancel := func(ctx context.Context, s *Service, n int64) error { _, err := s.Cancel(ctx, kim, n); return err }
	info := func(ctx context.Context, s *Service, n int64) error { _, err := s.Info(ctx, kim, n); return err }
	saveInfo := func(ctx context.Context, s *Service, n int64) error {
		a := korean()
		a.ResidentNoLast = "2******"
		a.FamilyList = []form.FamilyMember{{Relation: "00001", Name: "이"}}
		_, _, err := s.SaveInfo(ctx, kim, n, a)
		return err
	}
	acad := func(ctx context.Context, s *Service, n int64) error { _, err := s.Academic(ctx, kim, n); return err }
	saveAcad := func(ctx context.Context, s *Service, n int64) error {
		_, err := s.SaveAcademic(ctx, kim, n, []form.AcademicRecord{validAcad()})
		return err
	}
	langs := func(ctx context.Context, s *Service, n int64) error { _, err := s.Languages(ctx, kim, n); return err }
	careers := func(ctx context.Context, s *Service, n int64) error { _, err := s.Careers(ctx, kim, n); return err }
	addInfo := func(ctx context.Context, s *Service, n int64) error {
		_, err := s.AdditionalInfo(ctx, kim, n)
		return err
	}
	survey := func(ctx context.Context, s *Service, n int64) error { _, err := s.Survey(ctx, kim, n); return err }
	putDraft := func(ctx context.Context, s *Service, n int64) error {
		_, err := s.PutDraft(ctx, kim, n, "BASIS_SAVE", []byte(`{}`))
		return err
	}
	getDraft := func(ctx context.Context, s *Service, n int64) error {
		_, _, err := s.GetDraft(ctx, kim, n, "BASIS_SAVE")
		return err
	}
	delDraft := func(ctx context.Context, s *Service, n int64) error { return s.DeleteDraft(ctx, kim, n, "BASIS_SAVE") }
	create := func(ctx context.Context, s *Service, _ int64) error {
		_, _, err := s.SavePart(ctx, lee, partReq("IS01"))
		return err
	}
	change := func(ctx context.Context, s *Service, n int64) error {
		req := partReq("MA01")
		req.ApplNo = n
		req.Survey = &SurveyData{}
		_, _, err := s.SavePart(ctx, kim, req)
		return err
	}
	part := func(ctx context.Context, s *Service, n int64) error { _, err := s.Part(ctx, kim, n); return err }
	ref := func(call func(ctx context.Context, s *Service) error) op {
		return func(ctx context.Context, s *Service, _ int64) error { return call(ctx, s) }
	}
	cases := []struct {
		method string
		from   Status
		do     op
	}{
		{"Get", BasisSave, get},
		{"Round", BasisSave, get},
		{"Part", BasisSave, get},
		{"ListByUser", BasisSave, list},
		{"Round", BasisSave, list},
		{"Part", BasisSave, list},
		{"Record", BasisSave, staffGet},
		{"Round", BasisSave, cancel},
		{"InTx", BasisSave, cancel},
		{"Lock", BasisSave, cancel},
		{"SetState", BasisSave, cancel},
		{"Info", BasisSave, info},
		{"Draft", BasisSave, info},
		{"SavedAt", BasisSave, info},
		{"Round", BasisSave, info},
		{"Info", PartSave, saveInfo},
		{"Round", PartSave, saveInfo},
		{"Part", PartSave, saveInfo},
		{"Lookups", PartSave, saveInfo},
		{"SaveInfo", PartSave, saveInfo},
		{"MarkSaved", PartSave, saveInfo},
		{"DeleteDraft", PartSave, saveInfo},
		{"SetState", PartSave, saveInfo},
		{"Lock", PartSave, saveInfo},
		{"Academic", BasisSave, acad},
		{"Univ", BasisSave, acad},
		{"Get", BasisSave, acad},
		{"SaveAcademic", BasisSave, saveAcad},
		{"Languages", BasisSave, langs},
		{"Get", BasisSave, langs},
		{"Careers", BasisSave, careers},
		{"Get", BasisSave, careers},
		{"AddInfo", BasisSave, addInfo},
		{"Get", BasisSave, addInfo},
		{"Survey", BasisSave, survey},
		{"Get", BasisSave, survey},
		{"PutDraft", BasisSave, putDraft},
		{"Round", BasisSave, putDraft},
		{"Get", BasisSave, putDraft},
		{"Draft", BasisSave, getDraft},
		{"DeleteDraft", BasisSave, delDraft},
		{"Create", BasisSave, create},
		{"Round", BasisSave, create},
		{"MarkSaved", BasisSave, create},
		{"Lock", BasisSave, change},
		{"SetPart", BasisSave, change},
		{"SaveSurvey", BasisSave, change},
		{"SetState", BasisSave, change},
		{"Get", BasisSave, change},
		{"Consents", BasisSave, part},
		{"Survey", BasisSave, part},
		{"Get", BasisSave, part},
		{"Schools", BasisSave, ref(func(ctx context.Context, s *Service) error { _, err := s.Schools(ctx); return err })},
		{"Countries", BasisSave, ref(func(ctx context.Context, s *Service) error { _, err := s.Countries(ctx); return err })},
		{"SearchUnivs", BasisSave, ref(func(ctx context.Context, s *Service) error { _, err := s.SearchUnivs(ctx, "S", "", 5); return err })},
		{"CodeGroup", BasisSave, ref(func(ctx context.Context, s *Service) error {
			_, err := s.CodeGroups(ctx, CodeTypeSystem, "", []string{"GEND"})
			return err
		})},
		{"Rounds", BasisSave, ref(func(ctx context.Context, s *Service) error { _, err := s.Rounds(ctx, "236"); return err })},
		{"Round", BasisSave, ref(func(ctx context.Context, s *Service) error {
			_, err := s.InfoSettings(ctx, permission.Principal{}, key, 0)
			return err
		})},
		{"Email", BasisSave, ref(func(ctx context.Context, s *Service) error { _, err := s.Email(ctx, kim); return err })},
	}
	for _, c := range cases {
		ctx := context.Background()
		f := newFixture(t, fullRound())
		n := f.apply(t, c.from)
		f.u.info[n] = korean()
		f.u.acad[n] = []form.AcademicRecord{validAcad()}
		f.u.memory.PutDraft(ctx, n, BasisSave, []byte(`{}`), now)
		f.u.fail = c.method
		before := *f.u.apps[n]
		if err := c.do(ctx, f.s, n); !errors.Is(err, errBoom) {
			t.Errorf("%s failing: got %v", c.method, err)
		}
		// The fake has no rollback; SetState comes last in every transaction.
		if after := *f.u.apps[n]; after.State != before.State {
			t.Errorf("%s failing: status moved to %+v", c.method, after.State)
		}
	}
}
