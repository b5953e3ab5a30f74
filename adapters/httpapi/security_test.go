package httpapi_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
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
		{owner, "POST", "/apply/api-auth/appl/part", fmt.Sprintf(`{"applPartRequestList":[{"schoolCode":"236","enterYear":2147483648,"recruitPartSeq":1}]}`), 400, "applPartRequestList[0].enterYear"},
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
	// The same routes still work with good input.
	if r := owner.Do("GET", fmt.Sprintf("/apply/api-auth/appl/info/%d", n), nil); r.Status != 200 {
		t.Fatalf("info: %d %s", r.Status, r.Raw)
	}
	if r := admin.Do("GET", "/apply/api-auth/admin/users?range=%5B0%2C9%5D&filter=%7B%22q%22%3A%22admin%22%7D", nil); r.Status != 200 {
		t.Fatalf("admin list: %d %s", r.Status, r.Raw)
	}
}
