package submission_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/examno"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/memstore/memtest"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/submission"
	"github.com/gradapply/gradapply/core/window"
)

func TestIsFree(t *testing.T) {
	t.Parallel()
	cases := []struct {
		krw, usd int64
		want     bool
	}{{0, 0, true}, {80000, 0, false}, {0, 6000, false}, {80000, 6000, false}}
	for _, c := range cases {
		if got := submission.IsFree(application.Round{FeeKrw: c.krw, FeeUsd: c.usd}); got != c.want {
			t.Errorf("submission.IsFree(%d, %d) = %v, want %v", c.krw, c.usd, got, c.want)
		}
	}
}

func freeRound() application.Round {
	r := testRound()
	r.FeeKrw, r.FeeUsd = 0, 0
	return r
}

func TestSubmit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	closed := testRound()
	closed.Windows[0].End = now.Add(-1)
	noFileStep := testRound()
	noFileStep.Steps = application.MustSteps(application.BasisSave)
	without := func(code string) map[string]string {
		m := allConsents()
		delete(m, code)
		return m
	}
	outdated := allConsents()
	outdated[school.CodeConsentThirdParty] = "2020-01-01"
	unknown := allConsents()
	unknown["consent.marketing"] = "2024-09-10"
	cases := []struct {
		name     string
		p        permission.Principal
		st       application.State
		r        application.Round
		docs     []string
		consents map[string]string
		fail     string
		kind     apperr.Kind
		code     string
		params   map[string]any
		field    string // a validation error's field, with code
		want     application.State
		next     string
		applID   string
	}{
		{name: "paid round goes to payment", st: state(application.FileSave), want: state(application.Submit), next: submission.NextPay},
		{name: "free round completes at once", r: freeRound(), st: state(application.FileSave), want: state(application.Complete), next: submission.NextNone, applID: "202602-CS-0001"},
		{name: "round without documents step needs no document", r: noFileStep, st: state(application.BasisSave), docs: []string{}, want: state(application.Submit), next: submission.NextPay},
		{name: "under review the review status moves", st: application.State{Status: application.Complete, ReviewStatus: application.FileSave, Reviewing: true},
			want: application.State{Status: application.Complete, ReviewStatus: application.Submit, Reviewing: true}, next: submission.NextPay},
		{name: "steps incomplete names the next step", st: state(application.BasisSave), kind: apperr.KindConflict, code: application.CodeStepsIncomplete,
			params: map[string]any{"next": string(application.FileSave)}, want: state(application.BasisSave)},
		{name: "steps incomplete from the first step", st: state(application.PartSave), kind: apperr.KindConflict, code: application.CodeStepsIncomplete,
			params: map[string]any{"next": string(application.BasisSave)}, want: state(application.PartSave)},
		{name: "documents missing", st: state(application.FileSave), docs: []string{"00001"}, field: "documents", code: "file.required_missing", want: state(application.FileSave)},
		{name: "consent missing", st: state(application.FileSave), consents: without(school.CodeConsentPersonal), field: "consents." + school.CodeConsentPersonal, code: school.CodeConsentRequired, want: state(application.FileSave)},
		{name: "no consents at all", st: state(application.FileSave), consents: map[string]string{}, field: "consents." + school.CodeConsentThirdParty, code: school.CodeConsentRequired, want: state(application.FileSave)},
		{name: "consent of an older version", st: state(application.FileSave), consents: outdated, field: "consents." + school.CodeConsentThirdParty, code: school.CodeConsentOutdated, want: state(application.FileSave)},
		{name: "consent the round does not have", st: state(application.FileSave), consents: unknown, field: "consents.consent.marketing", code: school.CodeConsentUnknown, want: state(application.FileSave)},
		{name: "submitted twice", st: state(application.Submit), kind: apperr.KindConflict, code: application.CodeBadTransition, want: state(application.Submit)},
		{name: "completed", st: state(application.Complete), kind: apperr.KindConflict, code: application.CodeBadTransition, want: state(application.Complete)},
		{name: "cancelled", st: state(application.Cancel), kind: apperr.KindConflict, code: application.CodeBadTransition, want: state(application.Cancel)},
		{name: "window closed", r: closed, st: state(application.FileSave), kind: apperr.KindForbidden, code: window.CodeClosed, want: state(application.FileSave)},
		{name: "window closed, time-independent applicant", p: exemptUser, r: closed, st: state(application.FileSave), want: state(application.Submit), next: submission.NextPay},
		{name: "window missing", r: func() application.Round { r := testRound(); r.Windows = nil; return r }(), st: state(application.FileSave), kind: apperr.KindForbidden, code: window.CodeNotSet, want: state(application.FileSave)},
		{name: "consent store failure", st: state(application.FileSave), fail: "accept", want: state(application.FileSave)},
		{name: "state store failure", st: state(application.FileSave), fail: "setstate", want: state(application.FileSave)},
		{name: "lock failure", st: state(application.FileSave), fail: "lock", want: state(application.FileSave)},
		{name: "document list failure", st: state(application.FileSave), fail: "list", want: state(application.FileSave)},
		{name: "free round, payment failure rolls back", r: freeRound(), st: state(application.FileSave), fail: "pay", want: state(application.FileSave)},
		{name: "free round, numbering failure rolls back", r: freeRound(), st: state(application.FileSave), fail: "next", want: state(application.FileSave)},
		{name: "free round, mail failure rolls back", r: freeRound(), st: state(application.FileSave), fail: "queue", want: state(application.FileSave)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.r.SchoolCode == "" {
				c.r = testRound()
			}
			if c.p.UserID == "" {
				c.p = owner
			}
			if c.docs == nil {
				c.docs = []string{"00001", "00002"}
			}
			if c.consents == nil {
				c.consents = allConsents()
			}
			e := newEnv(t, c.st, c.r)
			for _, it := range c.docs {
				e.AddDoc(t, "k"+it, it, 0, "pdf", pdfBody)
			}
			if c.fail != "" {
				e.Fail(c.fail)
			}
			out, err := e.s.Submit(ctx, c.p, applNo, submission.SubmitRequest{Consents: c.consents})
			switch {
			case c.fail != "":
				if !errors.Is(err, errBoom) {
					t.Fatalf("error %v, want the port's", err)
				}
			case c.field != "":
				wantField(t, err, c.field, c.code)
			default:
				wantErr(t, err, c.kind, c.code)
				for k, v := range c.params {
					if e, _ := apperr.As(err); e.Params[k] != v {
						t.Fatalf("params %v, want %s=%v", e.Params, k, v)
					}
				}
			}
			h := e.Header()
			if h.State != c.want || h.ApplID != c.applID {
				t.Fatalf("state %+v number %q, want %+v %q", h.State, h.ApplID, c.want, c.applID)
			}
			accepted := len(e.Accepted(applNo)) > 0
			paid := len(e.Paid(applNo)) > 0
			if err != nil {
				// A refused submission records nothing.
				if accepted || paid || len(e.Mails()) != 0 || e.Header().ApplID != "" {
					t.Fatalf("refused submission left consents %v payment %v mails %v number %q", accepted, paid, e.Mails(), e.Header().ApplID)
				}
				return
			}
			if out.Next != c.next || out.Header.State != c.want || out.Header.ApplID != c.applID || out.Round.SchoolCode != "S1" {
				t.Fatalf("answer %+v, want next %s", out, c.next)
			}
			acc := e.Accepted(applNo)
			if len(acc) != 2 || !acc[0].At.Equal(now) || acc[0].Version != "2024-09-10" {
				t.Fatalf("consents recorded %+v", acc)
			}
			if free := c.next == submission.NextNone; free {
				pays := e.Paid(applNo)
				if len(pays) != 1 {
					t.Fatalf("payments %+v, want one", pays)
				}
				q := pays[0].Quote()
				if q.PayType != payment.Free || !q.Total.IsZero() {
					t.Fatalf("payment %+v, want free and zero", q)
				}
				m := e.Mails()
				if len(m) != 1 || m[0].Kind != "application_complete" || m[0].To != "hong@example.com" || m[0].Data["ExamNumber"] != c.applID {
					t.Fatalf("mails %+v", m)
				}
			} else if paid || len(e.Mails()) != 0 {
				t.Fatalf("paid round recorded a payment %v or mailed %v", paid, e.Mails())
			}
		})
	}
	t.Run("items failure", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, state(application.FileSave), testRound())
		e.Fail("items")
		if _, err := e.s.Submit(ctx, owner, applNo, submission.SubmitRequest{Consents: allConsents()}); !errors.Is(err, errBoom) {
			t.Fatalf("error %v", err)
		}
	})
}

