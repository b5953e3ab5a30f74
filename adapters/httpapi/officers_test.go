package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

// ids are the numbers of a list answer's rows.
func ids(r apptest.Response, key string) []string {
	var out []string
	for _, it := range r.List {
		out = append(out, fmt.Sprint(it.(map[string]any)[key]))
	}
	return out
}

// TestEvaluationDecisionAndResult walks the officers' console through the
// API: a school admin of 236 sets a rubric and assigns two reviewers, both
// score, the admin decides in bulk and releases, the applicants see their
// results (nothing before the release) and the admitted one downloads the
// admission letter; a reviewer of another school sees none of it.
func TestEvaluationDecisionAndResult(t *testing.T) {
	e := newPayEnv(t)
	ctx := context.Background()
	app1, app2 := e.as("applicant1"), e.as("applicant2")
	n1, n2 := e.fillAndSubmit(app1), e.fillAndSubmit(app2)
	e.payByCard(app1, n1)
	_, applID2 := e.payByCard(app2, n2)
	round := fmt.Sprintf("/apply/api-auth/admin/eval-rounds/236-%d-1", e.year)
	admin := e.as("schooladmin")
	ra, rb, other := e.as("reviewer236a"), e.as("reviewer236b"), e.as("reviewerarts")

	// The rubric: refused with its field named, then set.
	r := must(t, admin.Do("PUT", round+"/rubric", map[string]any{"criteria": []any{
		map[string]any{"key": "Bad Key", "nameKo": "연구", "nameEn": "Research", "weight": 1, "min": 0, "max": 10}}}), 400, "bad rubric")
	if !strings.Contains(r.Raw, "criteria[0].key") {
		t.Fatalf("bad rubric: %s", r.Raw)
	}
	must(t, admin.Do("PUT", round+"/rubric", map[string]any{"criteria": []any{
		map[string]any{"key": "research", "nameKo": "연구 역량", "nameEn": "Research", "weight": 3, "min": 0, "max": 10},
		map[string]any{"key": "fit", "nameKo": "적합성", "nameEn": "Fit", "weight": 1, "min": 1, "max": 5}}}), 200, "rubric")
	reviewerRubric := fmt.Sprintf("/apply/api-auth/admin/reviews/rounds/236-%d-1/rubric", e.year)
	if r := must(t, ra.Do("GET", reviewerRubric, nil), 200, "reviewer reads the rubric"); len(r.Body["criteria"].([]any)) != 2 {
		t.Fatalf("rubric: %s", r.Raw)
	}
	must(t, other.Do("GET", reviewerRubric, nil), 404, "another school's reviewer reads the rubric")
	must(t, e.as("setadmin").Do("GET", round+"/rubric", nil), 403, "a set admin reads the rubric")
	must(t, ra.Do("PUT", round+"/rubric", map[string]any{"criteria": []any{}}), 403, "a reviewer sets the rubric")

	must(t, ra.Do("GET", fmt.Sprintf("/apply/api-auth/admin/reviews/%d", n1), nil), 404, "reader before the assignment")
	// Both reviewers on both applications, evenly.
	r = must(t, admin.Do("POST", round+"/assignments/even", map[string]any{"reviewers": []string{"reviewer236a", "reviewer236b"}, "perApplication": 2}), 200, "assign")
	if r.Body["added"] != 4.0 {
		t.Fatalf("assign: %s", r.Raw)
	}
	must(t, admin.Do("POST", round+"/assignments", map[string]any{"applNos": []int64{n1}, "reviewers": []string{"reviewerarts"}}), 400, "another school's reviewer")
	// By hand: withdrawn, then given again.
	must(t, admin.Do("DELETE", fmt.Sprintf("/apply/api-auth/admin/assignments/%d/reviewer236b", n2), nil), 204, "unassign")
	if r := must(t, rb.Do("GET", "/apply/api-auth/admin/reviews", nil), 200, "b's assignments"); len(r.List) != 1 {
		t.Fatalf("after unassigning: %s", r.Raw)
	}
	r = must(t, admin.Do("POST", round+"/assignments", map[string]any{"applNos": []int64{n2}, "reviewers": []string{"reviewer236b"}}), 200, "assign by hand")
	if r.Body["added"] != 1.0 {
		t.Fatalf("assign by hand: %s", r.Raw)
	}

	r = must(t, ra.Do("GET", "/apply/api-auth/admin/reviews", nil), 200, "my assignments")
	if got := ids(r, "applNo"); len(got) != 2 || r.Header.Get("Content-Range") != "reviews 0-1/2" {
		t.Fatalf("assignments %v %q: %s", got, r.Header.Get("Content-Range"), r.Raw)
	}
	// The reviewer opens the application in the reader; another school's
	// reviewer is told it does not exist, and the staff read stays closed.
	if r := must(t, ra.Do("GET", fmt.Sprintf("/apply/api-auth/admin/reviews/%d", n1), nil), 200, "reader"); !strings.Contains(r.Raw, "김하늘") || len(r.Body["essayList"].([]any)) != 3 {
		t.Fatalf("reader: %s", r.Raw)
	}
	if got := accessRows(t, e.applyEnv, "reviewer236a", "application.read", fmt.Sprintf("application:%d", n1)); got != 1 {
		t.Fatalf("the reviewer's read is logged %d times, want 1", got)
	}
	for _, p := range []string{"/apply/api-auth/admin/reviews/%d", "/apply/api-auth/admin/reviews/%d/sheets"} {
		must(t, other.Do("GET", fmt.Sprintf(p, n1), nil), 404, "another school's reviewer: "+p)
	}
	must(t, other.Do("PUT", fmt.Sprintf("/apply/api-auth/admin/reviews/%d/sheet", n1), map[string]any{"scores": map[string]int{"research": 1}}), 404, "another school's reviewer scores")
	must(t, ra.Do("GET", fmt.Sprintf("/apply/api-auth/admin/applications/%d", n1), nil), 403, "the staff read")

	score := func(c *apptest.Client, n int64, research, fit int) {
		t.Helper()
		p := fmt.Sprintf("/apply/api-auth/admin/reviews/%d", n)
		must(t, c.Do("PUT", p+"/sheet", map[string]any{"scores": map[string]int{"research": research}, "comment": "좋음"}), 200, "draft")
		r := must(t, c.Do("POST", p+"/submit", nil), 400, "submit with a score missing")
		if !strings.Contains(r.Raw, "scores.fit") {
			t.Fatalf("missing score: %s", r.Raw)
		}
		must(t, c.Do("PUT", p+"/sheet", map[string]any{"scores": map[string]int{"research": research, "fit": fit}, "comment": "좋음"}), 200, "draft")
		must(t, c.Do("POST", p+"/submit", nil), 200, "submit")
	}
	score(ra, n1, 10, 5)
	score(ra, n2, 5, 3)
	// b does not see a's sheet before submitting its own; then it does.
	sheets := func(c *apptest.Client, n int64) int {
		return len(must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/admin/reviews/%d/sheets", n), nil), 200, "sheets").List)
	}
	if got := sheets(rb, n1); got != 1 {
		t.Fatalf("b reads %d sheets before submitting, want its own only", got)
	}
	score(rb, n1, 8, 5)
	score(rb, n2, 0, 1)
	if got := sheets(rb, n1); got != 2 {
		t.Fatalf("b reads %d sheets after submitting, want 2", got)
	}
	must(t, admin.Do("DELETE", fmt.Sprintf("/apply/api-auth/admin/assignments/%d/reviewer236a", n1), nil), 409, "unassign a submitted sheet")
	if r := must(t, admin.Do("GET", fmt.Sprintf("/apply/api-auth/admin/sheets/%d", n1), nil), 200, "staff read the sheets"); len(r.List) != 2 {
		t.Fatalf("staff sheets: %s", r.Raw)
	}
	r = must(t, admin.Do("PUT", round+"/rubric", map[string]any{"criteria": []any{
		map[string]any{"key": "fit", "nameKo": "적합성", "nameEn": "Fit", "weight": 1, "min": 1, "max": 5}}}), 409, "rubric after submission")
	if r.Body["code"] != "evaluation.rubric_locked" {
		t.Fatalf("locked rubric: %s", r.Raw)
	}

	// The score table, sorted by mean, highest first; and its exports.
	r = must(t, admin.Do("GET", round+"/scores?sort="+filterSort("mean", "DESC")+"&range=%5B0%2C9%5D", nil), 200, "score table")
	if got := ids(r, "applNo"); fmt.Sprint(got) != fmt.Sprint([]string{fmt.Sprint(n1), fmt.Sprint(n2)}) ||
		r.Header.Get("Content-Range") != "scores 0-1/2" {
		t.Fatalf("score table %v: %s", got, r.Raw)
	}
	// n1: a = (3·1 + 1·1)/4 = 100, b = (3·0.8 + 1)/4·100 = 85 → mean 92.5, spread 15.
	if row := r.List[0].(map[string]any); row["mean"] != 92.5 || row["spread"] != 15.0 || row["submitted"] != 2.0 {
		t.Fatalf("score row: %v", row)
	}
	csv := must(t, admin.Do("GET", fmt.Sprintf("/apply/api-auth/admin/exports/scores/236-%d-1?format=csv", e.year), nil), 200, "csv")
	if !strings.Contains(csv.Raw, "92.50") || !strings.Contains(csv.Raw, applID2) || !strings.Contains(csv.Raw, "접수 완료") {
		t.Fatalf("csv: %s", csv.Raw)
	}
	admin.Lang = "en"
	xl := must(t, admin.Do("GET", fmt.Sprintf("/apply/api-auth/admin/exports/scores/236-%d-1", e.year), nil), 200, "xlsx")
	admin.Lang = ""
	f, err := excelize.OpenReader(bytes.NewReader([]byte(xl.Raw)))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows("Scores")
	if err != nil || len(rows) != 3 || rows[0][0] != "Exam number" || rows[1][len(rows[1])-2] != "92.50" {
		t.Fatalf("xlsx rows %v %v", rows, err)
	}
	must(t, other.Do("GET", round+"/scores", nil), 403, "a reviewer reads the score table")

	// Decisions in bulk, a release ahead: applicants see nothing yet.
	must(t, admin.Do("POST", round+"/decisions", map[string]any{"items": []any{
		map[string]any{"applNo": n1, "decision": "admit"}, map[string]any{"applNo": n2, "decision": "waitlist"}}}), 400, "a waitlist without rank")
	must(t, admin.Do("POST", round+"/decisions", map[string]any{"items": []any{
		map[string]any{"applNo": n1, "decision": "admit"}, map[string]any{"applNo": n2, "decision": "waitlist", "rank": 1}}}), 200, "decide")
	must(t, admin.Do("PUT", fmt.Sprintf("/apply/api-auth/admin/decisions/%d", n2), map[string]any{"decision": "reject"}), 200, "decide one")
	r = must(t, admin.Do("GET", round+"/decisions", nil), 200, "decisions")
	if len(r.List) != 2 || r.List[1].(map[string]any)["decision"] != "reject" {
		t.Fatalf("decisions: %s", r.Raw)
	}
	msgs := map[string]any{
		"admit":    map[string]any{"ko": "합격을 축하합니다.", "en": "Congratulations."},
		"waitlist": map[string]any{"ko": "예비 합격입니다.", "en": "You are on the waitlist."},
		"reject":   map[string]any{"ko": "아쉽게도 불합격입니다.", "en": "We are sorry."}}
	must(t, admin.Do("PUT", round+"/release", map[string]any{"at": time.Now().Add(time.Hour).Format(time.RFC3339), "messages": msgs}), 200, "release ahead")
	if r := must(t, app1.Do("GET", "/apply/api-auth/appl/results", nil), 200, "results before"); len(r.List) != 0 {
		t.Fatalf("results before the release: %s", r.Raw)
	}
	must(t, app1.Do("GET", fmt.Sprintf("/apply/api-auth/appl/results/%d", n1), nil), 404, "result before")
	must(t, app1.Do("GET", fmt.Sprintf("/apply/api-auth/appl/results/%d/letter", n1), nil), 404, "letter before")

	// Released now: the results, the letter, the result mails.
	must(t, admin.Do("PUT", round+"/release", map[string]any{"at": time.Now().Add(-time.Minute).Format(time.RFC3339), "messages": msgs}), 200, "release")
	must(t, admin.Do("PUT", fmt.Sprintf("/apply/api-auth/admin/decisions/%d", n2), map[string]any{"decision": "admit"}), 409, "decide after release")
	r = must(t, app1.Do("GET", "/apply/api-auth/appl/results", nil), 200, "results")
	if len(r.List) != 1 || r.List[0].(map[string]any)["decision"] != "admit" || !strings.Contains(r.Raw, "합격을 축하합니다.") {
		t.Fatalf("results: %s", r.Raw)
	}
	must(t, app2.Do("GET", fmt.Sprintf("/apply/api-auth/appl/results/%d", n1), nil), 404, "another applicant's result")
	if r := must(t, app2.Do("GET", fmt.Sprintf("/apply/api-auth/appl/results/%d", n2), nil), 200, "result"); r.Body["decision"] != "reject" || r.Body["letter"] != false {
		t.Fatalf("result: %s", r.Raw)
	}
	must(t, app2.Do("GET", fmt.Sprintf("/apply/api-auth/appl/results/%d/letter", n2), nil), 409, "letter when not admitted")
	must(t, app2.Do("GET", fmt.Sprintf("/apply/api-auth/appl/results/%d/letter", n1), nil), 404, "another applicant's letter")
	pdf := must(t, app1.Do("GET", fmt.Sprintf("/apply/api-auth/appl/results/%d/letter", n1), nil), 200, "letter")
	if !strings.HasPrefix(pdf.Raw, "%PDF") || pdf.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("letter: %q", trim(pdf.Raw))
	}
	if text := pdfText(t, pdf.Raw); text != "" && !strings.Contains(text, "김하늘") {
		t.Fatalf("letter text lacks the name: %q", text)
	}
	for range 2 {
		if _, err := e.a.Officers.Decisions.SendDue(ctx, 200); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := e.outboxCount("result_released", "applicant1"), e.outboxCount("result_released", "applicant2"); a != 1 || b != 1 {
		t.Fatalf("result mails: %d, %d", a, b)
	}
	r = must(t, admin.Do("GET", round+"/release", nil), 200, "progress")
	if r.Body["released"] != true || r.Body["mailed"] != 2.0 || r.Body["total"] != 2.0 {
		t.Fatalf("progress: %s", r.Raw)
	}

	// A reviewer account is made through the roles API: bound to 236, it
	// enters the back office and has nothing assigned.
	must(t, e.as("sysadmin").Do("PUT", "/apply/api-auth/admin/roles/timefree", map[string]any{"roles": []string{"ROLE_REVIEWER"}, "schoolCode": "236"}), 200, "grant reviewer")
	if r := must(t, e.as("timefree").Do("GET", "/apply/api-auth/admin/reviews", nil), 200, "new reviewer"); len(r.List) != 0 {
		t.Fatalf("new reviewer's assignments: %s", r.Raw)
	}
}

// filterSort is a react-admin sort parameter.
func filterSort(field, order string) string {
	return fmt.Sprintf("%%5B%%22%s%%22%%2C%%22%s%%22%%5D", field, order)
}

// TestNoticesAndBulkMail: a notice of 236's round shows on its school page
// and to its applicants; a bulk mail to the round's completed applicants
// reaches each once, previewed in ko and en first.
func TestNoticesAndBulkMail(t *testing.T) {
	e := newPayEnv(t)
	ctx := context.Background()
	app1, app2 := e.as("applicant1"), e.as("applicant2")
	n1 := e.fillAndSubmit(app1)
	e.payByCard(app1, n1)
	e.fillAndSubmit(app2) // submitted, not paid: not COMPLETE
	admin := e.as("schooladmin")
	roundID := fmt.Sprintf("236-%d-1", e.year)
	now := time.Now()
	notice := map[string]any{"schoolCode": "236", "roundId": roundID, "title": map[string]any{"ko": "면접 안내", "en": "Interviews"},
		"body":   map[string]any{"ko": "면접은 12월입니다.", "en": "Interviews are in December."},
		"starts": now.Add(-time.Hour).Format(time.RFC3339), "ends": now.Add(24 * time.Hour).Format(time.RFC3339)}
	site := map[string]any{"title": map[string]any{"ko": "점검", "en": "Maintenance"}, "body": map[string]any{"ko": "점검", "en": "Maintenance"},
		"starts": now.Add(-time.Hour).Format(time.RFC3339), "ends": now.Add(24 * time.Hour).Format(time.RFC3339)}
	must(t, admin.Do("POST", "/apply/api-auth/admin/notices", site), 403, "a school admin's site-wide notice")
	r := must(t, admin.Do("POST", "/apply/api-auth/admin/notices", notice), 201, "notice")
	id := int64(r.Body["id"].(float64))
	must(t, e.as("setadmin").Do("GET", fmt.Sprintf("/apply/api-auth/admin/notices/%d", id), nil), 403, "another school's set admin")
	r = must(t, apptest.NewClient(t, e.srv).Do("GET", "/apply/api/notices?schoolCode=236", nil), 200, "school page")
	if len(r.List) != 1 || !strings.Contains(r.Raw, "면접 안내") || strings.Contains(r.Raw, "schooladmin") {
		t.Fatalf("school page: %s", r.Raw)
	}
	if r := must(t, apptest.NewClient(t, e.srv).Do("GET", "/apply/api/notices?schoolCode=ARTS01", nil), 200, "other page"); len(r.List) != 0 {
		t.Fatalf("another school's page: %s", r.Raw)
	}
	for _, c := range []*apptest.Client{app1, app2} {
		if r := must(t, c.Do("GET", "/apply/api-auth/notices/mine", nil), 200, "my notices"); !strings.Contains(r.Raw, "Interviews are in December.") {
			t.Fatalf("my notices: %s", r.Raw)
		}
	}
	r = must(t, admin.Do("GET", "/apply/api-auth/admin/notices", nil), 200, "staff notices")
	if len(r.List) != 1 || r.Header.Get("Content-Range") != "notices 0-0/1" {
		t.Fatalf("staff notices: %s", r.Raw)
	}
	must(t, admin.Do("DELETE", fmt.Sprintf("/apply/api-auth/admin/notices/%d", id), nil), 204, "remove")
	if r := must(t, app1.Do("GET", "/apply/api-auth/notices/mine", nil), 200, "my notices"); len(r.List) != 0 {
		t.Fatalf("removed notice shows: %s", r.Raw)
	}

	// A bulk mail to the round's completed applicants.
	mails := "/apply/api-auth/admin/eval-rounds/" + roundID + "/bulk-mails"
	letter := map[string]any{"filter": map[string]any{"status": "COMPLETE"}, "subject": map[string]any{"ko": "서류 안내", "en": "About documents"},
		"body": map[string]any{"ko": "원본 서류를 보내 주세요.", "en": "Please send the originals."}}
	r = must(t, admin.Do("POST", mails, letter), 201, "compose")
	mail := fmt.Sprintf("/apply/api-auth/admin/bulk-mails/%d", int64(r.Body["id"].(float64)))
	letter["body"] = map[string]any{"ko": "원본 서류를 우편으로 보내 주세요.", "en": "Please post the originals."}
	must(t, admin.Do("PUT", mail, letter), 200, "edit")
	r = must(t, admin.Do("GET", mail+"/preview", nil), 200, "preview")
	ko, en := r.Body["ko"].(map[string]any), r.Body["en"].(map[string]any)
	if r.Body["recipients"] != 1.0 || !strings.Contains(fmt.Sprint(ko["text"]), "우편으로") || !strings.Contains(fmt.Sprint(en["text"]), "Please post") ||
		!strings.Contains(fmt.Sprint(en["subject"]), "About documents") {
		t.Fatalf("preview: %s", r.Raw)
	}
	must(t, e.as("setadmin").Do("GET", mail+"/preview", nil), 403, "another school's staff")
	must(t, admin.Do("POST", mail+"/send", nil), 200, "send")
	must(t, admin.Do("POST", mail+"/send", nil), 409, "send twice")
	must(t, admin.Do("PUT", mail, letter), 409, "edit after sending")
	for range 2 {
		if _, err := e.a.Officers.Notices.SendDue(ctx, 200); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := e.outboxCount("bulk_mail", "applicant1"), e.outboxCount("bulk_mail", "applicant2"); a != 1 || b != 0 {
		t.Fatalf("bulk mails: applicant1 %d, applicant2 %d", a, b)
	}
	r = must(t, admin.Do("GET", mail, nil), 200, "progress")
	if r.Body["state"] != "done" || r.Body["recipients"] != 1.0 || r.Body["sent"] != 1.0 {
		t.Fatalf("progress: %s", r.Raw)
	}
	if r := must(t, admin.Do("GET", mails, nil), 200, "mails"); len(r.List) != 1 {
		t.Fatalf("mails: %s", r.Raw)
	}
}
