package httpapi_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/altcha-org/altcha-lib-go"
	"github.com/golang-jwt/jwt/v5"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/demo"
	"github.com/gradapply/gradapply/adapters/password"
	"github.com/gradapply/gradapply/adapters/token"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/mailmsg"
)

func setup(t *testing.T, mutate ...func(*config.Config)) (*apptest.App, *apptest.Client, func() *apptest.Client) {
	t.Helper()
	a := apptest.New(t, mutate...)
	srv := apptest.Serve(t, a)
	return a, apptest.NewClient(t, srv), func() *apptest.Client { return apptest.NewClient(t, srv) }
}

// solve answers a captcha challenge as the browser widget would.
func solve(t *testing.T, c *apptest.Client) string {
	t.Helper()
	r := c.Do("GET", "/user/api/captcha", nil)
	if r.Status != 200 {
		t.Fatalf("captcha: %d %s", r.Status, r.Raw)
	}
	ch := r.Body
	sol, err := altcha.SolveChallenge(ch["challenge"].(string), ch["salt"].(string), altcha.Algorithm(ch["algorithm"].(string)),
		int(ch["maxNumber"].(float64)), 0, nil)
	if err != nil || sol == nil {
		t.Fatalf("solve: %v", err)
	}
	b, _ := json.Marshal(altcha.Payload{Algorithm: ch["algorithm"].(string), Challenge: ch["challenge"].(string),
		Number: int64(sol.Number), Salt: ch["salt"].(string), Signature: ch["signature"].(string)})
	return base64.StdEncoding.EncodeToString(b)
}

// mailedCode reads the newest sign-up code for an address from the outbox.
func mailedCode(t *testing.T, a *apptest.App, email string) string {
	t.Helper()
	var payload []byte
	err := a.DB.Pool.QueryRow(context.Background(),
		"SELECT payload FROM outbox WHERE payload->>'to' = $1 ORDER BY id DESC LIMIT 1", email).Scan(&payload)
	if err != nil {
		t.Fatalf("no mail to %s: %v", email, err)
	}
	// Only the worker's codec opens the code: the row holds it sealed.
	m, err := a.MailCodec.Decode(payload)
	if err != nil {
		t.Fatalf("mail to %s: %v", email, err)
	}
	sc, ok := m.Message.(*mailmsg.SignUpCode)
	if !ok {
		t.Fatalf("mail kind %q", m.Message.Kind())
	}
	if bytes.Contains(payload, []byte(sc.Code)) {
		t.Fatalf("the outbox holds the sign-up code in plain text: %s", payload)
	}
	return string(sc.Code)
}

func signUp(t *testing.T, a *apptest.App, c *apptest.Client, userID, email, pw string) {
	t.Helper()
	if r := c.Do("POST", "/user/api/email-code", map[string]any{"email": email, "altcha": solve(t, c)}); r.Status != 200 {
		t.Fatalf("email-code: %d %s", r.Status, r.Raw)
	}
	r := c.Do("POST", "/user/api/sign-up", map[string]any{"userId": userID, "email": email, "password": pw,
		"code": mailedCode(t, a, email), "agreeTerms": true, "agreePrivacy": true, "altcha": solve(t, c)})
	if r.Status != 201 {
		t.Fatalf("sign-up: %d %s", r.Status, r.Raw)
	}
}

func login(t *testing.T, c *apptest.Client, userID, pw string) apptest.Response {
	t.Helper()
	r := c.Do("POST", "/user/api/login", map[string]any{"userId": userID, "password": pw})
	if r.Status != 200 {
		t.Fatalf("login %s: %d %s", userID, r.Status, r.Raw)
	}
	return r
}

