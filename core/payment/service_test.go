package payment_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/submission"
	"github.com/gradapply/gradapply/core/window"
)

// remote is a provider as the port sees it: what it reports per payment.
// It stands for the provider only at the port; the adapters are tested
// against fakes of the providers' HTTP protocols.
type remote struct {
	mu      sync.Mutex
	snaps   map[string]payment.Snapshot
	orders  map[string]payment.Order
	closed  []string
	lookups int
	down    bool
	// What the provider answers besides lookups: Prepare's error and
	// order id, CloseVirtualAccount's error, and Cancel's error or a
	// pending acceptance; the cancel requests it received.
	prepareErr    error
	orderID       string
	closeErr      error
	cancelErr     error
	cancelPending bool
	cancels       []payment.CancelRequest
}

func (g *remote) Provider() payment.Provider { return payment.ProviderTest }

func (g *remote) Prepare(_ context.Context, o payment.Order) (payment.Checkout, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.prepareErr != nil {
		return payment.Checkout{}, g.prepareErr
	}
	g.orders[o.PaymentID] = o
	g.snaps[o.PaymentID] = payment.Snapshot{PaymentID: o.PaymentID, Status: payment.RemoteReady, Amount: o.Amount}
	return payment.Checkout{Provider: payment.ProviderTest, PaymentID: o.PaymentID, ProviderOrderID: g.orderID, Amount: o.Amount}, nil
}

func (g *remote) Lookup(_ context.Context, r payment.Ref) (payment.Snapshot, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.lookups++
	if g.down {
		return payment.Snapshot{}, payment.ErrUnavailable
	}
	s, ok := g.snaps[r.PaymentID]
	if !ok {
		return s, payment.ErrNotFound
	}
	return s, nil
}

// Capture takes the money of an approved order that matches ours (amount,
// currency, payment id); any other order is answered as it stands.
func (g *remote) Capture(ctx context.Context, r payment.Ref) (payment.Snapshot, error) {
	s, err := g.Lookup(ctx, r)
	if err != nil || s.Status != payment.RemoteApproved || s.Amount != r.Expected || s.PaymentID != r.PaymentID {
		return s, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	s.Status, s.Paid, s.ProviderTxID = payment.RemotePaid, s.Amount, "cap-"+r.PaymentID
	g.snaps[r.PaymentID] = s
	return s, nil
}

// Cancel refunds what it is asked (everything that remains when Amount
// is the zero value), done at once or pending as cancelPending says.
func (g *remote) Cancel(_ context.Context, req payment.CancelRequest) (payment.CancelResult, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.cancels = append(g.cancels, req)
	if g.cancelErr != nil {
		return payment.CancelResult{}, g.cancelErr
	}
	amount := req.Amount
	if amount == (money.Money{}) {
		amount = req.Cancellable
	}
	s := g.snaps[req.Ref.PaymentID]
	res := payment.CancelResult{CancelID: fmt.Sprintf("pc%d", len(g.cancels)), Amount: amount, Pending: g.cancelPending}
	st := payment.RefundSucceeded
	if res.Pending {
		st = payment.RefundPending
	}
	s.Refunds = append(slices.Clone(s.Refunds), payment.RemoteRefund{ID: res.CancelID, Status: st, Amount: amount})
	g.snaps[req.Ref.PaymentID] = s
	return res, nil
}

func (g *remote) CloseVirtualAccount(_ context.Context, r payment.Ref) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closeErr != nil {
		return g.closeErr
	}
	g.closed = append(g.closed, r.PaymentID)
	s := g.snaps[r.PaymentID]
	s.Status = payment.RemoteCancelled
	g.snaps[r.PaymentID] = s
	return nil
}

// ParseWebhook accepts {"id","paymentId","kind"} signed "ok".
func (g *remote) ParseWebhook(_ context.Context, w payment.Webhook) (payment.Notice, error) {
	switch w.Get("Webhook-Signature") {
	case "ok":
	case "down": // the provider's verification endpoint did not answer
		return payment.Notice{}, payment.ErrUnavailable
	default:
		return payment.Notice{}, payment.ErrBadSignature
	}
	var n payment.Notice
	if err := json.Unmarshal(w.Body, &n); err != nil {
		return n, payment.ErrBadSignature
	}
	return n, nil
}

