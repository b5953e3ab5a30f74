// Package flow is an applicant's way through GradApply over HTTP, as the
// applicant app drives it: sign-up (captcha solved, code from the mail),
// sign-in, an application with every step saved, documents uploaded and
// read back, submission, the fee paid through the test gateway with a
// signed webhook, the list and the slip. The load command's deadline mix
// and the cluster run (cmd/cluster) both use it; it asserts nothing, it
// answers what the server said.
package flow

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"time"

	"github.com/altcha-org/altcha-lib-go"

	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/adapters/payment/testpg"
)

// Client is one applicant's session against a base URL.
type Client struct {
	Base  string
	HTTP  *http.Client
	Token string
	Lang  string // Accept-Language; "" is ko
	// Header is added to every request (a proxy's routing header).
	Header http.Header
	// Last is the header of the last answer.
	Last http.Header
}

// New is a client without a session.
func New(base string, hc *http.Client) *Client {
	return &Client{Base: strings.TrimRight(base, "/"), HTTP: hc}
}

// Response is an answer: its status, the JSON object or list, the raw body.
type Response struct {
	Status int
	Body   map[string]any
	List   []any
	Raw    []byte
	Header http.Header
}

// Error is an answer with an unexpected status.
type Error struct {
	What   string
	Status int
	Raw    string
}

func (e *Error) Error() string {
	raw := e.Raw
	if len(raw) > 300 {
		raw = raw[:300] + "..."
	}
	return fmt.Sprintf("%s: %d %s", e.What, e.Status, raw)
}

// Expect answers an *Error unless the status is want.
func (r Response) Expect(what string, want int) error {
	if r.Status != want {
		return &Error{What: what, Status: r.Status, Raw: string(r.Raw)}
	}
	return nil
}

