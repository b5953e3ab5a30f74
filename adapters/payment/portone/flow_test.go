package portone_test

// Issue 9's adapter checks for PortOne, one test per check: the service
// wired as cmd/server wires it, with PortOne configured to the local fake
// PortOne, webhooks through the server's route, on PostgreSQL (package
// paytest).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/app/paytest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/payment/payhttp/payfake"
	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/adapters/payment/portone/portonefake"
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

// The applicant's browser starts a virtual-account payment on the pay
// API and hands the answer's window to PortOne.requestPayment unchanged:
// PortOne's window gets the customer from the account and the
// application, our webhook, our ids and the account deadline the server
// computed; the account the applicant is shown expires then, and the
// deposit completes the application.
func TestWindowGetsWhatTheServerComputedAndTheAccountExpiresThen(t *testing.T) {
	f := newFlow(t)
	ctx := context.Background()
	if _, err := f.App.DB.Pool.Exec(ctx, `INSERT INTO appl_basis (appl_no, gend, nationality, birth_date, mobile, phone)
		VALUES ($1, 'M', '410', '1990-01-01', '010-9876-5432', '02-123-4567')`, f.Appl); err != nil {
		t.Fatal(err)
	}
	c := apptest.NewClient(t, f.Srv)
	if r := c.Do("POST", "/user/api/login", map[string]any{"userId": "applicant1", "password": "GradApply2026"}); r.Status != 200 {
		t.Fatalf("login %d %s", r.Status, r.Raw)
	}
	q := c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/pay/quote/%d", f.Appl), nil)
	deadline, err := time.Parse(time.RFC3339, fmt.Sprint(q.Body["deadline"]))
	if q.Status != 200 || err != nil {
		t.Fatalf("quote %d %s", q.Status, q.Raw)
	}
	before := time.Now()
	r := c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/pay/start/%d", f.Appl), map[string]any{"payType": "vbank"})
	after := time.Now()
	id, _ := r.Body["paymentId"].(string)
	if r.Status != 200 || id == "" || r.Body["provider"] != "portone" {
		t.Fatalf("start %d %s", r.Status, r.Raw)
	}
	window, _ := json.Marshal(r.Body["window"]) // what the page passes on
	if err := f.fake.RequestPayment(window); err != nil {
		t.Fatalf("the window refused the checkout: %v\n%s", err, window)
	}
	w, _ := f.fake.Window(id)
	if w.PaymentID != id || w.TotalAmount != 80000 || w.Currency != "KRW" || w.PayMethod != "VIRTUAL_ACCOUNT" || w.StoreID != f.fake.StoreID {
		t.Fatalf("window %+v", w)
	}
	if cu := w.Customer; cu == nil || cu.FullName != "홍길동" || cu.Email != "applicant1@demo.gradapply.example" || cu.PhoneNumber != "01098765432" {
		t.Fatalf("customer %+v", w.Customer)
	}
	hook, _ := url.Parse(f.HookURL(payment.ProviderPortOne))
	if len(w.NoticeURLs) != 1 || w.NoticeURLs[0] != "http://localhost"+hook.Path {
		t.Fatalf("noticeUrls %v, want PUBLIC_URL + %s", w.NoticeURLs, hook.Path)
	}
	if w.RedirectURL != "http://localhost/pay/mobile?paymentId="+id {
		t.Fatalf("redirectUrl %q", w.RedirectURL)
	}
	var custom struct {
		PaymentID string `json:"paymentId"`
		ApplNo    int64  `json:"applNo"`
	}
	if err := json.Unmarshal(w.CustomData, &custom); err != nil || custom.PaymentID != id || custom.ApplNo != f.Appl {
		t.Fatalf("customData %s", w.CustomData)
	}
	// Three days from the start, never after the pay deadline.
	seoul, _ := time.LoadLocation("Asia/Seoul")
	due, err := time.ParseInLocation("2006-01-02 15:04:05", w.VirtualAccount.AccountExpiry.DueDate, seoul)
	earliest, latest := before.Add(72*time.Hour), after.Add(72*time.Hour)
	if deadline.Before(latest) {
		earliest, latest = deadline.Add(-time.Minute), deadline.Add(-time.Minute)
	}
	if err != nil || due.Before(earliest.Truncate(time.Second)) || due.After(latest) || !due.Before(deadline) {
		t.Fatalf("dueDate %q, want between %s and %s, before %s", w.VirtualAccount.AccountExpiry.DueDate, earliest, latest, deadline)
	}

	f.fake.WebhookURL = f.HookURL(payment.ProviderPortOne)
	if err := f.fake.IssueVirtualAccount(id, time.Time{}); err != nil {
		t.Fatal(err)
	}
	q = c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/pay/quote/%d", f.Appl), nil)
	cur, _ := q.Body["current"].(map[string]any)
	vb, _ := cur["vbank"].(map[string]any)
	if shown, err := time.Parse(time.RFC3339, fmt.Sprint(vb["due"])); err != nil || !shown.Equal(due) {
		t.Fatalf("the applicant is shown the account %v, want due %s", cur, due)
	}
	if err := f.fake.Deposit(id); err != nil {
		t.Fatal(err)
	}
	f.CompletedOnce(id, "80000")
}

// PortOne answers our customData with the payment: an answer whose
// customData names another attempt is not ours, however paid it is.
func TestCustomDataOfAnotherPaymentStaysUnpaidWithAnAlert(t *testing.T) {
	f := newFlow(t)
	co := f.Start(payment.Card, "ko")
	if err := f.fake.RequestPayment(co.Window); err != nil {
		t.Fatal(err)
	}
	if err := f.fake.Approve(co.PaymentID); err != nil {
		t.Fatal(err)
	}
	f.fake.Tamper(co.PaymentID, func(p *portone.Payment) { p.CustomData = `{"paymentId":"ga1-someone-else","applNo":1}` })
	if _, err := f.Confirm(co.PaymentID, payment.Return{}); err != nil {
		t.Fatal(err)
	}
	f.Unpaid(co.PaymentID)
	if a := f.Alerts(payment.CodeIdentityMismatch); len(a) != 1 || a[0].Detail["reported"] != "ga1-someone-else" {
		t.Fatalf("identity alerts %+v", a)
	}
}
