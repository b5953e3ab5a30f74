package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// PayConfig is the payment settings store: what core/payment reads, and
// the write of a school's (enterYear 0) or a round's settings.
type PayConfig interface {
	payment.Config
	PutSettings(ctx context.Context, school string, enterYear, seq int, set payment.Settings) error
}

// RoundsEnv is Env with the back office's round stores. Env.Round's
// school exists with the major Major and no payment settings; the suites
// create rounds of it in years of their own.
type RoundsEnv struct {
	Env
	Rounds  round.Store
	Pay     PayConfig
	Notices printing.Notices
	Major   string
}

// NewRounds gives a fresh RoundsEnv for one test.
type NewRounds func(t *testing.T) RoundsEnv

// roundValues are settings of every kind, valid at base.
func roundValues(major string) round.Values {
	return round.Values{
		Texts: round.Texts{KorName: "후기 모집", EngName: "Fall admission", RemkKor: "안내", RemkEng: "Notes",
			SlipNoticeKor: "본관 201호", SlipNoticeEng: "Room 201"},
		Fees: round.Fees{FeeKrw: 80000, FeeUsd: 7000, PayTypes: []payment.PayType{payment.Card, payment.Vbank, payment.VisaMaster},
			PayChannels: map[payment.PayType]payment.Channel{payment.Card: {StoreID: "store-1", ChannelKey: "channel-card"}}},
		LettersAsked: 2, ApplIDRule: "F{YY}-{SEQ:4}",
		Windows: []round.Window{{Kind: window.Complete, StartDay: "2026-04-01", EndDay: "2026-04-21"}, // in kind order, as stored
			{Kind: window.Submit, StartDay: "2026-04-01", EndDay: "2026-04-20"}},
		Parts: []round.Part{{MajorCode: major, IsMaster: true, RemkKor: "석사", RemkEng: "Master's", AddCertificateCount: 1, Quota: 30},
			{MajorCode: major, IsMaster: false}},
		Documents: []round.DocItem{
			{ItemCode: "P02", GrpCode: "basic", GrpKorName: "기본", GrpEngName: "Basic", KorName: "포트폴리오", EngName: "Portfolio",
				Extensions: []string{"pdf", "jpg"}, MaxSize: 10 << 20, Seq: 2},
			{ItemCode: "P01", GrpCode: "basic", GrpKorName: "기본", GrpEngName: "Basic", KorName: "계획서", EngName: "Plan",
				Required: true, Extensions: []string{"pdf"}, Seq: 1}},
		Consents:          []school.ConsentItem{{Code: "c1", TitleKo: "동의", TitleEn: "Consent", BodyKo: "본문", BodyEn: "Body", Version: "2026-03-01"}},
		Steps:             []application.Status{application.BasisSave, application.AcadSave, application.LangSave, application.FileSave},
		CompetitionHidden: true,
	}
}

func roundFacts(e RoundsEnv) round.Facts {
	return round.Facts{Now: base, Majors: []round.Major{{Code: e.Major}}}
}

// newRound creates a round of Env.Round's school.
func newRound(t *testing.T, e RoundsEnv, year, seq int, v round.Values) application.RoundKey {
	t.Helper()
	k := application.RoundKey{SchoolCode: e.Round.SchoolCode, EnterYear: year, RecruitPartSeq: seq}
	st, err := round.NewSettings(k, v, roundFacts(e))
	if err != nil {
		t.Fatalf("new round: %v", err)
	}
	if err := e.Rounds.Create(context.Background(), st); err != nil {
		t.Fatalf("create round %v: %v", k, err)
	}
	return k
}

func getRound(t *testing.T, e RoundsEnv, k application.RoundKey) *round.Settings {
	t.Helper()
	st, err := e.Rounds.Get(context.Background(), k)
	if err != nil {
		t.Fatalf("get round %v: %v", k, err)
	}
	return st
}

func fieldCode(err error, field string) string {
	if e, ok := apperr.As(err); ok {
		for _, f := range e.Fields {
			if f.Field == field {
				return f.Code
			}
		}
	}
	return ""
}

