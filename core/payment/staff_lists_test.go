package payment_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// twoSchools is a staff env where school S01's application paid by card
// and had a partial refund and a declined attempt, and school S02's
// application paid by a manual transfer and had a refused event.
type twoSchools struct {
	*staffEnv
	paidS01, declinedS01, paidS02 string
	applS02                       int64
}

func newTwoSchools(t *testing.T) *twoSchools {
	t.Helper()
	e := newStaffEnv(t)
	ctx := context.Background()
	declined := e.start(t, payment.Card)
	e.gw.set(declined.PaymentID, payment.RemoteFailed, money.Money{}, nil)
	if _, err := e.svc.Confirm(ctx, e.owner, declined.PaymentID, payment.Return{Code: "PG_DECLINED"}); err != nil {
		t.Fatal(err)
	}
	co := e.paid(t)
	if _, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00003", Amount: "30000", Reason: "일부"}); err != nil {
		t.Fatal(err)
	}
	// School S02: an application of lee, paid by transfer.
	k2 := application.RoundKey{SchoolCode: "S02", EnterYear: 2027, RecruitPartSeq: 1}
	e.st.SetRule(k2, "Q{SEQ:4}")
	steps, _ := application.NewSteps()
	a, _ := application.NewApplication("lee", k2, e.clock.Now())
	n, err := e.apps.Create(ctx, application.Creation{App: a, Part: application.Part{MajorCode: "M2"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.apps.Update(ctx, n, func(_ context.Context, a *application.Application) error { return a.Submit(steps, e.clock.Now()) }); err != nil {
		t.Fatal(err)
	}
	e.recs.applNos = append(e.recs.applNos, n)
	m, err := e.staff.ManualPay(ctx, sysAdmin, n, payment.ManualInput{Method: "transfer", Reason: "입금", Evidence: "NH #7"})
	if err != nil {
		t.Fatal(err)
	}
	// A forged webhook naming nothing of ours: the system admin's alone.
	if err := e.webhook("wh-forged", "", payment.NoticePaid, "forged"); apperr.CodeOf(err) != payment.CodeBadSignature {
		t.Fatalf("forged: %v", err)
	}
	return &twoSchools{staffEnv: e, paidS01: co.PaymentID, declinedS01: declined.PaymentID, paidS02: m.PaymentID(), applS02: n}
}

func ids(rows []payment.AttemptRow) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.PaymentID())
	}
	slices.Sort(out)
	return out
}

// A school admin sees only its own school in every staff list, whatever
// school it asks for; a system admin and settlement staff see all.
func TestStaffListsAreScopedToTheSchool(t *testing.T) {
	t.Parallel()
	e := newTwoSchools(t)
	ctx := context.Background()
	s01 := []string{e.declinedS01, e.paidS01}
	slices.Sort(s01)
	all := append(slices.Clone(s01), e.paidS02)
	slices.Sort(all)
	cases := []struct {
		name     string
		p        permission.Principal
		ask      string
		attempts []string
		cancels  int
		failures int // records: the declined attempt; the forged webhook only for "every school"
	}{
		{"system admin, every school", sysAdmin, "", all, 1, 2},
		{"system admin asks S02", sysAdmin, "S02", []string{e.paidS02}, 0, 0},
		{"settlement staff", settleAdmin, "", all, 1, 2},
		{"school admin of S01", ownAdmin, "", s01, 1, 1},
		{"school admin of S01 asks for S02", ownAdmin, "S02", s01, 1, 1},
		{"school admin of S02", otherAdmin, "S01", []string{e.paidS02}, 0, 0},
	}
	// Reading applicants' payments is logged with the school read.
	if _, _, err := e.staff.Attempts(ctx, ownAdmin, payment.AttemptQuery{School: "S02"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.staff.CancelHistory(ctx, ownAdmin, payment.CancelQuery{}); err != nil {
		t.Fatal(err)
	}
	if l := e.logged(); !slices.Contains(l, "sa payment.list S01") || !slices.Contains(l, "sa payment.cancel_history S01") {
		t.Fatalf("the lists' reads are not logged: %v", l)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rows, total, err := e.staff.Attempts(ctx, c.p, payment.AttemptQuery{School: c.ask})
			if err != nil || total != len(c.attempts) || !slices.Equal(ids(rows), c.attempts) {
				t.Fatalf("attempts %v (%d) %v, want %v", ids(rows), total, err, c.attempts)
			}
			cancels, n, err := e.staff.CancelHistory(ctx, c.p, payment.CancelQuery{School: c.ask})
			if err != nil || n != c.cancels || len(cancels) != c.cancels {
				t.Fatalf("cancels %+v %v", cancels, err)
			}
			fails, n, err := e.staff.FailureHistory(ctx, c.p, payment.FailureQuery{School: c.ask})
			if err != nil || n != c.failures {
				t.Fatalf("failures %+v %v", fails, err)
			}
		})
	}
	for _, p := range []permission.Principal{e.owner, {}} {
		_, _, err := e.staff.Attempts(ctx, p, payment.AttemptQuery{})
		wantErr(t, err, apperr.KindForbidden, "auth.forbidden")
		_, _, err = e.staff.CancelHistory(ctx, p, payment.CancelQuery{})
		wantErr(t, err, apperr.KindForbidden, "auth.forbidden")
		_, _, err = e.staff.FailureHistory(ctx, p, payment.FailureQuery{})
		wantErr(t, err, apperr.KindForbidden, "auth.forbidden")
		_, err = e.staff.AttemptInfo(ctx, p, e.paidS01)
		wantErr(t, err, apperr.KindForbidden, "auth.forbidden")
	}
}

