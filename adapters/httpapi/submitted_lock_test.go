package httpapi_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

// Defect 4: once finally submitted (SUBMIT, before COMPLETE) the form,
// the documents and the part are locked on the server: step saves, drafts,
// uploads and deletes answer 409 application.submitted_locked with a ko and
// en message; the list no longer offers edit and the edit mode opens in
// view; paying and cancelling stay possible.
func TestNoChangesAfterFinalSubmit(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	n := e.create(c, "236", "DC01", true)
	p := func(f string) string { return fmt.Sprintf(f, n) }
	e.setStatus(n, "SURVEY")
	uploadRequired(t, c, n)
	r := must(t, c.Do("GET", p("/apply/api-auth/appl/doc/%d"), nil), 200, "documents")
	var key string
	for _, g := range r.Body["list"].([]any) {
		for _, d := range g.(map[string]any)["documents"].([]any) {
			if k, ok := d.(map[string]any)["fileKey"].(string); ok && key == "" {
				key = k
			}
		}
	}
	if key == "" {
		t.Fatalf("no uploaded document in %s", r.Raw)
	}
	must(t, c.Do("POST", p("/apply/api-auth/appl/submit/%d"), map[string]any{"consents": consents(e.recruit(c, "236"))}), 200, "submit")

	for _, lang := range []struct{ lang, msg string }{
		{"ko", "최종 제출한 지원서는 내용과 서류를 수정할 수 없습니다. 전형료 결제나 지원 취소만 할 수 있습니다."},
		{"en", "A finally submitted application cannot be changed (its form and documents are locked). You can still pay the fee or cancel it."},
	} {
		c.Lang = lang.lang
		for what, do := range map[string]func() apptest.Response{
			"documents step save": func() apptest.Response {
				return c.Do("POST", p("/apply/api-auth/appl/doc/save/%d"), map[string]any{})
			},
			"draft": func() apptest.Response {
				return c.Do("PUT", p("/apply/api-auth/appl/draft/%d/BASIS_SAVE"), map[string]any{"korName": "x"})
			},
			"upload": func() apptest.Response { return upload(t, c, n, `{"itemCode":"00002"}`, "again.pdf", pdfBody) },
			"delete": func() apptest.Response {
				return c.Do("DELETE", p("/apply/api-auth/appl/doc/%d")+"?fileKey="+key, nil)
			},
		} {
			if r := do(); r.Status != 409 || r.Body["code"] != "application.submitted_locked" || r.Body["message"] != lang.msg {
				t.Errorf("%s %s after submit: %d %s", lang.lang, what, r.Status, r.Raw)
			}
		}
	}
	r = must(t, c.Do("GET", p("/apply/api-auth/appl/doc/%d"), nil), 200, "documents after")
	if len(r.Body["missing"].([]any)) != 0 {
		t.Fatalf("a document went missing: %s", r.Raw)
	}
	r = must(t, c.Do("GET", "/apply/api-auth/appl/list", nil), 200, "list")
	for _, it := range r.List {
		m := it.(map[string]any)
		if int64(m["applNo"].(float64)) != n {
			continue
		}
		var acts []string
		for _, a := range m["actions"].([]any) {
			acts = append(acts, a.(string))
		}
		if m["status"] != "SUBMIT" || slices.Contains(acts, "edit") || !slices.Contains(acts, "pay") || !slices.Contains(acts, "cancel") {
			t.Fatalf("list after submit: %v", m)
		}
	}
	r = must(t, c.Do("GET", p("/apply/api-auth/appl/mode/%d")+"?type=edit", nil), 200, "mode")
	if r.Body["mode"] != "view" {
		t.Fatalf("edit mode after submit: %s", r.Raw)
	}
	must(t, c.Do("POST", p("/apply/api-auth/appl/cancel/%d"), nil), 200, "cancel after submit")
}
