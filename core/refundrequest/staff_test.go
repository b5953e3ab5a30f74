package refundrequest_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/refundrequest"
)

var errDown = errors.New("store down")

// Every staff call answers 401 to nobody and 403 to applicants and to staff
// who may not refund; every applicant call answers 401 to nobody and 403
// to staff. Nothing is audited or mailed for a refused caller.
func TestWhoMayCallWhat(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.application(t, "hong", payment.Card)
	r, err := e.svc.Ask(ctx, owner, n, refundrequest.AskInput{Reason: "사정이 생겼습니다"})
	if err != nil {
		t.Fatal(err)
	}
	logged := len(e.st.Logged())
	staffCalls := map[string]func(p permission.Principal) error{
		"list": func(p permission.Principal) error { _, _, err := e.svc.List(ctx, p, refundrequest.Query{}); return err },
		"open": func(p permission.Principal) error { _, err := e.svc.Open(ctx, p, r.ID()); return err },
		"deny": func(p permission.Principal) error {
			_, err := e.svc.Deny(ctx, p, r.ID(), "안 됩니다", "")
			return err
		},
		"rules": func(p permission.Principal) error { _, err := e.svc.Rules(ctx, p); return err },
		"put rule": func(p permission.Principal) error {
			_, err := e.svc.PutRule(ctx, p, "236", "규정", "Rule")
			return err
		},
		"approve": func(p permission.Principal) error {
			_, err := e.svc.Approve(ctx, p, r.ID(), refundrequest.ApproveInput{Type: "00001", Reason: "r"})
			return err
		},
	}
	for name, call := range staffCalls {
		if err := call(permission.Principal{}); apperr.KindOf(err) != apperr.KindUnauthenticated {
			t.Errorf("%s by nobody: %v, want 401", name, err)
		}
		for _, p := range []permission.Principal{owner, school, settle} {
			if err := call(p); apperr.KindOf(err) != apperr.KindForbidden {
				t.Errorf("%s by %s: %v, want 403", name, p.UserID, err)
			}
		}
	}
	applicantCalls := map[string]func(p permission.Principal) error{
		"mine":     func(p permission.Principal) error { _, err := e.svc.Mine(ctx, p); return err },
		"mine one": func(p permission.Principal) error { _, err := e.svc.MineOne(ctx, p, r.ID()); return err },
		"form":     func(p permission.Principal) error { _, err := e.svc.Form(ctx, p, n); return err },
	}
	for name, call := range applicantCalls {
		if err := call(permission.Principal{}); apperr.KindOf(err) != apperr.KindUnauthenticated {
			t.Errorf("%s by nobody: %v, want 401", name, err)
		}
		if err := call(sys); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s by staff: %v, want 403", name, err)
		}
	}
	if len(e.st.Logged()) != logged || len(e.st.Jobs()) != 0 {
		t.Fatalf("refused callers left traces: %v %v", e.st.Logged()[logged:], e.st.Jobs())
	}
	if got, _ := e.svc.MineOne(ctx, owner, r.ID()); got.State() != refundrequest.Pending {
		t.Fatalf("a refused caller changed it: %s", got.State())
	}
	if _, err := e.svc.MineOne(ctx, owner, 999); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("missing request: %v", err)
	}
	if mine, err := e.svc.Mine(ctx, owner); err != nil || len(mine) != 1 || mine[0].ID() != r.ID() {
		t.Fatalf("mine %v %v", mine, err)
	}
}

// The form of an application that is not paid is a conflict; one that is
// paid shows no open request until one is asked.
func TestFormOfUnpaidAndUnaskedApplications(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	unpaid := e.application(t, "hong", "")
	if _, err := e.svc.Form(ctx, owner, unpaid); apperr.KindOf(err) != apperr.KindConflict || apperr.CodeOf(err) != refundrequest.CodeNotPaid {
		t.Fatalf("unpaid form: %v", err)
	}
	n := e.application(t, "hong", payment.Vbank)
	f, err := e.svc.Form(ctx, owner, n)
	if err != nil || f.Open() != nil || len(f.Requests) != 0 || !f.Paid.NeedsAccount() || f.Paid.Paid != money.Won(80000) {
		t.Fatalf("form %+v %v", f, err)
	}
	if f.Rule.Ko != "" || f.Rule.En != "" {
		t.Fatalf("a rule without one set: %+v", f.Rule)
	}
}

