package apply

import (
	"context"
	"errors"
	"testing"

	"github.com/gradapply/gradapply/core/applicant"
	"github.com/gradapply/gradapply/core/application"
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
		a.FamilyList = []applicant.FamilyMember{{Relation: "00001", Name: "이"}}
		_, _, err := s.SaveInfo(ctx, kim, n, a)
		return err
	}
	acad := func(ctx context.Context, s *Service, n int64) error { _, err := s.Academic(ctx, kim, n); return err }
	saveAcad := func(ctx context.Context, s *Service, n int64) error {
		_, err := s.SaveAcademic(ctx, kim, n, []applicant.AcademicRecord{validAcad()})
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
		{"SetApplicantName", application.PartSave, saveInfo},
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
		{"Schools", application.BasisSave, ref(func(ctx context.Context, s *Service) error { _, err := s.Schools(ctx); return err })},
		{"Countries", application.BasisSave, ref(func(ctx context.Context, s *Service) error { _, err := s.Countries(ctx); return err })},
		{"SearchUnivs", application.BasisSave, ref(func(ctx context.Context, s *Service) error { _, err := s.SearchUnivs(ctx, "S", "", 5); return err })},
		{"CodeGroup", application.BasisSave, ref(func(ctx context.Context, s *Service) error {
			_, err := s.CodeGroups(ctx, CodeTypeSystem, "", []string{"GEND"})
			return err
		})},
		{"Rounds", application.BasisSave, ref(func(ctx context.Context, s *Service) error { _, err := s.Rounds(ctx, "236"); return err })},
		{"Round", application.BasisSave, ref(func(ctx context.Context, s *Service) error {
			_, err := s.InfoSettings(ctx, permission.Principal{}, key, 0)
			return err
		})},
		{"Email", application.BasisSave, ref(func(ctx context.Context, s *Service) error { _, err := s.Email(ctx, kim); return err })},
	}
	for _, c := range cases {
		ctx := context.Background()
		f := newFixture(t, fullRound())
		n := f.apply(t, c.from)
		f.u.info[n] = korean()
		f.u.acad[n] = []applicant.AcademicRecord{validAcad()}
		f.u.memory.PutDraft(ctx, n, application.BasisSave, []byte(`{}`), now)
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