// set makes the provider report a state for a payment.
func (g *remote) set(id string, st payment.RemoteStatus, paid money.Money, va *payment.VirtualAccount) {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := g.snaps[id]
	s.Status, s.Vbank = st, va
	if st == payment.RemotePaid {
		s.Paid = paid
	}
	g.snaps[id] = s
}

// gateways serves each provider that has a gateway.
type gateways map[payment.Provider]payment.Gateway

func (g gateways) Gateway(p payment.Provider) (payment.Gateway, bool) {
	gw, ok := g[p]
	return gw, ok
}

type rounds struct{ r application.Round }

func (r rounds) Round(context.Context, application.RoundKey) (application.Round, error) {
	return r.r, nil
}

type noConfig struct{}

func (noConfig) Settings(context.Context, application.RoundKey) (payment.Settings, bool, error) {
	return payment.Settings{}, false, nil
}

type applicants struct{}

func (applicants) Recipient(context.Context, string) (port.Recipient, error) {
	return port.Recipient{Email: "hong@example.com", Locale: "ko"}, nil
}
func (applicants) CompletedByEmail(context.Context, string) ([]submission.Completed, error) {
	return nil, nil
}

type env struct {
	svc   *payment.Service
	gw    *remote
	st    *memstore.Store
	pays  memstore.Payments
	apps  memstore.Applications
	clock *window.FixedClock
	owner permission.Principal
	appl  int64
}

var key = application.RoundKey{SchoolCode: "S01", EnterYear: 2027, RecruitPartSeq: 1}

