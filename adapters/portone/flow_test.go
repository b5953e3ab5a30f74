package portone_test

// Issue 9's adapter checks for PortOne, one test per check: the service
// wired as cmd/server wires it, with PortOne configured to the local fake
// PortOne, webhooks through the server's route, on PostgreSQL (package
// paytest).

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/app/paytest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/payhttp/payfake"
	"github.com/gradapply/gradapply/adapters/portone"
	"github.com/gradapply/gradapply/adapters/portone/portonefake"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/payment"
)

type flow struct {
	*paytest.Env
	fake *portonefake.Server
}

func newFlow(t *testing.T) *flow {
	t.Helper()
	t.Parallel()
	f := portonefake.New()
	t.Cleanup(f.Close)
	return &flow{Env: paytest.New(t, func(c *config.Config) { c.PortOne = fakeConfig(f) }), fake: f}
}

// fakeConfig is the PortOne configuration of the fake, as the environment
// would give it.
func fakeConfig(f *portonefake.Server) config.PortOne {
	c := config.PortOne{APISecret: f.APISecret, StoreID: f.StoreID, BaseURL: f.URL}
	for _, s := range f.WebhookSecrets {
		c.WebhookSecrets = append(c.WebhookSecrets, s.String())
	}
	return c
}

func (f *flow) send(ds ...payfake.Delivery) []int {
	f.T.Helper()
	codes, err := payfake.Send(context.Background(), f.HookURL(payment.ProviderPortOne), ds...)
	if err != nil {
		f.T.Fatal(err)
	}
	return codes
}

func TestAmountOrCurrencyOtherThanTheOrderStaysUnpaidWithAnAlert(t *testing.T) {
	for _, tc := range []struct {
		name   string
		tamper func(*portone.Payment)
	}{
		{"amount", func(p *portone.Payment) { p.Amount.Total, p.Amount.Paid = 800, 800 }},
		{"currency", func(p *portone.Payment) { p.Currency = "USD" }},
		{"unknown currency", func(p *portone.Payment) { p.Currency = "JPY" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFlow(t)
			co := f.Start(payment.Card, "ko")
			if err := f.fake.Pay(co.PaymentID, portone.MethodCard, 80000, "KRW"); err != nil {
				t.Fatal(err)
			}
			// What PortOne reports differs from the stored order (a channel
			// without pre-registration, a bug, a forged answer).
			f.fake.Tamper(co.PaymentID, tc.tamper)
			if _, err := f.Confirm(co.PaymentID, payment.Return{}); err != nil {
				t.Fatal(err)
			}
			if codes := f.send(f.fake.Webhook(co.PaymentID, portone.WebhookPaid)); codes[0] != http.StatusOK {
				t.Fatalf("webhook answered %d", codes[0])
			}
			f.Unpaid(co.PaymentID)
			if n := len(f.Alerts(payment.CodeAmountMismatch)); n != 2 {
				t.Fatalf("%d amount-mismatch alerts, want one per report (browser return, webhook)", n)
			}
		})
	}
}