// A request without a refund account is read without an access-log line
// (nothing personal to log); staff read a request of a payment that is
// gone with what is known. The denial records who decided and when.
func TestOpenAndDenyRecords(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.application(t, "kim", payment.Card)
	r, err := e.svc.Ask(ctx, other, n, refundrequest.AskInput{Reason: "개인 사정"})
	if err != nil {
		t.Fatal(err)
	}
	it, err := e.svc.Open(ctx, sys, r.ID())
	if err != nil || it.Account() != nil || it.Remaining != money.Won(80000) || it.AppStatus != application.PartSave || it.Round != round {
		t.Fatalf("open %+v %v", it, err)
	}
	if e.st.LoggedCount("refund_request.read") != 0 {
		t.Fatalf("a read without an account logged: %v", e.st.Logged())
	}
	if _, err := e.svc.Open(ctx, sys, 999); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("missing request: %v", err)
	}
	if _, err := e.svc.Deny(ctx, sys, 999, "사유", ""); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("deny a missing request: %v", err)
	}
	d, err := e.svc.Deny(ctx, sys, r.ID(), "  기간이 지났습니다 ", "")
	if err != nil || d.DecidedBy() != "sysadmin" || !d.DecidedAt().Equal(paidAt.Add(72*time.Hour)) || d.Answer() != "기간이 지났습니다" {
		t.Fatalf("deny %+v %v", d.Row(), err)
	}
	if _, err := e.svc.Deny(ctx, sys, r.ID(), "또", ""); apperr.CodeOf(err) != refundrequest.CodeNotPending {
		t.Fatalf("denied twice: %v", err)
	}
	// The payment's record is gone (a store that lost it): staff still
	// see the request, with nothing refunded so far.
	e.svc.Payments = missingPayments{e.pays}
	it, err = e.svc.Open(ctx, sys, r.ID())
	if err != nil || it.RefundedSoFar != money.Won(0) || it.Remaining != money.Won(0) || it.Round != round {
		t.Fatalf("open without the payment %+v %v", it, err)
	}
}

type missingPayments struct{ refundrequest.Payments }

func (missingPayments) Get(context.Context, string) (payment.Attempt, error) {
	return payment.Attempt{}, apperr.NotFound(payment.CodeNotFound)
}

type brokenPayments struct{ refundrequest.Payments }

func (brokenPayments) Get(context.Context, string) (payment.Attempt, error) {
	return payment.Attempt{}, errDown
}

// withdrawn stands for an applicant whose account or application is gone,
// or whose contact data cannot be read.
type withdrawn struct {
	refundrequest.Applications
	appGone, appBroken bool
}

func (w withdrawn) Get(ctx context.Context, applNo int64) (application.Header, error) {
	switch {
	case w.appGone:
		return application.Header{}, apperr.NotFound(application.CodeNotFound)
	case w.appBroken:
		return application.Header{}, errDown
	}
	return w.Applications.Get(ctx, applNo)
}

type contactsAs struct {
	locale string
	err    error
}

func (c contactsAs) Recipient(_ context.Context, userID string) (port.Recipient, error) {
	return port.Recipient{Email: userID + "@example.com", Locale: c.locale}, c.err
}

type noRounds struct{}

func (noRounds) Round(context.Context, application.RoundKey) (application.Round, error) {
	return application.Round{}, errDown
}

