package payment_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// config is a round's payment settings as the school set them.
type config struct {
	set payment.Settings
	err error
}

func (c config) Settings(context.Context, application.RoundKey) (payment.Settings, bool, error) {
	return c.set, c.err == nil, c.err
}

var stranger = permission.Principal{UserID: "kim", Roles: []permission.Role{permission.RoleUser}}

// update changes what the provider reports about a payment.
func (g *remote) update(id string, fn func(s *payment.Snapshot)) {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := g.snaps[id]
	fn(&s)
	g.snaps[id] = s
}

// forget makes the provider not know a payment.
func (g *remote) forget(id string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.snaps, id)
}

// notice delivers a signed webhook from a provider.
func (e *env) notice(prov payment.Provider, n payment.Notice) error {
	body, _ := json.Marshal(n)
	return e.svc.Webhook(context.Background(), prov, payment.Webhook{
		Header: map[string][]string{"Webhook-Signature": {"ok"}}, Body: body})
}

func (e *env) attempt(t *testing.T, id string) payment.Attempt {
	t.Helper()
	a, err := e.pays.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// records answers the application's records (0: those naming none).
func (e *env) records(t *testing.T, applNo int64) []payment.Record {
	t.Helper()
	recs, err := e.pays.Records(context.Background(), applNo)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// paid starts a card payment and has the provider report it paid through
// the browser's return: the application is COMPLETE with P0001.
func (e *env) paid(t *testing.T) payment.Checkout {
	t.Helper()
	co := e.start(t, payment.Card)
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	if a, err := e.svc.Confirm(context.Background(), e.owner, co.PaymentID, payment.Return{}); err != nil || a.Result() != payment.Paid {
		t.Fatalf("pay: %s %v", a.Result(), err)
	}
	return co
}

// issued starts a virtual-account payment and has the account issued.
func (e *env) issued(t *testing.T) (payment.Checkout, *payment.VirtualAccount) {
	t.Helper()
	co := e.start(t, payment.Vbank)
	va := &payment.VirtualAccount{Bank: "088", AccountNo: "56211234567890", Holder: "GradApply", Due: e.gw.orders[co.PaymentID].VbankDue}
	e.gw.set(co.PaymentID, payment.RemoteVbankIssued, money.Money{}, va)
	if err := e.webhook("wh-issue", co.PaymentID, payment.NoticeVbankIssued, "ok"); err != nil {
		t.Fatal(err)
	}
	if e.header(t).State.Status != application.VbankIssue {
		t.Fatal("not issued")
	}
	return co, va
}

func wantField(t *testing.T, err error, field, code string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.KindInvalid {
		t.Fatalf("error %v, want a validation error on %s", err, field)
	}
	for _, f := range e.Fields {
		if f.Field == field && f.Code == code {
			return
		}
	}
	t.Fatalf("error %v, want %s %s", err, field, code)
}

func wantErr(t *testing.T, err error, kind apperr.Kind, code string) {
	t.Helper()
	if apperr.KindOf(err) != kind || apperr.CodeOf(err) != code {
		t.Fatalf("error %v, want %s %s", err, kind, code)
	}
}

// The pay page offers what the round's settings offer and its fees allow,
// with the attempt in flight, the last and the paid one.
func TestQuoteOptionsFollowTheRoundSettings(t *testing.T) {
	t.Parallel()
	types := func(v payment.View) []payment.PayType {
		var out []payment.PayType
		for _, o := range v.Options {
			out = append(out, o.Quote.PayType)
		}
		return out
	}
	cases := []struct {
		name  string
		setup func(e *env)
		want  []payment.PayType
	}{
		{"default: every pay type the fees allow", func(*env) {}, []payment.PayType{payment.Card, payment.Vbank, payment.Trans, payment.VisaMaster}},
		{"the round's own choice; free is never offered", func(e *env) {
			e.svc.Config = config{set: payment.Settings{PayTypes: []payment.PayType{payment.Vbank, payment.Free, payment.Card}}}
		}, []payment.PayType{payment.Vbank, payment.Card}},
		{"PayPal without its gateway", func(e *env) {
			e.svc.Route = func(t payment.PayType) payment.Provider {
				if t == payment.VisaMaster {
					return payment.ProviderPayPal
				}
				return payment.ProviderTest
			}
		}, []payment.PayType{payment.Card, payment.Vbank, payment.Trans}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			c.setup(e)
			v, err := e.svc.Quote(context.Background(), e.owner, e.appl)
			if err != nil {
				t.Fatal(err)
			}
			got := types(v)
			if len(got) != len(c.want) {
				t.Fatalf("options %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("options %v, want %v", got, c.want)
				}
			}
			if v.Current != nil || v.Last != nil || v.Paid != nil || v.Deadline.IsZero() {
				t.Fatalf("view without attempts %+v", v)
			}
		})
	}
	e := newEnv(t)
	e.svc.Config = config{err: errors.New("settings down")}
	if _, err := e.svc.Quote(context.Background(), e.owner, e.appl); err == nil {
		t.Fatal("quote without settings")
	}
}

func TestQuoteShowsTheAccountAwaitingItsDepositAndThePaidAttempt(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	co, _ := e.issued(t)
	v, err := e.svc.Quote(ctx, e.owner, e.appl)
	if err != nil {
		t.Fatal(err)
	}
	if v.Current == nil || v.Current.PaymentID() != co.PaymentID || v.Current.Vbank() == nil || v.Last.PaymentID() != co.PaymentID || v.Paid != nil {
		t.Fatalf("awaiting deposit: %+v", v)
	}
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	if err := e.webhook("wh-dep", co.PaymentID, payment.NoticePaid, "ok"); err != nil {
		t.Fatal(err)
	}
	v, _ = e.svc.Quote(ctx, e.owner, e.appl)
	if v.Current != nil || v.Paid == nil || v.Paid.PaymentID() != co.PaymentID {
		t.Fatalf("after the deposit: %+v", v)
	}
}

// Start refuses what cannot be paid, with the kind and code the pay page
// shows, and a field for the pay type.
func TestStartRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name  string
		setup func(t *testing.T, e *env) int64 // the application to pay
		pay   string
		check func(t *testing.T, err error)
	}{
		{"unknown pay type", nil, "bitcoin", func(t *testing.T, err error) { wantField(t, err, "payType", payment.CodePayTypeUnknown) }},
		{"free is not a pay type to start", nil, "free", func(t *testing.T, err error) { wantField(t, err, "payType", payment.CodePayTypeNotOffered) }},
		{"not offered by the round", func(t *testing.T, e *env) int64 {
			e.svc.Config = config{set: payment.Settings{PayTypes: []payment.PayType{payment.Card}}}
			return e.appl
		}, "vbank", func(t *testing.T, err error) { wantField(t, err, "payType", payment.CodePayTypeNotOffered) }},
		{"not submitted", func(t *testing.T, e *env) int64 {
			other := key
			other.RecruitPartSeq = 2 // one application per round: this one is of another round
			a, _ := application.NewApplication("hong", other, e.clock.Now())
			n, err := e.apps.Create(ctx, application.Creation{App: a, Part: application.Part{MajorCode: "M1"}})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}, "card", func(t *testing.T, err error) {
			wantErr(t, err, apperr.KindConflict, payment.CodeNotSubmitted)
			if e, _ := apperr.As(err); e.Params["status"] == "" {
				t.Fatalf("status not named: %v", e.Params)
			}
		}},
		{"already paid", func(t *testing.T, e *env) int64 { e.paid(t); return e.appl }, "card",
			func(t *testing.T, err error) { wantErr(t, err, apperr.KindConflict, payment.CodeAlreadyPaid) }},
		{"a virtual account awaits its deposit", func(t *testing.T, e *env) int64 { e.issued(t); return e.appl }, "card",
			func(t *testing.T, err error) { wantErr(t, err, apperr.KindConflict, payment.CodeVbankWaiting) }},
		{"a virtual account was issued while the applicant was away", func(t *testing.T, e *env) int64 {
			co := e.start(t, payment.Vbank)
			e.gw.set(co.PaymentID, payment.RemoteVbankIssued, money.Money{}, &payment.VirtualAccount{Bank: "088", AccountNo: "5621", Due: e.clock.Now().Add(time.Hour)})
			return e.appl
		}, "card", func(t *testing.T, err error) { wantErr(t, err, apperr.KindConflict, payment.CodeVbankWaiting) }},
		{"the provider is still deciding", func(t *testing.T, e *env) int64 {
			co := e.start(t, payment.Card)
			e.gw.set(co.PaymentID, payment.RemotePending, money.Money{}, nil)
			return e.appl
		}, "card", func(t *testing.T, err error) { wantErr(t, err, apperr.KindConflict, payment.CodeInFlight) }},
		{"the open attempt cannot be asked about", func(t *testing.T, e *env) int64 {
			e.start(t, payment.Card)
			e.gw.down = true
			return e.appl
		}, "card", func(t *testing.T, err error) { wantErr(t, err, apperr.KindUnavailable, payment.CodeProviderDown) }},
		{"the window closed", func(t *testing.T, e *env) int64 {
			e.clock.Set(time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC))
			return e.appl
		}, "card", func(t *testing.T, err error) {
			if apperr.KindOf(err) != apperr.KindForbidden {
				t.Fatalf("closed window: %v", err)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			applNo := e.appl
			if c.setup != nil {
				applNo = c.setup(t, e)
			}
			before, _ := e.pays.ByApplication(ctx, applNo)
			_, err := e.svc.Start(ctx, e.owner, applNo, payment.StartRequest{PayType: c.pay})
			c.check(t, err)
			if after, _ := e.pays.ByApplication(ctx, applNo); len(after) != len(before) {
				t.Fatalf("a refused start stored an attempt: %d -> %d", len(before), len(after))
			}
		})
	}
}