// newEnv is a submitted application of a round charging KRW 80,000 or
// USD 60.00, with the COMPLETE window open until 2026-12-01.
func newEnv(t *testing.T) *env {
	t.Helper()
	st := memstore.New()
	st.SetRule(key, "P{SEQ:4}")
	clock := window.At(2026, 11, 24, 10, 0)
	steps, _ := application.NewSteps()
	cw, _ := window.FromDates(window.Complete, "2026-11-01", "2026-11-30")
	round := application.Round{RoundKey: key, KorName: "2027 전기", EngName: "2027 Spring", SchoolKorName: "국제대학원",
		SchoolEngName: "GSIS", FeeKrw: 80000, FeeUsd: 6000, Windows: []window.Window{cw}, Steps: steps}
	apps := memstore.Applications{Store: st}
	ctx := context.Background()
	a, err := application.NewApplication("hong", key, clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	applNo, err := apps.Create(ctx, application.Creation{App: a, Part: application.Part{MajorCode: "M1"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := apps.Update(ctx, applNo, func(_ context.Context, a *application.Application) error {
		return a.Submit(steps, clock.Now())
	}); err != nil {
		t.Fatal(err)
	}
	out := memstore.Outbox{Store: st}
	sub := application.Completion{Apps: apps, Numbers: memstore.ExamNumbers{Store: st}, Recipients: applicants{}, Mailer: out}
	gw := &remote{snaps: map[string]payment.Snapshot{}, orders: map[string]payment.Order{}}
	pays := memstore.Payments{Store: st}
	svc := &payment.Service{Apps: apps, Ref: rounds{round}, Store: pays, Config: noConfig{}, Gateways: gateways{payment.ProviderTest: gw},
		Route: func(payment.PayType) payment.Provider { return payment.ProviderTest }, Completer: sub,
		Recipients: applicants{}, Mailer: out, PayPal: payment.DefaultPayPalFee, Clock: clock}
	return &env{svc: svc, gw: gw, st: st, pays: pays, apps: apps, clock: clock, appl: applNo,
		owner: permission.Principal{UserID: "hong", Roles: []permission.Role{permission.RoleUser}}}
}

func (e *env) start(t *testing.T, typ payment.PayType) payment.Checkout {
	t.Helper()
	co, err := e.svc.Start(context.Background(), e.owner, e.appl, payment.StartRequest{PayType: string(typ), Locale: "ko",
		ReturnURL: "https://apply.example/pay/mobile", CancelURL: "https://apply.example/pay/mobile?code=PAY_PROCESS_CANCELED"})
	if err != nil {
		t.Fatalf("start %s: %v", typ, err)
	}
	return co
}

func (e *env) header(t *testing.T) application.Header {
	t.Helper()
	h, err := e.apps.Get(context.Background(), e.appl)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// mails counts the queued mails by kind.
func (e *env) mails() map[string]int {
	out := map[string]int{}
	for _, j := range e.st.Jobs() {
		if m, ok := j.Payload.(memstore.Mail); ok {
			out[m.Message.Kind()]++
		}
	}
	return out
}

func (e *env) webhook(id, paymentID string, kind payment.NoticeKind, sig string) error {
	body, _ := json.Marshal(payment.Notice{ID: id, PaymentID: paymentID, Kind: kind})
	return e.svc.Webhook(context.Background(), payment.ProviderTest, payment.Webhook{
		Header: map[string][]string{"Webhook-Signature": {sig}}, Body: body})
}

func (e *env) alerts(t *testing.T, code string) int {
	t.Helper()
	n := 0
	for _, applNo := range []int64{0, e.appl} {
		recs, err := e.pays.Records(context.Background(), applNo)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if r.Alert && r.Code == code {
				n++
			}
		}
	}
	return n
}

func TestQuoteShowsThePayPalSurchargeAsItsOwnLine(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	v, err := e.svc.Quote(context.Background(), e.owner, e.appl)
	if err != nil {
		t.Fatal(err)
	}
	if !v.PayOpen || len(v.Options) != 4 {
		t.Fatalf("open %v, options %+v", v.PayOpen, v.Options)
	}
	for _, o := range v.Options {
		switch o.Quote.PayType {
		case payment.Card:
			if o.Quote.Total != money.Won(80000) || !o.Quote.Surcharge.IsZero() {
				t.Errorf("card %+v", o.Quote)
			}
		case payment.VisaMaster:
			// 60.00 + round-half-up(60.00 × 4.4% + 0.30) = 60.00 + 2.94
			if o.Quote.Fee != money.Cents(6000) || o.Quote.Surcharge != money.Cents(294) || o.Quote.Total != money.Cents(6294) {
				t.Errorf("paypal %+v", o.Quote)
			}
		}
	}
	if _, err := e.svc.Quote(context.Background(), permission.Principal{UserID: "kim", Roles: []permission.Role{permission.RoleUser}}, e.appl); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("another user's application: %v", err)
	}
}

func TestCardPaidCompletesOnceWhateverTheOrderOfWebhooksAndReturn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	co := e.start(t, payment.Card)
	if got := e.gw.orders[co.PaymentID].Amount; got != money.Won(80000) {
		t.Fatalf("pre-registered %v", got)
	}
	// The return addresses name the attempt (PayPal returns only its token).
	if o := e.gw.orders[co.PaymentID]; o.ReturnURL != "https://apply.example/pay/mobile?paymentId="+co.PaymentID ||
		o.CancelURL != "https://apply.example/pay/mobile?code=PAY_PROCESS_CANCELED&paymentId="+co.PaymentID {
		t.Fatalf("return urls %q %q", o.ReturnURL, o.CancelURL)
	}
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := e.webhook("wh"+string(rune('a'+i)), co.PaymentID, payment.NoticePaid, "ok"); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	att, err := e.svc.Confirm(context.Background(), e.owner, co.PaymentID, payment.Return{})
	if err != nil || att.Result() != payment.Paid {
		t.Fatalf("confirm after webhooks: %+v %v", att, err)
	}
	h := e.header(t)
	if h.State.Status != application.Complete || h.ApplID != "P0001" {
		t.Fatalf("application %+v", h)
	}
	if m := e.mails(); m["application_complete"] != 1 || m["payment_receipt"] != 1 {
		t.Fatalf("mails %v", m)
	}
	// A second payment of a paid application is refused.
	_, err = e.svc.Start(context.Background(), e.owner, e.appl, payment.StartRequest{PayType: "card"})
	if apperr.CodeOf(err) != payment.CodeAlreadyPaid {
		t.Fatalf("second payment: %v", err)
	}
}

func TestReturnBeforeWebhookEndsTheSame(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	co := e.start(t, payment.Card)
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	if _, err := e.svc.Confirm(context.Background(), e.owner, co.PaymentID, payment.Return{}); err != nil {
		t.Fatal(err)
	}
	if err := e.webhook("wh1", co.PaymentID, payment.NoticePaid, "ok"); err != nil {
		t.Fatal(err)
	}
	if h := e.header(t); h.State.Status != application.Complete || h.ApplID != "P0001" {
		t.Fatalf("application %+v", h)
	}
	if m := e.mails(); m["application_complete"] != 1 || m["payment_receipt"] != 1 {
		t.Fatalf("mails %v", m)
	}
}

func TestAmountOrCurrencyMismatchStaysUnpaidWithAnAlert(t *testing.T) {
	t.Parallel()
	for name, paid := range map[string]money.Money{"amount": money.Won(100), "currency": money.Cents(80000)} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			co := e.start(t, payment.Card)
			e.gw.set(co.PaymentID, payment.RemotePaid, paid, nil)
			if err := e.webhook("wh1", co.PaymentID, payment.NoticePaid, "ok"); err != nil {
				t.Fatal(err)
			}
			att, _ := e.svc.Confirm(context.Background(), e.owner, co.PaymentID, payment.Return{})
			if att.Result() != payment.Proceeding || e.header(t).State.Status != application.Submit {
				t.Fatalf("paid with %v: %+v", paid, att)
			}
			if n := e.alerts(t, payment.CodeAmountMismatch); n != 2 {
				t.Fatalf("alerts %d", n)
			}
			if m := e.mails(); len(m) != 0 {
				t.Fatalf("mails %v", m)
			}
		})
	}
}

func TestForgedWebhooksChangeNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	co := e.start(t, payment.Card)
	// A bad signature is refused and recorded.
	if err := e.webhook("wh1", co.PaymentID, payment.NoticePaid, "forged"); apperr.CodeOf(err) != payment.CodeBadSignature {
		t.Fatalf("bad signature: %v", err)
	}
	if e.alerts(t, payment.CodeBadSignature) != 1 {
		t.Fatal("bad signature not recorded")
	}
	// A good-looking one for a payment the provider reports unpaid.
	if err := e.webhook("wh2", co.PaymentID, payment.NoticePaid, "ok"); err != nil {
		t.Fatal(err)
	}
	att, _ := e.pays.Get(context.Background(), co.PaymentID)
	if att.Result() != payment.Proceeding || e.header(t).State.Status != application.Submit || len(e.mails()) != 0 {
		t.Fatalf("forged webhook moved it: %+v", att)
	}
}

func TestVirtualAccountIssueDepositAndExpiry(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	co := e.start(t, payment.Vbank)
	due := e.gw.orders[co.PaymentID].VbankDue
	if !due.Equal(e.clock.Now().Add(72 * time.Hour)) {
		t.Fatalf("due %v", due)
	}
	va := &payment.VirtualAccount{Bank: "신한은행", AccountNo: "56211234567890", Holder: "GradApply", Due: due}
	e.gw.set(co.PaymentID, payment.RemoteVbankIssued, money.Money{}, va)
	if _, err := e.svc.Confirm(ctx, e.owner, co.PaymentID, payment.Return{}); err != nil {
		t.Fatal(err)
	}
	if err := e.webhook("wh1", co.PaymentID, payment.NoticeVbankIssued, "ok"); err != nil {
		t.Fatal(err)
	}
	if h := e.header(t); h.State.Status != application.VbankIssue {
		t.Fatalf("status %s", h.State.Status)
	}
	if m := e.mails(); m["vbank_issued"] != 1 {
		t.Fatalf("mails %v", m)
	}
	// Before the deadline the job leaves it alone.
	if sw, _ := e.svc.ExpireVbanks(ctx, 10); sw.Asked != 0 {
		t.Fatalf("expired early: %+v", sw)
	}
	// After it: closed at the provider, TIMEOUT, back to SUBMIT.
	e.clock.Set(due.Add(time.Minute))
	for range 2 {
		if _, err := e.svc.ExpireVbanks(ctx, 10); err != nil {
			t.Fatal(err)
		}
	}
	att, _ := e.pays.Get(ctx, co.PaymentID)
	if att.Result() != payment.Timeout || e.header(t).State.Status != application.Submit || len(e.gw.closed) != 1 {
		t.Fatalf("after expiry: %+v, closed %v", att, e.gw.closed)
	}
	// A deposit after the expiry is an alert, not a completion.
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), va)
	if err := e.webhook("wh2", co.PaymentID, payment.NoticePaid, "ok"); err != nil {
		t.Fatal(err)
	}
	if e.header(t).State.Status != application.Submit {
		t.Fatal("late deposit completed")
	}
	// Pay again by virtual account, and this time deposit.
	co2 := e.start(t, payment.Vbank)
	e.gw.set(co2.PaymentID, payment.RemoteVbankIssued, money.Money{}, va)
	if err := e.webhook("wh3", co2.PaymentID, payment.NoticeVbankIssued, "ok"); err != nil {
		t.Fatal(err)
	}
	e.gw.set(co2.PaymentID, payment.RemotePaid, money.Won(80000), va)
	if err := e.webhook("wh4", co2.PaymentID, payment.NoticePaid, "ok"); err != nil {
		t.Fatal(err)
	}
	if h := e.header(t); h.State.Status != application.Complete {
		t.Fatalf("deposit: %+v", h)
	}
	if m := e.mails(); m["application_complete"] != 1 || m["vbank_issued"] != 2 {
		t.Fatalf("mails %v", m)
	}
}