// Pay/info of one attempt: the attempt with its application, the
// application's other attempts, the history and the cancellations; another
// school's is not found.
func TestAttemptInfo(t *testing.T) {
	t.Parallel()
	e := newTwoSchools(t)
	ctx := context.Background()
	info, err := e.staff.AttemptInfo(ctx, ownAdmin, e.paidS01)
	if err != nil {
		t.Fatal(err)
	}
	if info.Attempt.PaymentID() != e.paidS01 || info.Attempt.ApplID != "P0001" || info.Attempt.AppStatus != "COMPLETE" ||
		len(info.Others) != 1 || info.Others[0].PaymentID() != e.declinedS01 || len(info.Cancels) != 1 || info.Cancels[0].Amount != money.Won(30000) {
		t.Fatalf("info %+v", info)
	}
	var history []payment.RecordKind
	for _, r := range info.Records {
		if r.PaymentID == e.paidS01 {
			history = append(history, r.Kind)
		}
	}
	if !slices.Equal(history, []payment.RecordKind{payment.RecStarted, payment.RecChanged, payment.RecCancelled}) {
		t.Fatalf("history %v", history)
	}
	if !slices.Contains(e.logged(), "sa payment.read "+e.paidS01) {
		t.Fatalf("not logged: %v", e.logged())
	}
	for _, p := range []permission.Principal{otherAdmin} {
		_, err := e.staff.AttemptInfo(ctx, p, e.paidS01)
		wantErr(t, err, apperr.KindNotFound, payment.CodeNotFound)
	}
	_, err = e.staff.AttemptInfo(ctx, sysAdmin, "ga1-none")
	wantErr(t, err, apperr.KindNotFound, payment.CodeNotFound)
}

