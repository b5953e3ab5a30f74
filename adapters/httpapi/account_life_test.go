package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// lastMail opens the newest outbox mail to an address (secrets included,
// as only the worker could) and checks no secret sits there in plain text.
func lastMail(t *testing.T, a *apptest.App, to string) mailmsg.Message {
	t.Helper()
	var payload []byte
	err := a.DB.Pool.QueryRow(context.Background(),
		"SELECT payload FROM outbox WHERE payload->>'to' = $1 ORDER BY id DESC LIMIT 1", to).Scan(&payload)
	if err != nil {
		t.Fatalf("no mail to %s: %v", to, err)
	}
	m, err := a.MailCodec.Decode(payload)
	if err != nil {
		t.Fatal(err)
	}
	_ = mailmsg.Walk(m.Message, func(_ string, s *mailmsg.Secret) error {
		if bytes.Contains(payload, []byte(*s)) {
			t.Fatalf("a secret in plain text in the outbox: %s", payload)
		}
		return nil
	})
	return m.Message
}

func mailCount(t *testing.T, a *apptest.App, to string) int {
	t.Helper()
	var n int
	if err := a.DB.Pool.QueryRow(context.Background(), "SELECT count(*) FROM outbox WHERE payload->>'to' = $1", to).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestFindIDAndResetPassword(t *testing.T) {
	a, c, fresh := setup(t)
	signUp(t, a, c, "kim2026", "kim@example.com", "Abcdefg1")
	c.Lang = "en"
	unknown := c.Do("POST", "/user/api/find/id", map[string]any{"email": "nobody@example.com", "altcha": solve(t, c)})
	known := c.Do("POST", "/user/api/find/id", map[string]any{"email": "KIM@example.com", "altcha": solve(t, c)})
	if unknown.Status != 200 || known.Status != 200 || unknown.Raw != known.Raw || !strings.Contains(known.Raw, "If an account uses this e-mail address") {
		t.Fatalf("find id answers differ: %s / %s", unknown.Raw, known.Raw)
	}
	if mailCount(t, a, "nobody@example.com") != 0 {
		t.Fatal("a stranger's address was mailed")
	}
	if m, ok := lastMail(t, a, "kim@example.com").(*mailmsg.UserIDFound); !ok || len(m.UserIDs) != 1 || m.UserIDs[0] != "kim2026" {
		t.Fatalf("find-id mail: %+v", m)
	}
	if r := c.Do("POST", "/user/api/find/id", map[string]any{"email": "kim@example.com"}); r.Status != 400 || r.Body["fields"].(map[string]any)["altcha"] == nil {
		t.Fatalf("no captcha: %d %s", r.Status, r.Raw)
	}

	other := fresh()
	login(t, other, "kim2026", "Abcdefg1")
	if r := c.Do("POST", "/user/api/find/pwd", map[string]any{"userId": "kim2026", "email": "kim@example.com", "altcha": solve(t, c)}); r.Status != 200 {
		t.Fatalf("find pwd: %d %s", r.Status, r.Raw)
	}
	link := string(lastMail(t, a, "kim@example.com").(*mailmsg.PasswordReset).Link)
	u, _ := url.Parse(link)
	p := strings.Split(strings.TrimPrefix(u.Path, "/user/modify/pwd/"), "/")
	q := "?userId=" + p[0] + "&expireDate=" + p[1] + "&hash=" + p[2]
	if r := c.Do("GET", "/user/api/reset"+q, nil); r.Status != 200 {
		t.Fatalf("fresh link: %d %s", r.Status, r.Raw)
	}
	body := map[string]any{"userId": p[0], "expireDate": p[1], "hash": p[2], "password": "short"}
	c.Lang = "ko"
	if r := c.Do("POST", "/user/api/reset", body); r.Status != 400 || !strings.Contains(r.Raw, "비밀번호는 8~16자") {
		t.Fatalf("weak password: %d %s", r.Status, r.Raw)
	}
	body["password"] = "Newpass22"
	if r := c.Do("POST", "/user/api/reset", body); r.Status != 200 {
		t.Fatalf("reset: %d %s", r.Status, r.Raw)
	}
	if r := other.Do("GET", "/user/api/me", nil); r.Status != 401 {
		t.Fatalf("another session survives a reset: %d", r.Status)
	}
	if r := c.Do("POST", "/user/api/reset", body); r.Status != 400 || r.Body["code"] != "account.reset_link_invalid" {
		t.Fatalf("used link: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("GET", "/user/api/reset"+q, nil); r.Status != 400 {
		t.Fatalf("used link checks fine: %d %s", r.Status, r.Raw)
	}
	login(t, fresh(), "kim2026", "Newpass22")
}

func TestMyInfoChangesAndWithdrawal(t *testing.T) {
	a, c, fresh := setup(t)
	signUp(t, a, c, "lee2026", "lee@example.com", "Abcdefg1")
	if r := c.Do("GET", "/user/api/my-info", nil); r.Status != 401 {
		t.Fatalf("guest reads my info: %d", r.Status)
	}
	login(t, c, "lee2026", "Abcdefg1")
	other := fresh()
	login(t, other, "lee2026", "Abcdefg1")
	if r := c.Do("GET", "/user/api/my-info", nil); r.Status != 403 || r.Body["code"] != "account.ticket_required" {
		t.Fatalf("my info without the password: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("POST", "/user/api/confirm/pwd", map[string]any{"password": "Abcdefg1", "type": "OTHER"}); r.Status != 400 {
		t.Fatalf("wrong type: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("POST", "/user/api/confirm/pwd", map[string]any{"password": "nope", "type": "MODIPY"}); r.Status != 400 || r.Body["fields"].(map[string]any)["password"] == nil {
		t.Fatalf("wrong password: %d %s", r.Status, r.Raw)
	}
	r := c.Do("POST", "/user/api/confirm/pwd", map[string]any{"password": "Abcdefg1", "type": "MODIPY"})
	if r.Status != 200 {
		t.Fatalf("confirm: %d %s", r.Status, r.Raw)
	}
	c.Headers = map[string]string{"X-Modify-Ticket": r.Body["ticket"].(string)}
	// The ticket is bound to this account: another member's session cannot use it.
	signUp(t, a, fresh(), "park2026", "park@example.com", "Abcdefg1")
	thief := fresh()
	login(t, thief, "park2026", "Abcdefg1")
	thief.Headers = c.Headers
	if r := thief.Do("GET", "/user/api/my-info", nil); r.Status != 403 {
		t.Fatalf("another member's ticket: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("GET", "/user/api/my-info", nil); r.Status != 200 || r.Body["email"] != "lee@example.com" || r.Body["userId"] != "lee2026" {
		t.Fatalf("my info: %d %s", r.Status, r.Raw)
	}
	c.Lang = "en"
	if r := c.Do("PUT", "/user/api/my-info", map[string]any{"phone": "12ab"}); r.Status != 400 || !strings.Contains(r.Raw, "phone number") {
		t.Fatalf("bad phone: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("PUT", "/user/api/my-info", map[string]any{"phone": "010-9876-5432"}); r.Status != 200 || r.Body["phone"] != "01098765432" {
		t.Fatalf("phone: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("POST", "/user/api/my-info/email-code", map[string]any{"email": "park@example.com"}); r.Status != 409 {
		t.Fatalf("taken address: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("POST", "/user/api/my-info/email-code", map[string]any{"email": "lee.new@example.com"}); r.Status != 200 {
		t.Fatalf("email code: %d %s", r.Status, r.Raw)
	}
	code := string(lastMail(t, a, "lee.new@example.com").(*mailmsg.EmailChangeCode).Code)
	if r := c.Do("PUT", "/user/api/my-info/email", map[string]any{"email": "lee.new@example.com", "code": "000000"}); r.Status != 400 {
		t.Fatalf("wrong code: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("PUT", "/user/api/my-info/email", map[string]any{"email": "lee.new@example.com", "code": code}); r.Status != 200 {
		t.Fatalf("change email: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("GET", "/user/api/me", nil); r.Body["email"] != "lee.new@example.com" {
		t.Fatalf("address after change: %s", r.Raw)
	}
	if r := c.Do("PUT", "/user/api/my-info/password", map[string]any{"currentPassword": "Abcdefg1", "newPassword": "Newpass22"}); r.Status != 200 {
		t.Fatalf("change password: %d %s", r.Status, r.Raw)
	}
	if r := other.Do("GET", "/user/api/me", nil); r.Status != 401 {
		t.Fatalf("other session after a password change: %d", r.Status)
	}
	if r := c.Do("GET", "/user/api/me", nil); r.Status != 200 {
		t.Fatalf("this session after a password change: %d %s", r.Status, r.Raw)
	}
	// The old ticket died with the old sessions; confirm again, then leave.
	if r := c.Do("POST", "/user/api/withdraw", map[string]any{"confirm": true}); r.Status != 403 {
		t.Fatalf("withdraw with a stale ticket: %d %s", r.Status, r.Raw)
	}
	r = c.Do("POST", "/user/api/confirm/pwd", map[string]any{"password": "Newpass22", "type": "MODIPY"})
	c.Headers = map[string]string{"X-Modify-Ticket": r.Body["ticket"].(string)}
	if r := c.Do("POST", "/user/api/withdraw", map[string]any{"confirm": false}); r.Status != 400 {
		t.Fatalf("unconfirmed withdrawal: %d %s", r.Status, r.Raw)
	}
	// A survey answer of the member's stays in the results, no longer theirs.
	ctx := context.Background()
	if _, err := a.DB.Pool.Exec(ctx, `WITH s AS (INSERT INTO site_survey (title_ko, title_en, start_day, end_day, audience, created_by)
		VALUES ('만족도', 'Satisfaction', '2026-01-01', '2026-12-31', 'ALL', 'sysadmin') RETURNING survey_id),
		r AS (INSERT INTO site_survey_response SELECT survey_id, 'lee2026', now() FROM s RETURNING survey_id)
		INSERT INTO site_survey_answer (survey_id, user_id, seq, question_code, item_code) SELECT survey_id, 'lee2026', 1, 'q1', '2' FROM r`); err != nil {
		t.Fatal(err)
	}
	if r := c.Do("POST", "/user/api/withdraw", map[string]any{"confirm": true}); r.Status != 200 || c.Cookie["access_token"] != "" {
		t.Fatalf("withdraw: %d %s %v", r.Status, r.Raw, c.Cookie)
	}
	if r := fresh().Do("POST", "/user/api/login", map[string]any{"userId": "lee2026", "password": "Newpass22"}); r.Status != 401 {
		t.Fatalf("login after withdrawal: %d %s", r.Status, r.Raw)
	}
	var theirs, answers int
	if err := a.DB.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM site_survey_response WHERE user_id = 'lee2026'),
		(SELECT count(*) FROM site_survey_answer WHERE item_code = '2' AND user_id LIKE 'closed:%')`).Scan(&theirs, &answers); err != nil || theirs != 0 || answers != 1 {
		t.Fatalf("survey answers after withdrawal: %d still the member's, %d kept anonymous (%v)", theirs, answers, err)
	}
	var action string
	if err := a.DB.Pool.QueryRow(ctx, "SELECT action FROM audit_log WHERE target = 'lee2026' ORDER BY id DESC LIMIT 1").Scan(&action); err != nil || action != "account.withdraw" {
		t.Fatalf("audit: %q %v", action, err)
	}
}

// My data: a ZIP of the account, every application with its steps, and
// the uploaded files, only with the My Info ticket, and only one's own.
func TestMyDataExport(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	n := e.create(c, "236", "DC01", true)
	must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), map[string]any{"applicantInfo": koreanInfo()}), 200, "basis")
	must(t, upload(t, c, n, `{"itemCode":"00003"}`, "성적증명서.pdf", pdfBody), 200, "transcript")
	if r := c.Do("GET", "/user/api/my-info/export", nil); r.Status != 403 {
		t.Fatalf("export without the password: %d", r.Status)
	}
	r := must(t, c.Do("POST", "/user/api/confirm/pwd", map[string]any{"password": demoPassword, "type": "MODIPY"}), 200, "confirm")
	c.Headers = map[string]string{"X-Modify-Ticket": r.Body["ticket"].(string)}
	res := c.Do("GET", "/user/api/my-info/export", nil)
	if res.Status != 200 || res.Header.Get("Content-Type") != "application/zip" || !strings.Contains(res.Header.Get("Content-Disposition"), "gradapply-applicant1-") {
		t.Fatalf("export: %d %v", res.Status, res.Header)
	}
	got := unzip(t, res.Raw)
	if !strings.Contains(got["account.json"], `"userId": "applicant1"`) {
		t.Fatalf("account.json: %s", got["account.json"])
	}
	apps := got["applications.json"]
	if !strings.Contains(apps, fmt.Sprintf(`"applNo": %d`, n)) || !strings.Contains(apps, "김하늘") || !strings.Contains(apps, "성적증명서.pdf") {
		t.Fatalf("applications.json lacks the application, its basis or its documents: %.600s", apps)
	}
	file := fmt.Sprintf("files/%d/00003-0-성적증명서.pdf", n)
	if got[file] != string(pdfBody) {
		t.Fatalf("the transcript is not in the ZIP (%v)", func() []string {
			var names []string
			for k := range got {
				names = append(names, k)
			}
			return names
		}())
	}
	if _, ok := got["payments.json"]; !ok {
		t.Fatal("no payments.json")
	}
	// Another member's export holds nothing of applicant1.
	o := e.as("applicant2")
	r = must(t, o.Do("POST", "/user/api/confirm/pwd", map[string]any{"password": demoPassword, "type": "MODIPY"}), 200, "confirm 2")
	o.Headers = map[string]string{"X-Modify-Ticket": r.Body["ticket"].(string)}
	other := o.Do("GET", "/user/api/my-info/export", nil)
	if other.Status != 200 {
		t.Fatalf("applicant2's export: %d", other.Status)
	}
	for name, body := range unzip(t, other.Raw) {
		if strings.HasPrefix(name, "files/") || strings.Contains(body, "김하늘") || strings.Contains(body, "applicant1") {
			t.Fatalf("applicant2's export holds applicant1's data in %s", name)
		}
	}
}

func unzip(t *testing.T, raw string) map[string]string {
	t.Helper()
	z, err := zip.NewReader(strings.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range z.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		got[f.Name] = string(b)
	}
	return got
}

// The data export holds each payment as its payer read it: id, result,
// amounts and times (not an empty object).
func TestMyDataExportHoldsPayments(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	n := e.fillAndSubmit(c)
	paymentID, _ := e.payByCard(c, n)
	r := must(t, c.Do("POST", "/user/api/confirm/pwd", map[string]any{"password": demoPassword, "type": "MODIPY"}), 200, "confirm")
	c.Headers = map[string]string{"X-Modify-Ticket": r.Body["ticket"].(string)}
	res := must(t, c.Do("GET", "/user/api/my-info/export", nil), 200, "export")
	pays := unzip(t, res.Raw)["payments.json"]
	for _, want := range []string{`"paymentId": "` + paymentID + `"`, `"result": "PAID"`, `"amount": 80000`, `"paidAt": "`} {
		if !strings.Contains(pays, want) {
			t.Errorf("payments.json lacks %s: %.600s", want, pays)
		}
	}
}