// The answer is mailed in the applicant's stored language (Korean unless
// English); an applicant who withdrew (no account, no application) is not
// mailed but still answered; a mail that cannot be built for another reason
// undoes the answer, so it is never given unmailed.
func TestDenialMail(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		setup    func(e *env)
		answered bool
		mailed   string // the locale, "" for no mail
	}{
		{"stored locale en", func(e *env) { e.svc.Recipients = contactsAs{locale: "en"} }, true, "en"},
		{"any other locale is Korean", func(e *env) { e.svc.Recipients = contactsAs{locale: "ja"} }, true, "ko"},
		{"account withdrawn", func(e *env) { e.svc.Recipients = contactsAs{err: apperr.NotFound("user.not_found")} }, true, ""},
		{"application gone", func(e *env) { e.svc.Apps = withdrawn{Applications: e.svc.Apps, appGone: true} }, true, ""},
		{"contacts unreadable", func(e *env) { e.svc.Recipients = contactsAs{err: errDown} }, false, ""},
		{"application unreadable", func(e *env) { e.svc.Apps = withdrawn{Applications: e.svc.Apps, appBroken: true} }, false, ""},
		{"round unreadable", func(e *env) { e.svc.Rounds = noRounds{} }, false, ""},
	} {
		e := newEnv(t)
		ctx := context.Background()
		n := e.application(t, "kim", payment.Card)
		r, err := e.svc.Ask(ctx, other, n, refundrequest.AskInput{Reason: "개인 사정"})
		if err != nil {
			t.Fatal(err)
		}
		tc.setup(e)
		_, err = e.svc.Deny(ctx, sys, r.ID(), "마감되었습니다", "")
		if (err == nil) != tc.answered || !tc.answered && !errors.Is(err, errDown) {
			t.Errorf("%s: %v", tc.name, err)
		}
		got, _ := e.svc.MineOne(ctx, other, r.ID())
		if denied := got.State() == refundrequest.Denied; denied != tc.answered {
			t.Errorf("%s: state %s", tc.name, got.State())
		}
		if a := e.st.LoggedCount("refund_request.deny"); a != map[bool]int{true: 1}[tc.answered] {
			t.Errorf("%s: %d audit lines", tc.name, a)
		}
		mails := e.st.MailsOfKind("refund_request_denied")
		switch {
		case tc.mailed == "" && len(mails) != 0:
			t.Errorf("%s: mailed %+v", tc.name, mails)
		case tc.mailed != "" && (len(mails) != 1 || mails[0].Locale != tc.mailed || mails[0].To != "kim@example.com"):
			t.Errorf("%s: mails %+v, want one in %s", tc.name, mails, tc.mailed)
		}
	}
}

type brokenRequests struct {
	refundrequest.Store
	refundrequest.RuleStore
	list, get, rules, rule, put bool
}

func (b brokenRequests) List(ctx context.Context, q refundrequest.Query) ([]refundrequest.Request, int, error) {
	if b.list {
		return nil, 0, errDown
	}
	return b.Store.List(ctx, q)
}

func (b brokenRequests) Get(ctx context.Context, id int64) (refundrequest.Request, error) {
	if b.get {
		return refundrequest.Request{}, errDown
	}
	return b.Store.Get(ctx, id)
}

func (b brokenRequests) Rules(ctx context.Context) ([]refundrequest.Rule, error) {
	if b.rules {
		return nil, errDown
	}
	return b.RuleStore.Rules(ctx)
}

func (b brokenRequests) Rule(ctx context.Context, school string) (refundrequest.Rule, bool, error) {
	if b.rule {
		return refundrequest.Rule{}, false, errDown
	}
	return b.RuleStore.Rule(ctx, school)
}

func (b brokenRequests) PutRule(ctx context.Context, r refundrequest.Rule) error {
	if b.put {
		return errDown
	}
	return b.RuleStore.PutRule(ctx, r)
}

type brokenSchools struct{}

func (brokenSchools) Schools(context.Context) ([]application.School, error) { return nil, errDown }

type brokenLog struct{}

func (brokenLog) Record(context.Context, string, string, string, map[string]any) error {
	return errDown
}