// RunRounds is the contract of round.Store: a round as staff set it, its
// closure update, the list, and what it reads of the round's applications.
func RunRounds(t *testing.T, newEnv NewRounds) {
	ctx := context.Background()
	t.Run("a round reads back as created", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		v := roundValues(e.Major)
		k := newRound(t, e, 2029, 3, v)
		st := getRound(t, e, k)
		got := st.Values()
		if st.Key() != k || st.Changed() || st.UpdatedAt().IsZero() || got.Texts != v.Texts || got.LettersAsked != 2 || got.ApplIDRule != v.ApplIDRule {
			t.Fatalf("round %v: %+v changed %v at %v", st.Key(), got, st.Changed(), st.UpdatedAt())
		}
		if got.FeeKrw != 80000 || got.FeeUsd != 7000 || !slices.Equal(got.PayTypes, v.PayTypes) ||
			len(got.PayChannels) != 1 || got.PayChannels[payment.Card] != v.PayChannels[payment.Card] {
			t.Fatalf("fees %+v", got.Fees)
		}
		if !slices.Equal(got.Windows, v.Windows) || !slices.Equal(got.Consents, v.Consents) || !slices.Equal(got.Steps, v.Steps) {
			t.Fatalf("windows %+v consents %+v steps %v", got.Windows, got.Consents, got.Steps)
		}
		if len(got.Parts) != 2 || got.Parts[0].ApplPartNo == 0 || got.Parts[1].ApplPartNo == got.Parts[0].ApplPartNo ||
			!got.Parts[0].IsMaster || got.Parts[0].RemkKor != "석사" || got.Parts[0].AddCertificateCount != 1 || got.Parts[1].IsMaster ||
			got.Parts[0].Quota != 30 || got.Parts[1].Quota != 0 || !got.CompetitionHidden {
			t.Fatalf("parts in the order given, numbered: %+v", got.Parts)
		}
		if len(got.Documents) != 2 || got.Documents[0].ItemCode != "P01" || !got.Documents[0].Required ||
			!slices.Equal(got.Documents[1].Extensions, []string{"pdf", "jpg"}) || got.Documents[1].MaxSize != 10<<20 {
			t.Fatalf("documents by number: %+v", got.Documents)
		}
		// nil steps are the school's list, and stay nil
		v.Steps = nil
		if s := getRound(t, e, newRound(t, e, 2029, 4, v)).Steps(); s != nil {
			t.Fatalf("own steps of a round without: %v", s)
		}
		st2, _ := round.NewSettings(k, roundValues(e.Major), roundFacts(e))
		if err := e.Rounds.Create(ctx, st2); apperr.KindOf(err) != apperr.KindInvalid || fieldCode(err, "recruitPartSeq") != round.CodeExists {
			t.Fatalf("the same round again: %v", err)
		}
		_, err := e.Rounds.Get(ctx, application.RoundKey{SchoolCode: k.SchoolCode, EnterYear: 2029, RecruitPartSeq: 99})
		wantCode(t, err, apperr.KindNotFound, round.CodeNotFound)
	})
	t.Run("update writes what the closure changed, keeping part numbers and retired consents", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		k := newRound(t, e, 2029, 5, roundValues(e.Major))
		before := getRound(t, e, k)
		master := before.Parts()[0].ApplPartNo
		next := roundValues(e.Major)
		next.KorName = "후기 모집 (수정)"
		next.Parts = next.Parts[:1] // the doctoral part goes; the master's is sent without its number
		next.Consents = []school.ConsentItem{{Code: "c1", TitleKo: "동의", TitleEn: "Consent", BodyKo: "새 본문", BodyEn: "New body"}}
		next.Fees = round.Fees{FeeKrw: 90000, PayTypes: []payment.PayType{payment.Card}}
		f := roundFacts(e)
		f.ConsentInUse = func(code, version string) (bool, error) { return code == "c1" && version == "2026-03-01", nil }
		if err := e.Rounds.Update(ctx, k, func(_ context.Context, st *round.Settings) error {
			if st.Key() != k || st.Texts() != before.Texts() {
				t.Errorf("the closure got %v %+v", st.Key(), st.Texts())
			}
			_, err := st.Edit(next, f)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		got := getRound(t, e, k)
		if got.Texts().KorName != next.KorName || got.Fees().FeeKrw != 90000 || got.Fees().FeeUsd != 0 ||
			!slices.Equal(got.Fees().PayTypes, []payment.PayType{payment.Card}) || len(got.Fees().PayChannels) != 0 {
			t.Fatalf("after the update: %+v %+v", got.Texts(), got.Fees())
		}
		if p := got.Parts(); len(p) != 1 || p[0].ApplPartNo != master {
			t.Fatalf("the master's part kept its number %d: %+v", master, p)
		}
		if c := got.Consents(); len(c) != 1 || c[0].BodyKo != "새 본문" || c[0].Version != "2026-03-10" {
			t.Fatalf("the edited consent is a new version: %+v", c)
		}
		hist, err := e.Rounds.ConsentHistory(ctx, k)
		if err != nil || len(hist) != 1 || hist[0].BodyKo != "본문" || hist[0].Version != "2026-03-01" {
			t.Fatalf("the accepted version is kept: %+v %v", hist, err)
		}
		// A part added later gets a number of its own.
		again := next
		again.Parts = append(slices.Clone(next.Parts), round.Part{MajorCode: e.Major})
		if err := e.Rounds.Update(ctx, k, func(_ context.Context, st *round.Settings) error { _, err := st.Edit(again, f); return err }); err != nil {
			t.Fatal(err)
		}
		if p := getRound(t, e, k).Parts(); len(p) != 2 || p[0].ApplPartNo != master || p[1].ApplPartNo == 0 || p[1].ApplPartNo == master {
			t.Fatalf("a new part: %+v", p)
		}
	})
	t.Run("a refused or unchanged update writes nothing", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		k := newRound(t, e, 2029, 6, roundValues(e.Major))
		before := getRound(t, e, k)
		err := e.Rounds.Update(ctx, k, func(_ context.Context, st *round.Settings) error {
			if err := st.Rename(round.Texts{KorName: "바뀜", EngName: "Changed"}); err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatalf("update: %v", err)
		}
		err = e.Tx.InTx(ctx, func(ctx context.Context) error {
			if err := e.Rounds.Update(ctx, k, func(_ context.Context, st *round.Settings) error {
				return st.Rename(round.Texts{KorName: "바뀜", EngName: "Changed"})
			}); err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatalf("update in a failed transaction: %v", err)
		}
		if err := e.Rounds.Update(ctx, k, func(context.Context, *round.Settings) error { return nil }); err != nil {
			t.Fatal(err)
		}
		got := getRound(t, e, k)
		if got.Texts() != before.Texts() || !got.UpdatedAt().Equal(before.UpdatedAt()) {
			t.Fatalf("written: %+v at %v, was %v", got.Texts(), got.UpdatedAt(), before.UpdatedAt())
		}
		wantCode(t, e.Rounds.Update(ctx, application.RoundKey{SchoolCode: k.SchoolCode, EnterYear: 2029, RecruitPartSeq: 98},
			func(context.Context, *round.Settings) error { return nil }), apperr.KindNotFound, round.CodeNotFound)
	})
	t.Run("the list filters, sorts, pages and counts", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		for i, name := range []string{"Gamma", "Alpha", "Beta"} {
			v := roundValues(e.Major)
			v.KorName, v.EngName = name+" 회차", name
			newRound(t, e, 2030, i+1, v)
		}
		user(t, e.Env, "listed")
		a, _ := application.NewApplication("listed", application.RoundKey{SchoolCode: e.Round.SchoolCode, EnterYear: 2030, RecruitPartSeq: 2}, base)
		part := getRound(t, e, a.Round()).Parts()[0]
		if _, err := e.Apps.Create(ctx, application.Creation{App: a, Part: application.Part{ApplPartNo: part.ApplPartNo, MajorCode: e.Major,
			IsMaster: true, IsGeneralType: true, CategoryCode: "00001"}}); err != nil {
			t.Fatal(err)
		}
		q := round.Query{SchoolCode: e.Round.SchoolCode, EnterYear: 2030, Sort: "korName", Limit: 2}
		list, total, err := e.Rounds.List(ctx, q)
		if err != nil || total != 3 || len(list) != 2 || list[0].EngName != "Alpha" || list[1].EngName != "Beta" {
			t.Fatalf("by name: %+v %d %v", list, total, err)
		}
		if list[0].Applications != 1 || list[1].Applications != 0 || list[0].SchoolEngName == "" || list[0].FeeKrw != 80000 ||
			!slices.Equal(list[0].Windows, roundValues(e.Major).Windows) || list[0].UpdatedAt.IsZero() {
			t.Fatalf("summary: %+v", list[0])
		}
		q.Desc, q.Offset = true, 1
		if list, _, _ := e.Rounds.List(ctx, q); len(list) != 2 || list[0].EngName != "Beta" || list[1].EngName != "Alpha" {
			t.Fatalf("by name, descending, from the second: %+v", list)
		}
		q = round.Query{EnterYear: 2030, Sort: "recruitPartSeq", Desc: true, Limit: 10}
		if list, total, _ := e.Rounds.List(ctx, q); total != 3 || list[0].RecruitPartSeq != 3 || list[2].RecruitPartSeq != 1 {
			t.Fatalf("by sequence, descending: %+v", list)
		}
		q = round.Query{SchoolCode: e.Round.SchoolCode, Search: "bet", Limit: 10}
		if list, total, _ := e.Rounds.List(ctx, q); total != 1 || list[0].EngName != "Beta" {
			t.Fatalf("search: %+v", list)
		}
		if list, total, err := e.Rounds.List(ctx, round.Query{SchoolCode: "NOPE", Limit: 10}); err != nil || total != 0 || len(list) != 0 {
			t.Fatalf("another school: %+v %d %v", list, total, err)
		}
	})
	t.Run("what the round's applications use", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		k := newRound(t, e, 2029, 7, roundValues(e.Major))
		part := getRound(t, e, k).Parts()[0]
		apply := func(userID string) int64 {
			user(t, e.Env, userID)
			a, _ := application.NewApplication(userID, k, base)
			n, err := e.Apps.Create(ctx, application.Creation{App: a, Part: application.Part{ApplPartNo: part.ApplPartNo, MajorCode: e.Major,
				IsMaster: true, IsGeneralType: true, CategoryCode: "00001"}, Consents: []school.Acceptance{{Code: "c1", Version: "2026-03-01", At: base}}})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if in, err := e.Rounds.PartsInUse(ctx, k); err != nil || len(in) != 0 {
			t.Fatalf("no application yet: %v %v", in, err)
		}
		first, second := apply("r-first"), apply("r-second")
		if in, err := e.Rounds.PartsInUse(ctx, k); err != nil || len(in) != 1 || !in[part.ApplPartNo] {
			t.Fatalf("parts in use: %v %v", in, err)
		}
		if used, err := e.Rounds.ConsentInUse(ctx, k, "c1", "2026-03-01"); err != nil || !used {
			t.Fatalf("the accepted version: %v %v", used, err)
		}
		if used, _ := e.Rounds.ConsentInUse(ctx, k, "c1", "2026-03-02"); used {
			t.Fatal("another version is not in use")
		}
		acc, err := e.Rounds.AcceptedConsents(ctx, k, []school.Acceptance{{Code: "c1", Version: "2026-03-01"}, {Code: "zz", Version: "2026-03-01"}})
		if err != nil || len(acc) != 1 || acc[0].BodyKo != "본문" {
			t.Fatalf("accepted texts: %+v %v", acc, err)
		}
		// The first completes; the second waits on a payment.
		at := base.Add(time.Hour)
		if err := e.Apps.Update(ctx, first, func(ctx context.Context, a *application.Application) error {
			if err := a.SaveStep(steps, application.BasisSave, at); err != nil {
				return err
			}
			if err := a.Submit(steps, at); err != nil {
				return err
			}
			if err := a.Complete(steps, application.ByPayment, "F29-0001", at); err != nil {
				return err
			}
			return e.Exams.Assign(ctx, a.ApplNo(), "F29-0001", at)
		}); err != nil {
			t.Fatal(err)
		}
		if n, err := e.Rounds.InFlight(ctx, k); err != nil || n != 0 {
			t.Fatalf("in flight before: %d %v", n, err)
		}
		if e.Payments != nil {
			if err := e.Payments.Insert(ctx, attempt("r-wait", second, "r-second", base)); err != nil {
				t.Fatal(err)
			}
			if n, err := e.Rounds.InFlight(ctx, k); err != nil || n != 1 {
				t.Fatalf("in flight: %d %v", n, err)
			}
		}
		list, err := e.Rounds.Completions(ctx, k)
		if err != nil || len(list) != 1 || list[0].ApplNo != first || list[0].UserID != "r-first" || list[0].ApplID != "F29-0001" ||
			list[0].MajorCode != e.Major || list[0].CategoryCode != "00001" || !list[0].CompletedAt.Equal(at) {
			t.Fatalf("completions: %+v %v", list, err)
		}
		// Re-numbering under the number lock: the rule and the counter follow.
		if err := e.Tx.InTx(ctx, func(ctx context.Context) error {
			if err := e.Rounds.LockNumbers(ctx, k); err != nil {
				return err
			}
			return e.Rounds.Renumber(ctx, k, map[int64]string{first: "R-0001"}, "R-{SEQ:4}")
		}); err != nil {
			t.Fatal(err)
		}
		if list, _ := e.Rounds.Completions(ctx, k); len(list) != 1 || list[0].ApplID != "R-0001" {
			t.Fatalf("renumbered: %+v", list)
		}
		if r := getRound(t, e, k).ApplIDRule(); r != "R-{SEQ:4}" {
			t.Fatalf("rule after re-numbering: %q", r)
		}
		if n, rule, err := e.Exams.Next(ctx, k); err != nil || n != 2 || rule != "R-{SEQ:4}" {
			t.Fatalf("the next completion: %d %q %v", n, rule, err)
		}
	})
	t.Run("school settings", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		majors, err := e.Rounds.Majors(ctx, e.Round.SchoolCode)
		if err != nil || !slices.ContainsFunc(majors, func(m round.Major) bool { return m.Code == e.Major }) {
			t.Fatalf("majors: %+v %v", majors, err)
		}
		x, err := e.Rounds.School(ctx, e.Round.SchoolCode)
		if err != nil || x.KorName == "" || x.Slug == "" {
			t.Fatalf("school: %+v %v", x, err)
		}
		x.KorName, x.EngName, x.Color, x.LogoURL = "새 이름", "New name", "#123456", "/logo.png"
		x.ContactEmail, x.ContactPhone = "office@school.example", "+82 2-123-4567"
		x.Steps = []application.Status{application.BasisSave, application.FileSave}
		x.RefusedNationalities, x.PassportNone, x.VisaNone, x.ExtraDocuments = []string{"410"}, "0000", "00999", false
		x.VideoEssayMajors = []string{e.Major}
		if err := e.Rounds.SaveSchool(ctx, x); err != nil {
			t.Fatal(err)
		}
		got, err := e.Rounds.School(ctx, e.Round.SchoolCode)
		if err != nil || got.KorName != x.KorName || got.EngName != x.EngName || got.Color != x.Color || got.LogoURL != x.LogoURL ||
			got.ContactEmail != x.ContactEmail || got.ContactPhone != x.ContactPhone || !slices.Equal(got.Steps, x.Steps) ||
			!slices.Equal(got.RefusedNationalities, x.RefusedNationalities) || got.PassportNone != "0000" || got.VisaNone != "00999" ||
			got.ExtraDocuments || !slices.Equal(got.VideoEssayMajors, x.VideoEssayMajors) || got.Slug != x.Slug {
			t.Fatalf("saved %+v\nread %+v (%v)", x, got, err)
		}
		if m, _ := e.Rounds.Majors(ctx, e.Round.SchoolCode); !slices.ContainsFunc(m, func(m round.Major) bool { return m.Code == e.Major && m.VideoEssay }) {
			t.Fatalf("the video-essay major: %+v", m)
		}
		_, err = e.Rounds.School(ctx, "NOPE")
		wantCode(t, err, apperr.KindNotFound, round.CodeSchoolNotFound)
	})
}