// A free submission mails in the caller's locale.
func TestSubmitFreeMailsInCallersLocale(t *testing.T) {
	t.Parallel()
	e := newEnv(t, state(application.FileSave), freeRound())
	e.AddDoc(t, "k1", "00001", 0, "jpg", jpgBody)
	e.AddDoc(t, "k2", "00002", 0, "pdf", pdfBody)
	if _, err := e.s.Submit(context.Background(), owner, applNo, submission.SubmitRequest{Consents: allConsents(), Locale: "en"}); err != nil {
		t.Fatal(err)
	}
	m := e.Mails()
	if len(m) != 1 || m[0].Locale != "en" || m[0].Data["School"] != "Korea Graduate School" || m[0].Data["Round"] != "2026 Spring" {
		t.Fatalf("mails %+v", m)
	}
}

// recordsAt answers the stored header as the record, so a test sees the
// state after the submission's transaction.
type recordsAt struct{ e env }

func (r recordsAt) Get(ctx context.Context, _ permission.Principal, n int64) (application.Record, error) {
	h, err := memstore.Applications{Store: r.e.St}.Get(ctx, n)
	return application.Record{Header: h}, err
}

// Submitting is one core call: it answers the record after the change.
func TestSubmitAnswersTheRecord(t *testing.T) {
	t.Parallel()
	e := newEnv(t, state(application.FileSave), freeRound())
	e.s.Records = recordsAt{e}
	e.AddDoc(t, "k1", "00001", 0, "jpg", jpgBody)
	e.AddDoc(t, "k2", "00002", 0, "pdf", pdfBody)
	out, err := e.s.Submit(context.Background(), owner, applNo, submission.SubmitRequest{Consents: allConsents()})
	if err != nil || out.Record.ApplNo != applNo || out.Record.State.Status != application.Complete || out.Record.ApplID == "" {
		t.Fatalf("record %+v %v", out.Record, err)
	}
}

