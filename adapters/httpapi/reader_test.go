package httpapi_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

// readerValue is the value of the first row labelled label in the section
// with key, "" when there is none.
func readerValue(r apptest.Response, key, label string) string {
	for _, s := range r.Body["sections"].([]any) {
		sec := s.(map[string]any)
		if sec["key"] != key {
			continue
		}
		for _, b := range sec["blocks"].([]any) {
			for _, f := range b.(map[string]any)["fields"].([]any) {
				if fm := f.(map[string]any); fm["label"] == label {
					return fmt.Sprint(fm["value"])
				}
			}
		}
	}
	return ""
}

func readerKeys(r apptest.Response) []string {
	var out []string
	for _, s := range r.Body["sections"].([]any) {
		out = append(out, fmt.Sprint(s.(map[string]any)["key"]))
	}
	return out
}

// TestReader reads a complete application (filled, submitted and paid
// through the API) in the reader: every step with names in the staff's
// language, the review history and the trail; staff of another school,
// setup staff, the applicant and reviewers not assigned are refused; the
// assigned reviewer reads it without consents or trail; a document is
// previewed inline only when asked.
func TestReader(t *testing.T) {
	e := newPayEnv(t)
	app1 := e.as("applicant1")
	n := e.fillAndSubmit(app1)
	e.payByCard(app1, n)
	path := fmt.Sprintf("/apply/api-auth/admin/applications/%d/reader", n)
	admin := e.as("schooladmin") // 236

	before := accessRows(t, e.applyEnv, "schooladmin", "application.read", fmt.Sprintf("application:%d", n))
	admin.Lang = "en"
	r := must(t, admin.Do("GET", path, nil), 200, "reader in English")
	for _, k := range []string{"application", "basic-information", "academic-history", "language-scores", "career", "essays", "documents", "consents"} {
		if !slices.Contains(readerKeys(r), k) {
			t.Errorf("no section %q in %v", k, readerKeys(r))
		}
	}
	for _, c := range []struct{ key, label, want string }{
		{"basic-information", "Nationality", "Republic of Korea"},
		{"basic-information", "Gender", "Female"},
		{"application", "Status", "Application complete"},
		{"application", "School", fmt.Sprint(r.Body["school"])},
	} {
		if got := readerValue(r, c.key, c.label); got != c.want {
			t.Errorf("%s / %s = %q, want %q", c.key, c.label, got, c.want)
		}
	}
	if exam := readerValue(r, "language-scores", "Test"); exam == "" || exam == "00001" {
		t.Errorf("language test %q: a name, not the code", exam)
	}
	for _, code := range []string{`"value":"410"`, `"value":"00001"`, `"value":"COMPLETE"`, `"value":"F"`} {
		if strings.Contains(r.Raw, code) {
			t.Errorf("a code is shown: %s", code)
		}
	}
	if r.Body["reviewer"] != false || r.Body["examNumber"] == nil {
		t.Errorf("reader: %s", r.Raw)
	}
	if got := accessRows(t, e.applyEnv, "schooladmin", "application.read", fmt.Sprintf("application:%d", n)); got != before+1 {
		t.Errorf("the read is logged %d times, want %d", got, before+1)
	}

	// In Korean: Korean labels and names.
	admin.Lang = "ko"
	must(t, admin.Do("POST", fmt.Sprintf("/apply/api-auth/admin/applications/%d/review", n), map[string]any{"action": "start"}), 200, "review start")
	r = must(t, admin.Do("GET", path, nil), 200, "reader in Korean")
	if got := readerValue(r, "basic-information", "국적"); got != "대한민국" {
		t.Errorf("국적 = %q", got)
	}
	reviews, trail := r.Body["reviews"].([]any), r.Body["trail"].([]any)
	if len(reviews) != 1 || reviews[0].(map[string]any)["detail"].(map[string]any)["action"] != "start" {
		t.Errorf("review history: %v", reviews)
	}
	if len(trail) < 3 || trail[0].(map[string]any)["action"] != "application.read" {
		t.Errorf("trail (newest first): %v", trail)
	}

	// Refused: the applicant (no back office), setup staff of the school,
	// a school admin of another school, reviewers not assigned.
	must(t, app1.Do("GET", path, nil), 403, "the applicant")
	must(t, e.as("setup236").Do("GET", path, nil), 403, "setup staff of 236")
	sys := e.as("sysadmin")
	must(t, sys.Do("PUT", "/apply/api-auth/admin/roles/timefree", map[string]any{"roles": []string{"ROLE_SCHL_ADMIN"}, "schoolCode": "SKKGSB"}), 200, "other school admin")
	other := e.as("timefree")
	missing := other.Do("GET", "/apply/api-auth/admin/applications/987654321/reader", nil)
	if got := other.Do("GET", path, nil); got.Status != 404 || got.Raw != missing.Raw {
		t.Errorf("another school's admin: %d %s (missing: %s)", got.Status, got.Raw, missing.Raw)
	}
	must(t, sys.Do("GET", path, nil), 200, "system admin")
	ra := e.as("reviewer236a")
	must(t, ra.Do("GET", path, nil), 404, "a reviewer before the assignment")
	must(t, admin.Do("POST", fmt.Sprintf("/apply/api-auth/admin/eval-rounds/236-%d-1/assignments", e.year),
		map[string]any{"applNos": []int64{n}, "reviewers": []string{"reviewer236a"}}), 200, "assign")
	r = must(t, ra.Do("GET", path, nil), 200, "the assigned reviewer")
	if r.Body["reviewer"] != true || slices.Contains(readerKeys(r), "consents") || len(r.Body["trail"].([]any)) != 0 ||
		strings.Contains(r.Raw, "haneul@example.com") || readerValue(r, "basic-information", "국적") != "대한민국" {
		t.Errorf("the reviewer's reader: %s", r.Raw)
	}
	must(t, e.as("reviewer236b").Do("GET", path, nil), 404, "another reviewer of 236")
	must(t, e.as("reviewerarts").Do("GET", path, nil), 404, "a reviewer of another school")

	// A document: inline for the preview (framed by our pages only), an
	// attachment otherwise.
	docs := must(t, admin.Do("GET", fmt.Sprintf("/apply/api-auth/appl/doc/%d", n), nil), 200, "documents")
	var file string
	for _, g := range docs.Body["list"].([]any) {
		for _, d := range g.(map[string]any)["documents"].([]any) {
			if p, ok := d.(map[string]any)["filePath"].(string); ok && strings.HasSuffix(fmt.Sprint(d.(map[string]any)["fileName"]), ".pdf") && file == "" {
				file = p
			}
		}
	}
	if file == "" {
		t.Fatalf("no PDF uploaded: %s", docs.Raw)
	}
	in := must(t, admin.Do("GET", file+"?inline=1", nil), 200, "preview")
	if !strings.HasPrefix(in.Header.Get("Content-Disposition"), "inline;") || in.Header.Get("Content-Type") != "application/pdf" ||
		in.Header.Get("X-Frame-Options") != "SAMEORIGIN" || in.Header.Get("Content-Security-Policy") != "frame-ancestors 'self'" {
		t.Errorf("preview headers: %v", in.Header)
	}
	dl := must(t, admin.Do("GET", file, nil), 200, "download")
	if !strings.HasPrefix(dl.Header.Get("Content-Disposition"), "attachment;") || dl.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("download headers: %v", dl.Header)
	}
	must(t, other.Do("GET", file+"?inline=1", nil), 404, "another school's admin previews")
}