// A provider that cannot prepare the order ends the attempt so the
// applicant can try again; one that says the id is paid is "already paid".
func TestStartWhenTheProviderRefusesToPrepare(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		err  error
		kind apperr.Kind
		code string
	}{
		{payment.ErrUnavailable, apperr.KindUnavailable, payment.CodeProviderDown},
		{payment.ErrAlreadyPaid, apperr.KindConflict, payment.CodeAlreadyPaid},
	} {
		e := newEnv(t)
		e.gw.prepareErr = c.err
		_, err := e.svc.Start(ctx, e.owner, e.appl, payment.StartRequest{PayType: "card"})
		wantErr(t, err, c.kind, c.code)
		list, _ := e.pays.ByApplication(ctx, e.appl)
		if len(list) != 1 || list[0].Result() != payment.Failed {
			t.Fatalf("%v: attempts %+v", c.err, list)
		}
		recs := e.records(t, e.appl)
		if last := recs[len(recs)-1]; last.Code != payment.CodeProviderDown || last.To != payment.Failed {
			t.Fatalf("%v: record %+v", c.err, last)
		}
		e.gw.prepareErr = nil
		e.start(t, payment.Card) // the applicant may try again
	}
}

// The round's channel goes to the provider; the provider's own order id
// is recorded and names the payment in its webhooks; an approved order is
// captured and completes the application.
func TestProviderOrderIsRecordedAndAnApprovedOrderCaptured(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ch := payment.Channel{StoreID: "store-1", ChannelKey: "channel-key-1"}
	e.svc.Config = config{set: payment.Settings{PayTypes: []payment.PayType{payment.VisaMaster},
		Channels: map[payment.PayType]payment.Channel{payment.VisaMaster: ch}}}
	e.gw.orderID = "PAYPAL-ORDER-1"
	co := e.start(t, payment.VisaMaster)
	if o := e.gw.orders[co.PaymentID]; o.Channel != ch || o.Amount != money.Cents(6294) || o.OrderName != "국제대학원 2027 전기 전형료" {
		t.Fatalf("order %+v", o)
	}
	if a := e.attempt(t, co.PaymentID); a.ProviderOrderID() != "PAYPAL-ORDER-1" {
		t.Fatalf("order id %q", a.ProviderOrderID())
	}
	e.gw.update(co.PaymentID, func(s *payment.Snapshot) { s.Status = payment.RemoteApproved })
	if err := e.notice(payment.ProviderTest, payment.Notice{ID: "ev1", Kind: payment.NoticeApproved, ProviderOrderID: "PAYPAL-ORDER-1"}); err != nil {
		t.Fatal(err)
	}
	a := e.attempt(t, co.PaymentID)
	if a.Result() != payment.Paid || a.Paid() != money.Cents(6294) || a.TxID() != "cap-"+co.PaymentID {
		t.Fatalf("captured %+v", a.Data())
	}
	if h := e.header(t); h.State.Status != application.Complete || h.ApplID != "P0001" {
		t.Fatalf("application %+v", h)
	}
	if m := e.mails(); m["payment_receipt"] != 1 || m["application_complete"] != 1 {
		t.Fatalf("mails %v", m)
	}
}