func TestCompleteExamNumber(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name   string
		rule   string
		part   application.Part
		before int // numbers already given in the round
		kind   apperr.Kind
		code   string
		want   string
	}{
		{name: "year, padded round, major, padded sequence", rule: "{YYYY}{ROUND:2}-{MAJOR}-{SEQ:4}", want: "202602-CS-0001"},
		{name: "two-digit year and category", rule: "{YY}{CATEGORY}{SEQ:3}", before: 41, want: "26GEN042"},
		{name: "round as is, literal prefix", rule: "A{ROUND}_{SEQ:1}", before: 8, want: "A2_9"},
		{name: "sequence wider than needed", rule: "{SEQ:9}", before: 122, want: "000000123"},
		{name: "sequence past the width", rule: "X{SEQ:1}", before: 9, kind: apperr.KindConflict, code: examno.CodeSeqOverflow},
		{name: "unknown token", rule: "{FOO}{SEQ:2}", kind: apperr.KindInvalid, code: examno.CodeTokenUnknown},
		{name: "no sequence", rule: "{YYYY}", kind: apperr.KindInvalid, code: examno.CodeSeqCount},
		{name: "empty rule", rule: "", kind: apperr.KindInvalid, code: examno.CodeTemplateEmpty},
		{name: "major missing", rule: "{MAJOR}{SEQ:3}", part: application.Part{ApplPartNo: 7}, kind: apperr.KindInvalid, code: examno.CodeValueMissing},
		{name: "category with characters a number may not hold", rule: "{CATEGORY}{SEQ:3}", part: application.Part{ApplPartNo: 7, MajorCode: "CS", CategoryCode: "G N"}, kind: apperr.KindInvalid, code: examno.CodeValueCharacters},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.Submit), testRound())
			e.St.SetRule(roundKey, c.rule)
			if c.part.ApplPartNo != 0 {
				e.Seed(e.Header(), c.part)
			}
			e.SetSeq(t, c.before)
			h, err := e.s.Complete(ctx, applNo, application.ByPayment, "")
			wantErr(t, err, c.kind, c.code)
			got := e.Header()
			if err != nil {
				// Nothing changes and the number is not used up.
				if got.State != state(application.Submit) || got.ApplID != "" || e.Seq() != c.before || len(e.Mails()) != 0 {
					t.Fatalf("refused completion left %+v seq %d mails %v", got, e.Seq(), e.Mails())
				}
				return
			}
			if h.ApplID != c.want || got.ApplID != c.want || h.State != state(application.Complete) || got.State != state(application.Complete) {
				t.Fatalf("completed %+v stored %+v, want number %s", h, got, c.want)
			}
		})
	}
}