func TestForgedWebhookChangesNothing(t *testing.T) {
	t.Run("bad signature", func(t *testing.T) {
		f := newFlow(t)
		co := f.Start(payment.Card, "ko")
		_ = f.fake.Open(co.PaymentID, portone.MethodCard, 80000, "KRW")
		gets := f.fake.CallsOf(portonefake.OpGet)
		if codes := f.send(f.fake.Forge(co.PaymentID, portone.WebhookPaid)); codes[0] != http.StatusBadRequest {
			t.Fatalf("forged webhook answered %d", codes[0])
		}
		if f.fake.CallsOf(portonefake.OpGet) != gets {
			t.Fatal("a forged webhook made us ask PortOne: its content was acted on")
		}
		f.Unpaid(co.PaymentID)
		if n := len(f.Alerts(payment.CodeBadSignature)); n != 1 {
			t.Fatalf("%d bad-signature records", n)
		}
	})
	t.Run("body changed after signing", func(t *testing.T) {
		f := newFlow(t)
		co := f.Start(payment.Card, "ko")
		_ = f.fake.Open(co.PaymentID, portone.MethodCard, 80000, "KRW")
		d := f.fake.Webhook(co.PaymentID, portone.WebhookPaid)
		changed := d.WithBody([]byte(strings.Replace(string(d.Body), "Transaction.Paid", "Transaction.Paid ", 1)))
		if codes := f.send(changed); codes[0] != http.StatusBadRequest {
			t.Fatalf("tampered webhook answered %d", codes[0])
		}
		f.Unpaid(co.PaymentID)
	})
	t.Run("signed, but PortOne reports the payment unpaid", func(t *testing.T) {
		f := newFlow(t)
		co := f.Start(payment.Card, "ko")
		_ = f.fake.Open(co.PaymentID, portone.MethodCard, 80000, "KRW")
		// A genuine-looking Paid event (e.g. replayed with a leaked secret)
		// for a payment PortOne reports READY: nothing moves.
		if codes := f.send(f.fake.Webhook(co.PaymentID, portone.WebhookPaid)); codes[0] != http.StatusOK {
			t.Fatalf("webhook answered %d", codes[0])
		}
		f.Unpaid(co.PaymentID)
		if a := f.Attempt(co.PaymentID); a.Result() != payment.Proceeding {
			t.Fatalf("attempt %s", a.Result())
		}
	})
	t.Run("old timestamp", func(t *testing.T) {
		f := newFlow(t)
		co := f.Start(payment.Card, "ko")
		_ = f.fake.Pay(co.PaymentID, portone.MethodCard, 80000, "KRW")
		body, _ := json.Marshal(portone.WebhookEvent{Type: portone.WebhookPaid, Data: portone.WebhookData{PaymentID: co.PaymentID}})
		old := portonefake.Sign("msg_old", time.Now().Add(-10*time.Minute), body, f.fake.WebhookSecrets...)
		if codes := f.send(old); codes[0] != http.StatusBadRequest {
			t.Fatalf("10-minute-old webhook answered %d", codes[0])
		}
		f.Unpaid(co.PaymentID)
	})
}