func TestDeclineThenRetry(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	co := e.start(t, payment.Card)
	e.gw.set(co.PaymentID, payment.RemoteFailed, money.Money{}, nil)
	att, err := e.svc.Confirm(ctx, e.owner, co.PaymentID, payment.Return{Code: "PG_DECLINED", Message: "한도 초과"})
	if err != nil || att.Result() != payment.Failed {
		t.Fatalf("declined: %+v %v", att, err)
	}
	// Abandoned: the window closed, the provider never saw a payment.
	co2 := e.start(t, payment.Card)
	att, _ = e.svc.Confirm(ctx, e.owner, co2.PaymentID, payment.Return{Code: "PAY_PROCESS_CANCELED"})
	if att.Result() != payment.Failed {
		t.Fatalf("abandoned: %+v", att)
	}
	co3 := e.start(t, payment.Card)
	e.gw.set(co3.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	if att, _ := e.svc.Confirm(ctx, e.owner, co3.PaymentID, payment.Return{}); att.Result() != payment.Paid {
		t.Fatalf("retry: %+v", att)
	}
	if list, _ := e.pays.ByApplication(ctx, e.appl); len(list) != 3 {
		t.Fatalf("attempts kept: %d", len(list))
	}
}

func TestStartingAgainAsksAboutTheOpenAttemptFirst(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	co := e.start(t, payment.Card)
	// Paid at the provider, but neither webhook nor return arrived yet.
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	_, err := e.svc.Start(context.Background(), e.owner, e.appl, payment.StartRequest{PayType: "card"})
	if apperr.CodeOf(err) != payment.CodeAlreadyPaid || e.header(t).State.Status != application.Complete {
		t.Fatalf("start over a paid attempt: %v", err)
	}
}

func TestReconcileCompletesWithoutWebhookAndNeverEndsAPaidOne(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	co := e.start(t, payment.Card)
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	e.gw.down = true
	e.clock.Set(e.clock.Now().Add(2 * time.Hour))
	// The provider does not answer: nothing changes.
	if sw, _ := e.svc.Reconcile(ctx, 10*time.Minute, 10); sw.Failed != 1 || sw.Changed != 0 {
		t.Fatalf("down: %+v", sw)
	}
	if att, _ := e.pays.Get(ctx, co.PaymentID); att.Result() != payment.Proceeding {
		t.Fatalf("ended without an answer: %+v", att)
	}
	e.gw.down = false
	for range 2 {
		if _, err := e.svc.Reconcile(ctx, 10*time.Minute, 10); err != nil {
			t.Fatal(err)
		}
	}
	if h := e.header(t); h.State.Status != application.Complete {
		t.Fatalf("not completed: %+v", h)
	}
	if m := e.mails(); m["application_complete"] != 1 {
		t.Fatalf("mails %v", m)
	}
}

func TestReconcileLeavesPendingAndEndsAbandoned(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	co := e.start(t, payment.Card)
	e.gw.set(co.PaymentID, payment.RemotePending, money.Money{}, nil)
	e.clock.Set(e.clock.Now().Add(3 * time.Hour))
	if _, err := e.svc.Reconcile(ctx, 10*time.Minute, 10); err != nil {
		t.Fatal(err)
	}
	if att, _ := e.pays.Get(ctx, co.PaymentID); att.Result() != payment.Proceeding {
		t.Fatalf("pending ended: %+v", att)
	}
	e.gw.set(co.PaymentID, payment.RemoteReady, money.Money{}, nil)
	if _, err := e.svc.Reconcile(ctx, 10*time.Minute, 10); err != nil {
		t.Fatal(err)
	}
	if att, _ := e.pays.Get(ctx, co.PaymentID); att.Result() != payment.Failed {
		t.Fatalf("abandoned kept: %+v", att)
	}
}

func TestCompleteWindowGatesPayment(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.clock.Set(time.Date(2026, 12, 2, 10, 0, 0, 0, window.Seoul))
	_, err := e.svc.Start(context.Background(), e.owner, e.appl, payment.StartRequest{PayType: "card"})
	if apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("closed window: %v", err)
	}
	exempt := permission.Principal{UserID: "hong", Roles: []permission.Role{permission.RoleTimeIndependent}}
	if _, err := e.svc.Start(context.Background(), exempt, e.appl, payment.StartRequest{PayType: "card"}); err != nil {
		t.Fatalf("exempt: %v", err)
	}
	other := permission.Principal{UserID: "kim", Roles: []permission.Role{permission.RoleUser}}
	if _, err := e.svc.Start(context.Background(), other, e.appl, payment.StartRequest{PayType: "card"}); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another user: %v", err)
	}
	if _, err := e.svc.Start(context.Background(), exempt, e.appl, payment.StartRequest{PayType: "bitcoin"}); apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("unknown pay type: %v", err)
	}
}