func TestCompleteTransitions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name string
		st   application.State
		by   application.Actor
		kind apperr.Kind
		code string
		want application.State
	}{
		{name: "submitted, by payment", st: state(application.Submit), by: application.ByPayment, want: state(application.Complete)},
		{name: "virtual account, by payment", st: state(application.VbankIssue), by: application.ByPayment, want: state(application.Complete)},
		{name: "manual payment by a system admin", st: state(application.Submit), by: application.BySysAdmin, want: state(application.Complete)},
		{name: "under review", st: application.State{Status: application.Cancel, ReviewStatus: application.Submit, Reviewing: true}, by: application.ByPayment,
			want: application.State{Status: application.Cancel, ReviewStatus: application.Complete, Reviewing: true}},
		{name: "the applicant cannot complete", st: state(application.Submit), by: application.ByApplicant, kind: apperr.KindForbidden, code: application.CodeActorNotAllowed, want: state(application.Submit)},
		{name: "not submitted", st: state(application.FileSave), by: application.ByPayment, kind: apperr.KindConflict, code: application.CodeBadTransition, want: state(application.FileSave)},
		{name: "twice", st: state(application.Complete), by: application.ByPayment, kind: apperr.KindConflict, code: application.CodeBadTransition, want: state(application.Complete)},
		{name: "cancelled", st: state(application.Cancel), by: application.BySysAdmin, kind: apperr.KindConflict, code: application.CodeBadTransition, want: state(application.Cancel)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, c.st, testRound())
			_, err := e.s.Complete(ctx, applNo, c.by, "")
			wantErr(t, err, c.kind, c.code)
			if got := e.Header().State; got != c.want {
				t.Fatalf("state %+v, want %+v", got, c.want)
			}
			if mailed := len(e.Mails()) == 1; mailed != (err == nil) {
				t.Fatalf("mails %v after error %v", e.Mails(), err)
			}
		})
	}
	t.Run("unknown application", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, state(application.Submit), testRound())
		_, err := e.s.Complete(ctx, 999, application.ByPayment, "")
		wantErr(t, err, apperr.KindNotFound, application.CodeNotFound)
	})
}

