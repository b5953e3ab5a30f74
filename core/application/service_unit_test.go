package application_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

func TestReferenceSchoolsCountriesEmail(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, testRound(true))
	f.m.SetSchools(application.School{SchoolCode: "236", KorName: "가", Color: "blue"}, application.School{SchoolCode: "100", KorName: "나"})
	f.m.SetCountries(application.Country{Code: "410", KorName: "대한민국", EngName: "Korea"})
	got, err := f.s.Schools(ctx)
	if err != nil || len(got) != 2 || got[0].Color != "blue" || got[1].Color != "orange" {
		t.Fatalf("schools without a color show orange: %+v %v", got, err)
	}
	cs, err := f.s.Countries(ctx)
	if err != nil || len(cs) != 1 || cs[0].Code != "410" {
		t.Fatalf("countries: %+v %v", cs, err)
	}
	mail, err := f.s.Email(ctx, kim)
	if err != nil || mail != "kim@example.com" {
		t.Fatalf("email is the caller's: %q %v", mail, err)
	}
}

func TestSearchUnivs(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, q, country string
		limit            int
		field, code      string
		wantLimit        int
		wantN            int
	}{
		{"blank query and no country", "  ", "", 10, "q", application.CodeSearchTooShort, 0, 0},
		{"query over 100 characters", strings.Repeat("대", 101), "", 10, "q", form.CodeTooLong, 0, 0},
		{"100 characters are fine", strings.Repeat("x", 100), "", 10, "", "", 10, 0},
		{"no limit gives 20", "Seoul", "", 0, "", "", 20, 1},
		{"limit capped at 50", "Seoul", "", 500, "", "", 50, 1},
		{"country alone", "", "704", 5, "", "", 5, 1},
		{"query within a country", " Seoul ", "704", 5, "", "", 5, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, testRound(true))
			f.m.SetUnivs(application.Univ{SchoolCode: "101", EngName: "Seoul Univ", CountryCode: "410"}, application.Univ{SchoolCode: "202", EngName: "Hanoi Univ", CountryCode: "704"})
			searched := &searchLimits{Reference: memstore.Reference{Store: f.m.Store}}
			f.s.Ref = searched
			got, err := f.s.SearchUnivs(context.Background(), c.q, c.country, c.limit)
			if c.field != "" {
				if !hasField(err, c.field, c.code) || len(searched.limits) != 0 {
					t.Fatalf("want %s:%s without a search, got %v (searched %v)", c.field, c.code, err, searched.limits)
				}
				return
			}
			if err != nil || len(got) != c.wantN || !slices.Equal(searched.limits, []int{c.wantLimit}) {
				t.Fatalf("got %d results, limits %v, %v", len(got), searched.limits, err)
			}
		})
	}
}