func TestVirtualAccountDeadlineIsBeforeTheWindowCloses(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	// A day before the COMPLETE window closes (2026-11-30 24:00 KST).
	e.clock.Set(time.Date(2026, 11, 30, 9, 0, 0, 0, window.Seoul))
	co := e.start(t, payment.Vbank)
	want := time.Date(2026, 11, 30, 23, 59, 0, 0, window.Seoul)
	if due := e.gw.orders[co.PaymentID].VbankDue; !due.Equal(want) {
		t.Fatalf("due %v, want %v", due, want)
	}
}

func TestVirtualAccountForACancelledApplicationIsAnAlertNotAFailure(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	co := e.start(t, payment.Vbank)
	steps, _ := application.NewSteps()
	if err := e.apps.Update(ctx, e.appl, func(_ context.Context, a *application.Application) error {
		return a.Cancel(steps, application.ByApplicant, e.clock.Now())
	}); err != nil {
		t.Fatal(err)
	}
	e.gw.set(co.PaymentID, payment.RemoteVbankIssued, money.Money{}, &payment.VirtualAccount{Bank: "B", AccountNo: "1", Due: e.clock.Now().Add(time.Hour)})
	if err := e.webhook("wh1", co.PaymentID, payment.NoticeVbankIssued, "ok"); err != nil {
		t.Fatalf("the provider would retry forever: %v", err)
	}
	if e.header(t).State.Status != application.Cancel || e.alerts(t, payment.CodeEventUnexpected) != 1 || len(e.mails()) != 0 {
		t.Fatalf("cancelled application: %+v, mails %v", e.header(t), e.mails())
	}
}
