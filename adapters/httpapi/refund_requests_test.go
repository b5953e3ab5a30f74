package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/payment/testpg"
)

// paid pays a submitted application of school 236 (KRW 80,000) through
// the test gateway, by card or by a virtual account and its deposit.
func (e payEnv) paid(c *apptest.Client, payType string) (int64, string) {
	e.t.Helper()
	n := e.submitted(c)
	id := e.start(c, n, payType)
	if payType == "vbank" {
		e.act(id, testpg.ActIssue)
		e.act(id, testpg.ActDeposit)
	} else {
		e.act(id, testpg.ActApprove)
	}
	if a := e.confirm(c, id, nil); a["result"] != "PAID" {
		e.t.Fatalf("pay %s: %v", payType, a)
	}
	return n, id
}

func (e payEnv) myRequest(c *apptest.Client, applNo int64) map[string]any {
	e.t.Helper()
	r := must(e.t, c.Do("GET", "/apply/api-auth/pay/refund-requests", nil), 200, "my requests")
	for _, x := range r.List {
		if m := x.(map[string]any); m["applNo"] == float64(applNo) {
			return m
		}
	}
	e.t.Fatalf("no request of %d: %s", applNo, r.Raw)
	return nil
}

func fieldText(r apptest.Response, field string) string {
	f, _ := r.Body["fields"].(map[string]any)
	s, _ := f[field].(string)
	return s
}