// Webhooks that name nothing of ours, come from another provider than
// the payment's, or cannot be checked, change nothing; the forged ones
// are alerts for staff.
func TestWebhooksThatAreRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t.Run("unknown provider", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		err := e.notice("stripe", payment.Notice{ID: "x", Kind: payment.NoticePaid})
		wantErr(t, err, apperr.KindNotFound, payment.CodeNotFound)
	})
	t.Run("verification down", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		co := e.start(t, payment.Card)
		wantErr(t, e.webhook("wh", co.PaymentID, payment.NoticePaid, "down"), apperr.KindUnavailable, payment.CodeProviderDown)
		if len(e.records(t, 0)) != 0 {
			t.Fatal("an unchecked webhook recorded as forged")
		}
	})
	t.Run("a type we do not act on", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		co := e.start(t, payment.Card)
		n := len(e.records(t, e.appl))
		if err := e.webhook("wh", co.PaymentID, payment.NoticeOther, "ok"); err != nil || len(e.records(t, e.appl)) != n || e.gw.lookups != 0 {
			t.Fatalf("other: %v, lookups %d", err, e.gw.lookups)
		}
	})
	for _, n := range []payment.Notice{
		{ID: "wh-u1", Kind: payment.NoticePaid, PaymentID: "ga999-unknown"},
		{ID: "wh-u2", Kind: payment.NoticePaid, ProviderOrderID: "ORDER-UNKNOWN"},
		{ID: "wh-u3", Kind: payment.NoticePaid},
	} {
		t.Run("unknown payment "+n.ID, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			if err := e.notice(payment.ProviderTest, n); err != nil {
				t.Fatalf("the provider would retry: %v", err)
			}
			recs := e.records(t, 0)
			if len(recs) != 1 || !recs[0].Alert || recs[0].Code != payment.CodeUnknownPayment || recs[0].DeliveryID != n.ID {
				t.Fatalf("records %+v", recs)
			}
		})
	}
	t.Run("from another provider", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		other := &remote{snaps: map[string]payment.Snapshot{}, orders: map[string]payment.Order{}}
		e.svc.Gateways = gateways{payment.ProviderTest: e.gw, payment.ProviderPayPal: other}
		co := e.start(t, payment.Card)
		other.snaps[co.PaymentID] = payment.Snapshot{PaymentID: co.PaymentID, Status: payment.RemotePaid, Amount: money.Won(80000), Paid: money.Won(80000)}
		if err := e.notice(payment.ProviderPayPal, payment.Notice{ID: "wh-pp", Kind: payment.NoticePaid, PaymentID: co.PaymentID}); err != nil {
			t.Fatal(err)
		}
		if a := e.attempt(t, co.PaymentID); a.Result() != payment.Proceeding || e.header(t).State.Status != application.Submit {
			t.Fatalf("moved by another provider: %s", a.Result())
		}
		if e.alerts(t, payment.CodeWrongProvider) != 1 || other.lookups != 0 {
			t.Fatalf("alerts %d, lookups %d", e.alerts(t, payment.CodeWrongProvider), other.lookups)
		}
	})
	t.Run("the provider does not answer the lookup", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		co := e.start(t, payment.Card)
		e.gw.down = true
		wantErr(t, e.webhook("wh", co.PaymentID, payment.NoticePaid, "ok"), apperr.KindUnavailable, payment.CodeProviderDown)
		if a, _ := e.pays.Get(ctx, co.PaymentID); a.Result() != payment.Proceeding {
			t.Fatal("moved without an answer")
		}
	})
}

