package httpapi_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/testenv"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/mailmsg"
)

var (
	// a 2x2 PNG that decodes (uploads decode images); bytes after its end are allowed
	pngHead, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAF0lEQVR4nGKRt8pgYGBgYgADQAAAAP//CRcAyGlrjcYAAAAASUVORK5CYII=")
	pdfBody    = []byte("%PDF-1.4\n%test document\n")
)

// upload sends the multipart form of the documents API: the JSON request
// part first, then the file part.
func upload(t *testing.T, c *apptest.Client, applNo int64, request, fileName string, content []byte) apptest.Response {
	t.Helper()
	ct, body := requestAndFile(request, fileName, content)
	return send(t, c, "POST", fmt.Sprintf("/apply/api-auth/appl/doc/upload/%d", applNo), ct, body)
}

// requestAndFile is a multipart body as the SPAs send it: the JSON
// "request" part, then the "file" part (none when fileName is empty).
func requestAndFile(request, fileName string, content []byte) (contentType string, body *bytes.Buffer) {
	body = &bytes.Buffer{}
	mw := multipart.NewWriter(body)
	rh := textproto.MIMEHeader{}
	rh.Set("Content-Disposition", `form-data; name="request"`)
	rh.Set("Content-Type", "application/json")
	rw, _ := mw.CreatePart(rh)
	_, _ = rw.Write([]byte(request))
	if fileName != "" {
		fw, _ := mw.CreateFormFile("file", fileName)
		_, _ = fw.Write(content)
	}
	_ = mw.Close()
	return mw.FormDataContentType(), body
}

