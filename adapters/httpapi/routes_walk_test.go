package httpapi_test

// One test walks every route the real router has registered (echo's
// Routes(), not a hand list), so a route added later is covered the day it
// is added: each unsafe method must refuse a cookie request without the
// CSRF proof or with a wrong one, and each route taking an application
// number, file key or user id must answer another applicant exactly as it
// answers an id that does not exist.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/config"
)

// csrfExempt are the unsafe routes that may answer a cookie request without
// the double-submit proof, each with the reason. Keep it short.
var csrfExempt = map[string]string{
	// Catch-alls that answer 404 for every method and path: no handler to protect.
	"* /user/api/*":       "unknown API path: always 404",
	"* /apply/api/*":      "unknown API path: always 404",
	"* /apply/api-auth/*": "unknown API path: always 404",
	"* /actuator/*":       "unknown API path: always 404",
	// The test gateway's payer page stands for a provider's window: no
	// session is read, the random payment id is the capability, and
	// cross-site posts are refused by Sec-Fetch-Site. Off in production.
	"POST /testpg/pay/:paymentId/:action": "test gateway page: a provider's window, no session",
}

// sampleParams fills the other path parameters. A new parameter name
// fails the walk until it gets a sample here.
var sampleParams = map[string]string{
	"step": "BASIS_SAVE", "type": "ko", "groups": "GEND", "group": "GEND", "code": "F",
	"schoolCode": "236", "recruitPartSeq": "1", "applPartNo": "1", "*": "walk",
	"roundId": "236-2027-1", "paymentId": "ga1-walk", "provider": "testpg", "action": "approve",
	"reqNo": "1", "key": "walkwalkwalkwalkwalkwalkwalkwalkwalkwalkwal",
	"entryId": "1", "categoryId": "1", "surveyId": "1", "stage": "SURVEY", "requestId": "987654",
	"ruleId": "236.999", "reviewer": "reviewer236a", "noticeId": "1", "mailId": "1", "school": "236",
}

// walkIDs are one applicant's application, file, user and 1:1 inquiry.
type walkIDs struct{ applNo, fileKey, userID, inquiryNo string }

type walkEnv struct {
	t      *testing.T
	a      *apptest.App
	srv    *httptest.Server
	year   string
	victim walkIDs
	other  walkIDs
	// missing names nothing: the answer every foreign id must get.
	missing walkIDs
	// attacker is applicant2 signed in with cookies (owner of other).
	attacker *apptest.Client
}

func TestEveryRouteNeedsCSRFAndHidesOthersData(t *testing.T) {
	t.Parallel()
	env := newWalkEnv(t, nil)
	if probs := env.walk(); len(probs) > 0 {
		t.Errorf("%d route problems:\n%s", len(probs), strings.Join(probs, "\n"))
	}
}

// The walk must catch a route registered without its middleware, and one
// that forgets to check who owns the application.
func TestRouteWalkCatchesUnprotectedRoutes(t *testing.T) {
	t.Parallel()
	env := newWalkEnv(t, func(e *echo.Echo, s *apptest.App) {
		leak := func(c *echo.Context) error {
			return c.JSON(http.StatusOK, map[string]string{"applNo": c.Param("applNo")})
		}
		// Straight on the router: no authentication, no CSRF check.
		e.POST("/apply/api-auth/walk-probe/:applNo", leak)
		// In the signed-in group (CSRF checked) but with no owner check.
		s.Server.Authed.PUT("/walk-probe-owner/:applNo", leak)
	})
	probs := strings.Join(env.walk(), "\n")
	for _, want := range []string{
		"POST /apply/api-auth/walk-probe/:applNo: without the CSRF proof",
		"POST /apply/api-auth/walk-probe/:applNo: with a wrong CSRF proof",
		"PUT /apply/api-auth/walk-probe-owner/:applNo: another applicant's applNo",
	} {
		if !strings.Contains(probs, want) {
			t.Errorf("the walk did not report %q; it reported:\n%s", want, probs)
		}
	}
}

