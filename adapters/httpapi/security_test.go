package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/core/account"
)

// rawDo sends a body byte for byte (invalid UTF-8 cannot go through
// apptest.Client, which marshals JSON).
func rawDo(t *testing.T, c *apptest.Client, method, path, contentType, body string, header map[string]string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, c.Srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	for k, v := range c.Cookie {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	if x, ok := c.Cookie["XSRF-TOKEN"]; ok && method != http.MethodGet {
		req.Header.Set("X-XSRF-TOKEN", x)
	}
	if c.Bearer != "" {
		req.Header.Set("Authorization", "Bearer "+c.Bearer)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	for _, ck := range res.Cookies() {
		if ck.MaxAge < 0 || ck.Value == "" {
			delete(c.Cookie, ck.Name)
		} else {
			c.Cookie[ck.Name] = ck.Value
		}
	}
	return res.StatusCode, string(b), res.Header
}

// Issue 8, defect 9: NUL bytes, invalid UTF-8 and integers beyond int4 are
// refused with a 400 naming the field (404 for ids that cannot exist) on
// every kind of route, signed in or not, never a 500.
func TestBadInputRefusedBeforeTheDatabase(t *testing.T) {
	e := newApplyEnv(t)
	owner := e.as("applicant1")
	n := e.create(owner, "236", "IS01", true)
	admin := e.as("sysadmin")
	guest := apptest.NewClient(t, e.srv)
	y := e.year
	cases := []struct {
		c            *apptest.Client
		method, path string
		body         string
		status       int
		field        string // the field the 400 must name
	}{
		// reference lists, round lookup, code groups (no sign-in)
		{guest, "GET", "/apply/api/standard/univ?q=%00", "", 400, "q"},
		{guest, "GET", "/apply/api/standard/univ?q=%ff%fe", "", 400, "q"},
		{guest, "GET", "/apply/api/standard/univ?q=a&limit=2147483648", "", 400, "limit"},
		{guest, "GET", fmt.Sprintf("/apply/api/recruit?schoolCode=%%00&enterYear=%d&partSeq=1", y), "", 400, "schoolCode"},
		{guest, "GET", "/apply/api/recruit?schoolCode=236&enterYear=2147483648&partSeq=1", "", 400, "enterYear"},
		{guest, "GET", "/apply/api/recruit?schoolCode=236&enterYear=2027&partSeq=-2147483649", "", 400, "partSeq"},
		{guest, "GET", "/apply/api/recruit/list?schoolCode=%c3%28", "", 400, "schoolCode"},
		{guest, "GET", "/apply/api/commcode/groups/APPL/%00", "", 400, "groups"},
		{guest, "GET", "/apply/api/commcode/groups/%ff/NATION", "", 400, "type"},
		{guest, "GET", "/apply/api/commcode/groups/APPL/NATION/%00", "", 400, "code"},
		{guest, "GET", "/user/api/check-id?userId=%00", "", 400, "userId"},
		// login and e-mail code (JSON bodies)
		{guest, "POST", "/user/api/login", `{"userId":"applicant1\u0000","password":"x"}`, 400, "userId"},
		{guest, "POST", "/user/api/login", "{\"userId\":\"\xff\xfe\",\"password\":\"x\"}", 400, "body"},
		{guest, "POST", "/user/api/email-code", `{"email":"a\u0000@example.com"}`, 400, "email"},
		// step saves, drafts, file keys
		{owner, "POST", "/apply/api-auth/appl/part", `{"applPartRequestList":[{"schoolCode":"236","enterYear":2147483648,"recruitPartSeq":1}]}`, 400, "applPartRequestList[0].enterYear"},
		{owner, "POST", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), `{"applicantInfo":{"korName":"김\u0000"}}`, 400, "applicantInfo.korName"},
		{owner, "POST", fmt.Sprintf("/apply/api-auth/appl/acad/%d", n), `{"acadList":[{"gpa":"4.0","seq":99999999999}]}`, 400, "acadList[0].seq"},
		{owner, "PUT", fmt.Sprintf("/apply/api-auth/appl/draft/%d/BASIS", n), `{"korName":"\u0000"}`, 400, "korName"},
		{owner, "PUT", fmt.Sprintf("/apply/api-auth/appl/draft/%d/%%00", n), `{}`, 400, "step"},
		{owner, "GET", fmt.Sprintf("/apply/api-auth/appl/doc/file/%d/%%00", n), "", 400, "fileKey"},
		{owner, "DELETE", fmt.Sprintf("/apply/api-auth/appl/doc/%d?fileKey=%%ff", n), "", 400, "fileKey"},
		{owner, "GET", fmt.Sprintf("/apply/api-auth/appl/mode/%d?type=%%00", n), "", 400, "type"},
		// ids that cannot exist
		{owner, "GET", "/apply/api-auth/appl/info/2147483648", "", 404, ""},
		{owner, "GET", "/apply/api-auth/appl/basis/-1", "", 404, ""},
		{owner, "GET", "/apply/api-auth/appl/part/99999999999999999999", "", 404, ""},
		{owner, "GET", fmt.Sprintf("/apply/api-auth/admin/recruit-part/inquiry/236/%d/1/2147483648", y), "", 400, "applPartNo"},
		{admin, "GET", "/apply/api-auth/admin/users/2147483648", "", 404, ""},
		// admin list filters
		{admin, "GET", "/apply/api-auth/admin/users?filter=%7B%22q%22%3A%22%5Cu0000%22%7D", "", 400, "filter.q"},
		{admin, "GET", "/apply/api-auth/admin/users?filter=%7B%22status%22%3A%22%ff%22%7D", "", 400, "filter"},
		{admin, "GET", "/apply/api-auth/admin/users?range=%5B0%2C2147483648%5D", "", 400, "range[1]"},
		{admin, "GET", "/apply/api-auth/admin/recruit-part/inquiry/236/2147483648/1/1", "", 400, "enterYear"},
	}
	for _, tc := range cases {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			ct := ""
			if tc.body != "" {
				ct = "application/json"
			}
			status, raw, _ := rawDo(t, tc.c, tc.method, tc.path, ct, tc.body, map[string]string{"Accept-Language": "en"})
			if status != tc.status {
				t.Fatalf("status %d, want %d: %s", status, tc.status, raw)
			}
			if tc.field != "" && (!strings.Contains(raw, `"fields":{"`+tc.field+`":`) || !strings.Contains(raw, tc.field+": ")) {
				t.Fatalf("the answer does not name %s: %s", tc.field, raw)
			}
		})
	}
	// The upload reads its multipart request part and file name itself.
	pdf := []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")
	for _, up := range []struct{ request, name, field string }{
		{`{"itemCode":"0\u00002"}`, "a.pdf", "itemCode"},
		{`{"itemCode":"00002","seq":2147483648}`, "a.pdf", "seq"},
		{`{"itemCode":"00002"}`, "\xff\xfe.pdf", "file"},
	} {
		owner.Lang = "en"
		r := upload(t, owner, n, up.request, up.name, pdf)
		if r.Status != 400 || fields(r)[up.field] == nil {
			t.Errorf("upload %s %q: %d %s", up.request, up.name, r.Status, r.Raw)
		}
	}
	// The same routes still work with good input.
	if r := owner.Do("GET", fmt.Sprintf("/apply/api-auth/appl/info/%d", n), nil); r.Status != 200 {
		t.Fatalf("info: %d %s", r.Status, r.Raw)
	}
	if r := admin.Do("GET", "/apply/api-auth/admin/users?range=%5B0%2C9%5D&filter=%7B%22q%22%3A%22admin%22%7D", nil); r.Status != 200 {
		t.Fatalf("admin list: %d %s", r.Status, r.Raw)
	}
}