// An applicant pays by card, asks for a refund from /list; another
// applicant's ids are missing; a system admin (and nobody else) approves
// it through the staff refund; the applicant is mailed and sees it.
func TestRefundRequestApprovedRefundsThroughTheStaffRefund(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	other := e.as("applicant2")
	n, payID := e.paid(c, "card")
	form := fmt.Sprintf("/apply/api-auth/appl/pay/refund-request/%d", n)

	f := must(t, c.Do("GET", form, nil), 200, "form")
	rule, _ := f.Body["rule"].(map[string]any)
	if f.Body["paymentId"] != payID || f.Body["needsAccount"] != false || f.Body["open"] != nil || amount(f.Body["remaining"]) != 80000 ||
		!strings.Contains(fmt.Sprint(rule["kor"]), "청약 철회") || !strings.Contains(fmt.Sprint(rule["eng"]), "article 18") {
		t.Fatalf("form %s", f.Raw)
	}
	must(t, other.Do("GET", form, nil), 404, "another applicant's form")
	must(t, other.Do("POST", form, map[string]any{"reason": "내 것이 아닙니다"}), 404, "another applicant's request")
	for lang, want := range map[string]string{"ko": "환불 사유", "en": "reason for the refund"} {
		c.Lang = lang
		r := must(t, c.Do("POST", form, map[string]any{"reason": " "}), 400, "no reason")
		if !strings.Contains(fieldText(r, "reason"), want) {
			t.Fatalf("%s: %s", lang, r.Raw)
		}
	}
	c.Lang = "ko"
	asked := must(t, c.Do("POST", form, map[string]any{"reason": "다른 학교에 합격했습니다."}), 201, "ask")
	reqID := fmt.Sprint(asked.Body["id"])
	if asked.Body["state"] != "pending" {
		t.Fatalf("asked %s", asked.Raw)
	}
	r := must(t, c.Do("POST", form, map[string]any{"reason": "또"}), 409, "a second open request")
	if r.Body["code"] != "refund_request.open_exists" {
		t.Fatalf("second %s", r.Raw)
	}
	must(t, c.Do("GET", "/apply/api-auth/pay/refund-requests/"+reqID, nil), 200, "my request")
	must(t, other.Do("GET", "/apply/api-auth/pay/refund-requests/"+reqID, nil), 404, "another applicant's request id")
	if mine := must(t, other.Do("GET", "/apply/api-auth/pay/refund-requests", nil), 200, "their list"); len(mine.List) != 0 {
		t.Fatalf("another applicant sees %s", mine.Raw)
	}

	// Staff: only who may refund (pay/cancel) sees and answers requests.
	const admin = "/apply/api-auth/admin/pay/refund-requests"
	for _, u := range []string{"schooladmin", "settle", "setadmin", "closer", "applicant1"} {
		must(t, e.as(u).Do("GET", admin, nil), 403, u+" lists requests")
		must(t, e.as(u).Do("POST", admin+"/"+reqID+"/approve", map[string]any{"cancelType": "00001", "reason": "x"}), 403, u+" approves")
	}
	sys := e.as("sysadmin")
	list := must(t, sys.Do("GET", admin+"?filter="+url.QueryEscape(`{"state":"pending"}`), nil), 200, "pending requests")
	if len(list.List) != 1 || !strings.HasPrefix(list.Header.Get("Content-Range"), "pay/refund-requests 0-0/1") {
		t.Fatalf("list %s %s", list.Header.Get("Content-Range"), list.Raw)
	}
	row := list.List[0].(map[string]any)
	if row["withinWithdrawal"] != true || row["daysSincePaid"] != 0.0 || row["userId"] != "applicant1" || row["paymentId"] != payID {
		t.Fatalf("row %v", row)
	}
	must(t, sys.Do("GET", admin+"?filter="+url.QueryEscape(`{"state":"lost"}`), nil), 400, "unknown state")
	r = must(t, sys.Do("POST", admin+"/"+reqID+"/approve", map[string]any{"cancelType": "00002", "reason": "x"}), 400, "a cancel without refund")
	if fieldText(r, "cancelType") == "" {
		t.Fatalf("cancel type %s", r.Raw)
	}
	r = must(t, sys.Do("POST", admin+"/"+reqID+"/approve", map[string]any{"cancelType": "00001", "reason": "청약 철회 기간 내 요청으로 전액 환불합니다.",
		"note": "내부 메모: 학교 확인"}), 200, "approve")
	if r.Body["state"] != "approved" || amount(r.Body["refunded"]) != 80000 || amount(r.Body["remaining"]) != 0 || r.Body["cancelId"] == "" {
		t.Fatalf("approved %s", r.Raw)
	}
	must(t, sys.Do("POST", admin+"/"+reqID+"/deny", map[string]any{"reason": "x"}), 409, "deny an approved request")

	// The refund is the staff refund: the payment, the application and both mails.
	info := must(t, sys.Do("GET", "/apply/api-auth/admin/pay/attempts/"+payID, nil), 200, "payment")
	if amount(info.Body["refunded"]) != 80000 || info.Body["appStatus"] != "CANCEL" || len(info.Body["cancels"].([]any)) != 1 {
		t.Fatalf("payment after approval %s", info.Raw)
	}
	approved := outboxMails(t, e.applyEnv, "refund_request_approved")
	if len(approved) != 1 || len(outboxMails(t, e.applyEnv, "payment_cancelled")) != 1 ||
		!strings.Contains(fmt.Sprint(approved[0]), "applicant1@") || !strings.Contains(fmt.Sprint(approved[0]), "80000") {
		t.Fatalf("mails %v", approved)
	}
	if e.count("SELECT count(*) FROM audit_log WHERE action = 'refund_request.list' AND actor = 'sysadmin'") == 0 {
		t.Error("listing requests (applicants' ids) is not in the access log")
	}
	for _, action := range []string{"refund_request.create", "refund_request.approve", "payment.cancel"} {
		if e.count("SELECT count(*) FROM audit_log WHERE action = $1", action) != 1 {
			t.Errorf("no audit line %s", action)
		}
	}

	// The applicant sees it approved with the amount, never the note; /list says cancelled.
	m := e.myRequest(c, n)
	if m["state"] != "approved" || amount(m["refunded"]) != 80000 || m["answer"] != "청약 철회 기간 내 요청으로 전액 환불합니다." ||
		strings.Contains(fmt.Sprint(m), "내부 메모") {
		t.Fatalf("my request %v", m)
	}
	if st, _ := e.status(c, n); st != "CANCEL" {
		t.Fatalf("status %s", st)
	}
	r = must(t, c.Do("POST", form, map[string]any{"reason": "again"}), 409, "after a full refund")
	if r.Body["code"] != "refund_request.fully_refunded" {
		t.Fatalf("after refund %s", r.Raw)
	}
}

