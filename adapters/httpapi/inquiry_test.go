package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

// askInquiry sends the new-inquiry form as the SPA does: the request part,
// then the file when there is one.
func askInquiry(t *testing.T, c *apptest.Client, request, fileName string, content []byte) apptest.Response {
	t.Helper()
	ct, body := requestAndFile(request, fileName, content)
	return send(t, c, "POST", "/apply/api-auth/inquiry/user", ct, body)
}

// outboxCount counts the mails of a kind queued to a user's address.
func (e *applyEnv) outboxCount(kind, userID string) int {
	e.t.Helper()
	var n int
	if err := e.a.DB.Pool.QueryRow(context.Background(),
		"SELECT count(*) FROM outbox o JOIN app_user u ON u.email = o.payload->>'to' WHERE o.payload->>'kind' = $1 AND u.user_id = $2", kind, userID).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestInquiryBoardOverHTTP(t *testing.T) {
	e := newApplyEnv(t)
	app1 := e.as("applicant1")
	app1.Lang = "en"

	// The form offers the types and every school.
	r := must(t, app1.Do("GET", "/apply/api-auth/inquiry/user/options", nil), 200, "options")
	if len(r.Body["types"].([]any)) != 5 || len(r.Body["schools"].([]any)) < 2 {
		t.Fatalf("options: %s", r.Raw)
	}
	// Bad input: every field named, in the caller's language; nothing saved.
	r = must(t, askInquiry(t, app1, `{"type":"HELP","title":"","body":"x","schoolCode":"NOPE"}`, "a.pdf", pdfBody), 400, "bad form")
	if f := fields(r); f["type"] == nil || f["title"] == nil || f["schoolCode"] == nil {
		t.Fatalf("fields: %s", r.Raw)
	}
	r = must(t, askInquiry(t, app1, `{"type":"payment","title":"Refund","body":"Please","schoolCode":"236"}`, "tool.exe", []byte("MZ")), 400, "bad file")
	if fields(r)["file"] == nil {
		t.Fatalf("file: %s", r.Raw)
	}
	if r = must(t, app1.Do("GET", "/apply/api-auth/inquiry/user/list", nil), 200, "empty list"); r.Body["total"] != float64(0) {
		t.Fatalf("a refused form was saved: %s", r.Raw)
	}

	r = must(t, askInquiry(t, app1, `{"type":"payment","title":"전형료 환불","body":"환불이 되나요?","schoolCode":"236"}`, "영수증.pdf", pdfBody), 201, "ask")
	no := int64(r.Body["id"].(float64))
	if r.Body["status"] != "waiting" || r.Body["file"].(map[string]any)["name"] != "영수증.pdf" {
		t.Fatalf("asked: %s", r.Raw)
	}
	base := fmt.Sprintf("/apply/api-auth/inquiry/user/%d", no)
	if r = must(t, app1.Do("GET", base+"/file", nil), 200, "own file"); r.Raw != string(pdfBody) {
		t.Fatalf("file body %q", r.Raw)
	}
	// Another member: not found, by id or by the list's userId.
	other := e.as("timefree")
	must(t, other.Do("GET", base, nil), 404, "another member's inquiry")
	must(t, other.Do("GET", base+"/file", nil), 404, "another member's file")
	must(t, other.Do("POST", base+"/follow-up", map[string]any{"body": "hi"}), 404, "another member's follow-up")
	r = must(t, other.Do("GET", "/apply/api-auth/inquiry/user/list?userId=applicant1", nil), 200, "list with another userId")
	if r.Body["total"] != float64(0) {
		t.Fatalf("timefree sees applicant1's: %s", r.Raw)
	}

	// Staff: the school admin of 236 sees it, the one of another school does not.
	sys := e.as("sysadmin")
	must(t, sys.Do("PUT", "/apply/api-auth/admin/roles/applicant2", map[string]any{"roles": []string{"ROLE_SCHL_ADMIN"}, "schoolCode": "SKKGSB"}), 200, "other school admin")
	otherAdmin := e.as("applicant2")
	adm := fmt.Sprintf("/apply/api-auth/admin/inquiries/%d", no)
	must(t, otherAdmin.Do("GET", adm, nil), 404, "another school's admin reads")
	must(t, otherAdmin.Do("POST", adm+"/answer", map[string]any{"body": "no"}), 404, "another school's admin answers")
	must(t, otherAdmin.Do("GET", adm+"/file", nil), 404, "another school's admin file")
	r = must(t, otherAdmin.Do("GET", "/apply/api-auth/admin/inquiries", nil), 200, "other list")
	for _, x := range r.List {
		if m := x.(map[string]any); m["id"] == float64(no) || m["schoolCode"] != "SKKGSB" {
			t.Fatalf("another school's list: %s", r.Raw)
		}
	}
	must(t, app1.Do("GET", "/apply/api-auth/admin/inquiries", nil), 403, "a member on the staff list")

	school := e.as("schooladmin")
	school.Lang = "en"
	r = must(t, school.Do("GET", "/apply/api-auth/admin/inquiries?filter="+filter(map[string]any{"status": "waiting", "q": "환불", "type": "payment"}), nil), 200, "list")
	if len(r.List) != 1 || r.Header.Get("Content-Range") != "inquiries 0-0/1" {
		t.Fatalf("school list: %s %s", r.Raw, r.Header.Get("Content-Range"))
	}
	must(t, school.Do("GET", "/apply/api-auth/admin/inquiries?sort=%5B%22title%22%2C%22ASC%22%5D", nil), 400, "sort by an unsortable field")
	r = must(t, school.Do("GET", "/apply/api-auth/admin/inquiries?sort=%5B%22id%22%2C%22ASC%22%5D", nil), 200, "oldest first")
	if ids := r.List; len(ids) < 2 || ids[0].(map[string]any)["id"].(float64) > ids[len(ids)-1].(map[string]any)["id"].(float64) {
		t.Fatalf("oldest first: %s", r.Raw)
	}
	r = must(t, school.Do("GET", "/apply/api-auth/admin/inquiries?filter="+filter(map[string]any{"status": "nope", "from": "2026-13-01"}), nil), 400, "bad filters")
	if f := fields(r); f["status"] == nil || f["from"] == nil {
		t.Fatalf("filter fields: %s", r.Raw)
	}
	must(t, school.Do("GET", adm, nil), 200, "school admin reads")
	if n := e.auditCount("schooladmin", "inquiry.read", fmt.Sprintf("inquiry:%d", no)); n != 1 {
		t.Fatalf("the read was logged %d times", n)
	}
	must(t, school.Do("GET", adm+"/file", nil), 200, "school admin file")
	r = must(t, school.Do("POST", adm+"/answer", map[string]any{"body": " "}), 400, "empty answer")
	if fields(r)["body"] == nil {
		t.Fatalf("answer fields: %s", r.Raw)
	}
	r = must(t, school.Do("POST", adm+"/answer", map[string]any{"body": "네, 마감 전까지 환불됩니다."}), 200, "answer")
	if r.Body["status"] != "answered" || r.Body["posts"].([]any)[0].(map[string]any)["author"] != "schooladmin" {
		t.Fatalf("answered: %s", r.Raw)
	}
	if n := e.outboxCount("inquiry_answered", "applicant1"); n != 1 {
		t.Fatalf("%d answer mails", n)
	}

	// The member: a notice until the inquiry is opened; staff names are not shown.
	if r = must(t, app1.Do("GET", "/apply/api-auth/inquiry/user/unread", nil), 200, "unread"); r.Body["count"] != float64(1) {
		t.Fatalf("unread: %s", r.Raw)
	}
	r = must(t, app1.Do("GET", base, nil), 200, "open")
	post := r.Body["posts"].([]any)[0].(map[string]any)
	if post["body"] != "네, 마감 전까지 환불됩니다." || post["author"] != nil || strings.Contains(r.Raw, "schooladmin") {
		t.Fatalf("opened: %s", r.Raw)
	}
	if r = must(t, app1.Do("GET", "/apply/api-auth/inquiry/user/unread", nil), 200, "unread after"); r.Body["count"] != float64(0) {
		t.Fatalf("unread after opening: %s", r.Raw)
	}
	must(t, app1.Do("POST", base+"/follow-up", map[string]any{"body": "감사합니다. 하나 더 묻겠습니다."}), 200, "follow-up")
	must(t, school.Do("PUT", adm+"/status", map[string]any{"status": "waiting"}), 400, "status other than closed")
	if r = must(t, school.Do("PUT", adm+"/status", map[string]any{"status": "closed"}), 200, "close"); r.Body["status"] != "closed" {
		t.Fatalf("closed: %s", r.Raw)
	}
	r = must(t, app1.Do("POST", base+"/follow-up", map[string]any{"body": "again"}), 409, "follow-up when closed")
	if !strings.Contains(r.Raw, "closed") {
		t.Fatalf("closed message: %s", r.Raw)
	}
}