// Issue 8, defect 9 (login CSRF): login and every other unsafe route take
// only JSON bodies and refuse a browser request sent from another site, so
// no page elsewhere can sign a visitor in to an account it chose.
func TestUnsafeRoutesRefuseCrossSiteAndNonJSON(t *testing.T) {
	a, c, newClient := setup(t)
	pw := demoUsers(t, a)
	creds := fmt.Sprintf(`{"userId":"applicant1","password":%q}`, pw)
	for _, tc := range []struct {
		name, ct string
		header   map[string]string
		status   int
		code     string
	}{
		{"text/plain", "text/plain", nil, 415, "request.json_required"},
		{"form", "application/x-www-form-urlencoded", nil, 415, "request.json_required"},
		{"no type", "", nil, 415, "request.json_required"},
		{"other origin", "application/json", map[string]string{"Origin": "https://evil.example"}, 403, "origin.refused"},
		{"null origin", "application/json", map[string]string{"Origin": "null"}, 403, "origin.refused"},
		{"cross-site fetch", "application/json", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "origin.refused"},
	} {
		g := newClient()
		status, raw, h := rawDo(t, g, "POST", "/user/api/login", tc.ct, creds, tc.header)
		if status != tc.status || !strings.Contains(raw, `"code":"`+tc.code+`"`) {
			t.Errorf("%s: %d %s", tc.name, status, raw)
		}
		if len(h.Values("Set-Cookie")) > 0 || g.Cookie["access_token"] != "" {
			t.Errorf("%s: cookies set: %v", tc.name, h.Values("Set-Cookie"))
		}
	}
	// The configured public origin and the page's own host are ours.
	for _, origin := range []string{"http://localhost", c.Srv.URL} {
		g := newClient()
		if status, raw, _ := rawDo(t, g, "POST", "/user/api/login", "application/json; charset=utf-8", creds,
			map[string]string{"Origin": origin, "Sec-Fetch-Site": "same-origin"}); status != 200 || g.Cookie["access_token"] == "" {
			t.Fatalf("origin %s: %d %s", origin, status, raw)
		}
	}
	// A signed-in state change from another site is refused even with the proof.
	login(t, c, "applicant1", pw)
	if status, raw, _ := rawDo(t, c, "POST", "/user/api/logout", "", "", map[string]string{"Origin": "https://evil.example"}); status != 403 {
		t.Fatalf("cross-site logout: %d %s", status, raw)
	}
	if r := c.Do("GET", "/user/api/me", nil); r.Status != 200 {
		t.Fatalf("session lost: %d", r.Status)
	}
}