// The provider reporting another payment id than the one asked about is
// refused with an alert naming what it reported.
func TestIdentityMismatchIsRefusedWithAnAlert(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	co := e.start(t, payment.Card)
	e.gw.update(co.PaymentID, func(s *payment.Snapshot) {
		s.PaymentID, s.Status, s.Paid = "ga1-someone-else", payment.RemotePaid, money.Won(80000)
	})
	if err := e.webhook("wh1", co.PaymentID, payment.NoticePaid, "ok"); err != nil {
		t.Fatal(err)
	}
	if a := e.attempt(t, co.PaymentID); a.Result() != payment.Proceeding || e.header(t).State.Status != application.Submit || len(e.mails()) != 0 {
		t.Fatalf("paid by another payment's answer: %s", a.Result())
	}
	recs := e.records(t, e.appl)
	last := recs[len(recs)-1]
	if !last.Alert || last.Kind != payment.RecRefused || last.Code != payment.CodeIdentityMismatch || last.Detail["reported"] != "ga1-someone-else" {
		t.Fatalf("record %+v", last)
	}
}

// Money arriving for an attempt that already ended is recorded for staff
// to refund; it completes nothing.
func TestLatePaymentIsAnAlertNotACompletion(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	co := e.start(t, payment.Card)
	if a, _ := e.svc.Confirm(ctx, e.owner, co.PaymentID, payment.Return{Code: "PAY_PROCESS_CANCELED", Message: "closed"}); a.Result() != payment.Failed {
		t.Fatalf("abandoned: %s", a.Result())
	}
	if a := e.attempt(t, co.PaymentID); a.FailReason() != "PAY_PROCESS_CANCELED closed" {
		t.Fatalf("reason %q", a.FailReason())
	}
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	if err := e.webhook("wh-late", co.PaymentID, payment.NoticePaid, "ok"); err != nil {
		t.Fatal(err)
	}
	recs := e.records(t, e.appl)
	last := recs[len(recs)-1]
	if last.Kind != payment.RecLatePaid || !last.Alert || last.Detail["amount"] != money.Won(80000).String() {
		t.Fatalf("record %+v", last)
	}
	if e.attempt(t, co.PaymentID).Result() != payment.Failed || e.header(t).State.Status != application.Submit || len(e.mails()) != 0 {
		t.Fatal("a late payment completed the application")
	}
}