func TestCodeGroupsAndCodeOne(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, testRound(true))
	f.m.SetCodes("", "GEND", application.Code{Code: "M", EngValue: "Male", Seq: 1}, application.Code{Code: "F", EngValue: "Female", Seq: 2})
	f.m.SetCodes("", "STAY", application.Code{Code: "01", EngValue: "System stay"})
	f.m.SetCodes("236", "STAY", application.Code{Code: "01", EngValue: "Dormitory"})
	many := make([]string, 31)
	for i := range many {
		many[i] = "GEND"
	}
	cases := []struct {
		name, typ, school string
		groups            []string
		field, code       string
		want              map[string]string // group -> EngValue of its first code
	}{
		{"system codes", application.CodeTypeSystem, "236", []string{"GEND", " STAY "}, "", "", map[string]string{"GEND": "Male", "STAY": "System stay"}},
		{"school codes over system ones", application.CodeTypeSchool, "236", []string{"STAY", "GEND"}, "", "", map[string]string{"STAY": "Dormitory", "GEND": "Male"}},
		{"school type needs a school", application.CodeTypeSchool, " ", []string{"STAY"}, "schoolCode", form.CodeRequired, nil},
		{"unknown type", "OTHER", "", []string{"STAY"}, "", application.CodeCodeType, nil},
		{"no group", application.CodeTypeSystem, "", nil, "", application.CodeCodeNotFound, nil},
		{"more than 30 groups", application.CodeTypeSystem, "", many, "", application.CodeCodeNotFound, nil},
		{"unknown group", application.CodeTypeSystem, "", []string{"GEND", "NOPE"}, "", application.CodeCodeNotFound, nil},
	}
	for _, c := range cases {
		got, err := f.s.CodeGroups(ctx, c.typ, c.school, c.groups)
		switch {
		case c.field != "":
			if !hasField(err, c.field, c.code) {
				t.Errorf("%s: want %s:%s, got %v", c.name, c.field, c.code, err)
			}
		case c.code != "":
			if apperr.CodeOf(err) != c.code {
				t.Errorf("%s: want %s, got %v", c.name, c.code, err)
			}
		default:
			if err != nil || len(got) != len(c.want) {
				t.Errorf("%s: %v %v", c.name, got, err)
			}
			for g, v := range c.want {
				if len(got[g]) == 0 || got[g][0].EngValue != v {
					t.Errorf("%s: group %s = %+v, want %s", c.name, g, got[g], v)
				}
			}
		}
	}

	one, err := f.s.CodeOne(ctx, application.CodeTypeSystem, "", "GEND", "F")
	if err != nil || one.EngValue != "Female" {
		t.Fatalf("one code: %+v %v", one, err)
	}
	if _, err := f.s.CodeOne(ctx, application.CodeTypeSystem, "", "GEND", "X"); apperr.KindOf(err) != apperr.KindNotFound || apperr.CodeOf(err) != application.CodeCodeNotFound {
		t.Fatalf("unknown code in a known group: %v", err)
	}
	if _, err := f.s.CodeOne(ctx, "BAD", "", "GEND", "F"); apperr.CodeOf(err) != application.CodeCodeType {
		t.Fatalf("bad type: %v", err)
	}
}

func TestRoundsAndInfoSettings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, testRound(true))
	if _, err := f.s.Rounds(ctx, " "); !hasField(err, "schoolCode", form.CodeRequired) {
		t.Fatalf("rounds without a school: %v", err)
	}
	rs, err := f.s.Rounds(ctx, "236")
	if err != nil || len(rs) != 1 || rs[0].RoundKey != key {
		t.Fatalf("rounds: %+v %v", rs, err)
	}
	r, err := f.s.Round(ctx, key)
	if err != nil || !r.SubmitOpen {
		t.Fatalf("round open: %v", err)
	}
	if _, err := f.s.Round(ctx, application.RoundKey{SchoolCode: "236", EnterYear: 2030}); apperr.CodeOf(err) != application.CodeRoundNotFound {
		t.Fatalf("unknown round: %v", err)
	}
	f.closeWindow()
	r, _ = f.s.Round(ctx, key)
	if r.SubmitOpen {
		t.Fatal("closed window reported open")
	}

	cases := []struct {
		name     string
		k        application.RoundKey
		part     int64
		code     string
		required []string
		hidden   string
	}{
		{"round-wide", key, 0, "", nil, "spouse"},
		{"part asks for the family list", key, 7, "", []string{"familyList"}, "spouse"},
		{"another part", key, 8, "", nil, "spouse"},
		{"part the round does not offer", key, 99, application.CodeRoundNotFound, nil, ""},
		{"unknown round", application.RoundKey{SchoolCode: "x"}, 0, application.CodeRoundNotFound, nil, ""},
	}
	for _, c := range cases {
		items, err := f.s.InfoSettings(ctx, lee, c.k, c.part)
		if apperr.CodeOf(err) != c.code {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if c.code != "" {
			continue
		}
		if got := requiredItems(items); !slices.Equal(got, c.required) {
			t.Errorf("%s: required %v want %v", c.name, got, c.required)
		}
		for _, it := range items {
			if it.ItemCode == c.hidden && it.Display {
				t.Errorf("%s: %s shown", c.name, c.hidden)
			}
		}
	}
}

