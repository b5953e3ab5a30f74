package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/payment/testpg"
)

// payEnv is the real server with demo data, the test gateway posting its
// webhooks to this server before the page answers.
type payEnv struct {
	*applyEnv
}

func newPayEnv(t *testing.T) payEnv {
	e := newApplyEnv(t)
	e.a.TestPG.NoticeURL = e.srv.URL + testpg.WebhookPath
	e.a.TestPG.Sync = true
	return payEnv{e}
}

// submitted is a submitted application of school 236 (KRW 80,000).
func (e payEnv) submitted(c *apptest.Client) int64 {
	n := e.create(c, "236", "DC01", true)
	e.setStatus(n, "SUBMIT")
	return n
}

func (e payEnv) start(c *apptest.Client, n int64, payType string) string {
	e.t.Helper()
	r := must(e.t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/pay/start/%d", n), map[string]any{"payType": payType}), 200, "start "+payType)
	id, _ := r.Body["paymentId"].(string)
	if id == "" || !strings.HasSuffix(fmt.Sprint(r.Body["approveUrl"]), "/testpg/pay/"+id) {
		e.t.Fatalf("checkout %s", r.Raw)
	}
	return id
}

// act presses a button of the test gateway's page and answers where the
// browser is sent.
func (e payEnv) act(id, action string) *url.URL {
	e.t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.PostForm(e.srv.URL+"/testpg/pay/"+id+"/"+action, url.Values{"action": {action}})
	if err != nil {
		e.t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		e.t.Fatalf("%s: %d", action, res.StatusCode)
	}
	u, _ := url.Parse(res.Header.Get("Location"))
	return u
}

func (e payEnv) confirm(c *apptest.Client, id string, body map[string]any) map[string]any {
	e.t.Helper()
	return must(e.t, c.Do("POST", "/apply/api-auth/appl/pay/confirm/"+id, body), 200, "confirm").Body
}

func (e payEnv) status(c *apptest.Client, n int64) (string, string) {
	e.t.Helper()
	r := must(e.t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/pay/quote/%d", n), nil), 200, "quote")
	id, _ := r.Body["applId"].(string)
	return fmt.Sprint(r.Body["status"]), id
}

func (e payEnv) count(q string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.a.DB.Pool.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestPayByCardThroughTheTestGateway(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	n := e.submitted(c)

	r := must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/pay/quote/%d", n), nil), 200, "quote")
	opts, _ := r.Body["options"].([]any)
	if len(opts) != 4 || r.Body["payOpen"] != true || r.Body["testGateway"] != true {
		t.Fatalf("quote %s", r.Raw)
	}
	for _, o := range opts {
		o := o.(map[string]any)
		total := o["total"].(map[string]any)
		switch o["payType"] {
		case "card":
			if total["amount"] != 80000.0 || total["currency"] != "KRW" || total["text"] != "80,000" {
				t.Errorf("card %v", o)
			}
		case "visa_master": // USD 65.00 + round-half-up(65.00 × 4.4% + 0.30) = 65.00 + 3.16
			if o["surcharge"].(map[string]any)["amount"] != 316.0 || total["amount"] != 6816.0 {
				t.Errorf("paypal %v", o)
			}
		}
	}
	// Another applicant cannot start or confirm this one.
	other := e.as("applicant2")
	must(t, other.Do("POST", fmt.Sprintf("/apply/api-auth/appl/pay/start/%d", n), map[string]any{"payType": "card"}), 404, "other start")
	must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/pay/start/%d", n), map[string]any{"payType": "bitcoin"}), 400, "unknown pay type")

	id := e.start(c, n, "card")
	if page := c.Do("GET", "/testpg/pay/"+id, nil); page.Status != 200 || !strings.Contains(page.Raw, "80,000원") {
		t.Fatalf("page: %d %s", page.Status, page.Raw)
	}
	must(t, other.Do("POST", "/apply/api-auth/appl/pay/confirm/"+id, nil), 404, "other confirm")
	to := e.act(id, testpg.ActApprove)
	if to.Path != "/pay/mobile" || to.Query().Get("paymentId") != id || to.Query().Get("code") != "" {
		t.Fatalf("redirect %s", to)
	}
	// The webhook came first; the browser's return finds it paid.
	if a := e.confirm(c, id, nil); a["result"] != "PAID" {
		t.Fatalf("confirm %v", a)
	}
	if st, applID := e.status(c, n); st != "COMPLETE" || applID == "" {
		t.Fatalf("status %s %q", st, applID)
	}
	if len(outboxMails(t, e.applyEnv, "application_complete")) != 1 || len(outboxMails(t, e.applyEnv, "payment_receipt")) != 1 {
		t.Fatal("completion and receipt mails")
	}
	r = must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/pay/start/%d", n), map[string]any{"payType": "card"}), 409, "second payment")
	if r.Body["code"] != "payment.already_paid" {
		t.Fatalf("second payment: %s", r.Raw)
	}
	r = must(t, c.Do("GET", "/apply/api-auth/pay/receipts", nil), 200, "receipts")
	if !strings.Contains(r.Raw, id) || !strings.Contains(r.Raw, "Ewha Womans University") {
		t.Fatalf("receipts %s", r.Raw)
	}
	_, applID := e.status(c, n)
	pdf := must(t, c.Do("GET", "/apply/api-auth/pay/receipt/"+id+"?lang=ko", nil), 200, "receipt pdf")
	if text := pdfText(t, pdf.Raw); !strings.Contains(text, applID) || !strings.Contains(text, "80,000원") || strings.Contains(text, "PayPal") {
		t.Fatalf("receipt text: %s", text)
	}
	must(t, other.Do("GET", "/apply/api-auth/pay/receipt/"+id, nil), 404, "another user's receipt")
}

func TestPayPalReceiptHasTheSurchargeLine(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant2")
	n := e.submitted(c)
	id := e.start(c, n, "visa_master")
	e.act(id, testpg.ActApprove)
	if a := e.confirm(c, id, nil); a["result"] != "PAID" || a["surcharge"].(map[string]any)["amount"] != 316.0 {
		t.Fatalf("paypal %v", a)
	}
	pdf := must(t, c.Do("GET", "/apply/api-auth/pay/receipt/"+id+"?lang=en", nil), 200, "receipt pdf")
	text := pdfText(t, pdf.Raw)
	for _, want := range []string{"Application fee USD 65.00", "PayPal fee USD 3.16", "Total paid USD 68.16"} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), want) {
			t.Fatalf("receipt lacks %q: %s", want, text)
		}
	}
	mail := outboxMails(t, e.applyEnv, "payment_receipt")
	if len(mail) != 1 || !strings.Contains(fmt.Sprint(mail[0]), "3.16") {
		t.Fatalf("receipt mail %v", mail)
	}
}