func TestSameWebhookFiveTimesInParallelCompletesOnce(t *testing.T) {
	f := newFlow(t)
	co := f.Start(payment.Card, "en")
	if err := f.fake.Pay(co.PaymentID, portone.MethodCard, 80000, "KRW"); err != nil {
		t.Fatal(err)
	}
	d := f.fake.Webhook(co.PaymentID, portone.WebhookPaid)
	codes, err := payfake.SendParallel(context.Background(), f.HookURL(payment.ProviderPortOne), d, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range codes {
		if c != http.StatusOK {
			t.Fatalf("answers %v", codes)
		}
	}
	f.CompletedOnce(co.PaymentID, "80000")
	changed := 0
	for _, r := range f.Records(f.Appl) {
		if r.Kind == payment.RecChanged && r.To == payment.Paid {
			changed++
		}
	}
	if changed != 1 {
		t.Fatalf("%d records of the change to PAID", changed)
	}
}

func TestWebhookBeforeOrAfterTheBrowserReturnEndsTheSame(t *testing.T) {
	for _, order := range []string{"webhook first", "browser first"} {
		t.Run(order, func(t *testing.T) {
			f := newFlow(t)
			co := f.Start(payment.Card, "ko")
			_ = f.fake.Pay(co.PaymentID, portone.MethodCard, 80000, "KRW")
			hook := func() {
				if c := f.send(f.fake.Webhook(co.PaymentID, portone.WebhookPaid)); c[0] != http.StatusOK {
					t.Fatalf("webhook %d", c[0])
				}
			}
			browser := func() {
				if a, err := f.Confirm(co.PaymentID, payment.Return{}); err != nil || a.Result() != payment.Paid {
					t.Fatalf("browser return: %s %v", a.Result(), err)
				}
			}
			if order == "webhook first" {
				hook()
				browser()
			} else {
				browser()
				hook()
			}
			if no := f.CompletedOnce(co.PaymentID, "80000"); !strings.HasPrefix(no, "20") {
				t.Fatalf("exam number %q", no)
			}
		})
	}
	t.Run("virtual account: deposit reported before the issue", func(t *testing.T) {
		f := newFlow(t)
		co := f.Start(payment.Vbank, "ko")
		if co.PayMethod != string(portone.MethodVirtualAccount) {
			t.Fatalf("payMethod %q", co.PayMethod)
		}
		_ = f.fake.Open(co.PaymentID, portone.MethodVirtualAccount, 80000, "KRW")
		_ = f.fake.IssueVirtualAccount(co.PaymentID, time.Now().Add(48*time.Hour))
		issued := f.fake.Webhook(co.PaymentID, portone.WebhookVirtualAccountIssued)
		_ = f.fake.Deposit(co.PaymentID)
		paid := f.fake.Webhook(co.PaymentID, portone.WebhookPaid)
		f.send(paid, issued) // PortOne does not promise the order
		f.CompletedOnce(co.PaymentID, "80000")
	})
}

func TestVirtualAccountIssuedShownMailedThenDeposited(t *testing.T) {
	f := newFlow(t)
	co := f.Start(payment.Vbank, "ko")
	f.fake.WebhookURL = f.HookURL(payment.ProviderPortOne)
	_ = f.fake.Open(co.PaymentID, portone.MethodVirtualAccount, 80000, "KRW")
	due := time.Now().Add(48 * time.Hour).Truncate(time.Second)
	if err := f.fake.IssueVirtualAccount(co.PaymentID, due); err != nil {
		t.Fatal(err)
	}
	a := f.Attempt(co.PaymentID)
	if st, _ := f.Status(); st != "VBANK_ISSUE" || a.Result() != payment.VbankIssue || a.Vbank() == nil || a.Vbank().AccountNo == "" || !a.Vbank().Due.Equal(due) {
		t.Fatalf("status %s, attempt %s %+v", st, a.Result(), a.Vbank())
	}
	if n := f.Mails("vbank_issued"); n != 1 {
		t.Fatalf("%d account mails", n)
	}
	if err := f.fake.Deposit(co.PaymentID); err != nil {
		t.Fatal(err)
	}
	f.CompletedOnce(co.PaymentID, "80000")
}

func TestReconciliationWithoutWebhooks(t *testing.T) {
	t.Run("completes a paid one, after PortOne answers again", func(t *testing.T) {
		f := newFlow(t)
		f.Svc.AbandonAfter = time.Nanosecond
		co := f.Start(payment.Card, "ko")
		_ = f.fake.Pay(co.PaymentID, portone.MethodCard, 80000, "KRW")
		// The browser never came back and no webhook arrived. PortOne is
		// down at the first run: nothing may be ended without its answer.
		f.fake.Fail(portonefake.OpGet, 100)
		sw, err := f.Svc.Reconcile(context.Background(), 0, 10)
		if err != nil || sw.Failed != 1 || sw.Changed != 0 {
			t.Fatalf("%+v %v", sw, err)
		}
		if a := f.Attempt(co.PaymentID); a.Result() != payment.Proceeding {
			t.Fatalf("without PortOne's answer the attempt became %s", a.Result())
		}
		f.fake.Recover(portonefake.OpGet)
		if sw, err := f.Svc.Reconcile(context.Background(), 0, 10); err != nil || sw.Changed != 1 {
			t.Fatalf("%+v %v", sw, err)
		}
		f.CompletedOnce(co.PaymentID, "80000")
		if sw, _ := f.Svc.Reconcile(context.Background(), 0, 10); sw.Changed != 0 {
			t.Fatalf("a second run changed %d", sw.Changed)
		}
		if n := f.fake.CallsOf(portonefake.OpCancel) + f.fake.CallsOf(portonefake.OpClose); n != 0 {
			t.Fatalf("reconciliation cancelled at PortOne %d times", n)
		}
	})
	t.Run("never ends one PortOne reports pending or paid", func(t *testing.T) {
		f := newFlow(t)
		f.Svc.AbandonAfter = time.Nanosecond
		co := f.Start(payment.Card, "ko")
		_ = f.fake.Open(co.PaymentID, portone.MethodCard, 80000, "KRW")
		f.fake.Tamper(co.PaymentID, func(p *portone.Payment) { p.Status = portone.StatusPayPending })
		if _, err := f.Svc.Reconcile(context.Background(), 0, 10); err != nil {
			t.Fatal(err)
		}
		if a := f.Attempt(co.PaymentID); a.Result() != payment.Proceeding {
			t.Fatalf("a PAY_PENDING payment became %s", a.Result())
		}
		_ = f.fake.Approve(co.PaymentID)
		if _, err := f.Svc.Reconcile(context.Background(), 0, 10); err != nil {
			t.Fatal(err)
		}
		f.CompletedOnce(co.PaymentID, "80000")
		if n := f.fake.CallsOf(portonefake.OpCancel); n != 0 {
			t.Fatalf("%d cancels", n)
		}
	})
	t.Run("ends one PortOne never saw paid", func(t *testing.T) {
		f := newFlow(t)
		f.Svc.AbandonAfter = time.Nanosecond
		co := f.Start(payment.Card, "ko")
		if _, err := f.Svc.Reconcile(context.Background(), 0, 10); err != nil {
			t.Fatal(err)
		}
		if a := f.Attempt(co.PaymentID); a.Result() != payment.Failed {
			t.Fatalf("an attempt PortOne does not know stayed %s", a.Result())
		}
		f.Unpaid(co.PaymentID)
	})
}

func TestAmountIsPreRegisteredAndABrowserChangeIsRefused(t *testing.T) {
	f := newFlow(t)
	// The school pays card fees through its own PG channel.
	var year, seq int
	ctx := context.Background()
	if err := f.App.DB.Pool.QueryRow(ctx, "SELECT enter_year, recruit_part_seq FROM application WHERE appl_no = $1", f.Appl).Scan(&year, &seq); err != nil {
		t.Fatal(err)
	}
	if err := (postgres.PaySettings{DB: f.App.DB}).PutSettings(ctx, "236", year, seq, payment.Settings{PayTypes: []payment.PayType{payment.Card},
		Channels: map[payment.PayType]payment.Channel{payment.Card: {ChannelKey: "channel-key-236-card"}}}); err != nil {
		t.Fatal(err)
	}
	co := f.Start(payment.Card, "ko")
	var pre *payfake.Call
	for _, c := range f.fake.Calls() {
		if c.Op == portonefake.OpPreRegister {
			pre = &c
		}
	}
	if pre == nil || !strings.HasSuffix(pre.Path, "/payments/"+co.PaymentID+"/pre-register") {
		t.Fatal("the payment was not pre-registered under our paymentId")
	}
	var body portone.PreRegister
	_ = json.Unmarshal(pre.Body, &body)
	if body.TotalAmount != 80000 || body.Currency != "KRW" || body.StoreID != f.fake.StoreID {
		t.Fatalf("pre-registered %+v", body)
	}
	if co.Amount.Amount() != 80000 || co.Channel.StoreID != f.fake.StoreID || co.Channel.ChannelKey != "channel-key-236-card" || co.PayMethod != "CARD" {
		t.Fatalf("checkout %+v", co)
	}
	// The page's script is changed to ask for 100 won.
	if err := f.fake.Pay(co.PaymentID, portone.MethodCard, 100, "KRW"); !errors.Is(err, portonefake.ErrAmountRefused) {
		t.Fatalf("PortOne took a changed amount: %v", err)
	}
	if _, err := f.Confirm(co.PaymentID, payment.Return{Code: "FAILURE_TYPE_PG", Message: "amount differs"}); err != nil {
		t.Fatal(err)
	}
	f.Unpaid(co.PaymentID)
	// Paying again works, with the server's amount.
	co2 := f.Start(payment.Card, "ko")
	if co2.PaymentID == co.PaymentID {
		t.Fatal("a new attempt reused the paymentId")
	}
	_ = f.fake.Pay(co2.PaymentID, portone.MethodCard, 80000, "KRW")
	if _, err := f.Confirm(co2.PaymentID, payment.Return{}); err != nil {
		t.Fatal(err)
	}
	f.CompletedOnce(co2.PaymentID, "80000")
	// A second payment of the paid application is refused before PortOne is asked.
	before := f.fake.CallsOf(portonefake.OpPreRegister)
	if _, err := f.Svc.Start(context.Background(), f.Owner, f.Appl, payment.StartRequest{PayType: "card"}); err == nil {
		t.Fatal("a paid application started a second payment")
	}
	if f.fake.CallsOf(portonefake.OpPreRegister) != before {
		t.Fatal("a second payment was pre-registered")
	}
}

func TestVirtualAccountExpiryClosesAtPortOneAndAllowsPayingAgain(t *testing.T) {
	t.Run("expired", func(t *testing.T) {
		f := newFlow(t)
		co := f.Start(payment.Vbank, "ko")
		_ = f.fake.Open(co.PaymentID, portone.MethodVirtualAccount, 80000, "KRW")
		_ = f.fake.IssueVirtualAccount(co.PaymentID, time.Now().Add(-time.Minute))
		if _, err := f.Confirm(co.PaymentID, payment.Return{}); err != nil {
			t.Fatal(err)
		}
		if st, _ := f.Status(); st != "VBANK_ISSUE" {
			t.Fatalf("status %s", st)
		}
		sw, err := f.Svc.ExpireVbanks(context.Background(), 10)
		if err != nil || sw.Changed != 1 {
			t.Fatalf("%+v %v", sw, err)
		}
		if n := f.fake.CallsOf(portonefake.OpClose); n != 1 {
			t.Fatalf("%d closes at PortOne", n)
		}
		if err := f.fake.Deposit(co.PaymentID); err == nil {
			t.Fatal("the closed account took a deposit")
		}
		if a := f.Attempt(co.PaymentID); a.Result() != payment.Timeout {
			t.Fatalf("attempt %s", a.Result())
		}
		f.Unpaid(co.PaymentID)
		co2 := f.Start(payment.Card, "ko")
		_ = f.fake.Pay(co2.PaymentID, portone.MethodCard, 80000, "KRW")
		if _, err := f.Confirm(co2.PaymentID, payment.Return{}); err != nil {
			t.Fatal(err)
		}
		f.CompletedOnce(co2.PaymentID, "80000")
	})
	t.Run("deposited just before the job ran", func(t *testing.T) {
		f := newFlow(t)
		co := f.Start(payment.Vbank, "ko")
		_ = f.fake.Open(co.PaymentID, portone.MethodVirtualAccount, 80000, "KRW")
		_ = f.fake.IssueVirtualAccount(co.PaymentID, time.Now().Add(-time.Minute))
		_, _ = f.Confirm(co.PaymentID, payment.Return{})
		_ = f.fake.Deposit(co.PaymentID) // its webhook is lost
		if _, err := f.Svc.ExpireVbanks(context.Background(), 10); err != nil {
			t.Fatal(err)
		}
		if n := f.fake.CallsOf(portonefake.OpClose) + f.fake.CallsOf(portonefake.OpCancel); n != 0 {
			t.Fatalf("a paid account was closed or cancelled (%d calls)", n)
		}
		f.CompletedOnce(co.PaymentID, "80000")
	})
}