// A payment the provider cancelled after we recorded it paid (a console
// cancel, a chargeback) is flagged once; the application stays COMPLETE
// for staff to decide.
func TestCancelledAtTheProviderAfterPaidIsFlaggedOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	co := e.paid(t)
	e.gw.update(co.PaymentID, func(s *payment.Snapshot) {
		s.Status, s.Cancelled = payment.RemoteCancelled, money.Won(80000)
	})
	for _, id := range []string{"wh-c1", "wh-c2"} {
		if err := e.webhook(id, co.PaymentID, payment.NoticeCancelled, "ok"); err != nil {
			t.Fatal(err)
		}
	}
	a := e.attempt(t, co.PaymentID)
	if a.Result() != payment.Paid || a.ProviderCancelledAt().IsZero() || !a.Refunded().IsZero() {
		t.Fatalf("attempt %+v", a.Data())
	}
	if n := e.alerts(t, payment.CodeProviderCancelled); n != 1 {
		t.Fatalf("%d alerts", n)
	}
	if h := e.header(t); h.State.Status != application.Complete || h.ApplID != "P0001" {
		t.Fatalf("application %+v", h)
	}
}

// The browser's return never decides alone: another user's return is
// not found, and without the provider's answer nothing changes.
func TestConfirmRefusals(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	co := e.start(t, payment.Card)
	_, err := e.svc.Confirm(ctx, stranger, co.PaymentID, payment.Return{})
	wantErr(t, err, apperr.KindNotFound, payment.CodeNotFound)
	_, err = e.svc.Confirm(ctx, e.owner, "ga1-nothing", payment.Return{})
	wantErr(t, err, apperr.KindNotFound, payment.CodeNotFound)
	e.gw.down = true
	_, err = e.svc.Confirm(ctx, e.owner, co.PaymentID, payment.Return{Code: "PG_DECLINED"})
	wantErr(t, err, apperr.KindUnavailable, payment.CodeProviderDown)
	if e.attempt(t, co.PaymentID).Result() != payment.Proceeding {
		t.Fatal("ended without the provider's answer")
	}
	// A return for an attempt already ended answers it as it stands.
	e.gw.down = false
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	if _, err := e.svc.Confirm(ctx, e.owner, co.PaymentID, payment.Return{}); err != nil {
		t.Fatal(err)
	}
	n := e.gw.lookups
	if a, err := e.svc.Confirm(ctx, e.owner, co.PaymentID, payment.Return{Code: "PG_DECLINED"}); err != nil || a.Result() != payment.Paid || e.gw.lookups != n {
		t.Fatalf("paid attempt asked again or changed: %s %v", a.Result(), err)
	}
}