// Completions of one round take successive numbers; a failed one does not
// leave a gap.
func TestCompleteNumbersInOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := newEnv(t, state(application.Submit), testRound())
	for n := int64(applNo + 1); n <= applNo+3; n++ {
		e.Seed(application.Header{ApplNo: n, UserID: "u1", Round: roundKey, State: state(application.Submit)}, application.Part{ApplPartNo: 8, MajorCode: "EE"})
	}
	var got []string
	for n := int64(applNo); n <= applNo+3; n++ {
		if n == applNo+2 {
			e.Fail("queue")
			if _, err := e.s.Complete(ctx, n, application.ByPayment, ""); !errors.Is(err, errBoom) {
				t.Fatalf("error %v", err)
			}
			e.FailWith("queue", nil)
		}
		h, err := e.s.Complete(ctx, n, application.ByPayment, "")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, h.ApplID)
	}
	want := "202602-CS-0001 202602-EE-0002 202602-EE-0003 202602-EE-0004"
	if strings.Join(got, " ") != want {
		t.Fatalf("numbers %v, want %s", got, want)
	}
}

func TestCompleteMail(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name, locale, stored string
		want                 string
		school, round        string
	}{
		{"caller's en", "en", "ko", "en", "Korea Graduate School", "2026 Spring"},
		{"caller's ko over stored en", "ko", "en", "ko", "한국대학원", "2026 전기"},
		{"stored en", "", "en", "en", "Korea Graduate School", "2026 Spring"},
		{"unknown caller's locale falls to stored", "fr", "en", "en", "Korea Graduate School", "2026 Spring"},
		{"nothing known is ko", "", "", "ko", "한국대학원", "2026 전기"},
		{"unknown stored locale is ko", "", "ja", "ko", "한국대학원", "2026 전기"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.Submit), testRound())
			e.SetLocale(t, c.stored)
			h, err := e.s.Complete(ctx, applNo, application.BySysAdmin, c.locale)
			if err != nil {
				t.Fatal(err)
			}
			m := e.Mails()
			if len(m) != 1 {
				t.Fatalf("mails %+v", m)
			}
			if m[0].Kind != "application_complete" || m[0].Locale != c.want || m[0].To != "hong@example.com" ||
				m[0].Data["School"] != c.school || m[0].Data["Round"] != c.round || m[0].Data["ExamNumber"] != h.ApplID {
				t.Fatalf("mail %+v, want %s %s %s", m[0], c.want, c.school, c.round)
			}
		})
	}
}

func TestCompletePortFailures(t *testing.T) {
	t.Parallel()
	for _, op := range []string{"get", "round", "lock", "rule", "part", "next", "assign", "setstate", "contact", "queue"} {
		t.Run(op, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.Submit), testRound())
			e.Fail(op)
			if _, err := e.s.Complete(context.Background(), applNo, application.ByPayment, ""); !errors.Is(err, errBoom) {
				t.Fatalf("error %v, want the port's", err)
			}
			if h := e.Header(); h.State != state(application.Submit) || h.ApplID != "" || e.Seq() != 0 {
				t.Fatalf("failed completion left %+v seq %d", h, e.Seq())
			}
		})
	}
}

func TestLookupValidation(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		email   string
		captcha bool
		fields  []string // field:code
	}{
		{"no at sign", "hong.example.com", true, []string{"email:account.email_format"}},
		{"empty", "  ", true, []string{"email:account.email_format"}},
		{"too long", strings.Repeat("a", 243) + "@example.com", true, []string{"email:account.email_format"}},
		{"captcha not solved", "hong@example.com", false, []string{"altcha:" + submission.CodeCaptcha}},
		{"both", "hong", false, []string{"email:account.email_format", "altcha:" + submission.CodeCaptcha}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.Complete), testRound())
			e.Captcha.OK = c.captcha
			err := e.s.Lookup(context.Background(), c.email, "proof", "10.0.0.1")
			ae, ok := apperr.As(err)
			if !ok || ae.Kind != apperr.KindInvalid || len(ae.Fields) != len(c.fields) {
				t.Fatalf("error %v, want fields %v", err, c.fields)
			}
			for i, f := range ae.Fields {
				if f.Field+":"+f.Code != c.fields[i] {
					t.Fatalf("field %s:%s, want %s", f.Field, f.Code, c.fields[i])
				}
			}
			if len(e.Counters()) != 0 || len(e.Mails()) != 0 {
				t.Fatalf("refused lookup counted %v or mailed %v", e.Counters(), e.Mails())
			}
		})
	}
}

