package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// accessRows counts the access-log rows of an actor and action (prefix).
func accessRows(t *testing.T, e *applyEnv, actor, action, target string) int {
	t.Helper()
	var n int
	err := e.a.DB.Pool.QueryRow(context.Background(),
		"SELECT count(*) FROM audit_log WHERE actor = $1 AND action LIKE $2 AND target LIKE $3 AND remote_addr IS NOT NULL AND remote_addr <> ''",
		actor, action+"%", "%"+target+"%").Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func filter(f map[string]any) string {
	b := new(strings.Builder)
	b.WriteString("{")
	first := true
	for k, v := range f {
		if !first {
			b.WriteString(",")
		}
		first = false
		fmt.Fprintf(b, "%q:%q", k, fmt.Sprint(v))
	}
	b.WriteString("}")
	return url.QueryEscape(b.String())
}

// submitted makes a submitted application of userID at a school with the
// Korean basic info saved through the applicant's own route.
func (e *applyEnv) submitted(userID, school, major string) (*apptest.Client, int64) {
	e.t.Helper()
	c := e.as(userID)
	n := e.create(c, school, major, true)
	must(e.t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), map[string]any{"applicantInfo": koreanInfo()}), 200, "basis "+userID)
	return c, n
}

func TestBackofficeApplicationsCorrectionReviewAndLog(t *testing.T) {
	e := newApplyEnv(t)
	app1, n1 := e.submitted("applicant1", "236", "DC01")
	e.setStatus(n1, "ADD_INFO_SAVE")
	must(t, upload(t, app1, n1, `{"itemCode":"00002"}`, "diploma.pdf", pdfBody), 200, "upload")
	e.setStatus(n1, "SUBMIT")
	_, n2 := e.submitted("applicant2", "SKKGSB", "MBA")
	e.setStatus(n2, "SUBMIT")

	school := e.as("schooladmin") // bound to 236
	school.Lang = "en"
	// The list: only the school's applications, searchable by name.
	r := must(t, school.Do("GET", "/apply/api-auth/admin/applications?range=%5B0%2C9%5D", nil), 200, "list")
	if len(r.List) != 1 || r.List[0].(map[string]any)["applNo"].(float64) != float64(n1) || r.Header.Get("Content-Range") != "applications 0-0/1" {
		t.Fatalf("school admin's list: %s (%s)", r.Raw, r.Header.Get("Content-Range"))
	}
	r = must(t, school.Do("GET", "/apply/api-auth/admin/applications?filter="+filter(map[string]any{"q": "하늘"}), nil), 200, "search")
	if len(r.List) != 1 {
		t.Fatalf("search: %s", r.Raw)
	}
	r = must(t, school.Do("GET", "/apply/api-auth/admin/applications?filter="+filter(map[string]any{"password": "x"}), nil), 400, "unknown filter")
	r = must(t, school.Do("GET", "/apply/api-auth/admin/applications?sort=%5B%22email%22%2C%22ASC%22%5D", nil), 400, "unknown sort")
	sys := e.as("sysadmin")
	if r := must(t, sys.Do("GET", "/apply/api-auth/admin/applications", nil), 200, "sys list"); len(r.List) != 2 {
		t.Fatalf("system admin's list: %s", r.Raw)
	}
	if accessRows(t, e, "schooladmin", "application.list", "") < 2 {
		t.Fatal("the list is not in the access log")
	}

	// Another school's application answers like one that does not exist.
	other := school.Do("GET", fmt.Sprintf("/apply/api-auth/admin/applications/%d", n2), nil)
	missing := school.Do("GET", "/apply/api-auth/admin/applications/987654321", nil)
	if other.Status != 404 || other.Raw != missing.Raw {
		t.Fatalf("another school's application: %d %s; missing: %s", other.Status, other.Raw, missing.Raw)
	}
	r = must(t, school.Do("GET", fmt.Sprintf("/apply/api-auth/admin/applications/%d", n1), nil), 200, "read")
	info := r.Body["applicantInfo"].(map[string]any)
	if info["residentNoLast"] == "2345678" || !strings.Contains(info["residentNoLast"].(string), "*") || info["mobile"] != "010-1234-5678" {
		t.Fatalf("staff view: %v", info)
	}
	if r.Body["mayReveal"] != true || r.Body["mayCorrect"] != true || r.Body["mayReview"] != true || len(r.Body["consents"].([]any)) == 0 ||
		r.Body["mayPayInfo"] != true || r.Body["mayLetters"] != true {
		t.Fatalf("staff view flags: %s", r.Raw)
	}
	if accessRows(t, e, "schooladmin", "application.read", fmt.Sprint(n1)) == 0 {
		t.Fatal("the read is not in the access log")
	}
	// The documents are read through the applicant's routes, logged.
	r = must(t, school.Do("GET", fmt.Sprintf("/apply/api-auth/appl/doc/%d", n1), nil), 200, "documents")

	// Reveal: a reason first, then the number, logged.
	r = must(t, school.Do("POST", fmt.Sprintf("/apply/api-auth/admin/applications/%d/reveal", n1), map[string]any{"reason": " "}), 400, "reveal without reason")
	if fields(r)["reason"] != "Please enter the reason." {
		t.Fatalf("reveal without reason: %s", r.Raw)
	}
	r = must(t, school.Do("POST", fmt.Sprintf("/apply/api-auth/admin/applications/%d/reveal", n1), map[string]any{"reason": "identity check"}), 200, "reveal")
	if r.Body["residentNoLast"] != "2345678" || accessRows(t, e, "schooladmin", "application.reveal", fmt.Sprint(n1)) != 1 {
		t.Fatalf("reveal: %s", r.Raw)
	}

	// Correction: a reason, the applicant's rules, the applicant's mail.
	path := fmt.Sprintf("/apply/api-auth/admin/applications/%d/basis", n1)
	r = must(t, school.Do("PUT", path, map[string]any{"changes": map[string]any{"mobile": "010-9999-8888"}}), 400, "no reason")
	r = must(t, school.Do("PUT", path, map[string]any{"changes": map[string]any{"birthDate": "1998/03/01"}, "reason": "typo"}), 400, "bad date")
	if _, ok := fields(r)["applicantInfo.birthDate"]; !ok {
		t.Fatalf("bad date names the field: %s", r.Raw)
	}
	r = must(t, school.Do("PUT", path, map[string]any{"changes": map[string]any{"residentNoLast": "1111111"}, "reason": "x"}), 400, "id numbers")
	r = must(t, school.Do("PUT", path, map[string]any{"changes": map[string]any{"mobile": "010-9999-8888"}, "reason": "applicant phoned with a new number"}), 200, "correct")
	if fmt.Sprint(r.Body["fields"]) != "[mobile]" {
		t.Fatalf("correct: %s", r.Raw)
	}
	r = must(t, app1.Do("GET", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n1), nil), 200, "applicant reads")
	if r.Body["applicantInfo"].(map[string]any)["mobile"] != "010-9999-8888" {
		t.Fatalf("the applicant does not see the correction: %s", r.Raw)
	}
	mails := outboxMessages(t, e, "application_corrected")
	if len(mails) != 1 || mails[0].To != "applicant1@demo.gradapply.example" ||
		mails[0].Message.(*mailmsg.ApplicationCorrected).Reason != "applicant phoned with a new number" {
		t.Fatalf("correction mail: %v", mails)
	}
	if accessRows(t, e, "schooladmin", "application.correct", fmt.Sprint(n1)) != 1 {
		t.Fatal("the correction is not audited")
	}

	// Review: start, ask for a correction, complete; the applicant sees each.
	rev := fmt.Sprintf("/apply/api-auth/admin/applications/%d/review", n1)
	must(t, school.Do("POST", rev, map[string]any{"action": "complete"}), 409, "complete before start")
	must(t, school.Do("POST", rev, map[string]any{"action": "start"}), 200, "start")
	r = must(t, app1.Do("GET", fmt.Sprintf("/apply/api-auth/appl/info/%d", n1), nil), 200, "applicant record")
	if r.Body["isApplReviewing"] != true || r.Body["reviewStatus"] != "SUBMIT" {
		t.Fatalf("under review: %s", r.Raw)
	}
	must(t, school.Do("POST", rev, map[string]any{"action": "correct", "step": "BASIS_SAVE"}), 400, "correction without reason")
	must(t, school.Do("POST", rev, map[string]any{"action": "correct", "step": "BASIS_SAVE", "reason": "Upload a clearer photo"}), 200, "ask correction")
	r = must(t, app1.Do("GET", fmt.Sprintf("/apply/api-auth/appl/info/%d", n1), nil), 200, "applicant record")
	if r.Body["reviewStatus"] != "APPL_PART_SAVE" || !slices.Contains(r.Body["actions"].([]any), any("review")) {
		t.Fatalf("correction asked: %s", r.Raw)
	}
	must(t, school.Do("POST", rev, map[string]any{"action": "complete"}), 200, "complete")
	r = must(t, app1.Do("GET", fmt.Sprintf("/apply/api-auth/appl/mode/%d?type=review", n1), nil), 200, "mode")
	if r.Body["reviewCompleted"] != true {
		t.Fatalf("review complete: %s", r.Raw)
	}
	if m := outboxMails(t, e, "review_correction"); len(m) != 1 || len(outboxMails(t, e, "review_complete")) != 1 {
		t.Fatalf("review mails: %v", m)
	}
	must(t, school.Do("POST", rev, map[string]any{"action": "complete"}), 409, "complete twice")

	// Another school's application cannot be corrected or reviewed either.
	for _, p := range []string{fmt.Sprintf("/apply/api-auth/admin/applications/%d/review", n2), fmt.Sprintf("/apply/api-auth/admin/applications/%d/basis", n2)} {
		method := "POST"
		if strings.HasSuffix(p, "basis") {
			method = "PUT"
		}
		if r := school.Do(method, p, map[string]any{"action": "start", "changes": map[string]any{"mobile": "010-1111-2222"}, "reason": "x"}); r.Status != 404 {
			t.Fatalf("%s another school's: %d %s", p, r.Status, r.Raw)
		}
	}

	// Exports: the school's round only, read back, logged.
	e.setStatus(n1, "COMPLETE")
	if _, err := e.a.DB.Pool.Exec(context.Background(), "UPDATE application SET appl_id = 'EX-0001' WHERE appl_no = $1", n1); err != nil {
		t.Fatal(err)
	}
	q := fmt.Sprintf("?schoolCode=236&enterYear=%d&recruitPartSeq=1", e.year)
	r = must(t, school.Do("GET", "/apply/api-auth/admin/exports/applicants"+q, nil), 200, "xlsx")
	wb, err := excelize.OpenReader(bytes.NewReader([]byte(r.Raw)))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := wb.GetRows(wb.GetSheetName(0))
	if len(rows) != 2 || rows[0][0] != "Exam number" || rows[1][0] != "EX-0001" || rows[1][3] != "김하늘" || rows[1][6] != "010-9999-8888" {
		t.Fatalf("workbook: %v", rows)
	}
	r = must(t, school.Do("GET", "/apply/api-auth/admin/exports/documents"+q, nil), 200, "zip")
	zr, err := zip.NewReader(bytes.NewReader([]byte(r.Raw)), int64(len(r.Raw)))
	if err != nil {
		t.Fatal(err)
	}
	// The application PDF beside the document, in the applicant's folder.
	if len(zr.File) != 2 || zr.File[0].Name != "EX-0001 김하늘/application-EX-0001.pdf" || !strings.HasPrefix(zr.File[1].Name, "EX-0001 김하늘/") ||
		!strings.HasSuffix(zr.File[1].Name, " - diploma.pdf") {
		t.Fatalf("zip: %v", func() (n []string) {
			for _, f := range zr.File {
				n = append(n, f.Name)
			}
			return n
		}())
	}
	if accessRows(t, e, "schooladmin", "application.export", "236") != 2 {
		t.Fatal("the exports are not in the access log")
	}
	// The dashboard counts the round, without personal data.
	r = must(t, school.Do("GET", "/apply/api-auth/admin/dashboard"+q, nil), 200, "dashboard")
	if r.Body["total"] != float64(1) || r.Body["byStatus"].(map[string]any)["COMPLETE"] != float64(1) || r.Body["reviewing"] != float64(1) ||
		len(r.Body["days"].([]any)) == 0 || strings.Contains(r.Raw, "하늘") {
		t.Fatalf("dashboard: %s", r.Raw)
	}
	must(t, e.as("setadmin").Do("GET", "/apply/api-auth/admin/dashboard"+q, nil), 404, "set admin of another school")
	otherRound := fmt.Sprintf("?schoolCode=SKKGSB&enterYear=%d&recruitPartSeq=1", e.year)
	must(t, school.Do("GET", "/apply/api-auth/admin/exports/applicants"+otherRound, nil), 404, "another school's round")

	// The access log viewer: system admin only, filtered.
	r = must(t, sys.Do("GET", "/apply/api-auth/admin/access-log?filter="+filter(map[string]any{"actor": "schooladmin", "action": "application.export"}), nil), 200, "log")
	if len(r.List) != 2 || r.List[0].(map[string]any)["from"] == "" {
		t.Fatalf("access log: %s", r.Raw)
	}
	must(t, school.Do("GET", "/apply/api-auth/admin/access-log", nil), 403, "school admin reads the log")
	// Append-only.
	if _, err := e.a.DB.Pool.Exec(context.Background(), "UPDATE audit_log SET actor = 'x'"); err == nil {
		t.Fatal("the access log accepted an update")
	}
	if _, err := e.a.DB.Pool.Exec(context.Background(), "DELETE FROM audit_log"); err == nil {
		t.Fatal("the access log accepted a delete of recent rows")
	}
}