func newWalkEnv(t *testing.T, extra func(*echo.Echo, *apptest.App)) *walkEnv {
	t.Helper()
	a := apptest.New(t, func(c *config.Config) { c.DemoData = true })
	if extra != nil {
		extra(a.Server.Echo, a)
	}
	env := &walkEnv{t: t, a: a, srv: apptest.Serve(t, a)}
	env.year = env.enterYear("236")
	victim := env.signIn("applicant1")
	env.victim = env.applyWithDocument(victim, "applicant1")
	env.attacker = env.signIn("applicant2")
	env.other = env.applyWithDocument(env.attacker, "applicant2")
	env.missing = walkIDs{applNo: "987654321", fileKey: "0123456789abcdef0123456789abcdef", userID: "nobody-walk", inquiryNo: "987654321"}
	return env
}

// enterYear reads the demo round's year from the API, never from the clock.
func (e *walkEnv) enterYear(school string) string {
	r := apptest.NewClient(e.t, e.srv).Do("GET", "/apply/api/recruit/list?schoolCode="+school, nil)
	if r.Status != 200 || len(r.List) == 0 {
		e.t.Fatalf("rounds of %s: %d %s", school, r.Status, r.Raw)
	}
	return fmt.Sprint(r.List[0].(map[string]any)["enterYear"])
}

func (e *walkEnv) signIn(userID string) *apptest.Client {
	c := apptest.NewClient(e.t, e.srv)
	if r := c.Do("POST", "/user/api/login", map[string]any{"userId": userID, "password": demoPassword}); r.Status != 200 {
		e.t.Fatalf("login %s: %d %s", userID, r.Status, r.Raw)
	}
	if c.Cookie["access_token"] == "" || c.Cookie["XSRF-TOKEN"] == "" {
		e.t.Fatalf("login %s set no session cookies: %v", userID, c.Cookie)
	}
	return c
}

