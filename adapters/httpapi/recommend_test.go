package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// keyFor reads the newest request mail to an address from the outbox and
// opens its sealed link, as the worker would: it answers the key.
func keyFor(t *testing.T, a *apptest.App, email string) string {
	t.Helper()
	var payload []byte
	err := a.DB.Pool.QueryRow(context.Background(),
		"SELECT payload FROM outbox WHERE payload->>'to' = $1 AND payload->>'kind' = 'recommend_request' ORDER BY id DESC LIMIT 1", email).Scan(&payload)
	if err != nil {
		t.Fatalf("no request mail to %s: %v", email, err)
	}
	m, err := a.MailCodec.Decode(payload)
	if err != nil {
		t.Fatal(err)
	}
	rr, ok := m.Message.(*mailmsg.RecommendRequest)
	if !ok {
		t.Fatalf("mail kind %q", m.Message.Kind())
	}
	link := string(rr.Link)
	if bytes.Contains(payload, []byte(link)) {
		t.Fatal("the outbox holds the key link in plain text")
	}
	i := strings.LastIndex(link, "/recommend/")
	if i < 0 {
		t.Fatalf("link %q", link)
	}
	return link[i+len("/recommend/"):]
}

func recommendRequest(email, locale string) map[string]any {
	return map[string]any{"profName": "Lee Jaewon", "email": email, "phone": "010-1234-5678",
		"institution": "Korea University", "position": "Professor", "locale": locale}
}

const letterMarker = "ZEBRA-CONFIDENTIAL"

func fullAnswers(t *testing.T, form map[string]any) map[string]any {
	t.Helper()
	out := map[string]any{}
	tpl := form["template"].(map[string]any)
	for _, q := range tpl["questions"].([]any) {
		m := q.(map[string]any)
		if opts, ok := m["options"].([]any); ok && len(opts) > 0 {
			out[m["code"].(string)] = opts[0]
		} else {
			out[m["code"].(string)] = letterMarker + " first paragraph.\n\nSecond paragraph."
		}
	}
	return out
}

func uploadLetter(t *testing.T, c *apptest.Client, key, name string, body []byte) apptest.Response {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(body)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", c.Srv.URL+"/apply/api/recommend/"+key+"/file", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Accept-Language", "en")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := apptest.Response{Status: res.StatusCode, Header: res.Header, Raw: string(raw)}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