func TestBackofficeMembersAndRoles(t *testing.T) {
	e := newApplyEnv(t)
	sys := e.as("sysadmin")
	sys.Lang = "en"
	victim := e.as("applicant2")
	must(t, victim.Do("GET", "/apply/api-auth/appl/list", nil), 200, "before")

	r := must(t, sys.Do("GET", "/apply/api-auth/admin/members?filter="+filter(map[string]any{"q": "applicant"}), nil), 200, "members")
	if len(r.List) != 2 {
		t.Fatalf("members: %s", r.Raw)
	}
	must(t, e.as("schooladmin").Do("GET", "/apply/api-auth/admin/members", nil), 403, "school admin")

	sanctions := "/apply/api-auth/admin/members/applicant2/sanctions"
	r = must(t, sys.Do("POST", sanctions, map[string]any{"kind": "SUSPEND", "cause": "NOPE"}), 400, "bad sanction")
	if len(fields(r)) != 2 {
		t.Fatalf("bad sanction fields: %s", r.Raw)
	}
	r = must(t, sys.Do("POST", sanctions, map[string]any{"kind": "LIMIT", "cause": "FALSE_INFO", "note": "The diploma is not yours"}), 201, "limit")
	if r.Body["fixBy"] == nil {
		t.Fatalf("a limit has a fix-by date: %s", r.Raw)
	}
	// Staff see the cause fixed in time: the limit is resolved, once.
	must(t, sys.Do("POST", sanctions+"/fixed", map[string]any{}), 400, "fixed without a note")
	r = must(t, sys.Do("POST", sanctions+"/fixed", map[string]any{"note": "Diploma replaced"}), 200, "fixed")
	if r.Body["resolution"] != "FIXED" {
		t.Fatalf("fixed: %s", r.Raw)
	}
	r = must(t, sys.Do("POST", sanctions+"/fixed", map[string]any{"note": "again"}), 409, "fixed twice")
	// A limit revokes the sessions too: the member signs in again.
	must(t, victim.Do("GET", "/apply/api-auth/appl/list", nil), 401, "after limit")
	victim = e.as("applicant2")
	must(t, sys.Do("POST", sanctions, map[string]any{"kind": "SUSPEND", "cause": "DISRUPTION", "note": "Repeated fake uploads"}), 201, "suspend")
	must(t, victim.Do("GET", "/apply/api-auth/appl/list", nil), 401, "suspended")
	r = apptest.NewClient(t, e.srv).Do("POST", "/user/api/login", map[string]any{"userId": "applicant2", "password": demoPassword})
	if r.Status != 403 {
		t.Fatalf("a suspended member signs in: %d %s", r.Status, r.Raw)
	}
	must(t, sys.Do("PUT", "/apply/api-auth/admin/members/applicant2/status", map[string]any{"status": "ACTIVE", "note": "fixed"}), 200, "restore")
	e.as("applicant2")
	r = must(t, sys.Do("POST", sanctions, map[string]any{"kind": "SUSPEND", "cause": "DISRUPTION", "note": "Again"}), 201, "suspend again")
	if r.Body["kind"] != "END" {
		t.Fatalf("a second suspension ends membership: %s", r.Raw)
	}
	r = must(t, sys.Do("GET", "/apply/api-auth/admin/members/applicant2", nil), 200, "member")
	if r.Body["status"] != "WITHDRAW" || len(r.Body["sanctions"].([]any)) != 3 {
		t.Fatalf("member: %s", r.Raw)
	}
	if m := outboxMails(t, e, "membership_notice"); len(m) != 5 { // with the "fixed" one
		t.Fatalf("membership mails: %d", len(m))
	}

	// Roles: a school binding where needed, the last system admin, at once.
	roles := "/apply/api-auth/admin/roles/timefree"
	r = must(t, sys.Do("PUT", roles, map[string]any{"roles": []string{"ROLE_SCHL_ADMIN"}}), 400, "no school")
	if fields(r)["schoolCode"] == nil {
		t.Fatalf("no school: %s", r.Raw)
	}
	must(t, sys.Do("PUT", roles, map[string]any{"roles": []string{"ROLE_BOSS"}}), 400, "unknown role")
	must(t, sys.Do("PUT", roles, map[string]any{"roles": []string{}}), 400, "no role")
	must(t, sys.Do("PUT", "/apply/api-auth/admin/roles/nobody", map[string]any{"roles": []string{"ROLE_USER"}}), 404, "unknown member")
	old := e.as("timefree")
	must(t, sys.Do("PUT", roles, map[string]any{"roles": []string{"ROLE_SCHL_ADMIN"}, "schoolCode": "SKKGSB"}), 200, "grant")
	must(t, old.Do("GET", "/apply/api-auth/appl/list", nil), 401, "old session after a role change")
	granted := e.as("timefree")
	must(t, granted.Do("GET", "/apply/api-auth/admin/applications", nil), 200, "granted role works on the next sign-in")
	r = must(t, sys.Do("PUT", "/apply/api-auth/admin/roles/sysadmin", map[string]any{"roles": []string{"ROLE_USER"}}), 409, "self")
	if r.Body["code"] != "account.self_change" {
		t.Fatalf("self: %s", r.Raw)
	}
	if accessRows(t, e, "sysadmin", "member.roles", "timefree") != 1 || accessRows(t, e, "sysadmin", "member.sanction", "applicant2") != 3 {
		t.Fatal("member changes are not audited")
	}
}