// A store that fails fails the call: staff never see a partial list, a
// rule text is not changed unaudited, a list or read that cannot be logged
// is not shown.
func TestStoreFailures(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	acct := &payment.RefundAccount{Bank: "088", Holder: "Hong Gildong", AccountNo: "110-123-456789"}
	for _, tc := range []struct {
		name string
		set  func(e *env, reqs refundrequest.Store, texts refundrequest.RuleStore)
		call func(e *env, id, applNo int64) error
	}{
		{"list", func(e *env, s refundrequest.Store, x refundrequest.RuleStore) {
			e.svc.Store = brokenRequests{Store: s, RuleStore: x, list: true}
		}, func(e *env, _, _ int64) error { _, _, err := e.svc.List(ctx, sys, refundrequest.Query{}); return err }},
		{"list unlogged", func(e *env, _ refundrequest.Store, _ refundrequest.RuleStore) { e.svc.Log = brokenLog{} },
			func(e *env, _, _ int64) error { _, _, err := e.svc.List(ctx, sys, refundrequest.Query{}); return err }},
		{"list without the application", func(e *env, _ refundrequest.Store, _ refundrequest.RuleStore) {
			e.svc.Apps = withdrawn{Applications: e.svc.Apps, appBroken: true}
		}, func(e *env, _, _ int64) error { _, _, err := e.svc.List(ctx, sys, refundrequest.Query{}); return err }},
		{"list without the payment", func(e *env, _ refundrequest.Store, _ refundrequest.RuleStore) {
			e.svc.Payments = brokenPayments{e.pays}
		}, func(e *env, _, _ int64) error { _, _, err := e.svc.List(ctx, sys, refundrequest.Query{}); return err }},
		{"open", func(e *env, s refundrequest.Store, x refundrequest.RuleStore) {
			e.svc.Store = brokenRequests{Store: s, RuleStore: x, get: true}
		}, func(e *env, id, _ int64) error { _, err := e.svc.Open(ctx, sys, id); return err }},
		{"open unlogged", func(e *env, _ refundrequest.Store, _ refundrequest.RuleStore) { e.svc.Log = brokenLog{} },
			func(e *env, id, _ int64) error { _, err := e.svc.Open(ctx, sys, id); return err }},
		{"mine", func(e *env, s refundrequest.Store, x refundrequest.RuleStore) {
			e.svc.Store = brokenRequests{Store: s, RuleStore: x, list: true}
		}, func(e *env, _, _ int64) error { _, err := e.svc.Mine(ctx, owner); return err }},
		{"mine one", func(e *env, s refundrequest.Store, x refundrequest.RuleStore) {
			e.svc.Store = brokenRequests{Store: s, RuleStore: x, get: true}
		}, func(e *env, id, _ int64) error { _, err := e.svc.MineOne(ctx, owner, id); return err }},
		{"form's requests", func(e *env, s refundrequest.Store, x refundrequest.RuleStore) {
			e.svc.Store = brokenRequests{Store: s, RuleStore: x, list: true}
		}, func(e *env, _, n int64) error { _, err := e.svc.Form(ctx, owner, n); return err }},
		{"form's rule", func(e *env, s refundrequest.Store, x refundrequest.RuleStore) {
			e.svc.Texts = brokenRequests{Store: s, RuleStore: x, rule: true}
		}, func(e *env, _, n int64) error { _, err := e.svc.Form(ctx, owner, n); return err }},
		{"form's round", func(e *env, _ refundrequest.Store, _ refundrequest.RuleStore) { e.svc.Rounds = noRounds{} },
			func(e *env, _, n int64) error { _, err := e.svc.Form(ctx, owner, n); return err }},
		{"form's application", func(e *env, _ refundrequest.Store, _ refundrequest.RuleStore) {
			e.svc.Apps = withdrawn{Applications: e.svc.Apps, appBroken: true}
		}, func(e *env, _, n int64) error { _, err := e.svc.Form(ctx, owner, n); return err }},
		{"rules' schools", func(e *env, _ refundrequest.Store, _ refundrequest.RuleStore) { e.svc.Schools = brokenSchools{} },
			func(e *env, _, _ int64) error { _, err := e.svc.Rules(ctx, sys); return err }},
		{"rules' texts", func(e *env, s refundrequest.Store, x refundrequest.RuleStore) {
			e.svc.Texts = brokenRequests{Store: s, RuleStore: x, rules: true}
		}, func(e *env, _, _ int64) error { _, err := e.svc.Rules(ctx, sys); return err }},
		{"put rule's schools", func(e *env, _ refundrequest.Store, _ refundrequest.RuleStore) { e.svc.Schools = brokenSchools{} },
			func(e *env, _, _ int64) error { _, err := e.svc.PutRule(ctx, sys, "236", "규정", ""); return err }},
		{"put rule's old text", func(e *env, s refundrequest.Store, x refundrequest.RuleStore) {
			e.svc.Texts = brokenRequests{Store: s, RuleStore: x, rule: true}
		}, func(e *env, _, _ int64) error { _, err := e.svc.PutRule(ctx, sys, "236", "규정", ""); return err }},
		{"put rule's write", func(e *env, s refundrequest.Store, x refundrequest.RuleStore) {
			e.svc.Texts = brokenRequests{Store: s, RuleStore: x, put: true}
		}, func(e *env, _, _ int64) error { _, err := e.svc.PutRule(ctx, sys, "236", "규정", ""); return err }},
		{"put rule unaudited", func(e *env, _ refundrequest.Store, _ refundrequest.RuleStore) { e.svc.Log = brokenLog{} },
			func(e *env, _, _ int64) error { _, err := e.svc.PutRule(ctx, sys, "236", "규정", ""); return err }},
		{"ask unaudited", func(e *env, _ refundrequest.Store, _ refundrequest.RuleStore) { e.svc.Log = brokenLog{} },
			func(e *env, _, n int64) error {
				_, err := e.svc.Ask(ctx, owner, n, refundrequest.AskInput{Reason: "두 번째", Account: acct})
				return err
			}},
	} {
		e := newEnv(t)
		n := e.application(t, "hong", payment.Vbank)
		r, err := e.svc.Ask(ctx, owner, n, refundrequest.AskInput{Reason: "사정", Account: acct})
		if err != nil {
			t.Fatal(err)
		}
		if tc.name == "ask unaudited" {
			if _, err := e.svc.Deny(ctx, sys, r.ID(), "안 됩니다", ""); err != nil {
				t.Fatal(err)
			}
		}
		reqs := e.svc.Store
		tc.set(e, reqs, e.svc.Texts)
		if err := tc.call(e, r.ID(), n); !errors.Is(err, errDown) {
			t.Errorf("%s: %v, want the store's error", tc.name, err)
		}
		if rules, _ := (memstore.RefundRequests{Store: e.st}).Rules(ctx); len(rules) != 0 {
			t.Errorf("%s: a rule text was stored: %+v", tc.name, rules)
		}
		if mine, _, _ := reqs.List(ctx, refundrequest.Query{UserID: "hong"}); tc.name == "ask unaudited" && len(mine) != 1 {
			t.Errorf("ask unaudited: a request was stored without its audit line (%d)", len(mine))
		}
	}
}