// Issue 8, defect 9: behind a TLS-terminating proxy the client address and
// scheme come from the proxy's headers only when the proxy is trusted.
func TestTrustedProxiesAndHSTS(t *testing.T) {
	lastAddr := func(a *apptest.App) string {
		var s string
		if err := a.DB.Pool.QueryRow(context.Background(),
			"SELECT remote_addr FROM audit_log WHERE action = 'user.list' ORDER BY id DESC LIMIT 1").Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	proxied := map[string]string{"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
	// Default: nobody is trusted; the headers change nothing.
	a, c, _ := setup(t)
	pw := demoUsers(t, a)
	login(t, c, "sysadmin", pw)
	_, _, h := rawDo(t, c, "GET", "/apply/api-auth/admin/users", "", "", proxied)
	if got := lastAddr(a); got != "127.0.0.1" {
		t.Fatalf("untrusted X-Forwarded-For believed: %q", got)
	}
	if h.Get("Strict-Transport-Security") != "" {
		t.Fatalf("HSTS on an untrusted X-Forwarded-Proto")
	}
	// The local proxy trusted: its client's address and scheme count.
	a, c, _ = setup(t, func(cfg *config.Config) { cfg.TrustedProxies, _ = config.ParseCIDRs("127.0.0.1, 10.0.0.0/8") })
	pw = demoUsers(t, a)
	login(t, c, "sysadmin", pw)
	_, _, h = rawDo(t, c, "GET", "/apply/api-auth/admin/users", "", "", proxied)
	if got := lastAddr(a); got != "203.0.113.7" {
		t.Fatalf("trusted proxy's client address: %q", got)
	}
	if h.Get("Strict-Transport-Security") == "" {
		t.Fatalf("no HSTS behind a trusted TLS proxy")
	}
	if _, _, h = rawDo(t, c, "GET", "/actuator/health", "", "", nil); h.Get("Strict-Transport-Security") != "" {
		t.Fatalf("HSTS on plain http")
	}
	// HSTS=true sends it always.
	_, c, _ = setup(t, func(cfg *config.Config) { cfg.HSTS = true })
	if _, _, h = rawDo(t, c, "GET", "/actuator/health", "", "", nil); !strings.HasPrefix(h.Get("Strict-Transport-Security"), "max-age=") {
		t.Fatalf("HSTS=true: %q", h.Get("Strict-Transport-Security"))
	}
}

// Issue 8, defect 9: roles and the school binding are read from the
// database on every request, so a removed role stops working at once with
// the same token.
func TestRemovedRoleStopsWorkingAtOnce(t *testing.T) {
	a, c, _ := setup(t)
	pw := demoUsers(t, a)
	tok := login(t, c, "sysadmin", pw).Body["accessToken"].(string)
	bearer := &apptest.Client{T: t, Srv: c.Srv, Cookie: map[string]string{}, Bearer: tok}
	if r := bearer.Do("GET", "/apply/api-auth/admin/users", nil); r.Status != 200 {
		t.Fatalf("before: %d %s", r.Status, r.Raw)
	}
	ctx := context.Background()
	if _, err := a.DB.Pool.Exec(ctx, `DELETE FROM user_role WHERE role = 'ROLE_SYS_ADMIN'
		AND user_pk = (SELECT id FROM app_user WHERE user_id = 'sysadmin')`); err != nil {
		t.Fatal(err)
	}
	if r := bearer.Do("GET", "/apply/api-auth/admin/users", nil); r.Status != 403 {
		t.Fatalf("removed role still works: %d %s", r.Status, r.Raw)
	}
	// A school admin moved to another school sees that school's people only.
	school := &apptest.Client{T: t, Srv: c.Srv, Cookie: map[string]string{}}
	stok := login(t, school, "schooladmin", pw).Body["accessToken"].(string)
	school = &apptest.Client{T: t, Srv: c.Srv, Cookie: map[string]string{}, Bearer: stok}
	if _, err := a.DB.Pool.Exec(ctx, `UPDATE app_user SET school_code = NULL WHERE user_id = 'schooladmin'`); err != nil {
		t.Fatal(err)
	}
	r := school.Do("GET", "/apply/api-auth/admin/users", nil)
	for _, u := range r.List {
		if u.(map[string]any)["schoolCode"] == "236" {
			t.Fatalf("the token's old school binding still used: %s", r.Raw)
		}
	}
}

// Issue 8, defect 9: after one person's failed logins the captcha is asked
// of that account, not of everyone else behind the same address; the
// address asks for it only after many failures.
func TestLoginCaptchaPerAccountNotPerAddress(t *testing.T) {
	a, c, newClient := setup(t)
	pw := demoUsers(t, a)
	for i := 0; i < account.CaptchaAfter; i++ {
		if r := c.Do("POST", "/user/api/login", map[string]any{"userId": "applicant2", "password": "Wrong1234"}); r.Status != 401 {
			t.Fatalf("failure %d: %d %s", i, r.Status, r.Raw)
		}
	}
	if r := c.Do("POST", "/user/api/login", map[string]any{"userId": "applicant2", "password": pw}); r.Body["captchaRequired"] != true {
		t.Fatalf("the failing account is not asked: %d %s", r.Status, r.Raw)
	}
	// Someone else behind the same address signs in on the first try.
	if r := newClient().Do("POST", "/user/api/login", map[string]any{"userId": "applicant1", "password": pw}); r.Status != 200 {
		t.Fatalf("another user behind the address: %d %s", r.Status, r.Raw)
	}
	// Many failures across accounts from one address do ask everyone there.
	ids := []string{"setadmin", "settle", "closer", "timefree", "schooladmin", "sysadmin", "nobody1", "nobody2"}
	for i := account.CaptchaAfter; i < account.AddressCaptchaAfter; i++ {
		if r := newClient().Do("POST", "/user/api/login", map[string]any{"userId": ids[i%len(ids)], "password": "Wrong1234"}); r.Status != 401 && r.Status != 400 {
			t.Fatalf("spray %d: %d %s", i, r.Status, r.Raw)
		}
	}
	if r := newClient().Do("POST", "/user/api/login", map[string]any{"userId": "applicant1", "password": pw}); r.Body["captchaRequired"] != true {
		t.Fatalf("address threshold: %d %s", r.Status, r.Raw)
	}
}

// Issue 8, defect 9: the sign-up code route needs a solved captcha, counts
// requests per client address, and answers a registered address exactly as
// a new one.
func TestEmailCodeCaptchaAddressLimitNoEnumeration(t *testing.T) {
	a, c, _ := setup(t)
	demoUsers(t, a)
	c.Lang = "en"
	r := c.Do("POST", "/user/api/email-code", map[string]any{"email": "new1@example.com"})
	if r.Status != 400 || fields(r)["altcha"] != "Please complete the robot check." {
		t.Fatalf("without captcha: %d %s", r.Status, r.Raw)
	}
	registered := c.Do("POST", "/user/api/email-code", map[string]any{"email": "applicant1@demo.gradapply.example", "altcha": solve(t, c)})
	fresh := c.Do("POST", "/user/api/email-code", map[string]any{"email": "new1@example.com", "altcha": solve(t, c)})
	if registered.Status != 200 || registered.Raw != fresh.Raw {
		t.Fatalf("registered %d %s, new %d %s", registered.Status, registered.Raw, fresh.Status, fresh.Raw)
	}
	for i := 3; i <= account.EmailCodePerAddress; i++ {
		if r := c.Do("POST", "/user/api/email-code", map[string]any{"email": fmt.Sprintf("new%d@example.com", i), "altcha": solve(t, c)}); r.Status != 200 {
			t.Fatalf("request %d: %d %s", i, r.Status, r.Raw)
		}
	}
	r = c.Do("POST", "/user/api/email-code", map[string]any{"email": "one-too-many@example.com", "altcha": solve(t, c)})
	if r.Status != 429 || !strings.Contains(r.Body["message"].(string), "Too many code requests") {
		t.Fatalf("over the address limit: %d %s", r.Status, r.Raw)
	}
}

// Issue 8, defect 9: a staff read of an application is logged with the
// client address and what was read (application, section, route).
func TestApplicationReadsLoggedWithAddressAndDetail(t *testing.T) {
	e := newApplyEnv(t)
	owner := e.as("applicant1")
	n := e.create(owner, "236", "IS01", true)
	staff := e.as("schooladmin")
	must(t, staff.Do("GET", fmt.Sprintf("/apply/api-auth/appl/acad/%d", n), nil), 200, "staff reads")
	var addr, route, section, appl string
	err := e.a.DB.Pool.QueryRow(context.Background(), `SELECT coalesce(remote_addr, ''), coalesce(detail->>'route', ''),
		coalesce(detail->>'section', ''), coalesce(detail->>'applNo', '')
		FROM audit_log WHERE action = 'application.read' AND actor = 'schooladmin' ORDER BY id DESC LIMIT 1`).Scan(&addr, &route, &section, &appl)
	if err != nil {
		t.Fatal(err)
	}
	if addr != "127.0.0.1" || route != "GET /apply/api-auth/appl/acad/:applNo" || section != "acad" || appl != fmt.Sprint(n) {
		t.Fatalf("access log row: addr %q route %q section %q applNo %q", addr, route, section, appl)
	}
}

// Issue 8, defect 9 (decisions.md "Session"): the locale cookie lives one
// day on the configured cookie domain, like the session cookies.
func TestLocaleCookieOneDayOnTheCookieDomain(t *testing.T) {
	a, c, newClient := setup(t, func(cfg *config.Config) { cfg.CookieDomain = "gradapply.example" })
	pw := demoUsers(t, a)
	check := func(h http.Header, want string) {
		t.Helper()
		for _, line := range h.Values("Set-Cookie") {
			if !strings.HasPrefix(line, "locale=") {
				continue
			}
			oneDay := strings.Contains(line, "Max-Age=86400") || strings.Contains(line, "Max-Age=86399")
			if !strings.HasPrefix(line, "locale="+want+";") || !oneDay ||
				!strings.Contains(line, "Domain=gradapply.example") || strings.Contains(line, "HttpOnly") {
				t.Fatalf("locale cookie: %s", line)
			}
			return
		}
		t.Fatalf("no locale cookie in %v", h.Values("Set-Cookie"))
	}
	status, raw, h := rawDo(t, c, "PUT", "/user/api/locale", "application/json", `{"locale":"en"}`, nil)
	if status != 204 {
		t.Fatalf("set locale: %d %s", status, raw)
	}
	check(h, "en")
	if status, raw, _ := rawDo(t, c, "PUT", "/user/api/locale", "application/json", `{"locale":"fr"}`, map[string]string{"Accept-Language": "en"}); status != 400 || !strings.Contains(raw, `"locale":"The language must be ko or en."`) {
		t.Fatalf("unknown locale: %d %s", status, raw)
	}
	g := newClient()
	_, _, h = rawDo(t, g, "POST", "/user/api/login", "application/json", fmt.Sprintf(`{"userId":"applicant1","password":%q}`, pw),
		map[string]string{"Accept-Language": "en"})
	check(h, "en")
}
