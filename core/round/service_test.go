package round_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/examno"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

var (
	sysAdmin   = permission.Principal{UserID: "admin", Roles: []permission.Role{permission.RoleSysAdmin}}
	ownAdmin   = permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S1"}
	otherAdmin = permission.Principal{UserID: "sb", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S2"}
	closer     = permission.Principal{UserID: "closer", Roles: []permission.Role{permission.RoleCloseAdmin}}
	applicant  = permission.Principal{UserID: "u1", Roles: []permission.Role{permission.RoleUser}}
)

// contacts are the applicants' addresses (a withdrawn one has none).
type contacts map[string]port.Recipient

func (c contacts) Recipient(_ context.Context, userID string) (port.Recipient, error) {
	ct, ok := c[userID]
	if !ok {
		return ct, apperr.NotFound("user.not_found")
	}
	return ct, nil
}

// fixture is the round service on the memory store: schools S1 (majors M1
// and M2) and S2, and the reference round of key (no settings stored yet).
type fixture struct {
	s       *memstore.Store
	svc     *round.Service
	clock   *window.FixedClock
	flushes int
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	s := memstore.New()
	s.SetSchools(application.School{SchoolCode: "S1", KorName: "일학교", EngName: "School One", Slug: "one"},
		application.School{SchoolCode: "S2", KorName: "이학교", EngName: "School Two", Slug: "two"})
	s.SetMajors("S1", majors...)
	s.SetRound(application.Round{RoundKey: key, KorName: "후기", EngName: "Fall", SchoolKorName: "일학교", SchoolEngName: "School One",
		Parts: []application.Offer{{MajorCode: "M1"}}, Categories: []application.Code{{Code: "00001"}}})
	f := &fixture{s: s, clock: window.At(2030, 3, 10, 10, 0)}
	f.svc = &round.Service{Store: memstore.Rounds{Store: s}, Docs: memstore.Documents{Store: s}, Ref: memstore.Reference{Store: s},
		Audit: memstore.AccessLog{Store: s}, Mailer: memstore.Outbox{Store: s},
		Recipients: contacts{"kim": {Email: "kim@example.com", Locale: "ko"}, "lee": {Email: "lee@example.com", Locale: "en"}},
		Closures:   memstore.Closures{Store: s}, Tx: s, Clock: f.clock, Flush: func() { f.flushes++ }}
	return f
}

func (f *fixture) create(t *testing.T) {
	t.Helper()
	if _, err := f.svc.Create(context.Background(), ownAdmin, key, valid()); err != nil {
		t.Fatalf("create: %v", err)
	}
}

func (f *fixture) logged(action string) []memstore.Logged {
	var out []memstore.Logged
	for _, l := range f.s.Logged() {
		if l.Action == action {
			out = append(out, l)
		}
	}
	return out
}

// apply stores an application of key by userID on the round's first part
// (category 00001 unless given), accepting consent c1 of version.
func (f *fixture) apply(t *testing.T, userID, version string, category ...string) int64 {
	t.Helper()
	ctx := context.Background()
	st, err := f.svc.Store.Get(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := application.NewApplication(userID, key, now)
	cat := append(category, "00001")[0]
	n, err := memstore.Applications{Store: f.s}.Create(ctx, application.Creation{App: a,
		Part:     application.Part{ApplPartNo: st.Parts()[0].ApplPartNo, MajorCode: "M1", IsMaster: true, CategoryCode: cat},
		Consents: []school.Acceptance{{Code: "c1", Version: version, At: now}}})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// complete completes an application with an exam number at a time.
func (f *fixture) complete(t *testing.T, n int64, id string, at time.Time) {
	t.Helper()
	steps := application.MustSteps(application.BasisSave)
	if err := (memstore.Applications{Store: f.s}).Update(context.Background(), n, func(ctx context.Context, a *application.Application) error {
		if err := a.SaveStep(steps, application.BasisSave, at); err != nil {
			return err
		}
		if err := a.Submit(steps, at); err != nil {
			return err
		}
		if err := a.Complete(steps, application.ByPayment, id, at); err != nil {
			return err
		}
		return memstore.ExamNumbers{Store: f.s}.Assign(ctx, n, id, at)
	}); err != nil {
		t.Fatal(err)
	}
}

func TestCreate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	if _, err := f.svc.Create(ctx, otherAdmin, key, valid()); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("another school's admin: %v", err)
	}
	if _, err := f.svc.Create(ctx, sysAdmin, application.RoundKey{SchoolCode: "S9", EnterYear: 2030, RecruitPartSeq: 1}, valid()); fieldCodes(err)["schoolCode"] != round.CodeSchoolNotFound {
		t.Fatalf("an unknown school: %v", err)
	}
	bad := valid()
	bad.KorName, bad.LettersAsked = " ", 9
	_, err := f.svc.Create(ctx, ownAdmin, key, bad)
	if got := fieldCodes(err); got["korName"] != "validation.required" || got["lettersAsked"] != round.CodeLetters {
		t.Fatalf("refused values: %v", err)
	}
	if _, err := f.svc.Store.Get(ctx, key); apperr.KindOf(err) != apperr.KindNotFound || f.flushes != 0 || len(f.s.Logged()) != 0 {
		t.Fatalf("a refused round was stored: %v", err)
	}
	f.create(t)
	logged := f.logged("round.create")
	if len(logged) != 1 || logged[0].Actor != "sa" || logged[0].Target != "round:S1/2030/2" || f.flushes != 1 {
		t.Fatalf("audit %v, flushes %d", logged, f.flushes)
	}
	after := logged[0].Detail["after"].(map[string]any)
	if after["korName"] != "후기" || after["feeKrw"] != int64(50000) || after["schoolCode"] != "S1" || after["enterYear"] != 2030 ||
		after["steps"] != nil || len(after["windows"].([]any)) != 2 {
		t.Fatalf("audited values: %v", after)
	}
	if w := after["windows"].([]any)[0].(map[string]any); w["type"] != "COMPLETE" || w["startDay"] != "2030-03-11" {
		t.Fatalf("an audited window: %v", w)
	}
	if _, err := f.svc.Create(ctx, ownAdmin, key, valid()); fieldCodes(err)["recruitPartSeq"] != round.CodeExists {
		t.Fatalf("the same round again: %v", err)
	}
}

func TestListAndGet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	f.create(t)
	other := valid()
	other.KorName = "전기"
	if _, err := f.svc.Create(ctx, sysAdmin, application.RoundKey{SchoolCode: "S1", EnterYear: 2030, RecruitPartSeq: 3}, other); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.List(ctx, applicant, round.Query{}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("an applicant: %v", err)
	}
	if list, total, err := f.svc.List(ctx, otherAdmin, round.Query{SchoolCode: "S1", Limit: 10}); err != nil || total != 0 || len(list) != 0 {
		t.Fatalf("another school's admin asking for S1: %v %d %v", list, total, err)
	}
	// an unknown sort is the default; the page is at least one row
	list, total, err := f.svc.List(ctx, ownAdmin, round.Query{Sort: "password", Limit: 0})
	if err != nil || total != 2 || len(list) != 1 || list[0].RecruitPartSeq != 2 {
		t.Fatalf("own school: %+v %d %v", list, total, err)
	}
	if _, err := f.svc.Get(ctx, otherAdmin, key); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another school's round answers as missing: %v", err)
	}
	def := school.DefaultConsents()
	f.s.SetRound(application.Round{RoundKey: key, EngName: "Fall", Rules: school.Rules{Consents: def}})
	f.s.SetItems(key, []document.DocItem{{Item: document.Item{Code: "D9", Extensions: []string{"pdf"}}, GroupCode: "g", KorName: "학교 서류", EngName: "School paper", Level: document.LevelSchool}})
	v, err := f.svc.Get(ctx, ownAdmin, key)
	if err != nil || v.Settings.Key() != key || v.Settings.Texts().KorName != "후기" || len(v.Majors) != 2 || v.Round.EngName != "Fall" {
		t.Fatalf("view: %+v %v", v, err)
	}
	if len(v.EffectiveDocuments) != 1 || v.EffectiveDocuments[0].ItemCode != "D9" || !slices.Equal(v.EffectiveConsents, def) {
		t.Fatalf("what applies: %+v %+v", v.EffectiveDocuments, v.EffectiveConsents)
	}
	if _, err := f.svc.Get(ctx, sysAdmin, application.RoundKey{SchoolCode: "S1", EnterYear: 2030, RecruitPartSeq: 9}); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("an unknown round: %v", err)
	}
}