// A virtual-account payment needs a refund account, named field by field;
// a denial refunds nothing, mails the reason and frees the payment for a
// new request.
func TestRefundRequestOfAVirtualAccountDenied(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant2")
	c.Lang = "en"
	n, payID := e.paid(c, "vbank")
	form := fmt.Sprintf("/apply/api-auth/appl/pay/refund-request/%d", n)
	if f := must(t, c.Do("GET", form, nil), 200, "form"); f.Body["needsAccount"] != true {
		t.Fatalf("form %s", f.Raw)
	}
	r := must(t, c.Do("POST", form, map[string]any{"reason": "Admitted elsewhere"}), 400, "no account")
	if fieldText(r, "refundAccount") == "" {
		t.Fatalf("no account %s", r.Raw)
	}
	r = must(t, c.Do("POST", form, map[string]any{"reason": "Admitted elsewhere",
		"refundAccount": map[string]any{"bank": "088", "holder": "", "accountNo": "12"}}), 400, "bad account")
	if fieldText(r, "refundAccount.holder") == "" || fieldText(r, "refundAccount.accountNo") == "" {
		t.Fatalf("bad account %s", r.Raw)
	}
	acct := map[string]any{"bank": "088", "holder": "Kim Jiwon", "accountNo": "110-123-456789"}
	asked := must(t, c.Do("POST", form, map[string]any{"reason": "Admitted elsewhere", "refundAccount": acct}), 201, "ask")
	reqID := fmt.Sprint(asked.Body["id"])

	sys := e.as("sysadmin")
	const admin = "/apply/api-auth/admin/pay/refund-requests/"
	list := must(t, sys.Do("GET", "/apply/api-auth/admin/pay/refund-requests", nil), 200, "list")
	if strings.Contains(list.Raw, "110-123-456789") {
		t.Fatal("the list shows refund accounts")
	}
	page := must(t, sys.Do("GET", admin+reqID, nil), 200, "page")
	if a, _ := page.Body["refundAccount"].(map[string]any); a["accountNo"] != "110-123-456789" || page.Body["needsAccount"] != true {
		t.Fatalf("page %s", page.Raw)
	}
	if e.count("SELECT count(*) FROM audit_log WHERE action = 'refund_request.read' AND actor = 'sysadmin'") != 1 {
		t.Fatal("reading the account is not audited")
	}
	sys.Lang = "en"
	r = must(t, sys.Do("POST", admin+reqID+"/deny", map[string]any{"reason": ""}), 400, "deny without reason")
	if !strings.Contains(fieldText(r, "reason"), "the applicant will read") {
		t.Fatalf("deny without reason %s", r.Raw)
	}
	must(t, sys.Do("POST", admin+reqID+"/deny", map[string]any{"reason": "The document review has begun.", "note": "checked with the school"}), 200, "deny")
	denied := outboxMails(t, e.applyEnv, "refund_request_denied")
	if len(denied) != 1 || !strings.Contains(fmt.Sprint(denied[0]), "The document review has begun.") || len(outboxMails(t, e.applyEnv, "payment_cancelled")) != 0 {
		t.Fatalf("denied mails %v", denied)
	}
	if e.count("SELECT count(*) FROM pay_cancel WHERE payment_id = $1", payID) != 0 {
		t.Fatal("a denial refunded")
	}
	m := e.myRequest(c, n)
	if m["state"] != "denied" || m["answer"] != "The document review has begun." || strings.Contains(fmt.Sprint(m), "checked with") {
		t.Fatalf("my request %v", m)
	}
	if st, _ := e.status(c, n); st != "COMPLETE" {
		t.Fatalf("status %s", st)
	}
	must(t, c.Do("POST", form, map[string]any{"reason": "Please reconsider", "refundAccount": acct}), 201, "ask again after a denial")
}

// The schools' rule texts: system admins read and change them (audited);
// the form shows the new text.
func TestRefundRulesEditedBySystemAdmins(t *testing.T) {
	e := newPayEnv(t)
	const path = "/apply/api-auth/admin/pay/refund-rules"
	must(t, e.as("schooladmin").Do("PUT", path+"/236", map[string]any{"ko": "x", "en": "x"}), 403, "school admin")
	sys := e.as("sysadmin")
	list := must(t, sys.Do("GET", path+"?range=%5B0%2C9%5D", nil), 200, "rules")
	if len(list.List) != 5 || !strings.HasPrefix(list.Header.Get("Content-Range"), "pay/refund-rules 0-4/5") {
		t.Fatalf("rules %s %s", list.Header.Get("Content-Range"), list.Raw)
	}
	r := must(t, sys.Do("PUT", path+"/236", map[string]any{"id": "236", "ko": "새 규정", "en": "New rule"}), 200, "put")
	if r.Body["ko"] != "새 규정" || r.Body["updatedBy"] != "sysadmin" {
		t.Fatalf("put %s", r.Raw)
	}
	must(t, sys.Do("PUT", path+"/NOPE", map[string]any{"ko": "x", "en": "x"}), 404, "unknown school")
	if e.count("SELECT count(*) FROM audit_log WHERE action = 'refund_rule.update' AND target = 'school:236'") != 1 {
		t.Fatal("not audited")
	}
	c := e.as("applicant1")
	n, _ := e.paid(c, "card")
	f := must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/pay/refund-request/%d", n), nil), 200, "form")
	if rule := f.Body["rule"].(map[string]any); rule["kor"] != "새 규정" || rule["eng"] != "New rule" {
		t.Fatalf("form rule %v", rule)
	}
}