// Pay-check compares each gateway attempt created in the period with the
// provider and lists what differs; it changes nothing.
func TestPayCheckListsTheDifferences(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name   string
		setup  func(t *testing.T, e *staffEnv) string
		kind   payment.DiffKind // "" for none
		ours   money.Money
		theirs money.Money
	}{
		{"in agreement", func(t *testing.T, e *staffEnv) string { return e.paid(t).PaymentID }, "", money.Money{}, money.Money{}},
		{"paid there, not here", func(t *testing.T, e *staffEnv) string {
			co := e.start(t, payment.Card)
			if _, err := e.svc.Confirm(ctx, e.owner, co.PaymentID, payment.Return{Code: "PAY_PROCESS_CANCELED"}); err != nil {
				t.Fatal(err)
			}
			e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
			return co.PaymentID
		}, payment.DiffPaidThere, money.Won(80000), money.Won(80000)},
		{"paid here, not there", func(t *testing.T, e *staffEnv) string {
			co := e.paid(t)
			e.gw.update(co.PaymentID, func(s *payment.Snapshot) { s.Status, s.Paid = payment.RemoteFailed, money.Money{} })
			return co.PaymentID
		}, payment.DiffNotPaidThere, money.Won(80000), money.Money{}},
		{"another amount there", func(t *testing.T, e *staffEnv) string {
			co := e.paid(t)
			e.gw.update(co.PaymentID, func(s *payment.Snapshot) { s.Paid = money.Won(70000) })
			return co.PaymentID
		}, payment.DiffAmount, money.Won(80000), money.Won(70000)},
		{"refunded there, not here", func(t *testing.T, e *staffEnv) string {
			co := e.paid(t)
			e.gw.update(co.PaymentID, func(s *payment.Snapshot) { s.Status, s.Cancelled = payment.RemotePartCanceled, money.Won(30000) })
			return co.PaymentID
		}, payment.DiffRefund, money.Won(0), money.Won(30000)},
		{"stuck in progress", func(t *testing.T, e *staffEnv) string {
			co := e.start(t, payment.Card)
			e.clock.Advance(2 * time.Hour)
			return co.PaymentID
		}, payment.DiffStuck, money.Won(0), money.Money{}},
		{"a virtual account awaiting its deposit is not stuck", func(t *testing.T, e *staffEnv) string {
			co, _ := e.issued(t)
			e.clock.Advance(2 * time.Hour)
			return co.PaymentID
		}, "", money.Money{}, money.Money{}},
		{"the provider is silent", func(t *testing.T, e *staffEnv) string {
			co := e.paid(t)
			e.gw.down = true
			return co.PaymentID
		}, payment.DiffProviderSilent, money.Won(80000), money.Money{}},
		{"manual payments have nobody to ask", func(t *testing.T, e *staffEnv) string {
			e.gw.down = true
			a, err := e.staff.ManualPay(ctx, sysAdmin, e.appl, payment.ManualInput{Method: "transfer", Reason: "입금", Evidence: "KB"})
			if err != nil {
				t.Fatal(err)
			}
			return a.PaymentID()
		}, "", money.Money{}, money.Money{}},
	}
	from, to := time.Date(2026, 11, 1, 0, 0, 0, 0, window.Seoul), time.Date(2026, 12, 1, 0, 0, 0, 0, window.Seoul)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newStaffEnv(t)
			id := c.setup(t, e)
			before := e.attempt(t, id)
			diffs, err := e.staff.PayCheck(ctx, sysAdmin, "S01", from, to)
			if err != nil {
				t.Fatal(err)
			}
			if c.kind == "" {
				if len(diffs) != 0 {
					t.Fatalf("differences %+v", diffs)
				}
				return
			}
			if len(diffs) != 1 {
				t.Fatalf("differences %+v", diffs)
			}
			d := diffs[0]
			if d.Attempt.PaymentID() != id || d.Kind != c.kind || d.Ours != c.ours || d.Theirs != c.theirs {
				t.Fatalf("difference %s ours %v theirs %v, want %s %v %v", d.Kind, d.Ours, d.Theirs, c.kind, c.ours, c.theirs)
			}
			if after := e.attempt(t, id); after.Result() != before.Result() || !after.UpdatedAt().Equal(before.UpdatedAt()) {
				t.Fatal("pay-check changed the attempt")
			}
		})
	}
	e := newStaffEnv(t)
	_, err := e.staff.PayCheck(ctx, ownAdmin, "S01", from, to)
	wantErr(t, err, apperr.KindForbidden, "auth.forbidden")
	_, err = e.staff.PayCheck(ctx, sysAdmin, "S01", to, from)
	wantField(t, err, "from", payment.CodePeriodInvalid)
	// Outside the period nothing is compared.
	e.paid(t)
	e.gw.down = true
	if diffs, err := e.staff.PayCheck(ctx, sysAdmin, "S01", to, to.AddDate(0, 1, 0)); err != nil || len(diffs) != 0 {
		t.Fatalf("next month: %+v %v", diffs, err)
	}
}