func TestUpdate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	f.create(t)
	in := valid()
	in.FeeKrw = 90000
	if _, err := f.svc.Update(ctx, otherAdmin, key, in); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another school's admin: %v", err)
	}
	if _, err := f.svc.Update(ctx, ownAdmin, key, in); err != nil {
		t.Fatal(err)
	}
	logged := f.logged("round.update")
	if len(logged) != 1 || logged[0].Target != "round:S1/2030/2" {
		t.Fatalf("audit: %v", f.s.Logged())
	}
	d := logged[0].Detail
	if !slices.Equal(d["changed"].([]string), []string{"feeKrw"}) || d["before"].(map[string]any)["feeKrw"] != int64(50000) ||
		d["after"].(map[string]any)["feeKrw"] != int64(90000) {
		t.Fatalf("audit detail: %v", d)
	}
	// The same values again change nothing and are not audited.
	if _, err := f.svc.Update(ctx, ownAdmin, key, in); err != nil || len(f.logged("round.update")) != 1 {
		t.Fatalf("an unchanged edit: %v, %d audit rows", err, len(f.logged("round.update")))
	}
	// A refused edit changes nothing.
	bad := in
	bad.Windows = bad.Windows[1:]
	if _, err := f.svc.Update(ctx, ownAdmin, key, bad); fieldCodes(err)["windows.SUBMIT"] != round.CodeWindowMissing {
		t.Fatalf("without SUBMIT: %v", err)
	}
	if st, _ := f.svc.Store.Get(ctx, key); len(st.Windows()) != 2 || st.Fees().FeeKrw != 90000 {
		t.Fatalf("stored after a refused edit: %+v", st.Values())
	}
	if _, err := f.svc.Update(ctx, sysAdmin, application.RoundKey{SchoolCode: "S1", EnterYear: 2030, RecruitPartSeq: 9}, in); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("an unknown round: %v", err)
	}
}