// Reconciliation ends an attempt the provider does not know only after
// AbandonAfter.
func TestReconcileEndsAnAttemptTheProviderNeverSawAfterAbandonAfter(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	e.svc.AbandonAfter = 30 * time.Minute
	co := e.start(t, payment.Card)
	e.gw.forget(co.PaymentID)
	e.clock.Advance(20 * time.Minute)
	if sw, err := e.svc.Reconcile(ctx, 10*time.Minute, 10); err != nil || sw.Asked != 1 || sw.Changed != 0 {
		t.Fatalf("before AbandonAfter: %+v %v", sw, err)
	}
	if e.attempt(t, co.PaymentID).Result() != payment.Proceeding {
		t.Fatal("ended early")
	}
	e.clock.Advance(15 * time.Minute)
	if sw, err := e.svc.Reconcile(ctx, 10*time.Minute, 10); err != nil || sw.Changed != 1 {
		t.Fatalf("after AbandonAfter: %+v %v", sw, err)
	}
	a := e.attempt(t, co.PaymentID)
	recs := e.records(t, e.appl)
	if a.Result() != payment.Failed || recs[len(recs)-1].Code != payment.CodeAbandoned || recs[len(recs)-1].Source != payment.SrcReconcile {
		t.Fatalf("abandoned %s, record %+v", a.Result(), recs[len(recs)-1])
	}
	if sw, _ := e.svc.Reconcile(ctx, 10*time.Minute, 10); sw.Asked != 0 {
		t.Fatalf("asked again: %+v", sw)
	}
}

// The expiry job asks the provider first; what it answers decides.
func TestExpireVbanksFollowsTheProvidersAnswer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name    string
		setup   func(e *env, id string)
		sw      payment.Swept
		result  payment.Result
		status  application.Status
		closed  int
		applIDs string
	}{
		{"deposited before the deadline passed", func(e *env, id string) {
			e.gw.set(id, payment.RemotePaid, money.Won(80000), nil)
		}, payment.Swept{Asked: 1, Changed: 1}, payment.Paid, application.Complete, 0, "P0001"},
		{"still open: closed at the provider, then expired", func(e *env, id string) {},
			payment.Swept{Asked: 1, Changed: 1}, payment.Timeout, application.Submit, 1, ""},
		{"closing fails: ask again next time", func(e *env, id string) { e.gw.closeErr = payment.ErrUnavailable },
			payment.Swept{Asked: 1, Failed: 1}, payment.VbankIssue, application.VbankIssue, 0, ""},
		{"the provider forgot it", func(e *env, id string) { e.gw.forget(id) },
			payment.Swept{Asked: 1, Changed: 1}, payment.Timeout, application.Submit, 0, ""},
		{"the deposit is being decided", func(e *env, id string) {
			e.gw.set(id, payment.RemotePending, money.Money{}, nil)
		}, payment.Swept{Asked: 1}, payment.VbankIssue, application.VbankIssue, 0, ""},
		{"no answer", func(e *env, id string) { e.gw.down = true },
			payment.Swept{Failed: 1}, payment.VbankIssue, application.VbankIssue, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			co, va := e.issued(t)
			e.clock.Set(va.Due.Add(time.Minute))
			c.setup(e, co.PaymentID)
			sw, err := e.svc.ExpireVbanks(ctx, 10)
			if err != nil || sw != c.sw {
				t.Fatalf("swept %+v %v, want %+v", sw, err, c.sw)
			}
			h := e.header(t)
			if a := e.attempt(t, co.PaymentID); a.Result() != c.result || h.State.Status != c.status || h.ApplID != c.applIDs || len(e.gw.closed) != c.closed {
				t.Fatalf("attempt %s, application %s %q, closed %v", a.Result(), h.State.Status, h.ApplID, e.gw.closed)
			}
		})
	}
}