func TestRecommendationFlowOverHTTP(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	c.Lang = "en"
	n := e.create(c, "236", "DC01", true)
	base := fmt.Sprintf("/apply/api-auth/appl/recommend/%d", n)

	r := must(t, c.Do("GET", base, nil), 200, "list")
	if r.Body["letters"] != float64(2) || r.Body["canRequest"] != true || len(r.Body["list"].([]any)) != 0 {
		t.Fatalf("empty list: %s", r.Raw)
	}
	bad := recommendRequest("lee@", "en")
	bad["profName"] = ""
	r = must(t, c.Do("POST", base, bad), 400, "bad request")
	if f := fields(r); f["email"] == nil || f["profName"] == nil || f["email"] == "" {
		t.Fatalf("fields: %s", r.Raw)
	}
	r = must(t, c.Do("POST", base, recommendRequest("lee@example.com", "en")), 201, "request")
	leeNo := int64(r.Body["reqNo"].(float64))
	if r.Body["status"] != "00010" || r.Body["cancellable"] != true {
		t.Fatalf("created: %s", r.Raw)
	}
	must(t, c.Do("POST", base, recommendRequest("park@example.com", "ko")), 201, "second request")
	r = must(t, c.Do("POST", base, recommendRequest("choi@example.com", "ko")), 409, "third request")
	if r.Body["code"] != "recommend.enough" || !strings.Contains(r.Body["message"].(string), "2") {
		t.Fatalf("third: %s", r.Raw)
	}
	// Another applicant sees none of it.
	other := e.as("applicant2")
	must(t, other.Do("GET", base, nil), 404, "another applicant's list")

	// The recommender, without an account.
	key := keyFor(t, e.a, "lee@example.com")
	rc := apptest.NewClient(t, e.srv)
	rc.Lang = "en"
	r = must(t, rc.Do("GET", "/apply/api/recommend/"+key, nil), 200, "overview")
	if r.Header.Get("Referrer-Policy") != "no-referrer" || len(r.Body["list"].([]any)) != 1 {
		t.Fatalf("overview: %v %s", r.Header, r.Raw)
	}
	if p := r.Body["profile"].(map[string]any); p["name"] != "Lee Jaewon" || p["institution"] != "Korea University" {
		t.Fatalf("prefill from the request: %s", r.Raw)
	}
	form := must(t, rc.Do("GET", "/apply/api/recommend/"+key+"/form", nil), 200, "open").Body
	if form["status"] != "00020" {
		t.Fatalf("opened: %v", form["status"])
	}
	must(t, c.Do("PUT", fmt.Sprintf("%s/%d/email", base, leeNo), map[string]any{"email": "lee2@example.com"}), 403, "email after opening")
	r = must(t, c.Do("DELETE", fmt.Sprintf("%s/%d", base, leeNo), nil), 403, "cancel after opening")
	if r.Body["code"] != "recommend.cancel_via_support" {
		t.Fatalf("cancel: %s", r.Raw)
	}
	answers := fullAnswers(t, form)
	draft := map[string]any{"answers": map[string]any{"rec_form_q2": answers["rec_form_q2"]}}
	r = must(t, rc.Do("PUT", "/apply/api/recommend/"+key+"/form", draft), 200, "draft")
	if r.Body["status"] != "00030" || r.Body["answers"].(map[string]any)["rec_form_q2"] != answers["rec_form_q2"] {
		t.Fatalf("draft: %s", r.Raw)
	}
	r = must(t, rc.Do("POST", "/apply/api/recommend/"+key+"/submit", draft), 400, "incomplete submit")
	if r.Body["code"] != "recommend.check_input" || fields(r)["answers.rec_form_q1"] != "Is required" || fields(r)["profSign"] == nil {
		t.Fatalf("incomplete: %s", r.Raw)
	}
	r = uploadLetter(t, rc, key, "letter.exe", []byte("MZ"))
	if r.Status != 400 || fields(r)["file"] == nil {
		t.Fatalf("exe upload: %d %s", r.Status, r.Raw)
	}
	fileBody := []byte("%PDF-1.4\n" + letterMarker + " file\n")
	r = uploadLetter(t, rc, key, "lee-letter.pdf", fileBody)
	if r.Status != 200 || r.Body["file"].(map[string]any)["fileName"] != "lee-letter.pdf" {
		t.Fatalf("upload: %d %s", r.Status, r.Raw)
	}
	full := map[string]any{"answers": answers, "profSign": "Lee Jaewon",
		"profile": map[string]any{"name": "Lee Jaewon", "institution": "Korea University", "position": "Dean", "phone": "010-1234-5678"}}
	r = must(t, rc.Do("POST", "/apply/api/recommend/"+key+"/submit", full), 200, "submit")
	if r.Body["status"] != "00040" || r.Body["editable"] != false {
		t.Fatalf("submitted: %s", r.Raw)
	}
	r = must(t, rc.Do("PUT", "/apply/api/recommend/"+key+"/form", draft), 409, "edit after submit")
	if r.Body["code"] != "recommend.submitted" || !strings.Contains(fmt.Sprint(r.Body["message"]), "submitted") {
		t.Fatalf("after submit: %s", r.Raw)
	}
	var notices int
	_ = e.a.DB.Pool.QueryRow(context.Background(), "SELECT count(*) FROM outbox WHERE payload->>'kind' = 'recommend_completed'").Scan(&notices)
	if notices != 1 {
		t.Fatalf("%d notices to the applicant", notices)
	}

	// The applicant sees the status, never the letter: every GET the
	// applicant can call answers without the answers or the file.
	r = must(t, c.Do("GET", base, nil), 200, "list after submit")
	if r.Body["list"].([]any)[0].(map[string]any)["status"] != "00040" {
		t.Fatalf("status: %s", r.Raw)
	}
	checked := 0
	for _, rt := range e.a.Server.Echo.Router().Routes() {
		if rt.Method != http.MethodGet || !(strings.HasPrefix(rt.Path, "/apply/") || strings.HasPrefix(rt.Path, "/user/")) {
			continue
		}
		path, _, ok := fill(rt.Path, walkIDs{applNo: fmt.Sprint(n), fileKey: "x", userID: "applicant1"}, fmt.Sprint(e.year))
		if !ok {
			t.Fatalf("%s: unknown parameter", rt.Path)
		}
		path = strings.ReplaceAll(path, "walkwalkwalkwalkwalkwalkwalkwalkwalkwalkwal", "x")
		path = strings.ReplaceAll(path, "/reqNo/", fmt.Sprintf("/%d/", leeNo))
		ans := c.Do("GET", path, nil)
		checked++
		if strings.Contains(ans.Raw, letterMarker) || strings.Contains(ans.Raw, "lee-letter.pdf") {
			t.Errorf("GET %s shows the letter to the applicant: %.200s", path, ans.Raw)
		}
	}
	if checked < 20 {
		t.Fatalf("only %d GET routes walked", checked)
	}

	// School staff read it; the PDF is a PDF.
	staff := e.as("schooladmin")
	r = must(t, staff.Do("GET", fmt.Sprintf("/apply/api-auth/admin/recommend/letters/%d", n), nil), 200, "staff letters")
	var pdfPath, filePath string
	for _, it := range r.Body["list"].([]any) {
		m := it.(map[string]any)
		if m["status"] == "00040" {
			pdfPath, filePath = m["pdfPath"].(string), m["filePath"].(string)
		}
	}
	pdf := staff.Do("GET", pdfPath, nil)
	if pdf.Status != 200 || !strings.HasPrefix(pdf.Raw, "%PDF") || pdf.Header.Get("Content-Disposition") == "" {
		t.Fatalf("pdf: %d %.100s", pdf.Status, pdf.Raw)
	}
	if f := staff.Do("GET", filePath, nil); f.Raw != string(fileBody) {
		t.Fatalf("file: %.100s", f.Raw)
	}
	must(t, c.Do("GET", pdfPath, nil), 403, "applicant reads the pdf")
	var logged int
	_ = e.a.DB.Pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE action LIKE 'recommend.%'").Scan(&logged)
	if logged < 2 {
		t.Fatalf("%d staff reads logged", logged)
	}

	// The second request: cancelled while sent, its link then finds nothing.
	parkKey := keyFor(t, e.a, "park@example.com")
	list := must(t, c.Do("GET", base, nil), 200, "list").Body["list"].([]any)
	parkNo := int64(list[1].(map[string]any)["reqNo"].(float64))
	// Park's key does not open Lee's letter: another address is missing.
	foreign := rc.Do("GET", fmt.Sprintf("/apply/api/recommend/%s/form?req=%d", parkKey, leeNo), nil)
	absent := rc.Do("GET", fmt.Sprintf("/apply/api/recommend/%s/form?req=%d", parkKey, 987654), nil)
	if foreign.Status != 404 || foreign.Raw != absent.Raw {
		t.Fatalf("another recommender's request: %d %s / %s", foreign.Status, foreign.Raw, absent.Raw)
	}
	must(t, c.Do("DELETE", fmt.Sprintf("%s/%d", base, parkNo), nil), 204, "cancel sent")
	r = must(t, rc.Do("GET", "/apply/api/recommend/"+parkKey, nil), 404, "cancelled link")
	if r.Body["code"] != "recommend.no_request" || r.Body["message"] != "No request exists." {
		t.Fatalf("cancelled link: %s", r.Raw)
	}

	// After the RECOMMEND window the key is refused.
	if _, err := e.a.DB.Pool.Exec(context.Background(),
		"UPDATE recruit_window SET starts_at = now() - interval '10 days', ends_at = now() - interval '1 day' WHERE school_code = '236' AND window_type = 'RECOMMEND'"); err != nil {
		t.Fatal(err)
	}
	r = must(t, rc.Do("GET", "/apply/api/recommend/"+key, nil), 403, "after the window")
	if r.Body["code"] != "recommend.deadline_passed" {
		t.Fatalf("after the window: %s", r.Raw)
	}
}

