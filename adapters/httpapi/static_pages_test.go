package httpapi_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/config"
)

// Issue 21: login and the start of sign-up are painted from the build's
// prerendered copies in the visitor's language, like home.
func TestLoginAndAgreeAreThePrerenderedPagesInTheVisitorsLanguage(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "prerendered"), 0o755)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>shell</title>"), 0o644)
	pages := map[string]string{
		"user-login.ko.html": "<h1>로그인</h1>", "user-login.en.html": "<h1>Sign in</h1>",
		"user-agree.ko.html": "<h1>약관 동의</h1>", "user-agree.en.html": "<h1>Terms</h1>",
	}
	for name, body := range pages {
		os.WriteFile(filepath.Join(dir, "prerendered", name), []byte("<!doctype html>"+body), 0o644)
	}
	_, c, _ := setup(t, func(cfg *config.Config) { cfg.ApplicantDist = dir; cfg.AdminDist = dir })
	for _, tc := range []struct{ path, locale, want string }{
		{"/user/login", "", "로그인"}, {"/user/login", "ko", "로그인"}, {"/user/login", "en", "Sign in"},
		{"/user/login?returnUrl=%2Flist", "en", "Sign in"}, {"/user/login/", "en", "Sign in"},
		{"/user/agree", "ko", "약관 동의"}, {"/user/agree", "en", "Terms"},
		// no copy of these: the app's shell
		{"/user/register", "en", "<title>shell</title>"}, {"/user-login", "en", "<title>shell</title>"},
	} {
		c.Cookie["locale"] = tc.locale
		if tc.locale == "" {
			delete(c.Cookie, "locale")
		}
		r := c.Do("GET", tc.path, nil)
		if r.Status != 200 || !strings.Contains(r.Raw, tc.want) || r.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("%s in %q: %d %v %s", tc.path, tc.locale, r.Status, r.Header, r.Raw)
		}
		if tc.want != "<title>shell</title>" && !strings.Contains(strings.Join(r.Header.Values("Vary"), ","), "Cookie") {
			t.Errorf("%s: not Vary: Cookie: %v", tc.path, r.Header)
		}
	}
}

// Issue 21 (a 404 page): a path none of the app's routes knows (the build's
// routes.json) is answered 404, still with the app, which shows its
// not-found page; a school page only for a school the reference data has.
func TestUnknownApplicantPathsAre404(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "assets"), 0o755)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>shell</title>"), 0o644)
	routes := `{"paths": ["/", "/list", "/user/login", "/user/modify/pwd/:userId/:expireDate/:hash", "/appl/review/:applNo", "/recommend/:key", "/recommend/form/:key", "/:schoolName/main"]}`
	os.WriteFile(filepath.Join(dir, "routes.json"), []byte(routes), 0o644)
	_, c, _ := setup(t, func(cfg *config.Config) { cfg.ApplicantDist = dir; cfg.AdminDist = t.TempDir(); cfg.DemoData = true })

	schools := c.Do("GET", "/apply/api/standard/schl", nil)
	if schools.Status != 200 || len(schools.List) == 0 {
		t.Fatalf("schools: %d %s", schools.Status, schools.Raw)
	}
	school := schools.List[0].(map[string]any)
	slug, code := school["slug"].(string), school["schoolCode"].(string)
	if slug == "" {
		t.Fatalf("the first school has no slug: %v", school)
	}
	for _, tc := range []struct {
		path   string
		status int
	}{
		{"/", 200}, {"/list", 200}, {"/LIST/", 200}, {"/list?page=2", 200}, {"/index.html", 200},
		{"/appl/review/123", 200}, {"/user/modify/pwd/u1/20261126/abc", 200},
		{"/recommend/k1", 200}, {"/recommend/form/k1", 200}, {"/recommend/main", 200},
		{"/" + slug + "/main", 200}, {"/" + strings.ToUpper(slug) + "/main", 200}, {"/" + code + "/main", 200},
		{"/no-such-page", 404}, {"/list/extra", 404}, {"/appl/review", 404}, {"/user/modify/pwd/u1", 404},
		{"/no-such-school/main", 404}, {"/" + slug, 404}, {"/" + slug + "/other", 404},
	} {
		r := c.Do("GET", tc.path, nil)
		if r.Status != tc.status || !strings.Contains(r.Raw, "<title>shell</title>") || r.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: %d (want %d) %v %s", tc.path, r.Status, tc.status, r.Header, r.Raw)
		}
	}
	// files and the API are as before
	if r := c.Do("GET", "/assets/missing.js", nil); r.Status != 404 || strings.Contains(r.Raw, "shell") {
		t.Errorf("missing asset: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("GET", "/user/api/nothing-here", nil); r.Status != 404 || r.Body["code"] != "route.not_found" {
		t.Errorf("unknown api: %d %s", r.Status, r.Raw)
	}

	// A build without the list (or the admin app, which has none): every path is the app's.
	os.Remove(filepath.Join(dir, "routes.json"))
	if r := c.Do("GET", "/no-such-page", nil); r.Status != 200 || !strings.Contains(r.Raw, "<title>shell</title>") {
		t.Errorf("without routes.json: %d %s", r.Status, r.Raw)
	}
	// A rebuilt list is read again.
	os.WriteFile(filepath.Join(dir, "routes.json"), []byte(`{"paths": ["/", "/no-such-page"]}`), 0o644)
	if r := c.Do("GET", "/no-such-page", nil); r.Status != 200 {
		t.Errorf("after a rebuild: %d", r.Status)
	}
	if r := c.Do("GET", "/list", nil); r.Status != 404 {
		t.Errorf("after a rebuild, /list: %d", r.Status)
	}
}