func TestSignUpWithMailedCode(t *testing.T) {
	a, c, _ := setup(t)
	c.Lang = "en"
	if r := c.Do("POST", "/user/api/email-code", map[string]any{"email": "kim@example.com", "altcha": solve(t, c)}); r.Status != 200 || r.Body["message"] != "The mail has been sent." {
		t.Fatalf("email-code: %d %s", r.Status, r.Raw)
	}
	code := mailedCode(t, a, "kim@example.com")
	if len(code) != 6 {
		t.Fatalf("code %q", code)
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	base := map[string]any{"userId": "kim2026", "email": "kim@example.com", "password": "Abcdefg1",
		"agreeTerms": true, "agreePrivacy": true}
	with := func(extra map[string]any) map[string]any {
		m := map[string]any{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		m["altcha"] = solve(t, c)
		return m
	}
	r := c.Do("POST", "/user/api/sign-up", with(map[string]any{"code": wrong}))
	if r.Status != 400 || r.Body["fields"].(map[string]any)["code"] != "Not Correct Code. Please Check Your Email." {
		t.Fatalf("wrong code: %d %s", r.Status, r.Raw)
	}
	r = c.Do("POST", "/user/api/sign-up", with(map[string]any{"code": code, "password": "short1A", "userId": "kim_2026"}))
	f, _ := r.Body["fields"].(map[string]any)
	if r.Status != 400 || f["password"] == nil || f["userId"] == nil {
		t.Fatalf("rules: %d %s", r.Status, r.Raw)
	}
	r = c.Do("POST", "/user/api/sign-up", with(map[string]any{"code": code}))
	if r.Status != 201 || r.Body["userId"] != "kim2026" {
		t.Fatalf("sign-up: %d %s", r.Status, r.Raw)
	}
	if _, ok := c.Cookie["access_token"]; ok {
		t.Fatal("sign-up signed the user in")
	}
	// The same id (in any case) and the same address are taken now.
	c.Do("POST", "/user/api/email-code", map[string]any{"email": "lee@example.com", "altcha": solve(t, c)})
	r = c.Do("POST", "/user/api/sign-up", map[string]any{"userId": "KIM2026", "email": "lee@example.com", "password": "Abcdefg1",
		"code": mailedCode(t, a, "lee@example.com"), "agreeTerms": true, "agreePrivacy": true, "altcha": solve(t, c)})
	if r.Status != 409 || r.Body["fields"].(map[string]any)["userId"] != "ID is already occupied." {
		t.Fatalf("duplicate id: %d %s", r.Status, r.Raw)
	}
	// A registered address is answered like a new one (no enumeration); its
	// mail says it has an account and carries no code.
	r = c.Do("POST", "/user/api/email-code", map[string]any{"email": "KIM@example.com", "altcha": solve(t, c)})
	if r.Status != 200 || r.Body["message"] != "The mail has been sent." {
		t.Fatalf("registered email: %d %s", r.Status, r.Raw)
	}
	var kind string
	if err := a.DB.Pool.QueryRow(context.Background(),
		"SELECT payload->>'kind' FROM outbox WHERE payload->>'to' = 'kim@example.com' ORDER BY id DESC LIMIT 1").Scan(&kind); err != nil || kind != "signup_registered" {
		t.Fatalf("mail to a registered address: %q %v", kind, err)
	}
	r = c.Do("POST", "/user/api/sign-up", map[string]any{"userId": "lee2026", "email": "kim@example.com", "password": "Abcdefg1",
		"code": code, "agreeTerms": true, "agreePrivacy": true, "altcha": solve(t, c)})
	if r.Status != 400 || fields(r)["code"] == nil || fields(r)["email"] != nil {
		t.Fatalf("sign-up with a registered address: %d %s", r.Status, r.Raw)
	}
	// Korean is the default language.
	c.Lang = ""
	r = c.Do("GET", "/user/api/check-id?userId=kim2026", nil)
	if r.Status != 200 || r.Body["available"] != false {
		t.Fatalf("check-id: %s", r.Raw)
	}
	r = c.Do("GET", "/user/api/check-id?userId=bad!", nil)
	if r.Status != 400 || !strings.Contains(r.Body["fields"].(map[string]any)["userId"].(string), "영문") {
		t.Fatalf("check-id ko: %s", r.Raw)
	}
	login(t, c, "kim2026", "Abcdefg1")
}

func TestSignUpNeedsCaptchaAndAgreements(t *testing.T) {
	a, c, _ := setup(t)
	c.Lang = "en"
	c.Do("POST", "/user/api/email-code", map[string]any{"email": "park@example.com", "altcha": solve(t, c)})
	r := c.Do("POST", "/user/api/sign-up", map[string]any{"userId": "park1", "email": "park@example.com", "password": "Abcdefg1",
		"code": mailedCode(t, a, "park@example.com"), "altcha": "forged"})
	f, _ := r.Body["fields"].(map[string]any)
	if r.Status != 400 || f["altcha"] == nil || f["agreeTerms"] == nil || f["agreePrivacy"] == nil {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	// A solved captcha is accepted once only.
	p := solve(t, c)
	ok := map[string]any{"userId": "park1", "email": "park@example.com", "password": "Abcdefg1",
		"code": mailedCode(t, a, "park@example.com"), "agreeTerms": true, "agreePrivacy": true, "altcha": p}
	if r := c.Do("POST", "/user/api/sign-up", ok); r.Status != 201 {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	ok["userId"], ok["email"] = "park2", "park2@example.com"
	if r := c.Do("POST", "/user/api/sign-up", ok); r.Status != 400 || r.Body["fields"].(map[string]any)["altcha"] == nil {
		t.Fatalf("replayed captcha: %d %s", r.Status, r.Raw)
	}
}

func demoUsers(t *testing.T, a *apptest.App) string {
	t.Helper()
	d, err := demo.Read("../../testdata/demo")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.Load(context.Background(), a.DB, d, password.Argon2{Memory: 64, Time: 1, Threads: 1}, time.Now()); err != nil {
		t.Fatal(err)
	}
	return d.Password
}

func TestLogoutRevokesToken(t *testing.T) {
	a, c, _ := setup(t)
	pw := demoUsers(t, a)
	r := login(t, c, "applicant1", pw)
	tok := r.Body["accessToken"].(string)
	user := r.Body["user"].(map[string]any)
	if user["userId"] != "applicant1" || fmt.Sprint(user["roles"]) != "[ROLE_USER]" {
		t.Fatalf("user: %v", user)
	}
	if c.Cookie["access_token"] != tok || c.Cookie["XSRF-TOKEN"] == "" || !strings.Contains(c.Cookie["user"], "applicant1") {
		t.Fatalf("cookies: %v", c.Cookie)
	}
	bearer := &apptest.Client{T: t, Srv: c.Srv, Cookie: map[string]string{}, Bearer: tok}
	if r := bearer.Do("GET", "/user/api/me", nil); r.Status != 200 || r.Body["email"] != "applicant1@demo.gradapply.example" {
		t.Fatalf("me: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("POST", "/user/api/logout", nil); r.Status != 204 {
		t.Fatalf("logout: %d %s", r.Status, r.Raw)
	}
	if r := bearer.Do("GET", "/user/api/me", nil); r.Status != 401 {
		t.Fatalf("revoked token still works: %d", r.Status)
	}
}

func TestCookieRequestsNeedCSRFProof(t *testing.T) {
	a, c, _ := setup(t)
	login(t, c, "applicant1", demoUsers(t, a))
	c.NoXSRF = true
	r := c.Do("POST", "/user/api/logout", nil)
	if r.Status != 403 || r.Body["code"] != "csrf.invalid" {
		t.Fatalf("without proof: %d %s", r.Status, r.Raw)
	}
	c.Cookie["XSRF-TOKEN"] = "attacker-chosen"
	c.NoXSRF = false
	// A proof that matches a cookie the attacker cannot set still needs both equal.
	req, _ := http.NewRequest("POST", c.Srv.URL+"/user/api/logout", nil)
	req.AddCookie(&http.Cookie{Name: "access_token", Value: c.Cookie["access_token"]})
	req.AddCookie(&http.Cookie{Name: "XSRF-TOKEN", Value: "one"})
	req.Header.Set("X-XSRF-TOKEN", "two")
	res, _ := http.DefaultClient.Do(req)
	res.Body.Close()
	if res.StatusCode != 403 {
		t.Fatalf("mismatched proof: %d", res.StatusCode)
	}
	if r := c.Do("GET", "/user/api/me", nil); r.Status != 200 {
		t.Fatalf("a refused request signed the user out: %d", r.Status)
	}
}

func TestForgedTokensRefused(t *testing.T) {
	a, c, _ := setup(t)
	pw := demoUsers(t, a)
	good := login(t, c, "sysadmin", pw).Body["accessToken"].(string)
	claims := jwt.MapClaims{"sub": "sysadmin", "roles": []string{"ROLE_SYS_ADMIN"}, "ver": 0, "iss": "gradapply",
		"jti": "abc", "exp": time.Now().Add(time.Hour).Unix()}
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, claims).SignedString(jwt.UnsafeAllowNoneSignatureType)
	wrongKey, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte("not-the-server-key-not-the-server-key"))
	expiredIssuer := token.Issuer{Key: a.Config.TokenKey, Issuer: "gradapply", Now: func() time.Time { return time.Now().Add(-48 * time.Hour) }}
	u, _ := a.Accounts.Users.ByUserID(context.Background(), "sysadmin")
	expired, _, _ := expiredIssuer.Issue(u)
	parts := strings.Split(good, ".")
	tampered := parts[0] + "." + strings.TrimRight(base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"sysadmin","roles":["ROLE_SYS_ADMIN"],"iss":"gradapply","jti":"x","exp":9999999999}`)), "=") + "." + parts[2]
	for name, tok := range map[string]string{"alg none": none, "wrong key": wrongKey, "expired": expired, "tampered": tampered} {
		b := &apptest.Client{T: t, Srv: c.Srv, Cookie: map[string]string{}, Bearer: tok}
		if r := b.Do("GET", "/apply/api-auth/admin/users", nil); r.Status != 401 {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	b := &apptest.Client{T: t, Srv: c.Srv, Cookie: map[string]string{}, Bearer: good}
	if r := b.Do("GET", "/apply/api-auth/admin/users", nil); r.Status != 200 {
		t.Fatalf("good token: %d", r.Status)
	}
}

func TestLoginFailuresAskCaptchaThenLimit(t *testing.T) {
	a, c, _ := setup(t)
	pw := demoUsers(t, a)
	c.Lang = "en"
	for i := 0; i < account.CaptchaAfter; i++ {
		r := c.Do("POST", "/user/api/login", map[string]any{"userId": "applicant2", "password": "Wrong1234"})
		if r.Status != 401 || r.Body["message"] != "The ID or password is incorrect." {
			t.Fatalf("failure %d: %d %s", i, r.Status, r.Raw)
		}
	}
	r := c.Do("POST", "/user/api/login", map[string]any{"userId": "applicant2", "password": pw})
	if r.Status != 400 || r.Body["captchaRequired"] != true {
		t.Fatalf("captcha not asked: %d %s", r.Status, r.Raw)
	}
	for i := account.CaptchaAfter; i < account.AccountLockAfter; i++ {
		r := c.Do("POST", "/user/api/login", map[string]any{"userId": "applicant2", "password": "Wrong1234", "altcha": solve(t, c)})
		if r.Status != 401 {
			t.Fatalf("failure %d: %d %s", i, r.Status, r.Raw)
		}
	}
	r = c.Do("POST", "/user/api/login", map[string]any{"userId": "applicant2", "password": pw, "altcha": solve(t, c)})
	if r.Status != 429 || !strings.Contains(r.Body["message"].(string), "Too many login attempts") || r.Header.Get("Retry-After") == "" {
		t.Fatalf("not limited: %d %s", r.Status, r.Raw)
	}
	// Another account from another address is unaffected.
	if _, err := a.Accounts.Login(context.Background(), account.LoginInput{UserID: "applicant1", Password: pw, Address: "203.0.113.9"}); err != nil {
		t.Fatalf("other account: %v", err)
	}
}

func TestAdminUserListPermissions(t *testing.T) {
	a, c, newClient := setup(t)
	pw := demoUsers(t, a)
	if r := c.Do("GET", "/apply/api-auth/admin/users", nil); r.Status != 401 {
		t.Fatalf("guest: %d", r.Status)
	}
	login(t, c, "applicant1", pw)
	if r := c.Do("GET", "/apply/api-auth/admin/users", nil); r.Status != 403 {
		t.Fatalf("applicant: %d %s", r.Status, r.Raw)
	}
	settle := newClient()
	login(t, settle, "settle", pw)
	if r := settle.Do("GET", "/apply/api-auth/admin/users", nil); r.Status != 403 {
		t.Fatalf("settlement staff: %d", r.Status)
	}
	admin := newClient()
	login(t, admin, "sysadmin", pw)
	r := admin.Do("GET", `/apply/api-auth/admin/users?sort=%5B%22userId%22%2C%22DESC%22%5D&range=%5B0%2C2%5D`, nil)
	// Applicants only (defect 2): the five staff accounts are not listed.
	if r.Status != 200 || len(r.List) != 3 || r.Header.Get("Content-Range") != "users 0-2/3" {
		t.Fatalf("sysadmin: %d %v %s", r.Status, r.Header.Get("Content-Range"), r.Raw)
	}
	if first := r.List[0].(map[string]any)["userId"]; first != "timefree" {
		t.Fatalf("sort: first is %v", first)
	}
	r = admin.Do("GET", `/apply/api-auth/admin/users?range=%5B0%2C9%5D&filter=%7B%22q%22%3A%22applicant%22%7D`, nil)
	if r.Status != 200 || r.Header.Get("Content-Range") != "users 0-1/2" {
		t.Fatalf("filter: %v %s", r.Header.Get("Content-Range"), r.Raw)
	}
	for _, bad := range []string{`sort=%5B%22password_hash%22%2C%22ASC%22%5D`, `filter=%7B%22password%22%3A%22x%22%7D`, `range=%5B5%2C1%5D`} {
		if r := admin.Do("GET", "/apply/api-auth/admin/users?"+bad, nil); r.Status != 400 {
			t.Errorf("%s: %d", bad, r.Status)
		}
	}
	// A school admin sees only their school's applicants (none has applied
	// yet), and nobody else by id.
	school := newClient()
	login(t, school, "schooladmin", pw)
	r = school.Do("GET", "/apply/api-auth/admin/users", nil)
	if r.Status != 200 || len(r.List) != 0 {
		t.Fatalf("school admin: %d %s", r.Status, r.Raw)
	}
	sys, _ := a.Accounts.Users.ByUserID(context.Background(), "sysadmin")
	if r := school.Do("GET", fmt.Sprintf("/apply/api-auth/admin/users/%d", sys.PK), nil); r.Status != 404 {
		t.Fatalf("school admin read another school's user: %d", r.Status)
	}
	app1, _ := a.Accounts.Users.ByUserID(context.Background(), "applicant1")
	if r := admin.Do("GET", fmt.Sprintf("/apply/api-auth/admin/users/%d", app1.PK), nil); r.Status != 200 || r.Body["userId"] != "applicant1" {
		t.Fatalf("sysadmin get: %d", r.Status)
	}
	// Every staff read of personal data is in the access log, with who and from where.
	var n int
	if err := a.DB.Pool.QueryRow(context.Background(),
		"SELECT count(*) FROM audit_log WHERE actor = 'sysadmin' AND action IN ('user.list','user.read') AND remote_addr <> ''").Scan(&n); err != nil || n < 3 {
		t.Fatalf("access log has %d entries (%v)", n, err)
	}
}

func TestRoutingHealthAndStatic(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "assets"), 0o755)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>applicant</title>"), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "index-abc123.js"), []byte("console.log(1)"), 0o644)
	_, c, _ := setup(t, func(cfg *config.Config) { cfg.ApplicantDist = dir; cfg.AdminDist = dir })
	r := c.Do("GET", "/user/api/nothing-here", nil)
	if r.Status != 404 || r.Body["code"] != "route.not_found" {
		t.Fatalf("unknown api: %d %s", r.Status, r.Raw)
	}
	r = c.Do("GET", "/appl/review/123", nil)
	if r.Status != 200 || !strings.Contains(r.Raw, "applicant") || r.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("history fallback: %d %s", r.Status, r.Raw)
	}
	r = c.Do("GET", "/assets/index-abc123.js", nil)
	if r.Status != 200 || !strings.Contains(r.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("asset: %d %v", r.Status, r.Header)
	}
	if r := c.Do("GET", "/assets/missing.js", nil); r.Status != 404 {
		t.Fatalf("missing asset: %d", r.Status)
	}
	h := r.Header
	for _, k := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"} {
		if h.Get(k) == "" {
			t.Errorf("header %s missing", k)
		}
	}
	if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("csp: %s", h.Get("Content-Security-Policy"))
	}
	r = c.Do("GET", "/actuator/health", nil)
	comp, _ := r.Body["components"].(map[string]any)
	if r.Status != 200 || r.Body["status"] != "UP" || comp["db"] == nil || comp["redis"] == nil {
		t.Fatalf("health: %d %s", r.Status, r.Raw)
	}
}

// Issue 8 (Lighthouse on the home page): "/" is the build's prerendered home
// page in the language the SPA will show (the locale cookie), so the browser
// paints it from the HTML; other paths, and a build without it, get index.html.
func TestRootIsThePrerenderedHomeInTheVisitorsLanguage(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "prerendered"), 0o755)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>shell</title>"), 0o644)
	os.WriteFile(filepath.Join(dir, "prerendered", "home.ko.html"), []byte("<!doctype html><h1>대학원 입학 지원</h1>"), 0o644)
	os.WriteFile(filepath.Join(dir, "prerendered", "home.en.html"), []byte("<!doctype html><h1>Graduate admission</h1>"), 0o644)
	_, c, _ := setup(t, func(cfg *config.Config) { cfg.ApplicantDist = dir; cfg.AdminDist = dir })
	for _, tc := range []struct{ locale, want string }{{"", "대학원 입학 지원"}, {"ko", "대학원 입학 지원"}, {"en", "Graduate admission"}, {"fr", "대학원 입학 지원"}} {
		c.Cookie["locale"] = tc.locale
		if tc.locale == "" {
			delete(c.Cookie, "locale")
		}
		r := c.Do("GET", "/", nil)
		if r.Status != 200 || !strings.Contains(r.Raw, tc.want) || r.Header.Get("Cache-Control") != "no-cache" || !strings.Contains(strings.Join(r.Header.Values("Vary"), ","), "Cookie") {
			t.Errorf("locale %q: %d %v %s", tc.locale, r.Status, r.Header, r.Raw)
		}
	}
	if r := c.Do("GET", "/user/login", nil); r.Status != 200 || !strings.Contains(r.Raw, "<title>shell</title>") {
		t.Errorf("another page: %d %s", r.Status, r.Raw)
	}
	os.Remove(filepath.Join(dir, "prerendered", "home.en.html"))
	c.Cookie["locale"] = "en"
	if r := c.Do("GET", "/", nil); r.Status != 200 || !strings.Contains(r.Raw, "<title>shell</title>") {
		t.Errorf("without a prerendered page: %d %s", r.Status, r.Raw)
	}
}

// Hashed assets go out as the build compressed them (brotli, else gzip, as
// the browser accepts), with their own type and a year's cache; a file
// without a compressed copy is gzipped on the fly as before.
func TestAssetsPrecompressed(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "assets"), 0o755)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>app</title>"), 0o644)
	plain := strings.Repeat("console.log('GradApply');\n", 100)
	os.WriteFile(filepath.Join(dir, "assets", "app-abc123.js"), []byte(plain), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "app-abc123.js.br"), []byte("BROTLI BYTES"), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "app-abc123.js.gz"), []byte("GZIP BYTES"), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "other-def456.js"), []byte(plain), 0o644)
	_, c, _ := setup(t, func(cfg *config.Config) { cfg.ApplicantDist = dir; cfg.AdminDist = dir })
	get := func(path, accept string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", c.Srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", accept) // set by hand: the client does not decode
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, string(body)
	}
	for _, tc := range []struct{ path, accept, encoding, body string }{
		{"/assets/app-abc123.js", "gzip, deflate, br, zstd", "br", "BROTLI BYTES"},
		{"/assets/app-abc123.js", "gzip", "gzip", "GZIP BYTES"},
		{"/assets/app-abc123.js", "br;q=0, gzip", "gzip", "GZIP BYTES"},
		{"/assets/app-abc123.js", "identity", "", plain},
		{"/sysadmin/assets/app-abc123.js", "br", "br", "BROTLI BYTES"},
	} {
		res, body := get(tc.path, tc.accept)
		h := res.Header
		if res.StatusCode != 200 || h.Get("Content-Encoding") != tc.encoding || body != tc.body ||
			!strings.HasPrefix(h.Get("Content-Type"), "text/javascript") || !strings.Contains(h.Get("Cache-Control"), "immutable") ||
			(tc.encoding != "" && !strings.Contains(strings.Join(h.Values("Vary"), ","), "Accept-Encoding")) {
			t.Errorf("%s (%s): %d %v %.40q", tc.path, tc.accept, res.StatusCode, h, body)
		}
	}
	if res, body := get("/assets/other-def456.js", "gzip, br"); res.Header.Get("Content-Encoding") != "gzip" || body == plain {
		t.Errorf("no compressed copy: %v", res.Header)
	}
}

func TestHealthDownWithoutRedisStillServes(t *testing.T) {
	a, c, _ := setup(t, func(cfg *config.Config) { cfg.RedisURL = "redis://127.0.0.1:1/0" })
	r := c.Do("GET", "/actuator/health", nil)
	if r.Status != 200 || r.Body["status"] != "OUT_OF_SERVICE" {
		t.Fatalf("health without redis: %d %s", r.Status, r.Raw)
	}
	// Requests that queue mail still succeed: the mail waits in the outbox.
	if r := c.Do("POST", "/user/api/email-code", map[string]any{"email": "choi@example.com", "altcha": solve(t, c)}); r.Status != 200 {
		t.Fatalf("email-code without redis: %d %s", r.Status, r.Raw)
	}
	mailedCode(t, a, "choi@example.com")
}

// With Redis down (a closed port) login still works: the failure counter
// counts in memory, and the client gives up on Redis after one dial instead
// of go-redis's retries (adapters/ratelimit.ClientOptions). The time is
// logged, not asserted.
func TestLoginWithRedisDown(t *testing.T) {
	a, c, _ := setup(t, func(cfg *config.Config) { cfg.RedisURL = "redis://127.0.0.1:1/0" })
	pw := demoUsers(t, a)
	start := time.Now()
	if r := c.Do("POST", "/user/api/login", map[string]any{"userId": "applicant1", "password": "Wrong1234"}); r.Status != 401 {
		t.Fatalf("wrong password without redis: %d %s", r.Status, r.Raw)
	}
	failed := time.Since(start)
	start = time.Now()
	r := login(t, c, "applicant1", pw)
	t.Logf("without Redis: failed login %v, login %v", failed, time.Since(start))
	if r.Body["accessToken"] == nil || c.Cookie["access_token"] == "" {
		t.Fatalf("no session after login: %s", r.Raw)
	}
	if r := c.Do("GET", "/user/api/me", nil); r.Status != 200 {
		t.Fatalf("me after login without redis: %d %s", r.Status, r.Raw)
	}
}