func TestListAndGet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, testRound(true))
	other := testRound(true)
	other.RoundKey = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 2}
	f.m.SetRound(other)
	first := f.apply(t, application.BasisSave)
	req := partReq("IS01")
	req.Choices[0].Round = other.RoundKey
	v, _, err := f.s.SavePart(ctx, kim, req)
	if err != nil {
		t.Fatal(err)
	}
	second := v.Record.ApplNo
	f.m.setState(first, application.State{Status: application.Cancel})
	third := f.apply(t, application.FileSave) // a second one in the first round, the first being cancelled
	if _, _, err := f.s.SavePart(ctx, lee, partReq("MA01")); err != nil {
		t.Fatal(err)
	}

	hits := &roundHits{Reference: memstore.Reference{Store: f.m.Store}}
	f.s.Ref = hits
	list, err := f.s.List(ctx, kim)
	if err != nil {
		t.Fatal(err)
	}
	var nos []int64
	for _, r := range list {
		nos = append(nos, r.ApplNo)
	}
	if !slices.Equal(nos, []int64{third, second, first}) {
		t.Fatalf("kim's applications newest first: %v", nos)
	}
	for _, r := range list {
		if r.UserID != "kim" {
			t.Fatalf("another user's application listed: %+v", r.Header)
		}
	}
	if hits.n != 2 {
		t.Errorf("rounds read %d times for 2 rounds", hits.n)
	}
	byNo := map[int64]application.Record{}
	for _, r := range list {
		byNo[r.ApplNo] = r
	}
	if got := byNo[first].Actions; !slices.Equal(got, []string{application.ActView}) {
		t.Errorf("cancelled: %v", got)
	}
	if got := byNo[third].Actions; !slices.Equal(got, []string{application.ActEdit, application.ActView, application.ActCancel, application.ActSubmit}) {
		t.Errorf("last step saved: %v", got)
	}
	if got := byNo[second]; got.Next != application.BasisSave || !got.SubmitOpen || got.Offer.MajorCode != "IS01" {
		t.Errorf("new application: next %s open %v offer %+v", got.Next, got.SubmitOpen, got.Offer)
	}
	if l, err := f.s.List(ctx, permission.Principal{UserID: "nobody", Roles: []permission.Role{permission.RoleUser}}); err != nil || len(l) != 0 {
		t.Fatalf("user without applications: %v %v", l, err)
	}

	// Get and PayInfo answer the owner and staff, not other applicants.
	cases := []struct {
		name    string
		p       permission.Principal
		code    string
		actions []string
	}{
		{"owner", kim, "", []string{application.ActEdit, application.ActView, application.ActCancel, application.ActSubmit}},
		{"other applicant", lee, application.CodeNotFound, nil},
		{"system admin looks only", sys, "", []string{application.ActView}},
		{"school admin of another school", otherSch, application.CodeNotFound, nil},
	}
	for _, c := range cases {
		for name, get := range map[string]func(context.Context, permission.Principal, int64) (application.Record, error){"Get": f.s.Get, "PayInfo": f.s.PayInfo} {
			rec, err := get(ctx, c.p, third)
			if apperr.CodeOf(err) != c.code {
				t.Errorf("%s %s: %v", name, c.name, err)
				continue
			}
			if c.code == "" && !slices.Equal(rec.Actions, c.actions) {
				t.Errorf("%s %s: actions %v want %v", name, c.name, rec.Actions, c.actions)
			}
		}
	}
	if _, err := f.s.Get(ctx, kim, 999); apperr.CodeOf(err) != application.CodeNotFound {
		t.Fatalf("unknown number: %v", err)
	}
}

func TestPayActionAfterSubmit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		st   application.Status
		open bool
		pay  bool
	}{
		{application.Submit, true, true},
		{application.VbankIssue, true, true},
		{application.Submit, false, true}, // paying does not hang on the SUBMIT window
		{application.Complete, true, false},
		{application.FileSave, true, false},
	} {
		f := newFixture(t, testRound(true))
		n := f.apply(t, c.st)
		if !c.open {
			f.closeWindow()
		}
		rec, err := f.s.Get(ctx, kim, n)
		if err != nil || slices.Contains(rec.Actions, application.ActPay) != c.pay {
			t.Errorf("%s open=%v: %v %v", c.st, c.open, rec.Actions, err)
		}
	}
}