// An accepted consent text edited gets a new version (the old one stays in
// the history); a chosen part cannot go; the step list is frozen.
func TestUpdateWithApplications(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	in := valid()
	in.Consents = []school.ConsentItem{{Code: "c1", TitleKo: "동의", TitleEn: "Consent", BodyKo: "본문", BodyEn: "Body"}}
	in.Parts = append(in.Parts, round.Part{MajorCode: "M2", IsMaster: true})
	if _, err := f.svc.Create(ctx, ownAdmin, key, in); err != nil {
		t.Fatal(err)
	}
	f.apply(t, "kim", "2030-03-10")
	f.clock.Set(now.Add(24 * time.Hour))
	edit := in
	edit.Consents = []school.ConsentItem{{Code: "c1", TitleKo: "동의", TitleEn: "Consent", BodyKo: "새 본문", BodyEn: "New body"}}
	edit.Parts = in.Parts[1:]
	edit.Steps = []application.Status{application.BasisSave, application.AcadSave, application.LangSave, application.FileSave}
	_, err := f.svc.Update(ctx, ownAdmin, key, edit)
	if got := fieldCodes(err); got["parts"] != round.CodePartInUse || got["steps"] != round.CodeStepsInUse {
		t.Fatalf("a chosen part and the step list: %v", err)
	}
	edit.Parts, edit.Steps = in.Parts, nil
	if _, err := f.svc.Update(ctx, ownAdmin, key, edit); err != nil {
		t.Fatal(err)
	}
	st, _ := f.svc.Store.Get(ctx, key)
	if c := st.Consents(); c[0].Version != "2030-03-11" || c[0].BodyKo != "새 본문" {
		t.Fatalf("the new version: %+v", c)
	}
	got, err := f.svc.AcceptedConsents(ctx, key, []school.Acceptance{{Code: "c1", Version: "2030-03-10"}})
	if err != nil || len(got) != 1 || got[0].BodyKo != "본문" {
		t.Fatalf("the applicant's accepted text: %+v %v", got, err)
	}
	d := f.logged("round.update")[0].Detail
	if !slices.Equal(d["changed"].([]string), []string{"consents"}) {
		t.Fatalf("audited: %v", d["changed"])
	}
	if c := d["after"].(map[string]any)["consents"].([]any)[0].(map[string]any); c["bodyKo"] != "새 본문" || c["version"] != "2030-03-11" {
		t.Fatalf("audited consent: %v", c)
	}
}