// send is a raw request with the client's cookies and CSRF header.
func send(t *testing.T, c *apptest.Client, method, path, contentType string, body io.Reader) apptest.Response {
	t.Helper()
	req, _ := http.NewRequest(method, c.Srv.URL+path, body)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.Lang != "" {
		req.Header.Set("Accept-Language", c.Lang)
	}
	for k, v := range c.Cookie {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	if x, ok := c.Cookie["XSRF-TOKEN"]; ok && method != http.MethodGet {
		req.Header.Set("X-XSRF-TOKEN", x)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	out := apptest.Response{Status: res.StatusCode, Header: res.Header, Raw: string(b)}
	_ = jsonUnmarshal(b, &out.Body)
	return out
}

// setStatus skips the form steps this test is not about.
func (e *applyEnv) setStatus(n int64, st string) {
	e.t.Helper()
	if _, err := e.a.DB.Pool.Exec(context.Background(), "UPDATE application SET status = $1 WHERE appl_no = $2", st, n); err != nil {
		e.t.Fatal(err)
	}
}

// storedFiles counts the files in the file store (temporary ones too).
func storedFiles(t *testing.T, dir string) int {
	n := 0
	_ = filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

func fileField(r apptest.Response) string {
	s, _ := fields(r)["file"].(string)
	return s
}

// uploadRequired uploads the three required items of the default and
// ARTS01 lists.
func uploadRequired(t *testing.T, c *apptest.Client, n int64) {
	t.Helper()
	must(t, upload(t, c, n, `{"itemCode":"00001"}`, "photo.png", append(append([]byte{}, pngHead...), make([]byte, 100)...)), 200, "photo")
	must(t, upload(t, c, n, `{"itemCode":"00002"}`, "diploma.pdf", pdfBody), 200, "diploma")
	must(t, upload(t, c, n, `{"itemCode":"00003"}`, "성적증명서.pdf", pdfBody), 200, "transcript")
}

func TestDocumentsUploadRefusalsDownloadDelete(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	c.Lang = "en"
	n := e.create(c, "236", "DC01", true)
	e.setStatus(n, "ADD_INFO_SAVE")
	p := func(f string) string { return fmt.Sprintf(f, n) }

	r := must(t, c.Do("GET", p("/apply/api-auth/appl/doc/%d"), nil), 200, "list")
	if len(r.Body["list"].([]any)) == 0 || len(r.Body["etcList"].([]any)) != 5 || len(r.Body["missing"].([]any)) != 3 {
		t.Fatalf("doc list: %s", r.Raw)
	}
	r = must(t, c.Do("GET", p("/apply/api-auth/appl/doc/etc/recrSchl/%d"), nil), 200, "extra allowed")
	if strings.TrimSpace(r.Raw) != "true" {
		t.Fatalf("recrSchl: %s", r.Raw)
	}

	// Refusals, each with its message; nothing is left in the store.
	dir := e.a.Config.FileDir
	exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00"), make([]byte, 600)...)
	for _, tc := range []struct {
		name, req, file string
		body            []byte
		want            string
	}{
		{"renamed executable", `{"itemCode":"00002"}`, "setup.pdf", exe, "The file's content does not match its extension."},
		{"empty file", `{"itemCode":"00002"}`, "empty.pdf", nil, "The file is empty."},
		{"long name", `{"itemCode":"00002"}`, strings.Repeat("a", 41) + ".pdf", pdfBody, "The file name must be at most 40 characters without the extension."},
		{"oversized image", `{"itemCode":"00001"}`, "photo.png", append(append([]byte{}, pngHead...), make([]byte, 3145728)...), "The file is too large (at most 3 MB)."},
		// a PNG header over garbage: the slip would print an empty photo box (issue 21)
		{"image that does not decode", `{"itemCode":"00001"}`, "photo.png", append(append([]byte{}, pngHead[:16]...), make([]byte, 100)...),
			"The image could not be read: it may be damaged. Save it again as JPG or PNG and upload it."},
		{"quote in the name", `{"itemCode":"00002"}`, "diploma\"1.pdf", pdfBody, "A file name may hold letters, digits, spaces and ( ) [ ] { } _ - . , + & · only."},
		{"wrong extension", `{"itemCode":"00003"}`, "transcript.exe", pdfBody, "This file type is not allowed (pdf)."},
	} {
		r := upload(t, c, n, tc.req, tc.file, tc.body)
		if r.Status != 400 || fileField(r) != tc.want {
			t.Errorf("%s: %d %s", tc.name, r.Status, r.Raw)
		}
	}
	c.Lang = "ko"
	if r := upload(t, c, n, `{"itemCode":"00002"}`, "empty.pdf", nil); fileField(r) != "빈 파일은 올릴 수 없습니다." {
		t.Errorf("ko message: %s", r.Raw)
	}
	big := append(append([]byte{}, pngHead...), make([]byte, 3145728)...)
	if r := upload(t, c, n, `{"itemCode":"00001"}`, "photo.png", big); fileField(r) != "파일이 너무 큽니다. (최대 3 MB)" {
		t.Errorf("ko size message: %s", r.Raw)
	}
	c.Lang = "en"
	if got := storedFiles(t, dir); got != 0 {
		t.Fatalf("refused uploads left %d files", got)
	}
	// An extra slot outside 1..5 and an unknown item.
	if r := upload(t, c, n, `{"itemCode":"00099","seq":6}`, "x.pdf", pdfBody); r.Status != 400 {
		t.Errorf("slot 6: %s", r.Raw)
	}
	if r := upload(t, c, n, `{"itemCode":"77777"}`, "x.pdf", pdfBody); r.Status != 400 || fields(r)["itemCode"] == nil {
		t.Errorf("unknown item: %s", r.Raw)
	}

	uploadRequired(t, c, n)
	r = must(t, upload(t, c, n, `{"itemCode":"00099","seq":2}`, "추가 서류.pdf", pdfBody), 200, "extra")
	slot := r.Body["etcList"].([]any)[1].(map[string]any)
	if slot["fileName"] != "추가 서류.pdf" || slot["filePath"] == nil {
		t.Fatalf("extra slot: %s", r.Raw)
	}
	if got := storedFiles(t, dir); got != 4 {
		t.Fatalf("stored %d files, want 4", got)
	}
	// Replacing a document removes the old file. Korean names with
	// brackets are kept as sent (issue 8, defect 6).
	r = must(t, upload(t, c, n, `{"itemCode":"00002"}`, "졸업증명서(최종)[사본].pdf", pdfBody), 200, "replace")
	if !strings.Contains(r.Raw, `"졸업증명서(최종)[사본].pdf"`) {
		t.Fatalf("bracketed name: %s", r.Raw)
	}
	if got := storedFiles(t, dir); got != 4 {
		t.Fatalf("after replace %d files, want 4", got)
	}

	r = must(t, c.Do("GET", p("/apply/api-auth/appl/doc/%d"), nil), 200, "list")
	var transcript map[string]any
	for _, g := range r.Body["list"].([]any) {
		for _, d := range g.(map[string]any)["documents"].([]any) {
			if d.(map[string]any)["code"] == "00003" {
				transcript = d.(map[string]any)
			}
		}
	}
	if transcript == nil || transcript["fileName"] != "성적증명서.pdf" || len(r.Body["missing"].([]any)) != 0 {
		t.Fatalf("transcript: %s", r.Raw)
	}

	// Download: attachment, UTF-8 name, nosniff, same bytes.
	dl := send(t, c, "GET", transcript["filePath"].(string), "", nil)
	cd := dl.Header.Get("Content-Disposition")
	if dl.Status != 200 || dl.Raw != string(pdfBody) || !strings.HasPrefix(cd, "attachment;") ||
		!strings.Contains(cd, "filename*=UTF-8''%EC%84%B1%EC%A0%81%EC%A6%9D%EB%AA%85%EC%84%9C.pdf") ||
		dl.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("download: %d %q %v", dl.Status, dl.Raw, dl.Header)
	}

	// Another applicant gets 404 and no data on every route.
	other := e.as("applicant2")
	key := transcript["fileKey"].(string)
	for _, rr := range []apptest.Response{
		other.Do("GET", p("/apply/api-auth/appl/doc/%d"), nil),
		other.Do("GET", p("/apply/api-auth/appl/doc/etc/recrSchl/%d"), nil),
		other.Do("POST", p("/apply/api-auth/appl/doc/save/%d"), nil),
		other.Do("DELETE", p("/apply/api-auth/appl/doc/%d")+"?fileKey="+key, nil),
		send(t, other, "GET", transcript["filePath"].(string), "", nil),
		upload(t, other, n, `{"itemCode":"00002"}`, "x.pdf", pdfBody),
		other.Do("POST", p("/apply/api-auth/appl/submit/%d"), map[string]any{}),
		other.Do("GET", p("/apply/api-auth/appl/slip/%d"), nil),
		other.Do("GET", p("/apply/api-auth/appl/print/%d"), nil),
	} {
		if rr.Status != 404 || strings.Contains(rr.Raw, "성적증명서") || strings.Contains(rr.Raw, "%PDF") {
			t.Errorf("other applicant: %d %s", rr.Status, rr.Raw)
		}
	}

	// FILE_SAVE changes state: a GET (a link, a prefetch) does nothing.
	if r := c.Do("GET", p("/apply/api-auth/appl/doc/save/%d"), nil); r.Status != 405 {
		t.Fatalf("GET doc/save: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("GET", p("/apply/api-auth/appl/doc/%d"), nil); r.Body["status"] == "FILE_SAVE" {
		t.Fatalf("a GET saved the documents step: %s", r.Raw)
	}
	// FILE_SAVE, then deleting a required document moves the status back.
	r = must(t, c.Do("POST", p("/apply/api-auth/appl/doc/save/%d"), nil), 200, "save")
	if r.Body["status"] != "FILE_SAVE" {
		t.Fatalf("save: %s", r.Raw)
	}
	r = must(t, c.Do("DELETE", p("/apply/api-auth/appl/doc/%d")+"?fileKey="+key, nil), 200, "delete")
	if r.Body["status"] != "ADD_INFO_SAVE" || r.Body["list"] == nil || r.Body["reviewStatus"] != nil {
		t.Fatalf("delete: %s", r.Raw)
	}
	if _, ok := r.Body["reviewStatus"]; !ok {
		t.Fatalf("delete answers no reviewStatus: %s", r.Raw)
	}
	if got := storedFiles(t, dir); got != 3 {
		t.Fatalf("after delete %d files, want 3", got)
	}
	// Saving without it names the missing document.
	r = must(t, c.Do("POST", p("/apply/api-auth/appl/doc/save/%d"), nil), 400, "save without transcript")
	if fields(r)["documents"] != "Please check the required submission." {
		t.Fatalf("missing: %s", r.Raw)
	}
}

// outboxMails answers the payloads of queued mails of a kind.
// outboxMessages reads the queued mails of a kind as the worker does.
func outboxMessages(t *testing.T, e *applyEnv, kind string) []jobs.Mail {
	t.Helper()
	var out []jobs.Mail
	for _, m := range outboxMails(t, e, kind) {
		b, _ := json.Marshal(m)
		d, err := e.a.MailCodec.Decode(b)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		out = append(out, d)
	}
	return out
}

func outboxMails(t *testing.T, e *applyEnv, kind string) []map[string]any {
	t.Helper()
	rows, err := e.a.DB.Pool.Query(context.Background(), "SELECT payload FROM outbox WHERE payload->>'kind' = $1 ORDER BY id", kind)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []map[string]any
	for rows.Next() {
		var m map[string]any
		if err := rows.Scan(&m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func TestSubmitRulesAndFreeCompletion(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	c.Lang = "en"
	ctx := context.Background()

	// A paid round: every step and every required document first, then SUBMIT and pay.
	paid := e.create(c, "236", "DC01", true)
	round236 := e.recruit(c, "236")
	e.setStatus(paid, "ADD_INFO_SAVE")
	r := must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/submit/%d", paid), map[string]any{"consents": consents(round236)}), 409, "steps missing")
	if r.Body["code"] != "application.steps_incomplete" {
		t.Fatalf("steps: %s", r.Raw)
	}
	e.setStatus(paid, "SURVEY")
	r = must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/submit/%d", paid), map[string]any{"consents": consents(round236)}), 400, "documents missing")
	if fields(r)["documents"] != "Please check the required submission." {
		t.Fatalf("documents: %s", r.Raw)
	}
	uploadRequired(t, c, paid)
	r = must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/submit/%d", paid), map[string]any{"consents": map[string]string{}}), 400, "consents missing")
	if len(fields(r)) != 6 {
		t.Fatalf("consents: %s", r.Raw)
	}
	r = must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/submit/%d", paid), map[string]any{"consents": consents(round236)}), 200, "submit paid")
	if r.Body["status"] != "SUBMIT" || r.Body["next"] != "pay" || r.Body["applId"] != nil {
		t.Fatalf("submit paid: %s", r.Raw)
	}
	must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/submit/%d", paid), map[string]any{"consents": consents(round236)}), 409, "submit twice")
	// Submitted: the list offers no way back to the form in edit mode
	// (issue 8, defect 4), only viewing, cancelling and paying.
	r = must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/info/%d", paid), nil), 200, "record after submit")
	if fmt.Sprint(r.Body["actions"]) != "[view cancel pay]" {
		t.Fatalf("actions after submit: %s", r.Raw)
	}

	// A free round completes at once with pay type free and an exam number.
	free := e.create(c, "ARTS01", "DR01", true)
	if err := e.a.Apply.Forms.SaveInfo(ctx, free, form.ApplicantInfo{BasicInfo: form.BasicInfo{Gend: "F", KorName: "김하늘", EngName: "KIM HANEUL", BirthDate: "1998-03-01", Nationality: "410"}}); err != nil {
		t.Fatal(err)
	}
	e.setStatus(free, "ADD_INFO_SAVE")
	uploadRequired(t, c, free)
	must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/doc/save/%d", free), nil), 200, "file save")
	e.setStatus(free, "SURVEY")
	must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/slip/%d", free), nil), 409, "slip before completion")
	c.Lang = "ko"
	r = must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/submit/%d", free), map[string]any{"consents": consents(e.recruit(c, "ARTS01"))}), 200, "submit free")
	applID, _ := r.Body["applId"].(string)
	if r.Body["status"] != "COMPLETE" || r.Body["next"] != "none" || !regexp.MustCompile(fmt.Sprintf(`^%d01-0001$`, e.year)).MatchString(applID) {
		t.Fatalf("submit free: %s", r.Raw)
	}
	// The zero payment is where every payment is: staff see it paid, free.
	r = must(t, e.as("sysadmin").Do("GET", fmt.Sprintf("/apply/api-auth/admin/applications/%d", free), nil), 200, "staff page")
	if m, _ := r.Body["money"].(map[string]any); m["paid"] != true || m["method"] != "free" || amount(m["amount"]) != 0 {
		t.Fatalf("staff money of the free completion: %s", r.Raw)
	}
	mails := outboxMessages(t, e, "application_complete")
	if len(mails) != 1 || mails[0].Locale != "ko" || mails[0].Message.(*mailmsg.ApplicationCompleted).ExamNumber != applID ||
		mails[0].Message.(*mailmsg.ApplicationCompleted).School != "누리예술대학원" {
		t.Fatalf("mail: %v", mails)
	}
	// View only after completion.
	r = must(t, upload(t, c, free, `{"itemCode":"00002"}`, "late.pdf", pdfBody), 409, "upload after completion")
	if r.Body["code"] != "application.not_modifiable" {
		t.Fatalf("after completion: %s", r.Raw)
	}
	r = must(t, c.Do("GET", "/apply/api-auth/appl/list", nil), 200, "list")
	found := false
	for _, it := range r.List {
		found = found || it.(map[string]any)["applId"] == applID
	}
	if !found {
		t.Fatalf("list has no exam number: %s", r.Raw)
	}

	// The slip and the application PDF.
	slip := send(t, c, "GET", fmt.Sprintf("/apply/api-auth/appl/slip/%d", free), "", nil)
	if slip.Status != 200 || !strings.HasPrefix(slip.Raw, "%PDF") || !strings.HasPrefix(slip.Header.Get("Content-Disposition"), "attachment;") {
		t.Fatalf("slip: %d %.200s", slip.Status, slip.Raw)
	}
	if text := pdfText(t, slip.Raw); text != "" && (!strings.Contains(text, applID) || !strings.Contains(text, "김하늘")) {
		t.Fatalf("slip text lacks the exam number or name: %q", text)
	}
	doc := send(t, c, "GET", fmt.Sprintf("/apply/api-auth/appl/print/%d", free), "", nil)
	if doc.Status != 200 || !strings.HasPrefix(doc.Raw, "%PDF") {
		t.Fatalf("application pdf: %d %.200s", doc.Status, doc.Raw)
	}
	if text := pdfText(t, doc.Raw); text != "" && (!strings.Contains(text, "김하늘") || !strings.Contains(text, "Basic information")) {
		t.Fatalf("application text: %q", text)
	}
	// Defect 5: the slip never shows the internal application number; both
	// PDFs give names, not codes, in the request's language.
	rawNo := regexp.MustCompile(fmt.Sprintf(`(^|\D)%d(\D|$)`, free))
	if text := pdfText(t, slip.Raw); text != "" && (rawNo.MatchString(text) || !strings.Contains(text, "발급일")) {
		t.Fatalf("slip shows application no. %d or lacks the issue date: %q", free, text)
	}
	for lang, want := range map[string]string{"ko": "접수 완료", "en": "Application complete"} {
		c.Lang = lang
		doc := send(t, c, "GET", fmt.Sprintf("/apply/api-auth/appl/print/%d", free), "", nil)
		if text := pdfText(t, doc.Raw); text != "" && (!strings.Contains(text, want) || strings.Contains(text, "COMPLETE")) {
			t.Fatalf("%s application text lacks %q or shows the raw status: %q", lang, want, text)
		}
	}
}

// pdfText extracts a PDF's text with poppler's pdftotext; a missing
// pdftotext fails the test (see package testenv for the opt-out).
func pdfText(t *testing.T, pdf string) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		testenv.Missing(t, "pdftotext (apt-get install poppler-utils)", err)
		return ""
	}
	f := filepath.Join(t.TempDir(), "x.pdf")
	_ = os.WriteFile(f, []byte(pdf), 0o600)
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", f, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

func TestFiftyConcurrentCompletions(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	ctx := context.Background()
	tpl := e.create(c, "ARTS01", "MA01", true)
	db := e.a.DB.Pool
	if _, err := db.Exec(ctx, "UPDATE recruit_part SET appl_id_rule = '{YY}{MAJOR}-{SEQ:4}' WHERE school_code = 'ARTS01'"); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(ctx, `INSERT INTO application (user_id, school_code, enter_year, recruit_part_seq, status)
		SELECT user_id, school_code, enter_year, recruit_part_seq, 'SUBMIT' FROM application, generate_series(1, 50)
		WHERE appl_no = $1 RETURNING appl_no`, tpl)
	if err != nil {
		t.Fatal(err)
	}
	var nos []int64
	for rows.Next() {
		var n int64
		_ = rows.Scan(&n)
		nos = append(nos, n)
	}
	rows.Close()
	if _, err := db.Exec(ctx, `INSERT INTO application_part (appl_no, choice_seq, appl_part_no, major_code, is_master, is_general_type,
		stay_type_code, category_code) SELECT a.appl_no, 1, p.appl_part_no, p.major_code, p.is_master, p.is_general_type, p.stay_type_code,
		p.category_code FROM application a, application_part p WHERE p.appl_no = $1 AND a.appl_no <> $1 AND a.school_code = 'ARTS01'`, tpl); err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(nos))
	errs := make([]error, len(nos))
	var wg sync.WaitGroup
	for i, n := range nos {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h, err := e.a.Submission.Complete(ctx, n, application.ByPayment, "en")
			ids[i], errs[i] = h.ApplID, err
		}()
	}
	wg.Wait()
	rule := regexp.MustCompile(fmt.Sprintf(`^%02dMA01-(\d{4})$`, e.year%100))
	seen := map[string]bool{}
	for i, id := range ids {
		if errs[i] != nil {
			t.Fatalf("completion %d: %v", i, errs[i])
		}
		if !rule.MatchString(id) || seen[id] {
			t.Fatalf("exam number %q: duplicate or off the rule", id)
		}
		seen[id] = true
	}
	if len(seen) != 50 {
		t.Fatalf("%d distinct numbers", len(seen))
	}
	var maxSeq int
	_ = db.QueryRow(ctx, "SELECT last_seq FROM appl_id_counter WHERE school_code = 'ARTS01'").Scan(&maxSeq)
	if maxSeq != 50 || !seen[fmt.Sprintf("%02dMA01-0050", e.year%100)] {
		t.Fatalf("counter %d, numbers %v", maxSeq, seen)
	}
	if got := len(outboxMails(t, e, "application_complete")); got != 50 {
		t.Fatalf("%d completion mails, want 50", got)
	}
	// Completing again is refused and gives no number.
	if _, err := e.a.Submission.Complete(ctx, nos[0], application.ByPayment, ""); err == nil {
		t.Fatal("completed twice")
	}
}

func TestExamNumberLookup(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	ctx := context.Background()
	n := e.create(c, "ARTS01", "SD01", true)
	e.setStatus(n, "SUBMIT")
	h, err := e.a.Submission.Complete(ctx, n, application.BySysAdmin, "ko")
	if err != nil {
		t.Fatal(err)
	}
	guest := apptest.NewClient(t, e.srv)
	guest.Lang = "en"
	r := must(t, guest.Do("POST", "/apply/api/exam-number/lookup", map[string]any{"email": "applicant1@demo.gradapply.example"}), 400, "no captcha")
	if fields(r)["altcha"] == nil {
		t.Fatalf("captcha: %s", r.Raw)
	}
	known := must(t, guest.Do("POST", "/apply/api/exam-number/lookup", map[string]any{"email": "Applicant1@demo.gradapply.example", "altcha": solve(t, guest)}), 200, "known")
	unknown := must(t, guest.Do("POST", "/apply/api/exam-number/lookup", map[string]any{"email": "nobody@example.com", "altcha": solve(t, guest)}), 200, "unknown")
	noneDone := must(t, guest.Do("POST", "/apply/api/exam-number/lookup", map[string]any{"email": "applicant2@demo.gradapply.example", "altcha": solve(t, guest)}), 200, "no completed")
	if known.Raw != unknown.Raw || known.Raw != noneDone.Raw || strings.Contains(known.Raw, h.ApplID) {
		t.Fatalf("answers differ or show the number: %s / %s / %s", known.Raw, unknown.Raw, noneDone.Raw)
	}
	mails := outboxMails(t, e, "exam_number")
	if len(mails) != 1 || mails[0]["to"] != "applicant1@demo.gradapply.example" ||
		!strings.Contains(fmt.Sprint(mails[0]["data"]), h.ApplID) {
		t.Fatalf("mails: %v", mails)
	}
	// Per address: the 4th lookup within the hour is refused.
	for i := 0; i < 3; i++ {
		guest.Do("POST", "/apply/api/exam-number/lookup", map[string]any{"email": "nobody@example.com", "altcha": solve(t, guest)})
	}
	r = guest.Do("POST", "/apply/api/exam-number/lookup", map[string]any{"email": "nobody@example.com", "altcha": solve(t, guest)})
	if r.Status != 429 || r.Body["code"] != "examno.lookup_limited" || r.Header.Get("Retry-After") == "" {
		t.Fatalf("rate limit: %d %s", r.Status, r.Raw)
	}
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