func TestMode(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		p         permission.Principal
		st        application.State
		requested string
		want      application.Mode
		code      string
	}{
		{"owner edits a draft application", kim, application.State{Status: application.BasisSave}, "edit", application.ModeEdit, ""},
		{"completed opens in view mode", kim, application.State{Status: application.Complete}, "edit", application.ModeView, ""},
		{"cancelled opens in view mode", kim, application.State{Status: application.Cancel}, "edit", application.ModeView, ""},
		{"view stays view", kim, application.State{Status: application.BasisSave}, "view", application.ModeView, ""},
		{"review needs a review", kim, application.State{Status: application.Complete}, "review", "", application.CodeNotUnderReview},
		{"review under review", kim, application.State{Status: application.Complete, ReviewStatus: application.AcadSave, Reviewing: true}, "review", application.ModeReview, ""},
		{"unknown type", kim, application.State{Status: application.BasisSave}, "EDIT", "", application.CodeModeUnknown},
		{"staff only look", sys, application.State{Status: application.BasisSave}, "edit", application.ModeView, ""},
		{"another applicant", lee, application.State{Status: application.BasisSave}, "view", "", application.CodeNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, testRound(true))
			n := f.apply(t, application.BasisSave)
			f.m.setState(n, c.st)
			got, st, err := f.s.Mode(context.Background(), c.p, n, c.requested)
			if got != c.want || apperr.CodeOf(err) != c.code {
				t.Fatalf("mode %q %v, want %q %q", got, err, c.want, c.code)
			}
			if c.code == "" && st != c.st {
				t.Fatalf("state %+v", st)
			}
		})
	}
}

// An application that opens in view mode refuses every edit.
func TestViewModeRefusesEdits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, st := range []application.Status{application.Complete, application.Cancel} {
		f := newFixture(t, fullRound())
		n := f.apply(t, st)
		mode, _, err := f.s.Mode(ctx, kim, n, "edit")
		if err != nil || mode != application.ModeView {
			t.Fatalf("%s opens %q %v", st, mode, err)
		}
		edits := map[string]error{}
		_, _, edits["info"] = f.s.SaveInfo(ctx, kim, n, korean())
		_, edits["acad"] = f.s.SaveAcademic(ctx, kim, n, []form.AcademicRecord{validAcad()})
		_, _, edits["lang"] = f.s.SaveLanguages(ctx, kim, n, []form.LanguageEntry{validLang("")}, seqIDs())
		_, edits["career"] = f.s.SaveCareers(ctx, kim, n, nil)
		_, edits["addinfo"] = f.s.SaveAdditionalInfo(ctx, kim, n, validAddInfo())
		_, edits["survey"] = f.s.SaveSurvey(ctx, kim, n, validSurvey())
		_, edits["draft"] = f.s.PutDraft(ctx, kim, n, "BASIS_SAVE", []byte(`{}`))
		change := partReq("MA01")
		change.ApplNo = n
		_, _, edits["part"] = f.s.SavePart(ctx, kim, change)
		for what, err := range edits {
			if apperr.CodeOf(err) != application.CodeNotModifiable {
				t.Errorf("%s: %s edit: %v", st, what, err)
			}
		}
		if f.m.app(n).State.Status != st {
			t.Fatalf("%s changed to %s", st, f.m.app(n).State.Status)
		}
	}
}

func TestCancel(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		p      permission.Principal
		st     application.Status
		closed bool
		code   string
	}{
		{"owner before submission", kim, application.BasisSave, false, ""},
		{"owner after submission, before payment", kim, application.Submit, false, ""},
		{"completed", kim, application.Complete, false, application.CodeNotModifiable},
		{"already cancelled", kim, application.Cancel, false, application.CodeNotModifiable},
		{"window closed", kim, application.BasisSave, true, window.CodeClosed},
		{"ROLE_TIME_INDEPENDENT after the window", free, application.BasisSave, true, ""},
		{"another applicant", lee, application.BasisSave, false, application.CodeNotFound},
		{"system admin through the form", sys, application.BasisSave, false, application.CodeOwnerOnly},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			f := newFixture(t, testRound(true))
			v, _, err := f.s.SavePart(ctx, ownerOf(c.p), partReq("IS01"))
			if err != nil {
				t.Fatal(err)
			}
			n := v.Record.ApplNo
			f.m.setState(n, application.State{Status: c.st})
			if c.closed {
				f.closeWindow()
			}
			rec, err := f.s.Cancel(ctx, c.p, n)
			if apperr.CodeOf(err) != c.code {
				t.Fatalf("cancel: %v, want %q", err, c.code)
			}
			if c.code != "" {
				if f.m.app(n).State.Status != c.st {
					t.Fatalf("state changed to %s", f.m.app(n).State.Status)
				}
				return
			}
			if rec.State.Status != application.Cancel || f.m.app(n).State.Status != application.Cancel || !slices.Equal(rec.Actions, []string{application.ActView}) {
				t.Fatalf("cancelled: %+v %v", rec.State, rec.Actions)
			}
			// One application per round unless cancelled: a new one may start.
			again, created, err := f.s.SavePart(ctx, c.p, partReq("IS01"))
			if err != nil || !created || again.Record.ApplNo == n {
				t.Fatalf("start again after cancel: %v", err)
			}
		})
	}
}