func TestConsentTexts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	def := school.DefaultConsents()[0]
	f.s.SetRound(application.Round{RoundKey: key, Rules: school.Rules{Consents: school.DefaultConsents()}})
	// Versions not stored are the service defaults'.
	got, err := f.svc.AcceptedConsents(ctx, key, []school.Acceptance{{Code: def.Code, Version: def.Version}, {Code: def.Code, Version: "1999-01-01"}})
	if err != nil || len(got) != 1 || got[0] != def {
		t.Fatalf("a default text: %+v %v", got, err)
	}
	// The defaults keep no history.
	vs, err := f.svc.ConsentVersions(ctx, key)
	if err != nil || len(vs) == 0 || len(vs[0].Versions) != 1 {
		t.Fatalf("default versions: %+v %v", vs, err)
	}
	// The round's own items with their earlier versions.
	in := valid()
	in.Consents = []school.ConsentItem{{Code: "c1", TitleKo: "동의", TitleEn: "Consent", BodyKo: "하나", BodyEn: "One"}}
	if _, err := f.svc.Create(ctx, ownAdmin, key, in); err != nil {
		t.Fatal(err)
	}
	f.apply(t, "kim", "2030-03-10")
	in.Consents[0].BodyKo = "둘"
	if _, err := f.svc.Update(ctx, ownAdmin, key, in); err != nil {
		t.Fatal(err)
	}
	st, _ := f.svc.Store.Get(ctx, key)
	f.s.SetRound(application.Round{RoundKey: key, RoundConsents: st.Consents(), SchoolConsents: []school.ConsentItem{def}})
	vs, err = f.svc.ConsentVersions(ctx, key)
	if err != nil || len(vs) != 1 || vs[0].Code != "c1" || len(vs[0].Versions) != 2 || vs[0].Versions[0].BodyKo != "둘" || vs[0].Versions[1].BodyKo != "하나" {
		t.Fatalf("the round's versions: %+v %v", vs, err)
	}
	// The school's items when the round has none (their history is the school's).
	f.s.SetRound(application.Round{RoundKey: key, SchoolConsents: []school.ConsentItem{def}})
	if vs, err := f.svc.ConsentVersions(ctx, key); err != nil || len(vs) != 1 || vs[0].Code != def.Code || len(vs[0].Versions) != 1 {
		t.Fatalf("the school's versions: %+v %v", vs, err)
	}
	if _, err := f.svc.ConsentVersions(ctx, application.RoundKey{SchoolCode: "S1", EnterYear: 2030, RecruitPartSeq: 9}); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("an unknown round: %v", err)
	}
}

func TestCheckRule(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	f.create(t)
	if _, err := f.svc.CheckRule(ctx, otherAdmin, key, "{SEQ:4}"); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another school's admin: %v", err)
	}
	if _, err := f.svc.CheckRule(ctx, ownAdmin, key, "{YYYY}"); fieldCodes(err)["rule"] != "examno.seq_count" {
		t.Fatalf("a rule without a sequence: %v", err)
	}
	kim, lee := f.apply(t, "kim", "2030-03-10"), f.apply(t, "lee", "2030-03-10", "")
	f.complete(t, lee, "A-2", now.Add(2*time.Hour))
	f.complete(t, kim, "A-1", now.Add(time.Hour))
	rc, err := f.svc.CheckRule(ctx, ownAdmin, key, " {MAJOR}-{SEQ:2} ")
	if err != nil || rc.Rule != "{MAJOR}-{SEQ:2}" || rc.Capacity != 99 || len(rc.Samples) != 5 || rc.Samples[0] != "M1-01" {
		t.Fatalf("check: %+v %v", rc, err)
	}
	if len(rc.Real) != 2 || rc.Real[0].ApplNo != kim || rc.Real[0].Current != "A-1" || rc.Real[0].New != "M1-01" ||
		rc.Real[1].New != "M1-02" || rc.Real[0].Complete != "2030-03-10 11:00" || rc.Real[0].Problem != "" {
		t.Fatalf("real completions: %+v", rc.Real)
	}
	// A completion the rule cannot number says why (lee chose no category).
	rc, err = f.svc.CheckRule(ctx, ownAdmin, key, "{CATEGORY}-{SEQ:1}")
	if err != nil || rc.Capacity != 9 || rc.Samples[0] != "00001-1" || rc.Real[0].New != "00001-1" || rc.Real[0].Problem != "" ||
		rc.Real[1].New != "" || rc.Real[1].Problem != examno.CodeValueMissing {
		t.Fatalf("a rule lee's completion cannot take: %+v %v", rc, err)
	}
}