// Receipts: the applicant's own paid attempts, never another user's.
func TestReceipts(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	declined := e.start(t, payment.Card)
	e.gw.set(declined.PaymentID, payment.RemoteFailed, money.Money{}, nil)
	if _, err := e.svc.Confirm(ctx, e.owner, declined.PaymentID, payment.Return{Code: "PG_DECLINED"}); err != nil {
		t.Fatal(err)
	}
	co := e.start(t, payment.VisaMaster)
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Cents(6294), nil)
	e.gw.update(co.PaymentID, func(s *payment.Snapshot) { s.PaidAt = time.Date(2026, 11, 24, 1, 30, 0, 0, time.UTC) })
	if _, err := e.svc.Confirm(ctx, e.owner, co.PaymentID, payment.Return{}); err != nil {
		t.Fatal(err)
	}
	list, err := e.svc.Receipts(ctx, e.owner)
	if err != nil || len(list) != 1 || list[0].PaymentID() != co.PaymentID || list[0].Round.EngName != "2027 Spring" {
		t.Fatalf("receipts %+v %v", list, err)
	}
	if l, err := e.svc.Receipts(ctx, stranger); err != nil || len(l) != 0 {
		t.Fatalf("another user's receipts %+v %v", l, err)
	}
	_, err = e.svc.Receipts(ctx, permission.Principal{})
	wantErr(t, err, apperr.KindUnauthenticated, "auth.required")

	doc, err := e.svc.ReceiptDocument(ctx, e.owner, co.PaymentID, "en")
	if err != nil {
		t.Fatal(err)
	}
	want := payment.ReceiptDoc{Lang: "en", School: "GSIS", Round: "2027 Spring", Applicant: e.header(t).ApplicantName, ExamNumber: "P0001",
		PaymentID: co.PaymentID, PayType: "International card (PayPal)", Fee: "USD 60.00", Surcharge: "USD 2.94", Total: "USD 62.94",
		PaidAt: "2026-11-24 10:30", IssuedAt: e.clock.Now().In(window.Seoul).Format("2006-01-02")}
	if doc != want {
		t.Fatalf("receipt\n got %+v\nwant %+v", doc, want)
	}
	if ko, _ := e.svc.ReceiptDocument(ctx, e.owner, co.PaymentID, "ja"); ko.Lang != "ko" || ko.School != "국제대학원" || ko.PayType != "해외카드 (PayPal)" {
		t.Fatalf("ko receipt %+v", ko)
	}
	for name, c := range map[string]struct {
		p  permission.Principal
		id string
	}{
		"another user's":     {stranger, co.PaymentID},
		"a declined attempt": {e.owner, declined.PaymentID},
		"an unknown one":     {e.owner, "ga1-none"},
	} {
		_, _, _, err := e.svc.Receipt(ctx, c.p, c.id)
		if apperr.KindOf(err) != apperr.KindNotFound || apperr.CodeOf(err) != payment.CodeNotFound {
			t.Errorf("%s receipt: %v", name, err)
		}
		if _, err := e.svc.ReceiptDocument(ctx, c.p, c.id, "en"); apperr.KindOf(err) != apperr.KindNotFound {
			t.Errorf("%s receipt document: %v", name, err)
		}
	}
}

// An applicant paying in English gets the provider's window, the
// virtual-account mail and the receipt in English.
func TestEnglishPaymentIsNamedAndMailedInEnglish(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	co, err := e.svc.Start(ctx, e.owner, e.appl, payment.StartRequest{PayType: "vbank", Locale: "en"})
	if err != nil {
		t.Fatal(err)
	}
	if o := e.gw.orders[co.PaymentID]; o.OrderName != "GSIS 2027 Spring application fee" || o.Locale != "en" || o.ReturnURL != "" {
		t.Fatalf("order %+v", o)
	}
	e.gw.set(co.PaymentID, payment.RemoteVbankIssued, money.Money{}, &payment.VirtualAccount{Bank: "088", AccountNo: "5621", Due: e.clock.Now().Add(time.Hour)})
	if err := e.webhook("wh1", co.PaymentID, payment.NoticeVbankIssued, "ok"); err != nil {
		t.Fatal(err)
	}
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	if err := e.webhook("wh2", co.PaymentID, payment.NoticePaid, "ok"); err != nil {
		t.Fatal(err)
	}
	for _, j := range e.st.Jobs() {
		m, ok := j.Payload.(memstore.Mail)
		if !ok {
			continue
		}
		switch k := m.Message.Kind(); k {
		case "vbank_issued", "payment_receipt":
			if m.Locale != "en" {
				t.Errorf("%s mailed in %s", k, m.Locale)
			}
		}
	}
	if m := e.mails(); m["vbank_issued"] != 1 || m["payment_receipt"] != 1 {
		t.Fatalf("mails %v", m)
	}
}