// Keys never reach the log: the access log shows [key] in their place.
// Not parallel: it swaps the default logger.
func TestRecommenderKeysAreNotLogged(t *testing.T) {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	defer slog.SetDefault(old)
	a := apptest.New(t, func(c *config.Config) { c.DemoData = true })
	srv := apptest.Serve(t, a)
	key := "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE"
	for _, p := range []string{"/apply/api/recommend/" + key, "/apply/api/recommend/" + key + "/form", "/recommend/" + key, "/recommend/form/" + key} {
		res, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: Referrer-Policy %q", p, res.Header.Get("Referrer-Policy"))
		}
	}
	logs := buf.String()
	if strings.Contains(logs, key) || !strings.Contains(logs, "/recommend/[key]") {
		t.Fatalf("logs:\n%s", logs)
	}
}

// Every demo school has a template; school staff edit their own school's
// only; a change to a version letters were opened on makes a new version.
func TestRecommendTemplatesOverHTTP(t *testing.T) {
	e := newApplyEnv(t)
	staff := e.as("schooladmin")
	staff.Lang = "en"
	q := fmt.Sprintf("?schoolCode=236&enterYear=%d&recruitPartSeq=1", e.year)
	r := must(t, staff.Do("GET", "/apply/api-auth/admin/recommend/template"+q, nil), 200, "template")
	if r.Body["version"] != float64(1) || len(r.Body["questions"].([]any)) != 16 {
		t.Fatalf("demo template: %.300s", r.Raw)
	}
	must(t, staff.Do("GET", fmt.Sprintf("/apply/api-auth/admin/recommend/template?schoolCode=SKKGSB&enterYear=%d&recruitPartSeq=1", e.year), nil), 404, "another school's")
	set := e.as("sysadmin")
	r = must(t, set.Do("GET", fmt.Sprintf("/apply/api-auth/admin/recommend/template?schoolCode=SKKGSB&enterYear=%d&recruitPartSeq=1", e.year), nil), 200, "SKKGSB")
	if r.Body["fileRequired"] != true || r.Body["letters"] != float64(1) {
		t.Fatalf("SKKGSB template: %.200s", r.Raw)
	}

	tpl := must(t, staff.Do("GET", "/apply/api-auth/admin/recommend/template"+q, nil), 200, "template").Body
	tpl["letters"] = 3
	r = must(t, staff.Do("PUT", "/apply/api-auth/admin/recommend/template", tpl), 200, "unused template")
	if r.Body["version"] != float64(1) || r.Body["letters"] != float64(3) {
		t.Fatalf("unused template changed: %.200s", r.Raw)
	}
	// A letter opened on version 1 keeps it.
	c := e.as("applicant1")
	n := e.create(c, "236", "DC01", true)
	must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/recommend/%d", n), recommendRequest("lee@example.com", "en")), 201, "request")
	key := keyFor(t, e.a, "lee@example.com")
	rc := apptest.NewClient(t, e.srv)
	must(t, rc.Do("GET", "/apply/api/recommend/"+key+"/form", nil), 200, "open")
	qs := tpl["questions"].([]any)
	tpl["questions"] = qs[:15]
	r = must(t, staff.Do("PUT", "/apply/api-auth/admin/recommend/template", tpl), 200, "used template")
	if r.Body["version"] != float64(2) {
		t.Fatalf("used template: %.200s", r.Raw)
	}
	f := must(t, rc.Do("GET", "/apply/api/recommend/"+key+"/form", nil), 200, "form").Body
	if v := f["template"].(map[string]any); v["version"] != float64(1) || len(v["questions"].([]any)) != 16 {
		t.Fatalf("the letter moved to %v", v["version"])
	}
	tpl["questions"] = []any{map[string]any{"code": "rec_form_q1", "kind": "text", "kor": "", "eng": "x"}}
	r = must(t, staff.Do("PUT", "/apply/api-auth/admin/recommend/template", tpl), 400, "empty question")
	if fields(r)["questions[0].kor"] != "Is required" {
		t.Fatalf("empty question: %s", r.Raw)
	}
	must(t, c.Do("GET", "/apply/api-auth/admin/recommend/template"+q, nil), 403, "applicant")
}