func TestRemakeApplIDs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	f.create(t)
	if _, err := f.svc.RemakeApplIDs(ctx, ownAdmin, key, ""); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("a school admin may not re-number: %v", err)
	}
	if _, err := f.svc.RemakeApplIDs(ctx, sysAdmin, key, ""); apperr.CodeOf(err) != round.CodeNoCompletions {
		t.Fatalf("nothing completed: %v", err)
	}
	if _, err := f.svc.RemakeApplIDs(ctx, sysAdmin, key, "{YYYY}"); fieldCodes(err)["rule"] != "examno.seq_count" {
		t.Fatalf("a refused rule: %v", err)
	}
	kim, lee, park := f.apply(t, "kim", "2030-03-10"), f.apply(t, "lee", "2030-03-10"), f.apply(t, "park", "2030-03-10", "")
	f.complete(t, kim, "2030-0001", now.Add(time.Hour))
	f.complete(t, lee, "X-1", now.Add(2*time.Hour))
	f.complete(t, park, "X-2", now.Add(3*time.Hour))
	pays := memstore.Payments{Store: f.s}
	q, _ := payment.NewQuote(payment.Card, money.Won(50000), payment.DefaultPayPalFee)
	other := f.apply(t, "choi", "2030-03-10")
	att, _ := payment.NewAttempt("p-1", other, "choi", "S1", payment.ProviderTest, q, "ko", now)
	if err := pays.Insert(ctx, att); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.RemakeApplIDs(ctx, sysAdmin, key, ""); apperr.CodeOf(err) != round.CodeInFlight {
		t.Fatalf("a payment in flight: %v", err)
	}
	if err := pays.Update(ctx, "p-1", func(_ context.Context, a *payment.Attempt) error { a.Abandon("test", now); return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.RemakeApplIDs(ctx, sysAdmin, key, "{SEQ:1}{NOPE}"); fieldCodes(err)["rule"] != examno.CodeTokenUnknown {
		t.Fatalf("an unknown token: %v", err)
	}
	// a rule that cannot number every completion refuses the whole remake (park chose no category)
	if _, err := f.svc.RemakeApplIDs(ctx, sysAdmin, key, "{CATEGORY}{SEQ:4}"); fieldCodes(err)["rule"] != examno.CodeValueMissing {
		t.Fatalf("a rule park's completion cannot take: %v", err)
	}
	if list, _ := f.svc.Store.Completions(ctx, key); list[2].ApplID != "X-2" {
		t.Fatalf("a refused remake changed numbers: %+v", list)
	}
	jobs := len(f.s.Jobs())
	r, err := f.svc.RemakeApplIDs(ctx, sysAdmin, key, "") // the round's rule, {YYYY}-{SEQ:4}
	if err != nil || r.Count != 3 || r.Changed != 2 {
		t.Fatalf("remake: %+v %v", r, err)
	}
	var mails []mailmsg.ExamNumberChanged
	for _, j := range f.s.Jobs()[jobs:] {
		m := j.Payload.(memstore.Mail)
		mails = append(mails, m.Message.(mailmsg.ExamNumberChanged))
		if m.To == "lee@example.com" && (m.Locale != "en" || m.Message.(mailmsg.ExamNumberChanged).School != "School One") {
			t.Errorf("lee's mail: %+v", m)
		}
	}
	// park has no address (withdrawn): nobody to tell
	if len(mails) != 1 || mails[0].Old != "X-1" || mails[0].New != "2030-0002" {
		t.Fatalf("mails: %+v", mails)
	}
	logged := f.logged("round.remake_applid")
	if len(logged) != 1 || logged[0].Detail["changed"] != 2 || logged[0].Detail["rule"] != "{YYYY}-{SEQ:4}" {
		t.Fatalf("audit: %+v", logged)
	}
	if list, _ := f.svc.Store.Completions(ctx, key); list[0].ApplID != "2030-0001" || list[1].ApplID != "2030-0002" || list[2].ApplID != "2030-0003" {
		t.Fatalf("renumbered: %+v", list)
	}
}

func TestSchoolSettings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	if _, err := f.svc.School(ctx, otherAdmin, "S1"); apperr.CodeOf(err) != round.CodeSchoolNotFound {
		t.Fatalf("another school's admin: %v", err)
	}
	x, err := f.svc.School(ctx, ownAdmin, "S1")
	if err != nil || x.KorName != "일학교" || len(x.Majors) != 2 {
		t.Fatalf("school: %+v %v", x, err)
	}
	if _, err := f.svc.SaveSchool(ctx, otherAdmin, x); apperr.CodeOf(err) != round.CodeSchoolNotFound {
		t.Fatalf("another school's admin saves: %v", err)
	}
	x.Color = "#zzzzzz"
	if _, err := f.svc.SaveSchool(ctx, ownAdmin, x); fieldCodes(err)["color"] != round.CodeColor {
		t.Fatalf("a refused colour: %v", err)
	}
	x.Color, x.EngName, x.Slug, x.Majors = "#1a4f8b", "  School 1 ", "hacked", nil
	x.VideoEssayMajors = []string{"M2"}
	if _, err := f.svc.SaveSchool(ctx, ownAdmin, x); err != nil {
		t.Fatal(err)
	}
	got, _ := f.svc.School(ctx, ownAdmin, "S1")
	if got.EngName != "School 1" || got.Slug != "one" || len(got.Majors) != 2 || !slices.Equal(got.VideoEssayMajors, []string{"M2"}) {
		t.Fatalf("saved: %+v", got)
	}
	logged := f.logged("school.update")
	if len(logged) != 1 || logged[0].Target != "school:S1" ||
		!slices.Equal(logged[0].Detail["changed"].([]string), []string{"color", "engName", "videoEssayMajors"}) {
		t.Fatalf("audit: %+v", logged)
	}
	if _, err := f.svc.SaveSchool(ctx, ownAdmin, got); err != nil || len(f.logged("school.update")) != 1 {
		t.Fatalf("an unchanged save: %v, %d audit rows", err, len(f.logged("school.update")))
	}
	if _, err := f.svc.School(ctx, sysAdmin, "S9"); apperr.CodeOf(err) != round.CodeSchoolNotFound {
		t.Fatalf("an unknown school: %v", err)
	}
}