func TestLookupAnswersAlikeAndMailsOnlyCompleted(t *testing.T) {
	t.Parallel()
	done := []submission.Completed{
		{SchoolKorName: "한국대학원", SchoolEngName: "Korea GS", RoundKorName: "전기", RoundEngName: "Spring", ApplID: "202602-CS-0001", Locale: "en"},
		{SchoolKorName: "서울대학원", SchoolEngName: "Seoul GS", RoundKorName: "후기", RoundEngName: "Fall", ApplID: "B-7", Locale: "ko"},
	}
	cases := []struct {
		name   string
		email  string
		stored map[string][]submission.Completed
		locale string // of the one mail; "" = no mail
		first  map[string]any
	}{
		{name: "known address with completed applications", email: "hong@example.com", stored: map[string][]submission.Completed{"hong@example.com": done},
			locale: "en", first: map[string]any{"School": "Korea GS", "Round": "Spring", "ExamNumber": "202602-CS-0001"}},
		{name: "address written in capitals with spaces", email: "  HONG@Example.COM ", stored: map[string][]submission.Completed{"hong@example.com": done[1:]},
			locale: "ko", first: map[string]any{"School": "서울대학원", "Round": "후기", "ExamNumber": "B-7"}},
		{name: "stored locale other than en mails in ko", email: "hong@example.com", stored: map[string][]submission.Completed{"hong@example.com": {{SchoolKorName: "가", SchoolEngName: "A", RoundKorName: "나", RoundEngName: "B", ApplID: "1", Locale: ""}}},
			locale: "ko", first: map[string]any{"School": "가", "Round": "나", "ExamNumber": "1"}},
		{name: "known address without completed applications", email: "hong@example.com", stored: map[string][]submission.Completed{}},
		{name: "unknown address", email: "nobody@example.com", stored: map[string][]submission.Completed{"hong@example.com": done}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.Complete), testRound())
			for email, list := range c.stored {
				e.Completed(t, email, list)
			}
			err := e.s.Lookup(context.Background(), c.email, "proof", "10.0.0.1")
			if err != nil {
				t.Fatalf("answer %v; every address must get the same answer", err)
			}
			m := e.Mails()
			if c.locale == "" {
				if len(m) != 0 {
					t.Fatalf("mailed %+v for an address without completed applications", m)
				}
				return
			}
			if len(m) != 1 || m[0].Kind != "exam_number" || m[0].Locale != c.locale || m[0].To != strings.ToLower(strings.TrimSpace(c.email)) {
				t.Fatalf("mails %+v", m)
			}
			apps, _ := m[0].Data["Applications"].([]any)
			want := len(c.stored[strings.ToLower(strings.TrimSpace(c.email))])
			if len(apps) != want {
				t.Fatalf("applications %v, want %d", apps, want)
			}
			got := apps[0].(map[string]any)
			for k, v := range c.first {
				if got[k] != v {
					t.Fatalf("first application %v, want %v", got, c.first)
				}
			}
		})
	}
}