// applyWithDocument starts an application at school 236 and uploads the
// photo, answering the ids the walk aims at.
func (e *walkEnv) applyWithDocument(c *apptest.Client, userID string) walkIDs {
	t := e.t
	r := c.Do("GET", "/apply/api/recruit?schoolCode=236&partSeq=1&enterYear="+e.year, nil)
	if r.Status != 200 {
		t.Fatalf("round: %d %s", r.Status, r.Raw)
	}
	round := r.Body
	cons := map[string]string{}
	for _, it := range round["consents"].([]any) {
		m := it.(map[string]any)
		cons[m["code"].(string)] = m["version"].(string)
	}
	year := 0
	fmt.Sscan(e.year, &year)
	part := map[string]any{
		"applPartRequestList": []any{map[string]any{"schoolCode": "236", "enterYear": year, "recruitPartSeq": 1,
			"majorCode": "DC01", "isMaster": true, "isGeneralType": true, "stayTypeCode": "00001",
			"categoryCode": round["categories"].([]any)[0].(map[string]any)["code"]}},
		"consents": cons,
	}
	if ps, _ := round["partSurvey"].([]any); len(ps) > 0 {
		part["surveyRequest"] = map[string]any{"answers": []any{map[string]any{"questionCode": "p1", "itemCode": "01", "inputType": "radio"}}}
	}
	r = c.Do("POST", "/apply/api-auth/appl/part", part)
	if r.Status != 201 {
		t.Fatalf("part: %d %s", r.Status, r.Raw)
	}
	applNo := fmt.Sprint(int64(r.Body["applNo"].(float64)))
	// Documents come after the form steps; this test is not about them.
	if _, err := e.a.DB.Pool.Exec(t.Context(), "UPDATE application SET status = 'ADD_INFO_SAVE' WHERE appl_no = $1", applNo); err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="request"`)
	h.Set("Content-Type", "application/json")
	pw, _ := mw.CreatePart(h)
	_, _ = pw.Write([]byte(`{"itemCode":"00002"}`))
	fw, _ := mw.CreateFormFile("file", "diploma.pdf")
	_, _ = fw.Write([]byte("%PDF-1.4\n%walk\n"))
	_ = mw.Close()
	res := e.raw(c, "POST", "/apply/api-auth/appl/doc/upload/"+applNo, mw.FormDataContentType(), body.Bytes(), c.Cookie["XSRF-TOKEN"])
	var up struct {
		Document struct {
			FileKey string `json:"fileKey"`
		} `json:"document"`
	}
	if err := json.Unmarshal([]byte(res.body), &up); res.status != 200 || up.Document.FileKey == "" {
		t.Fatalf("upload: %d %s %v", res.status, trim(res.body), err)
	}
	// A 1:1 inquiry about school 236 with its attachment.
	body.Reset()
	mw = multipart.NewWriter(&body)
	pw, _ = mw.CreatePart(h)
	_, _ = pw.Write([]byte(`{"type":"other","title":"walk","body":"walk","schoolCode":"236"}`))
	fw, _ = mw.CreateFormFile("file", "walk.pdf")
	_, _ = fw.Write([]byte("%PDF-1.4\n%walk\n"))
	_ = mw.Close()
	res = e.raw(c, "POST", "/apply/api-auth/inquiry/user", mw.FormDataContentType(), body.Bytes(), c.Cookie["XSRF-TOKEN"])
	var q struct {
		ID int64 `json:"id"`
	}
	if err := json.Unmarshal([]byte(res.body), &q); res.status != 201 || q.ID == 0 {
		t.Fatalf("inquiry: %d %s %v", res.status, trim(res.body), err)
	}
	return walkIDs{applNo: applNo, fileKey: up.Document.FileKey, userID: userID, inquiryNo: fmt.Sprint(q.ID)}
}

type walkAnswer struct {
	status int
	body   string
}

// raw sends one request with c's cookies and the given CSRF header ("" for none).
func (e *walkEnv) raw(c *apptest.Client, method, path, contentType string, body []byte, xsrf string) walkAnswer {
	req, err := http.NewRequest(method, e.srv.URL+path, bytes.NewReader(body))
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Accept-Language", "en")
	for k, v := range c.Cookie {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	if xsrf != "" {
		req.Header.Set("X-XSRF-TOKEN", xsrf)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return walkAnswer{status: res.StatusCode, body: string(b)}
}

var paramRE = regexp.MustCompile(`:[A-Za-z]+|\*`)

// fill puts ids into a route path; ok is false for an unknown parameter.
func fill(path string, ids walkIDs, year string) (string, []string, bool) {
	var owned []string
	ok := true
	out := paramRE.ReplaceAllStringFunc(path, func(p string) string {
		name := strings.TrimPrefix(p, ":")
		switch name {
		case "applNo":
			owned = append(owned, name)
			return ids.applNo
		case "fileKey":
			owned = append(owned, name)
			return ids.fileKey
		case "inquiryNo":
			owned = append(owned, name)
			return ids.inquiryNo
		case "id", "userId":
			owned = append(owned, name)
			return url.PathEscape(ids.userID)
		case "enterYear":
			return year
		}
		if v, found := sampleParams[name]; found {
			return v
		}
		ok = false
		return p
	})
	// Routes that take the file key (delete) or a mode in the query get them too.
	return out + "?type=view&fileKey=" + url.QueryEscape(ids.fileKey), owned, ok
}

func unsafe(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return false
	}
	return true
}

// errCode is the "code" of a JSON error answer.
func errCode(body string) string {
	var b struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal([]byte(body), &b)
	return b.Code
}

// walk checks every registered route and answers the problems found.
func (e *walkEnv) walk() []string {
	var probs []string
	routes := e.a.Server.Echo.Router().Routes()
	sort.Slice(routes, func(i, j int) bool {
		if routes[i].Path != routes[j].Path {
			return routes[i].Path < routes[j].Path
		}
		return routes[i].Method < routes[j].Method
	})
	c := e.attacker
	proof := c.Cookie["XSRF-TOKEN"]
	checked := 0
	for _, rt := range routes {
		name := rt.Method + " " + rt.Path
		if rt.Method == echo.RouteAny {
			name = "* " + rt.Path
		}
		// The SPAs and the health check are not part of the API.
		if !strings.HasPrefix(rt.Path, "/user/") && !strings.HasPrefix(rt.Path, "/apply/") && !strings.HasPrefix(rt.Path, "/actuator/") {
			continue
		}
		methods := []string{rt.Method}
		if rt.Method == echo.RouteAny {
			methods = []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}
		}
		victimPath, owned, ok := fill(rt.Path, e.victim, e.year)
		if !ok {
			probs = append(probs, name+": unknown path parameter; add a sample value to sampleParams")
			continue
		}
		missingPath, _, _ := fill(rt.Path, e.missing, e.year)
		for _, m := range methods {
			label := m + " " + rt.Path
			if unsafe(m) {
				if why, exempt := csrfExempt[name]; !exempt {
					// Aimed at the caller's own ids, so only the proof is wrong.
					own, _, _ := fill(rt.Path, e.other, e.year)
					if a := e.raw(c, m, own, "application/json", []byte(`{}`), ""); a.status != 403 || errCode(a.body) != "csrf.invalid" {
						probs = append(probs, fmt.Sprintf("%s: without the CSRF proof answers %d %s, want 403 csrf.invalid", label, a.status, trim(a.body)))
					}
					if a := e.raw(c, m, own, "application/json", []byte(`{}`), proof+"x"); a.status != 403 || errCode(a.body) != "csrf.invalid" {
						probs = append(probs, fmt.Sprintf("%s: with a wrong CSRF proof answers %d %s, want 403 csrf.invalid", label, a.status, trim(a.body)))
					}
				} else if why == "" {
					probs = append(probs, name+": CSRF exemption without a reason")
				}
			}
			if len(owned) == 0 {
				continue
			}
			checked++
			// Another applicant's ids must be indistinguishable from missing ones.
			foreign := e.raw(c, m, victimPath, "application/json", []byte(`{}`), proof)
			absent := e.raw(c, m, missingPath, "application/json", []byte(`{}`), proof)
			if foreign.status != absent.status || normalise(foreign.body, e.victim) != normalise(absent.body, e.missing) {
				probs = append(probs, fmt.Sprintf("%s: another applicant's %s answers %d %s; a missing one answers %d %s",
					label, strings.Join(owned, "+"), foreign.status, trim(foreign.body), absent.status, trim(absent.body)))
			} else if !unsafe(m) && absent.status != 404 && absent.status != 403 && absent.status != 405 {
				// 403 only where the route is closed to applicants altogether,
				// 405 where it refuses the method whatever the id; an unsafe
				// route may refuse the walk's empty body first.
				probs = append(probs, fmt.Sprintf("%s: a missing %s answers %d %s, want 404", label, strings.Join(owned, "+"), absent.status, trim(absent.body)))
			}
			// An id of someone else's file under the caller's own application.
			if strings.Contains(rt.Path, ":fileKey") && strings.Contains(rt.Path, ":applNo") {
				mixed := walkIDs{applNo: e.other.applNo, fileKey: e.victim.fileKey, userID: e.other.userID}
				gone := walkIDs{applNo: e.other.applNo, fileKey: e.missing.fileKey, userID: e.other.userID}
				mp, _, _ := fill(rt.Path, mixed, e.year)
				gp, _, _ := fill(rt.Path, gone, e.year)
				a, b := e.raw(c, m, mp, "", nil, proof), e.raw(c, m, gp, "", nil, proof)
				if a.status != 404 || a.status != b.status || normalise(a.body, mixed) != normalise(b.body, gone) {
					probs = append(probs, fmt.Sprintf("%s: another applicant's fileKey under one's own applNo answers %d %s; a missing one %d %s",
						label, a.status, trim(a.body), b.status, trim(b.body)))
				}
			}
		}
	}
	if checked < 10 {
		probs = append(probs, fmt.Sprintf("only %d routes take an application number, file key or user id: did the walk miss the router?", checked))
	}
	return probs
}

// normalise keeps what must be equal: an answer that echoes an id would
// differ, and must not exist for a foreign id anyway.
func normalise(body string, _ walkIDs) string { return strings.TrimSpace(body) }

func trim(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 160 {
		return s[:160] + "..."
	}
	return s
}