func TestClosing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	f.create(t)
	if _, _, err := f.svc.ClosingList(ctx, ownAdmin, round.Query{}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("a school admin: %v", err)
	}
	if _, err := f.svc.Close(ctx, ownAdmin, key, "quota"); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("a school admin closes: %v", err)
	}
	if _, err := f.svc.Close(ctx, closer, key, strings.Repeat("x", round.MaxReason+1)); fieldCodes(err)["reason"] != round.CodeReason {
		t.Fatalf("a long reason: %v", err)
	}
	if err := f.svc.Reopen(ctx, sysAdmin, key, "oops"); apperr.CodeOf(err) != round.CodeNotClosed {
		t.Fatalf("reopening an open round: %v", err)
	}
	c, err := f.svc.Close(ctx, closer, key, " quota reached ")
	if err != nil || c.By != "closer" || c.Reason != "quota reached" || !c.At.Equal(now) {
		t.Fatalf("close: %+v %v", c, err)
	}
	rows, total, err := f.svc.ClosingList(ctx, closer, round.Query{Limit: 10})
	if err != nil || total != 1 || rows[0].Closure == nil || rows[0].Closure.Reason != "quota reached" {
		t.Fatalf("closing list: %+v %d %v", rows, total, err)
	}
	if _, err := f.svc.Close(ctx, closer, key, "again"); apperr.CodeOf(err) != round.CodeAlreadyClosed {
		t.Fatalf("closing twice: %v", err)
	}
	if err := f.svc.Reopen(ctx, closer, key, "oops"); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("closing staff reopen: %v", err)
	}
	if err := f.svc.Reopen(ctx, sysAdmin, key, ""); fieldCodes(err)["reason"] != round.CodeReason {
		t.Fatalf("a reopen without a reason: %v", err)
	}
	if err := f.svc.Reopen(ctx, sysAdmin, key, "closed by mistake"); err != nil {
		t.Fatal(err)
	}
	if len(f.logged("round.close")) != 1 || len(f.logged("round.reopen")) != 1 {
		t.Fatalf("audit: %v", f.s.Logged())
	}
	// Once the stored windows have ended there is nothing to close or reopen.
	if _, err := f.svc.Close(ctx, closer, key, "late"); err != nil {
		t.Fatal(err)
	}
	f.clock.Set(now.AddDate(0, 1, 0))
	if err := f.svc.Reopen(ctx, sysAdmin, key, "late"); apperr.CodeOf(err) != round.CodeReopenLate {
		t.Fatalf("reopening after the windows: %v", err)
	}
	if err := f.svc.Reopen(ctx, sysAdmin, application.RoundKey{SchoolCode: "S1", EnterYear: 2030, RecruitPartSeq: 9}, "x"); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("an unknown round: %v", err)
	}
	if err := (memstore.Closures{Store: f.s}).Reopen(ctx, key); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Close(ctx, closer, key, "late"); apperr.CodeOf(err) != round.CodeNothingToEnd {
		t.Fatalf("closing after the windows: %v", err)
	}
}