func TestLookupRateLimits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	limited := func(t *testing.T, err error) {
		t.Helper()
		wantErr(t, err, apperr.KindTooMany, submission.CodeLookupLimited)
		if e, _ := apperr.As(err); e.Params["minutes"] != 60 {
			t.Fatalf("params %v, want minutes 60", e.Params)
		}
	}
	t.Run("per address, from any client", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, state(application.Complete), testRound())
		e.Completed(t, "hong@example.com", []submission.Completed{{ApplID: "X"}})
		for i := range submission.LookupPerAddress {
			if err := e.s.Lookup(ctx, "hong@example.com", "p", "10.0.0."+string(rune('1'+i))); err != nil {
				t.Fatalf("lookup %d: %v", i+1, err)
			}
		}
		limited(t, e.s.Lookup(ctx, " Hong@example.com", "p", "10.9.9.9"))
		if len(e.Mails()) != submission.LookupPerAddress {
			t.Fatalf("%d mails, want %d", len(e.Mails()), submission.LookupPerAddress)
		}
		// Another address is not limited by this one.
		if err := e.s.Lookup(ctx, "kim@example.com", "p", "10.9.9.9"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("per client address, for any e-mail", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, state(application.Complete), testRound())
		for i := range submission.LookupPerIP {
			if err := e.s.Lookup(ctx, "user"+string(rune('a'+i))+"@example.com", "p", "10.0.0.1"); err != nil {
				t.Fatalf("lookup %d: %v", i+1, err)
			}
		}
		limited(t, e.s.Lookup(ctx, "other@example.com", "p", "10.0.0.1"))
		if err := e.s.Lookup(ctx, "other@example.com", "p", "10.0.0.2"); err != nil {
			t.Fatal(err)
		}
	})
	for _, op := range []string{"incr", "completed", "queue"} {
		t.Run(op+" failure", func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.Complete), testRound())
			e.Completed(t, "hong@example.com", []submission.Completed{{ApplID: "X"}})
			e.Fail(op)
			if err := e.s.Lookup(ctx, "hong@example.com", "p", "10.0.0.1"); !errors.Is(err, errBoom) {
				t.Fatalf("error %v, want the port's", err)
			}
		})
	}
}

// Another request (another tab) changes the application between the
// checks and the lock: the locked state decides, and nothing is recorded.
func TestChangedMeanwhile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	to := func(st application.State) func(*memstore.Store) {
		return func(s *memstore.Store) { memtest.SetState(s, applNo, st) }
	}
	cases := []struct {
		name string
		op   func(s *submission.Service) error
		race func(*memstore.Store)
		fail string // an injected failure instead of a race
		kind apperr.Kind
		code string
		want application.State
	}{
		{name: "submit, submitted meanwhile", race: to(state(application.Submit)), kind: apperr.KindConflict, code: application.CodeBadTransition, want: state(application.Submit),
			op: func(s *submission.Service) error {
				_, err := s.Submit(ctx, owner, applNo, submission.SubmitRequest{Consents: allConsents()})
				return err
			}},
		{name: "submit, a required document removed meanwhile", race: to(state(application.BasisSave)), kind: apperr.KindConflict, code: application.CodeStepsIncomplete, want: state(application.BasisSave),
			op: func(s *submission.Service) error {
				_, err := s.Submit(ctx, owner, applNo, submission.SubmitRequest{Consents: allConsents()})
				return err
			}},
		// Submit lists the documents once, in the transaction.
		{name: "submit, document list failure in the transaction", fail: "list@1", want: state(application.FileSave),
			op: func(s *submission.Service) error {
				_, err := s.Submit(ctx, owner, applNo, submission.SubmitRequest{Consents: allConsents()})
				return err
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.FileSave), testRound())
			e.AddDoc(t, "k00001", "00001", 0, "jpg", jpgBody)
			e.AddDoc(t, "k00002", "00002", 0, "pdf", pdfBody)
			if c.race != nil {
				e.BeforeUpdate(c.race)
			}
			if c.fail != "" {
				e.Fail(c.fail)
			}
			err := c.op(e.s)
			if c.fail != "" {
				if !errors.Is(err, errBoom) {
					t.Fatalf("error %v, want the port's", err)
				}
			} else {
				wantErr(t, err, c.kind, c.code)
			}
			if got := e.Header().State; got != c.want {
				t.Fatalf("state %+v, want %+v", got, c.want)
			}
			if len(e.DocList(applNo)) != 2 || e.FileCount() != 2 || len(e.Accepted(applNo)) != 0 || e.Saved(applNo) {
				t.Fatalf("refused change recorded: documents %d files %d consents %v saved %v", len(e.DocList(applNo)), e.FileCount(), e.Accepted(applNo), e.Saved(applNo))
			}
		})
	}
}