// Send is one request with the session's token; body is sent as is with
// contentType.
func (c *Client) Send(method, path, contentType string, body io.Reader) (Response, error) {
	req, err := http.NewRequest(method, c.Base+path, body)
	if err != nil {
		return Response{}, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	lang := c.Lang
	if lang == "" {
		lang = "ko"
	}
	req.Header.Set("Accept-Language", lang)
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	for k, v := range c.Header {
		req.Header[k] = v
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return Response{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return Response{}, err
	}
	c.Last = res.Header
	out := Response{Status: res.StatusCode, Raw: raw, Header: res.Header}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if len(raw) > 0 && raw[0] == '[' {
			_ = json.Unmarshal(raw, &out.List)
		} else {
			_ = json.Unmarshal(raw, &out.Body)
		}
	}
	return out, nil
}

// Do is a JSON request (body nil: none).
func (c *Client) Do(method, path string, body any) (Response, error) {
	if body == nil {
		return c.Send(method, path, "", nil)
	}
	b, err := json.Marshal(body)
	if err != nil {
		return Response{}, err
	}
	return c.Send(method, path, "application/json", bytes.NewReader(b))
}

// call is Do expecting a status.
func (c *Client) call(what, method, path string, body any, want int) (Response, error) {
	r, err := c.Do(method, path, body)
	if err != nil {
		return r, fmt.Errorf("%s: %w", what, err)
	}
	return r, r.Expect(what, want)
}

// Captcha fetches a challenge and solves it as the browser widget does.
func (c *Client) Captcha() (string, error) {
	r, err := c.call("captcha", "GET", "/user/api/captcha", nil, 200)
	if err != nil {
		return "", err
	}
	ch := r.Body
	str := func(k string) string { s, _ := ch[k].(string); return s }
	maxN, _ := ch["maxNumber"].(float64)
	sol, err := altcha.SolveChallenge(str("challenge"), str("salt"), altcha.Algorithm(str("algorithm")), int(maxN), 0, nil)
	if err != nil || sol == nil {
		return "", fmt.Errorf("captcha: not solved: %v", err)
	}
	b, _ := json.Marshal(altcha.Payload{Algorithm: str("algorithm"), Challenge: str("challenge"),
		Number: int64(sol.Number), Salt: str("salt"), Signature: str("signature")})
	return base64.StdEncoding.EncodeToString(b), nil
}

// RequestCode asks for the sign-up code mailed to email.
func (c *Client) RequestCode(email string) error {
	sol, err := c.Captcha()
	if err != nil {
		return err
	}
	_, err = c.call("email-code", "POST", "/user/api/email-code", map[string]any{"email": email, "altcha": sol}, 200)
	return err
}

// SignUp creates the account with the mailed code.
func (c *Client) SignUp(userID, email, password, code string) error {
	sol, err := c.Captcha()
	if err != nil {
		return err
	}
	_, err = c.call("sign-up", "POST", "/user/api/sign-up", map[string]any{"userId": userID, "email": email, "password": password,
		"code": code, "agreeTerms": true, "agreePrivacy": true, "altcha": sol}, 201)
	return err
}

// Login signs in and keeps the token.
func (c *Client) Login(userID, password string) error {
	r, err := c.call("login", "POST", "/user/api/login", map[string]any{"userId": userID, "password": password}, 200)
	if err != nil {
		return err
	}
	c.Token, _ = r.Body["accessToken"].(string)
	if c.Token == "" {
		return fmt.Errorf("login: no token in %s", r.Raw)
	}
	return nil
}

// Round is a recruitment round as the applicant app reads it.
type Round struct {
	School string
	Year   int
	Body   map[string]any
}

// Consents answers the round's consents (code -> version).
func (r Round) Consents() map[string]string {
	out := map[string]string{}
	list, _ := r.Body["consents"].([]any)
	for _, it := range list {
		m, _ := it.(map[string]any)
		code, _ := m["code"].(string)
		ver, _ := m["version"].(string)
		out[code] = ver
	}
	return out
}

// OpenRound answers the school's round 1 open for submission.
func (c *Client) OpenRound(school string) (Round, error) {
	r, err := c.call("rounds", "GET", "/apply/api/recruit/list?schoolCode="+school, nil, 200)
	if err != nil {
		return Round{}, err
	}
	year := 0
	for _, x := range r.List {
		m, _ := x.(map[string]any)
		if seq, _ := m["recruitPartSeq"].(float64); seq == 1 && m["submitOpen"] == true {
			y, _ := m["enterYear"].(float64)
			year = int(y)
			break
		}
	}
	if year == 0 {
		return Round{}, fmt.Errorf("school %s has no open round 1: %s", school, r.Raw)
	}
	r, err = c.call("round", "GET", fmt.Sprintf("/apply/api/recruit?schoolCode=%s&enterYear=%d&partSeq=1", school, year), nil, 200)
	if err != nil {
		return Round{}, err
	}
	return Round{School: school, Year: year, Body: r.Body}, nil
}

// Application is an application being filled.
type Application struct {
	No    int64
	Steps []string // the form's steps, in order
	Round Round
}

// Has reports whether the form has a step.
func (a Application) Has(step string) bool {
	for _, s := range a.Steps {
		if s == step {
			return true
		}
	}
	return false
}

// Create opens an application to a major of the round.
func (c *Client) Create(round Round, major string) (Application, error) {
	cats, _ := round.Body["categories"].([]any)
	if len(cats) == 0 {
		return Application{}, fmt.Errorf("round of %s has no category", round.School)
	}
	cat, _ := cats[0].(map[string]any)
	part := map[string]any{
		"applPartRequestList": []any{map[string]any{"schoolCode": round.School, "enterYear": round.Year, "recruitPartSeq": 1,
			"majorCode": major, "isMaster": true, "isGeneralType": true, "stayTypeCode": "00001", "categoryCode": cat["code"]}},
		"consents": round.Consents(),
	}
	if ps, _ := round.Body["partSurvey"].([]any); len(ps) > 0 {
		part["surveyRequest"] = map[string]any{"answers": []any{map[string]any{"questionCode": "p1", "itemCode": "01", "inputType": "radio"}}}
	}
	r, err := c.call("part", "POST", "/apply/api-auth/appl/part", part, 201)
	if err != nil {
		return Application{}, err
	}
	no, _ := r.Body["applNo"].(float64)
	a := Application{No: int64(no), Round: round}
	steps, _ := r.Body["steps"].([]any)
	for _, s := range steps {
		a.Steps = append(a.Steps, fmt.Sprint(s))
	}
	return a, nil
}

// Info is the basic-information step's body (i varies the address; email
// is where the application's mails go).
func Info(i int, email string) map[string]any {
	return map[string]any{"applicantInfo": map[string]any{
		"gend": "F", "korName": "김하늘", "engName": "KIM HANEUL", "nationality": "410", "birthDate": "1998-03-01",
		"residentNoLast": "2345678", "address": "서울특별시 서대문구 이화여대길 52", "addressDetail": fmt.Sprintf("%d호", 100+i%900),
		"postCode": "03760", "phone": "02-123-4567", "mobile": "010-1234-5678", "email": email,
		"emergencyContact": map[string]any{"name": "김부모", "relation": "모", "phone": "010-2222-3333"},
		"maritalStatus":    "00001", "childNum": "0",
		"familyList": []any{map[string]any{"relation": "00002", "name": "이어머니", "nationality": "410", "birthDate": "1970-05-05"}},
	}}
}

// StepBodies are the bodies of the form's steps before the documents.
var StepBodies = map[string]func(i int, email string) any{
	"BASIS_SAVE": func(i int, email string) any { return Info(i, email) },
	"ACAD_SAVE": func(i int, _ string) any {
		return map[string]any{"acadList": []any{
			map[string]any{"acadType": "univ", "schoolCode": "101", "countryCode": "410", "city": "Seoul", "college": "사회과학대학",
				"major": "정치외교학", "department": "정치외교학과", "acadFinal": true, "enterDay": "2016-03-02", "graduateDay": "2020-02-20",
				"graduationStatus": "00001", "degreeNo": "2020-1234", "degreeCourse": "00001", "degreeLevel": "00001",
				"credits": "130", "gradeForm": "00001", "fullScore": "4.50", "gpa": fmt.Sprintf("3.%02d", i%100), "studentId": "2016123456"},
			map[string]any{"acadType": "high", "schoolCode": "999", "searchSchoolName": "Hanbit High School", "countryCode": "410",
				"acadFinal": false, "enterDay": "2013-03-02", "graduateDay": "2016-02-10", "graduationStatus": "00001",
				"gradeForm": "00002", "fullScore": "100", "gpa": "92"},
		}}
	},
	"LANG_SAVE": func(int, string) any {
		return map[string]any{"partLanguages": []any{
			map[string]any{"langExamCode": "00001", "score": "105", "examDay": "2026-05-10", "expiryDay": "2028-05-10"}}}
	},
	"CAREER_SAVE": func(int, string) any {
		return map[string]any{"careerList": []any{
			map[string]any{"companyName": "한빛전자", "description": "해외영업", "compType": "00001", "employmentType": "00001",
				"department": "영업부", "position": "대리", "joinDay": "2020-03-02", "currentYn": true},
		}}
	},
	"ADD_INFO_SAVE": func(i int, _ string) any {
		return map[string]any{"essays": []any{
			map[string]any{"no": 1, "lang": "en", "text": fmt.Sprintf("I grew up in Seoul and studied politics (%d).", i)},
			map[string]any{"no": 2, "lang": "ko", "text": "국제개발협력 분야를 공부하고 싶습니다."},
			map[string]any{"no": 3, "lang": "en", "text": "After graduation I will work for an international organisation."},
		}}
	},
}

// StepPaths are the save routes of those steps.
var StepPaths = map[string]string{
	"BASIS_SAVE": "basis", "ACAD_SAVE": "acad", "LANG_SAVE": "lang", "CAREER_SAVE": "career", "ADD_INFO_SAVE": "add-info",
}

// FormSteps are the steps StepBodies fills, in the form's order.
var FormSteps = []string{"BASIS_SAVE", "ACAD_SAVE", "LANG_SAVE", "CAREER_SAVE", "ADD_INFO_SAVE"}

// SaveStep saves one step of the form.
func (c *Client) SaveStep(a Application, step string, i int, email string) error {
	_, err := c.call(step, "POST", fmt.Sprintf("/apply/api-auth/appl/%s/%d", StepPaths[step], a.No), StepBodies[step](i, email), 200)
	return err
}

// ReadStep answers a saved step as the form loads it.
func (c *Client) ReadStep(a Application, step string) (map[string]any, error) {
	r, err := c.call(step, "GET", fmt.Sprintf("/apply/api-auth/appl/%s/%d", StepPaths[step], a.No), nil, 200)
	return r.Body, err
}

// Draft stores what the form holds while the applicant types.
func (c *Client) Draft(a Application, step string, i int, email string) error {
	_, err := c.call("draft", "PUT", fmt.Sprintf("/apply/api-auth/appl/draft/%d/%s", a.No, step), StepBodies[step](i, email), 200)
	return err
}

// Document is one required document of the application's round.
type Document struct {
	Code       string
	Extensions []string
	Limits     map[string]int64
}

// Documents answers the round's required documents.
func (c *Client) Documents(a Application) ([]Document, error) {
	r, err := c.call("documents", "GET", fmt.Sprintf("/apply/api-auth/appl/doc/%d", a.No), nil, 200)
	if err != nil {
		return nil, err
	}
	var out []Document
	groups, _ := r.Body["list"].([]any)
	for _, g := range groups {
		docs, _ := g.(map[string]any)["documents"].([]any)
		for _, d := range docs {
			m, _ := d.(map[string]any)
			if m["required"] != true {
				continue
			}
			doc := Document{Code: fmt.Sprint(m["code"]), Limits: map[string]int64{}}
			exts, _ := m["extensions"].([]any)
			for _, e := range exts {
				doc.Extensions = append(doc.Extensions, strings.ToLower(strings.TrimPrefix(fmt.Sprint(e), ".")))
			}
			lim, _ := m["limits"].(map[string]any)
			for k, v := range lim {
				n, _ := v.(float64)
				doc.Limits[strings.ToLower(strings.TrimPrefix(k, "."))] = int64(n)
			}
			out = append(out, doc)
		}
	}
	return out, nil
}

// pngHead is a 2x2 PNG that decodes whole (uploads decode images); the
// bytes File pads after its end are allowed.
var pngHead, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAF0lEQVR4nGKRt8pgYGBgYgADQAAAAP//CRcAyGlrjcYAAAAASUVORK5CYII=")

// File makes a file of the document's first accepted kind (pdf preferred)
// of about size bytes, within the document's limit; seed varies its bytes.
func File(d Document, size int64, seed int) (name string, content []byte) {
	ext := ""
	for _, e := range d.Extensions {
		if e == "pdf" {
			ext = e
		}
	}
	if ext == "" {
		for _, e := range d.Extensions {
			if e == "png" {
				ext = e
			}
		}
	}
	if ext == "" {
		ext = "pdf"
	}
	if lim := d.Limits[ext]; lim > 0 && size > lim {
		size = lim
	}
	var head []byte
	if ext == "png" {
		head = pngHead
	} else {
		head = []byte(fmt.Sprintf("%%PDF-1.4\n%% document %s of applicant %d\n", d.Code, seed))
	}
	if size < int64(len(head))+16 {
		size = int64(len(head)) + 16
	}
	content = make([]byte, size)
	copy(content, head)
	for i := len(head); i < len(content); i++ {
		content[i] = byte('a' + (i*7+seed)%26)
	}
	return fmt.Sprintf("%s-%d.%s", d.Code, seed, ext), content
}

// Upload sends one document as the applicant app does (the JSON request
// part, then the file) and answers the stored file's key.
func (c *Client) Upload(a Application, itemCode, name string, content []byte) (string, error) {
	body := &bytes.Buffer{}
	mw := multipart.NewWriter(body)
	rh := textproto.MIMEHeader{}
	rh.Set("Content-Disposition", `form-data; name="request"`)
	rh.Set("Content-Type", "application/json")
	rw, _ := mw.CreatePart(rh)
	_, _ = fmt.Fprintf(rw, `{"itemCode":%q}`, itemCode)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(content)
	_ = mw.Close()
	r, err := c.Send("POST", fmt.Sprintf("/apply/api-auth/appl/doc/upload/%d", a.No), mw.FormDataContentType(), body)
	if err != nil {
		return "", fmt.Errorf("upload %s: %w", itemCode, err)
	}
	if err := r.Expect("upload "+itemCode, 200); err != nil {
		return "", err
	}
	if d, ok := r.Body["document"].(map[string]any); ok {
		if k, ok := d["fileKey"].(string); ok && k != "" {
			return k, nil
		}
	}
	return "", fmt.Errorf("upload %s: no file key in %s", itemCode, r.Raw)
}

// Download reads a stored document back.
func (c *Client) Download(a Application, fileKey string) ([]byte, error) {
	r, err := c.Send("GET", fmt.Sprintf("/apply/api-auth/appl/doc/file/%d/%s", a.No, fileKey), "", nil)
	if err != nil {
		return nil, fmt.Errorf("download: %w", err)
	}
	return r.Raw, r.Expect("download", 200)
}

// SaveDocuments ends the documents step.
func (c *Client) SaveDocuments(a Application) error {
	_, err := c.call("documents saved", "POST", fmt.Sprintf("/apply/api-auth/appl/doc/save/%d", a.No), nil, 200)
	return err
}

// SaveSurvey answers every question of the survey step with its first item.
func (c *Client) SaveSurvey(a Application) error {
	r, err := c.call("survey", "GET", fmt.Sprintf("/apply/api-auth/survey/%d", a.No), nil, 200)
	if err != nil {
		return err
	}
	ans := []any{}
	qs, _ := r.Body["questions"].([]any)
	for _, q := range qs {
		m, _ := q.(map[string]any)
		x := map[string]any{"questionCode": m["questionCode"], "inputType": m["inputType"]}
		if items, _ := m["items"].([]any); len(items) > 0 {
			x["itemCode"] = items[0].(map[string]any)["itemCode"]
		} else {
			x["answer"] = "text"
		}
		ans = append(ans, x)
	}
	_, err = c.call("survey saved", "POST", "/apply/api-auth/survey/save", map[string]any{"applNo": a.No, "answers": ans}, 200)
	return err
}

// Submit submits the application and answers its status and what comes
// next ("pay" when a fee is due).
func (c *Client) Submit(a Application) (status, next string, err error) {
	r, err := c.call("submit", "POST", fmt.Sprintf("/apply/api-auth/appl/submit/%d", a.No), map[string]any{"consents": a.Round.Consents()}, 200)
	if err != nil {
		return "", "", err
	}
	return fmt.Sprint(r.Body["status"]), fmt.Sprint(r.Body["next"]), nil
}

// StartPayment starts a card payment of the fee and answers its id.
func (c *Client) StartPayment(a Application) (string, error) {
	r, err := c.call("pay start", "POST", fmt.Sprintf("/apply/api-auth/appl/pay/start/%d", a.No), map[string]any{"payType": "card"}, 200)
	if err != nil {
		return "", err
	}
	id, _ := r.Body["paymentId"].(string)
	if id == "" {
		return "", fmt.Errorf("pay start: no payment id in %s", r.Raw)
	}
	return id, nil
}

// Approve presses "approve" on the test gateway's page: the gateway marks
// the payment paid and posts its signed webhook to the server.
func (c *Client) Approve(paymentID string) error {
	hc := *c.HTTP
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := hc.PostForm(c.Base+"/testpg/pay/"+paymentID+"/approve", map[string][]string{"action": {"approve"}})
	if err != nil {
		return fmt.Errorf("approve: %w", err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		return &Error{What: "approve", Status: res.StatusCode, Raw: string(raw)}
	}
	return nil
}

// Confirm is the browser coming back from the gateway; it answers the
// payment's result (PAID once the fee is in).
func (c *Client) Confirm(paymentID string) (string, error) {
	r, err := c.call("pay confirm", "POST", "/apply/api-auth/appl/pay/confirm/"+paymentID, nil, 200)
	if err != nil {
		return "", err
	}
	return fmt.Sprint(r.Body["result"]), nil
}

// Quote answers the application's status and exam number (applId).
func (c *Client) Quote(a Application) (status, applID string, err error) {
	r, err := c.call("quote", "GET", fmt.Sprintf("/apply/api-auth/appl/pay/quote/%d", a.No), nil, 200)
	if err != nil {
		return "", "", err
	}
	id, _ := r.Body["applId"].(string)
	return fmt.Sprint(r.Body["status"]), id, nil
}

// List answers the applicant's applications.
func (c *Client) List() ([]any, error) {
	r, err := c.call("list", "GET", "/apply/api-auth/appl/list", nil, 200)
	return r.List, err
}

// Slip answers the admission slip (a PDF).
func (c *Client) Slip(a Application) ([]byte, error) {
	r, err := c.Send("GET", fmt.Sprintf("/apply/api-auth/appl/slip/%d", a.No), "", nil)
	if err != nil {
		return nil, fmt.Errorf("slip: %w", err)
	}
	if err := r.Expect("slip", 200); err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(r.Raw, []byte("%PDF")) {
		return nil, fmt.Errorf("slip: not a PDF (%d bytes)", len(r.Raw))
	}
	return r.Raw, nil
}

// Retry runs fn until it succeeds or the time is up, waiting a little in
// between: a client's retry over a replica that went away.
func Retry(within time.Duration, fn func() error) error {
	deadline := time.Now().Add(within)
	wait := 100 * time.Millisecond
	for {
		err := fn()
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(wait)
		if wait < time.Second {
			wait *= 2
		}
	}
}

// Webhook posts the test gateway's signed Transaction.Paid event of a
// payment, as the provider does (again and again until it is answered
// 2xx); secret is the server's TESTPG_WEBHOOK_SECRET. It answers the status.
func (c *Client) Webhook(secret, paymentID, msgID string) (int, error) {
	key, err := portone.ParseSecret(secret)
	if err != nil {
		return 0, err
	}
	body := testpg.EventBody("Transaction.Paid", paymentID, time.Now())
	req, err := http.NewRequest(http.MethodPost, c.Base+testpg.WebhookPath, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range portone.SignHeaders(msgID, time.Now(), body, key) {
		req.Header.Set(k, v)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return 0, fmt.Errorf("webhook: %w", err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, nil
}

// Holds reports whether a step, read back (ReadStep), holds the save of
// variant v, each list in it once.
func Holds(step string, body map[string]any, v int) bool {
	want, _ := StepBodies[step](v, "").(map[string]any)
	for k, w := range want {
		got, ok := body[k]
		if !ok {
			return false
		}
		switch wv := w.(type) {
		case []any:
			gl, _ := got.([]any)
			if len(gl) != len(wv) {
				return false
			}
			// The first record's distinguishing field.
			wm, _ := wv[0].(map[string]any)
			gm, _ := gl[0].(map[string]any)
			for _, f := range []string{"gpa", "text", "companyName", "score"} {
				if x, ok := wm[f]; ok && fmt.Sprint(gm[f]) != fmt.Sprint(x) {
					return false
				}
			}
		case map[string]any:
			gm, _ := got.(map[string]any)
			if fmt.Sprint(gm["addressDetail"]) != fmt.Sprint(wv["addressDetail"]) {
				return false
			}
		}
	}
	return true
}

// FileKeys answers the stored file of each document (item code -> file
// key) of a documents view (GET /appl/doc/:applNo).
func FileKeys(view map[string]any) map[string]string {
	out := map[string]string{}
	groups, _ := view["list"].([]any)
	for _, g := range groups {
		gm, _ := g.(map[string]any)
		docs, _ := gm["documents"].([]any)
		for _, d := range docs {
			m, _ := d.(map[string]any)
			if k, ok := m["fileKey"].(string); ok && k != "" {
				out[fmt.Sprint(m["code"])] = k
			}
		}
	}
	return out
}
