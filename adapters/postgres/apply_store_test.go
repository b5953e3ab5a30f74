package postgres_test

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/fieldcrypt"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
)

// applyDB is a database with one school, one round with two parts, and two
// applicants.
func applyDB(t *testing.T) (*postgres.DB, application.RoundKey) {
	t.Helper()
	db, _ := pgtest.New(t)
	ctx := context.Background()
	now := time.Now()
	k := application.RoundKey{SchoolCode: "T01", EnterYear: 2027, RecruitPartSeq: 1}
	err := db.InTx(ctx, func(ctx context.Context) error {
		if err := postgres.InsertDemoSchool(ctx, db, postgres.DemoSchool{SchoolCode: k.SchoolCode, KorName: "시험대학원", EngName: "Test School",
			Slug: "test", Color: "", EnterYear: k.EnterYear, RoundKor: "1차", RoundEng: "Round 1", Opens: now.AddDate(0, -1, 0), Closes: now.AddDate(0, 1, 0)}); err != nil {
			return err
		}
		var d postgres.DemoApply
		d.Setting.PassportNone, d.Setting.VisaNone, d.Setting.LanguageRequired = "0000", "00999", true
		d.Setting.RefusedNationalities = []string{"410"}
		d.Steps = []string{"SURVEY", "BASIS_SAVE", "ACAD_SAVE"} // stored as a set, read in canonical order
		d.Majors = append(d.Majors, postgres.DemoMajor{MajorCode: "M1", KorName: "전공", EngName: "Major", VideoEssay: true,
			Courses: []postgres.DemoCourse{{IsMaster: true, RemkKor: "석사", RemkEng: "Master", AddCertificateCount: 2, Quota: 12}}})
		if err := postgres.InsertDemoApply(ctx, db, k.SchoolCode, d); err != nil {
			return err
		}
		users := postgres.Users{DB: db}
		for _, id := range []string{"kim", "lee"} {
			m, err := account.NewMember(account.NewUser{UserID: id, Email: id + "@example.com", PasswordHash: "x",
				Roles: []permission.Role{permission.RoleUser}, Locale: "ko", AgreedAt: now})
			if err == nil {
				_, err = users.Create(ctx, m)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return db, k
}

func TestReferenceRound(t *testing.T) {
	t.Parallel()
	db, k := applyDB(t)
	ctx := context.Background()
	ref := &postgres.Reference{DB: db, TTL: time.Minute}
	r, err := ref.Round(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Steps.List(); len(got) != 4 || got[1] != application.BasisSave || got[3] != application.Survey {
		t.Fatalf("steps: %v", got)
	}
	// The store answers the rows as stored (no colour, no school
	// categories: the SYSTEM ones beside them); core resolves them.
	if r.Color != "" || len(r.Categories) != 0 || len(r.SystemCategories) != 3 || len(r.RoundConsents)+len(r.SchoolConsents) != 0 {
		t.Fatalf("raw round: %+v", r)
	}
	r = r.Resolve()
	if r.Color != "orange" || r.Rules.PassportNone != "0000" || r.Rules.NationalityAllowed("410") || len(r.Rules.Consents) != 6 {
		t.Fatalf("rules: %+v", r.Rules)
	}
	if len(r.Parts) != 1 || !r.Parts[0].VideoEssay || r.Parts[0].AddCertificateCount != 2 || r.Parts[0].Quota != 12 || len(r.Categories) != 3 || len(r.Windows) != 4 {
		t.Fatalf("round: %+v", r)
	}
	if _, err := ref.Round(ctx, application.RoundKey{SchoolCode: "T01", EnterYear: 1999, RecruitPartSeq: 1}); apperr.CodeOf(err) != application.CodeRoundNotFound {
		t.Fatalf("unknown round: %v", err)
	}
	// Windows are read fresh while the rest is cached.
	if _, err := db.Pool.Exec(ctx, "UPDATE recruit_window SET ends_at = starts_at + interval '1 second' WHERE window_type = 'SUBMIT'"); err != nil {
		t.Fatal(err)
	}
	r2, _ := ref.Round(ctx, k)
	for _, w := range r2.Windows {
		if w.Kind == "SUBMIT" && w.End.Sub(w.Start) != time.Second {
			t.Fatalf("window not fresh: %+v", w)
		}
	}
	lk, codes, err := ref.Lookups(ctx)
	if err != nil || !lk.Countries.Has("410") || !lk.Schools.Has("236") || !lk.CompanyTypes.Has("00001") || !codes.Has("VISA_TYPE", "00999") {
		t.Fatalf("lookups: %v", err)
	}
	// The store answers exactly the owner's codes; the fallback is core's.
	own, ok, err := ref.CodeGroup(ctx, "T01", "CATEGORY")
	if err != nil || ok || len(own) != 0 {
		t.Fatalf("school codes: %v %v", own, err)
	}
	sys, ok, err := ref.CodeGroup(ctx, "", "CATEGORY")
	if err != nil || !ok || len(sys) != 3 {
		t.Fatalf("SYSTEM codes: %v %v", sys, err)
	}
}

func TestApplicationsAndForms(t *testing.T) {
	t.Parallel()
	db, k := applyDB(t)
	ctx := context.Background()
	key := bytes.Repeat([]byte{7}, 32)
	sealer, _ := fieldcrypt.New(key)
	apps := postgres.Applications{DB: db}
	forms := postgres.Forms{DB: db, Sealer: sealer}
	ref := &postgres.Reference{DB: db}
	r, _ := ref.Round(ctx, k)
	part := application.Part{ApplPartNo: r.Parts[0].ApplPartNo, MajorCode: "M1", IsMaster: true, IsGeneralType: true, CategoryCode: "00001"}

	// Concurrent creations for one applicant and round: exactly one wins.
	var wg sync.WaitGroup
	var mu sync.Mutex
	var ok, exists int
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := apps.Create(ctx, creation(t, "kim", k, part))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case apperr.CodeOf(err) == application.CodeExists:
				exists++
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ok != 1 || exists != 7 {
		t.Fatalf("created %d, refused %d", ok, exists)
	}
	list, _ := apps.ListByUser(ctx, "kim")
	n := list[0].ApplNo
	if e, _ := apperr.As(func() error {
		_, err := apps.Create(ctx, creation(t, "kim", k, part))
		return err
	}()); e == nil || e.Params["applNo"] != n {
		t.Fatalf("exists names the application: %v", e)
	}

	info := form.ApplicantInfo{BasicInfo: form.BasicInfo{Gend: "M", FirstName: "Minh", LastName: "Nguyen", Nationality: "704",
		BirthDate: "1997-07-07", PassportNo: "C1234567", PassportIssueDate: "2020-01-10", ForeignerRegistrationNo: "9707075123456",
		ResidentNoLast: "", MonthsOfStay: "14", ChildNum: "", G20Answers: []string{"a"}},
		Spouse:         form.Spouse{Name: "Lan", BirthDate: "1998-01-01"},
		FamilyList:     []form.FamilyMember{{Relation: "00001", Name: "Ba"}, {Relation: "00002", Name: "Mai", BirthDate: "1970-01-01"}},
		OverseasAgency: form.StudyAgency{Name: "A", WechatID: "w"}, ResidencyTypeCode: "00002"}
	if err := forms.SaveInfo(ctx, n, info); err != nil {
		t.Fatal(err)
	}
	got, found, err := forms.Info(ctx, n)
	if err != nil || !found || got.PassportNo != "C1234567" || got.ForeignerRegistrationNo != "9707075123456" || got.MonthsOfStay != "14" ||
		got.ChildNum != "" || got.Spouse.BirthDate != "1998-01-01" || len(got.FamilyList) != 2 || got.FamilyList[1].BirthDate != "1970-01-01" ||
		got.OverseasAgency.WechatID != "w" || got.PassportIssueDate != "2020-01-10" || got.VisaExpiryDate != "" {
		t.Fatalf("round trip: %+v %v", got, err)
	}
	// At rest: ciphertext, bound to its row.
	var passport []byte
	if err := db.Pool.QueryRow(ctx, "SELECT passport_no_enc FROM appl_basis WHERE appl_no = $1", n).Scan(&passport); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(passport, []byte("C1234567")) {
		t.Fatal("passport number in the clear")
	}
	n2, err := apps.Create(ctx, creation(t, "lee", k, part))
	if err != nil {
		t.Fatal(err)
	}
	if err := forms.SaveInfo(ctx, n2, form.ApplicantInfo{BasicInfo: form.BasicInfo{Gend: "F", Nationality: "410", BirthDate: "1990-01-01"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, "UPDATE appl_basis SET passport_no_enc = $1 WHERE appl_no = $2", passport, n2); err != nil {
		t.Fatal(err)
	}
	if _, _, err := forms.Info(ctx, n2); err == nil {
		t.Fatal("a ciphertext copied to another application opened")
	}

	// Lists keep their order and dates; drafts are sealed.
	acad := []form.AcademicRecord{{SchoolCode: "101", CountryCode: "410", AcadFinal: true, EnterDay: "2016-03-02", GradeForm: "00001", Gpa: "3.50"},
		{SchoolCode: "999", SearchSchoolName: "X", CountryCode: "410", EnterDay: "2013-03-02", GraduateDay: "2016-02-01", GradeForm: "00003", Gpa: "A"}}
	if err := forms.SaveAcademic(ctx, n, acad); err != nil {
		t.Fatal(err)
	}
	back, _ := forms.Academic(ctx, n)
	if len(back) != 2 || back[0] != acad[0] || back[1] != acad[1] {
		t.Fatalf("acad: %+v", back)
	}
	if err := forms.PutDraft(ctx, n, application.AcadSave, []byte(`{"secret":"9707075123456"}`), time.Now()); err != nil {
		t.Fatal(err)
	}
	var sealed []byte
	_ = db.Pool.QueryRow(ctx, "SELECT data_enc FROM appl_draft WHERE appl_no = $1", n).Scan(&sealed)
	if bytes.Contains(sealed, []byte("9707075123456")) {
		t.Fatal("draft in the clear")
	}
	d, found, err := forms.Draft(ctx, n, application.AcadSave)
	if err != nil || !found || string(d.Data) != `{"secret":"9707075123456"}` {
		t.Fatalf("draft: %s %v", d.Data, err)
	}
	// Update writes back what the aggregate changed, in the same
	// transaction as the closure's other writes; a refused change and a
	// failing closure write nothing.
	steps := application.MustSteps(application.BasisSave)
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	err = apps.Update(ctx, n, func(ctx context.Context, a *application.Application) error {
		if err := a.SaveStep(steps, application.BasisSave, at); err != nil {
			return err
		}
		return a.Rename("Minh Nguyen")
	})
	st := application.State{Status: application.BasisSave}
	h, err2 := apps.Get(ctx, n)
	if err != nil || err2 != nil || h.State != st || h.UserID != "kim" || h.Round != k || h.ApplicantName != "Minh Nguyen" || !h.UpdatedAt.Equal(at) {
		t.Fatalf("header: %+v %v %v", h, err, err2)
	}
	boom := errors.New("boom")
	err = apps.Update(ctx, n, func(ctx context.Context, a *application.Application) error {
		if err := a.Cancel(steps, application.ByApplicant, at); err != nil {
			return err
		}
		if err := forms.SaveAcademic(ctx, n, nil); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("closure error: %v", err)
	}
	if h, _ := apps.Get(ctx, n); h.State != st {
		t.Fatalf("rolled back state: %+v", h.State)
	}
	if back, _ := forms.Academic(ctx, n); len(back) != 2 {
		t.Fatalf("a failing closure's other writes stayed: %+v", back)
	}
	if err := apps.Update(ctx, 999999, func(context.Context, *application.Application) error { return nil }); apperr.CodeOf(err) != application.CodeNotFound {
		t.Fatalf("update missing: %v", err)
	}
	if _, err := apps.Get(ctx, 999999); apperr.CodeOf(err) != application.CodeNotFound {
		t.Fatalf("missing: %v", err)
	}
}

func creation(t *testing.T, user string, k application.RoundKey, part application.Part) application.Creation {
	t.Helper()
	a, err := application.NewApplication(user, k, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return application.Creation{App: a, Part: part}
}