// A paid or (partly) refunded attempt has a payment to ask about; one never
// paid has none.
func TestPaidOf(t *testing.T) {
	t.Parallel()
	q, _ := payment.NewQuote(payment.Card, money.Won(80000), payment.DefaultPayPalFee)
	att, err := payment.NewAttempt("ga1", 1, "hong", "236", payment.ProviderTest, q, "ko", paidAt)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := refundrequest.PaidOf(att); ok {
		t.Fatal("an unpaid attempt is paid")
	}
	if _, err := att.Apply(payment.Event{Kind: payment.EvPaid, Amount: q.Total, PaidAt: paidAt}, paidAt); err != nil {
		t.Fatal(err)
	}
	p, ok := refundrequest.PaidOf(att)
	if !ok || p.PaymentID != "ga1" || p.ApplNo != 1 || p.Paid != money.Won(80000) || !p.PaidAt.Equal(paidAt) || p.NeedsAccount() {
		t.Fatalf("paid %+v %v", p, ok)
	}
}

// Without an access log (a test wiring) the staff calls still work.
func TestWithoutALog(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.svc.Log = nil
	ctx := context.Background()
	n := e.application(t, "hong", payment.Card)
	r, err := e.svc.Ask(ctx, owner, n, refundrequest.AskInput{Reason: "사정"})
	if err != nil {
		t.Fatal(err)
	}
	if l, total, err := e.svc.List(ctx, sys, refundrequest.Query{}); err != nil || total != 1 || l[0].ID() != r.ID() {
		t.Fatalf("list %v %d %v", l, total, err)
	}
	if _, err := e.svc.PutRule(ctx, sys, "236", "규정", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Deny(ctx, sys, r.ID(), "안 됩니다", ""); err != nil {
		t.Fatal(err)
	}
	if len(e.st.Logged()) != 0 {
		t.Fatalf("logged %v", e.st.Logged())
	}
}