// Guessing keys is cut off: after 30 keys that open nothing in an hour the
// client address is refused for keys that open nothing, with the real wait
// in Retry-After; a professor behind the same address still opens a good
// key (a university's NAT is one address for everyone).
func TestRecommendKeyGuessingIsLimited(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	n := e.create(c, "236", "DC01", true)
	must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/recommend/%d", n), recommendRequest("lee@example.com", "en")), 201, "request")
	key := keyFor(t, e.a, "lee@example.com")
	rc := apptest.NewClient(t, e.srv)
	for i := range 30 {
		guess := fmt.Sprintf("%043d", i)
		must(t, rc.Do("GET", "/apply/api/recommend/"+guess, nil), 404, "guess")
	}
	r := rc.Do("GET", "/apply/api/recommend/"+fmt.Sprintf("%043d", 99), nil)
	if r.Status != 429 || r.Body["code"] != "recommend.rate_limited" {
		t.Fatalf("a 31st guess: %d %s", r.Status, r.Raw)
	}
	if wait, _ := strconv.Atoi(r.Header.Get("Retry-After")); wait < 3500 || wait > 3600 {
		t.Fatalf("Retry-After %q on a one-hour window", r.Header.Get("Retry-After"))
	}
	must(t, rc.Do("GET", "/apply/api/recommend/"+key, nil), 200, "a good key from the same address")
}
