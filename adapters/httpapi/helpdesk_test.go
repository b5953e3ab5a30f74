package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

func helpList(r apptest.Response, key string) []map[string]any {
	var out []map[string]any
	for _, x := range r.Body[key].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

// The FAQ a guest reads: the seeded entries in ko and en, and the search
// over question and answer in the page's language.
func TestFAQPublic(t *testing.T) {
	e := newApplyEnv(t)
	guest := apptest.NewClient(t, e.srv)
	for _, lang := range []string{"ko", "en"} {
		r := must(t, guest.Do("GET", "/apply/api/faq?lang="+lang, nil), 200, "faq "+lang)
		cats, entries := helpList(r, "categories"), helpList(r, "entries")
		if len(cats) != 6 || len(entries) < 15 || len(entries) > 25 {
			t.Fatalf("%s: %d categories, %d entries", lang, len(cats), len(entries))
		}
		for _, x := range entries {
			if x["title"] == "" || x["answer"] == "" || x["categoryId"] == nil {
				t.Errorf("%s: incomplete entry %v", lang, x)
			}
		}
	}
	r := must(t, guest.Do("GET", "/apply/api/faq?lang=ko&q="+url.QueryEscape("환불"), nil), 200, "search ko")
	found := helpList(r, "entries")
	if len(found) == 0 {
		t.Fatal("no entry on refunds")
	}
	titles := []string{}
	for _, x := range found {
		if !strings.Contains(x["title"].(string)+x["answer"].(string), "환불") {
			t.Errorf("entry without the word: %v", x["title"])
		}
		titles = append(titles, x["title"].(string))
	}
	if !strings.Contains(strings.Join(titles, "|"), "전형료를 환불받을 수 있나요?") {
		t.Errorf("refund question missing: %v", titles)
	}
	if r := must(t, guest.Do("GET", "/apply/api/faq?lang=en&q="+url.QueryEscape("환불"), nil), 200, "ko word in en"); len(helpList(r, "entries")) != 0 {
		t.Errorf("a Korean word found English entries: %v", r.Raw)
	}
	r = must(t, guest.Do("GET", "/apply/api/faq?lang=en&q=refund", nil), 200, "search en")
	if len(helpList(r, "entries")) == 0 || !strings.Contains(r.Raw, "Can the application fee be refunded?") {
		t.Errorf("en search: %s", r.Raw)
	}
	if r := must(t, guest.Do("GET", "/apply/api/faq?q=qzxqzx", nil), 200, "nonsense"); len(helpList(r, "entries")) != 0 {
		t.Errorf("nonsense found %s", r.Raw)
	}
	guest.Lang = "en"
	r = must(t, guest.Do("GET", "/apply/api/faq?q="+strings.Repeat("x", 101), nil), 400, "long search")
	if r.Body["fields"].(map[string]any)["q"] != "The search may have at most 100 characters." {
		t.Errorf("long search: %s", r.Raw)
	}
}

// The help board: published posts page by page, one post by id.
func TestHelpBoardPublic(t *testing.T) {
	e := newApplyEnv(t)
	guest := apptest.NewClient(t, e.srv)
	r := must(t, guest.Do("GET", "/apply/api/help?lang=en&page=1&size=3", nil), 200, "help")
	items := helpList(r, "items")
	if r.Body["total"] != float64(4) || len(items) != 3 {
		t.Fatalf("help page 1: %s", r.Raw)
	}
	r = must(t, guest.Do("GET", "/apply/api/help?lang=en&page=2&size=3", nil), 200, "help page 2")
	if len(helpList(r, "items")) != 1 {
		t.Fatalf("help page 2: %s", r.Raw)
	}
	r = must(t, guest.Do("GET", "/apply/api/help?lang=ko&q="+url.QueryEscape("추천인"), nil), 200, "help search")
	if got := helpList(r, "items"); len(got) != 1 || got[0]["title"] != "추천인이 메일을 받지 못했다고 합니다." || !strings.Contains(got[0]["answer"].(string), "스팸") {
		t.Fatalf("help search: %s", r.Raw)
	}
	id := items[0]["id"]
	r = must(t, guest.Do("GET", fmt.Sprintf("/apply/api/help/%v?lang=en", id), nil), 200, "one post")
	if r.Body["title"] != items[0]["title"] || r.Body["body"] == "" || r.Body["answer"] == "" {
		t.Fatalf("post: %s", r.Raw)
	}
	must(t, guest.Do("GET", "/apply/api/help/1", nil), 404, "an FAQ entry is no help post")
	must(t, guest.Do("GET", "/apply/api/help/abc", nil), 404, "bad id")
}

// A system admin writes FAQ entries (validated, audited); the public sees
// what is published; school admins and applicants are refused.
func TestFAQAdmin(t *testing.T) {
	e := newApplyEnv(t)
	sys := e.as("sysadmin")
	guest := apptest.NewClient(t, e.srv)
	for _, who := range []string{"schooladmin", "applicant1", "setadmin"} {
		must(t, e.as(who).Do("POST", "/apply/api-auth/admin/faq", map[string]any{}), 403, who+" writes the FAQ")
	}
	cats := must(t, sys.Do("GET", "/apply/api-auth/admin/faq-categories?range=[0,9]", nil), 200, "categories")
	if cats.Header.Get("Content-Range") != "faq-categories 0-5/6" {
		t.Errorf("categories Content-Range %q", cats.Header.Get("Content-Range"))
	}
	cat := cats.List[0].(map[string]any)["id"]

	entry := map[string]any{"categoryId": cat, "titleKo": "기숙사를 신청할 수 있나요?", "titleEn": "Can I apply for a dormitory?",
		"answerKo": "합격 후 학교의 안내에 따라 신청합니다.", "order": 5}
	sys.Lang = "en"
	r := must(t, sys.Do("POST", "/apply/api-auth/admin/faq", entry), 400, "no English answer")
	if r.Body["fields"].(map[string]any)["answerEn"] != "Enter the answer (English)." {
		t.Errorf("en message: %s", r.Raw)
	}
	sys.Lang = "ko"
	entry["order"] = -1
	r = must(t, sys.Do("POST", "/apply/api-auth/admin/faq", entry), 400, "no English answer, ko")
	f := r.Body["fields"].(map[string]any)
	if f["answerEn"] != "답변(영어)을(를) 입력해 주세요." || f["order"] != "순서는 0에서 9999 사이의 숫자여야 합니다." {
		t.Errorf("ko messages: %s", r.Raw)
	}
	entry["order"], entry["answerEn"], entry["categoryId"] = 5, "After admission, as the school tells you.", 999999
	r = must(t, sys.Do("POST", "/apply/api-auth/admin/faq", entry), 400, "unknown category")
	if r.Body["fields"].(map[string]any)["categoryId"] == nil {
		t.Errorf("unknown category: %s", r.Raw)
	}
	entry["categoryId"] = cat
	r = must(t, sys.Do("POST", "/apply/api-auth/admin/faq", entry), 201, "create")
	id := r.Body["id"]
	if r.Body["published"] != false || r.Body["updatedBy"] != "sysadmin" {
		t.Errorf("created: %s", r.Raw)
	}
	q := "/apply/api/faq?lang=ko&q=" + url.QueryEscape("기숙사")
	if got := helpList(must(t, guest.Do("GET", q, nil), 200, "public"), "entries"); len(got) != 0 {
		t.Fatalf("unpublished entry shown: %v", got)
	}
	entry["published"] = true
	must(t, sys.Do("PUT", fmt.Sprintf("/apply/api-auth/admin/faq/%v", id), entry), 200, "publish")
	if got := helpList(must(t, guest.Do("GET", q, nil), 200, "public"), "entries"); len(got) != 1 || got[0]["answer"] != "합격 후 학교의 안내에 따라 신청합니다." {
		t.Fatalf("published entry: %v", got)
	}
	must(t, sys.Do("GET", fmt.Sprintf("/apply/api-auth/admin/help-posts/%v", id), nil), 404, "an FAQ entry read as a help post")

	r = must(t, sys.Do("GET", `/apply/api-auth/admin/faq?sort=["order","DESC"]&range=[0,4]&filter={"published":"true","q":"기숙사"}`, nil), 200, "admin list")
	if r.Header.Get("Content-Range") != "faq 0-0/1" || len(r.List) != 1 {
		t.Errorf("admin list %q %s", r.Header.Get("Content-Range"), r.Raw)
	}
	must(t, sys.Do("GET", `/apply/api-auth/admin/faq?sort=["answerKo","ASC"]`, nil), 400, "sort not allowed")
	must(t, sys.Do("GET", `/apply/api-auth/admin/faq?filter={"userId":"x"}`, nil), 400, "filter not allowed")

	r = must(t, sys.Do("DELETE", fmt.Sprintf("/apply/api-auth/admin/faq-categories/%v", cat), nil), 409, "category in use")
	if !strings.Contains(r.Body["message"].(string), "삭제할 수 없습니다") {
		t.Errorf("in use: %s", r.Raw)
	}
	must(t, sys.Do("DELETE", fmt.Sprintf("/apply/api-auth/admin/faq/%v", id), nil), 200, "delete")
	must(t, guest.Do("GET", q, nil), 200, "public after delete")

	r = must(t, sys.Do("GET", `/apply/api-auth/admin/access-log?filter={"action":"faq."}&sort=["id","ASC"]`, nil), 200, "audit")
	var got []string
	for _, x := range r.List {
		m := x.(map[string]any)
		got = append(got, fmt.Sprint(m["actor"], " ", m["action"], " ", m["target"]))
	}
	want := fmt.Sprintf("sysadmin faq.create faq:%[1]v|sysadmin faq.update faq:%[1]v|sysadmin faq.delete faq:%[1]v", id)
	if strings.Join(got, "|") != want {
		t.Errorf("audit %v, want %s", got, want)
	}

	// Categories: create (names named when missing), rename, delete when unused.
	sys.Lang = "en"
	r = must(t, sys.Do("POST", "/apply/api-auth/admin/faq-categories", map[string]any{"korName": "기숙사", "order": 7}), 400, "no English name")
	if r.Body["fields"].(map[string]any)["engName"] != "Enter the category name (English)." {
		t.Errorf("category message: %s", r.Raw)
	}
	r = must(t, sys.Do("POST", "/apply/api-auth/admin/faq-categories", map[string]any{"korName": "기숙사", "engName": "Housing", "order": 7}), 201, "new category")
	cid := r.Body["id"]
	must(t, sys.Do("PUT", fmt.Sprintf("/apply/api-auth/admin/faq-categories/%v", cid), map[string]any{"korName": "기숙사·주거", "engName": "Housing", "order": 7}), 200, "rename")
	r = must(t, guest.Do("GET", "/apply/api/faq?lang=ko", nil), 200, "public categories")
	if !strings.Contains(r.Raw, `"name":"기숙사·주거"`) {
		t.Errorf("renamed category not public: %s", r.Raw)
	}
	must(t, sys.Do("DELETE", fmt.Sprintf("/apply/api-auth/admin/faq-categories/%v", cid), nil), 200, "delete unused")
	must(t, sys.Do("GET", fmt.Sprintf("/apply/api-auth/admin/faq-categories/%v", cid), nil), 404, "deleted")
	r = must(t, sys.Do("GET", `/apply/api-auth/admin/access-log?filter={"action":"faq_category."}&sort=["id","ASC"]`, nil), 200, "category audit")
	if len(r.List) != 3 {
		t.Errorf("category audit: %s", r.Raw)
	}
}