// ownerOf is who owns the application a case acts on: the caller when it
// is an applicant, else kim.
func ownerOf(p permission.Principal) permission.Principal {
	if p.UserID == lee.UserID || p.UserID == sys.UserID {
		return kim
	}
	return p
}

// Staff of the application's school read it (logged) but never change it
// through the applicant's form; staff of another school, like other
// applicants, are told it does not exist.
func TestStaffAccessByRole(t *testing.T) {
	t.Parallel()
	setAdmin := permission.Principal{UserID: "set", Roles: []permission.Role{permission.RoleSetAdmin}, SchoolCode: "236"}
	schoolAdmin := permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
	cases := []struct {
		name   string
		p      permission.Principal
		read   string // code of a read
		write  string // code of a cancel, a save and a draft
		logged bool
	}{
		{"owner", kim, "", "", false},
		{"set admin of the school (no personal data)", setAdmin, application.CodeNotFound, application.CodeNotFound, false},
		{"school admin of the school", schoolAdmin, "", application.CodeOwnerOnly, true},
		{"system admin", sys, "", application.CodeOwnerOnly, true},
		{"school admin of another school", otherSch, application.CodeNotFound, application.CodeNotFound, false},
		{"another applicant", lee, application.CodeNotFound, application.CodeNotFound, false},
		{"signed out", permission.Principal{}, application.CodeNotFound, application.CodeNotFound, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			f := newFixture(t, fullRound())
			n := f.apply(t, application.CareerSave)
			if _, err := f.s.Careers(ctx, c.p, n); apperr.CodeOf(err) != c.read {
				t.Fatalf("read: %v", err)
			}
			if got := len(f.m.logs()) > 0; got != c.logged {
				t.Fatalf("read logged %v: %v", got, f.m.logs())
			}
			if c.logged && f.m.logs()[0] != c.p.UserID+" application.read application:"+application.Itoa(n) {
				t.Fatalf("log entry %q", f.m.logs()[0])
			}
			if c.write == "" {
				return
			}
			writes := map[string]error{}
			_, writes["cancel"] = f.s.Cancel(ctx, c.p, n)
			_, writes["save"] = f.s.SaveAdditionalInfo(ctx, c.p, n, validAddInfo())
			_, writes["draft"] = f.s.PutDraft(ctx, c.p, n, "ADD_INFO_SAVE", []byte(`{}`))
			for what, err := range writes {
				if apperr.CodeOf(err) != c.write {
					t.Errorf("%s: %v, want %s", what, err, c.write)
				}
			}
			if f.m.app(n).State.Status != application.CareerSave {
				t.Fatalf("status moved to %s", f.m.app(n).State.Status)
			}
		})
	}
}

// requiredItems lists the codes of the required items.
func requiredItems(items []application.InfoItem) []string {
	var out []string
	for _, it := range items {
		if it.Required {
			out = append(out, it.ItemCode)
		}
	}
	return out
}

// searchLimits records the limits SearchUnivs is asked for.
type searchLimits struct {
	memstore.Reference
	limits []int
}

func (s *searchLimits) SearchUnivs(ctx context.Context, q, country string, limit int) ([]application.Univ, error) {
	s.limits = append(s.limits, limit)
	return s.Reference.SearchUnivs(ctx, q, country, limit)
}

// roundHits counts the rounds read.
type roundHits struct {
	memstore.Reference
	n int
}

func (r *roundHits) Round(ctx context.Context, k application.RoundKey) (application.Round, error) {
	r.n++
	return r.Reference.Round(ctx, k)
}