func TestPayWebhooksSignedTwiceForgedAndInParallel(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	n := e.submitted(c)
	id := e.start(c, n, "card")
	// Paid at the test provider without any webhook yet.
	e.a.TestPG.Sync, e.a.TestPG.NoticeURL = true, "http://127.0.0.1:1/nowhere"
	e.act(id, testpg.ActApprove)
	target := e.srv.URL + testpg.WebhookPath

	// A forged webhook is refused and recorded; nothing changes.
	body := testpg.EventBody("Transaction.Paid", id, time.Now())
	req, _ := http.NewRequest("POST", target, strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("webhook-id", "msg_forged")
	req.Header.Set("webhook-timestamp", fmt.Sprint(time.Now().Unix()))
	req.Header.Set("webhook-signature", "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 400 {
		t.Fatalf("forged: %v %v", res, err)
	}
	res.Body.Close()
	if st, _ := e.status(c, n); st != "SUBMIT" {
		t.Fatalf("forged webhook moved it: %s", st)
	}
	if e.count("SELECT count(*) FROM pay_record WHERE code = 'payment.bad_signature' AND alert") != 1 {
		t.Fatal("forged webhook not recorded")
	}
	// The same signed webhook five times at once: one completion.
	var wg sync.WaitGroup
	for range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := e.a.TestPG.Send(context.Background(), http.DefaultClient, target, "msg_same", body); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if st, applID := e.status(c, n); st != "COMPLETE" || applID == "" {
		t.Fatalf("after webhooks %s %q", st, applID)
	}
	if len(outboxMails(t, e.applyEnv, "application_complete")) != 1 || len(outboxMails(t, e.applyEnv, "payment_receipt")) != 1 {
		t.Fatal("one mail each")
	}
	if e.count("SELECT count(*) FROM application WHERE appl_id IS NOT NULL") != 1 {
		t.Fatal("one exam number")
	}
	if e.count("SELECT count(*) FROM pay_record WHERE payment_id = $1 AND kind = 'changed' AND to_result = 'PAID'", id) != 1 {
		t.Fatal("one change to PAID recorded")
	}
}

func TestPayByVirtualAccountExpiryAndDeclineRetry(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	c.Lang = "en"
	n := e.submitted(c)

	// Declined, then abandoned: each attempt ends and may be tried again.
	id := e.start(c, n, "card")
	to := e.act(id, testpg.ActDecline)
	if to.Query().Get("code") != "PG_DECLINED" {
		t.Fatalf("decline redirect %s", to)
	}
	if a := e.confirm(c, id, map[string]any{"code": to.Query().Get("code"), "message": to.Query().Get("message")}); a["result"] != "FAILED" {
		t.Fatalf("declined %v", a)
	}
	id = e.start(c, n, "card")
	to = e.act(id, testpg.ActClose)
	if a := e.confirm(c, id, map[string]any{"code": to.Query().Get("code")}); a["result"] != "FAILED" {
		t.Fatalf("closed %v", a)
	}

	// A virtual account: issued, shown and mailed; it lapses: TIMEOUT.
	id = e.start(c, n, "vbank")
	e.act(id, testpg.ActIssue)
	a := e.confirm(c, id, nil)
	va, _ := a["vbank"].(map[string]any)
	if a["result"] != "VBANK_ISSUE" || va == nil || va["accountNo"] == "" || va["bank"] != "Shinhan Bank" || a["testPageUrl"] == nil {
		t.Fatalf("issued %v", a)
	}
	if st, _ := e.status(c, n); st != "VBANK_ISSUE" {
		t.Fatalf("status %s", st)
	}
	mails := outboxMails(t, e.applyEnv, "vbank_issued")
	if len(mails) != 1 || !strings.Contains(fmt.Sprint(mails[0]), fmt.Sprint(va["accountNo"])) {
		t.Fatalf("vbank mail %v", mails)
	}
	r := must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/pay/start/%d", n), map[string]any{"payType": "card"}), 409, "pay while the account is open")
	if r.Body["code"] != "payment.vbank_waiting" {
		t.Fatalf("while open %s", r.Raw)
	}
	e.act(id, testpg.ActExpire)
	if a := e.confirm(c, id, nil); a["result"] != "TIMEOUT" {
		t.Fatalf("expired %v", a)
	}
	if st, _ := e.status(c, n); st != "SUBMIT" {
		t.Fatalf("after expiry %s", st)
	}
	// Pay again: a new account, and this time the deposit arrives.
	id2 := e.start(c, n, "vbank")
	if id2 == id {
		t.Fatal("same payment id reused")
	}
	e.act(id2, testpg.ActIssue)
	e.act(id2, testpg.ActDeposit)
	if a := e.confirm(c, id2, nil); a["result"] != "PAID" {
		t.Fatalf("deposit %v", a)
	}
	if st, applID := e.status(c, n); st != "COMPLETE" || applID == "" {
		t.Fatalf("after deposit %s %q", st, applID)
	}
	if e.count("SELECT count(*) FROM pay_attempt WHERE appl_no = $1", n) != 4 {
		t.Fatal("every attempt kept")
	}
}

// make run: every paid demo school can be paid with the test gateway, by
// the pay types the demo data gives it.
func TestEveryPaidDemoSchoolPaysWithTheTestGateway(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	for _, s := range []struct {
		school, major, payType string
		types                  int
		fee                    float64
	}{
		{"SCL00001", "IT01", "vbank", 3, 100000},
		{"236", "DC01", "card", 4, 80000},
		{"GSPP01", "PP01", "trans", 3, 70000},
		{"SKKGSB", "MBA", "card", 4, 150000},
	} {
		n := e.create(c, s.school, s.major, true)
		e.setStatus(n, "SUBMIT")
		r := must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/pay/quote/%d", n), nil), 200, "quote "+s.school)
		opts, _ := r.Body["options"].([]any)
		if len(opts) != s.types || opts[0].(map[string]any)["provider"] != "testpg" {
			t.Fatalf("%s options: %s", s.school, r.Raw)
		}
		id := e.start(c, n, s.payType)
		if s.payType == "vbank" {
			e.act(id, testpg.ActIssue)
			e.act(id, testpg.ActDeposit)
		} else {
			e.act(id, testpg.ActApprove)
		}
		a := e.confirm(c, id, nil)
		if a["result"] != "PAID" || a["total"].(map[string]any)["amount"] != s.fee {
			t.Fatalf("%s: %v", s.school, a)
		}
		if st, applID := e.status(c, n); st != "COMPLETE" || applID == "" {
			t.Fatalf("%s: %s %q", s.school, st, applID)
		}
	}
}

// The providers' hosts are allowed on the pay page and the phone return
// only; every other page keeps the strict policy.
func TestPayPageCSPOnlyThere(t *testing.T) {
	e := newPayEnv(t)
	for path, want := range map[string]bool{"/appl/pay": true, "/pay/mobile": true, "/list": false, "/": false} {
		res, err := http.Get(e.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		csp := res.Header.Get("Content-Security-Policy")
		if got := strings.Contains(csp, "https://cdn.portone.io") && strings.Contains(csp, "https://www.paypal.com"); got != want {
			t.Errorf("%s: provider hosts %v, want %v (%s)", path, got, want, csp)
		}
		if !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: %s", path, csp)
		}
	}
}
