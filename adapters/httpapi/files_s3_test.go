package httpapi_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/gradapply/gradapply/adapters/app"
	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/filestore"
	"github.com/gradapply/gradapply/adapters/filestore/s3test"
	"github.com/gradapply/gradapply/adapters/password"
	"github.com/gradapply/gradapply/adapters/web"
)

// envWith is newApplyEnv without t.Parallel, the configuration changed by mutate.
func envWith(t *testing.T, mutate func(*config.Config)) *applyEnv {
	t.Helper()
	a := apptest.New(t, func(c *config.Config) {
		c.DemoData = true
		mutate(c)
	})
	seoul, _ := time.LoadLocation("Asia/Seoul")
	return &applyEnv{t: t, a: a, srv: apptest.Serve(t, a), year: time.Now().In(seoul).Year() + 1}
}

// newS3Env is newApplyEnv (without t.Parallel) with FILE_STORE=s3 on a
// versitygw of its own.
func newS3Env(t *testing.T) (*applyEnv, filestore.S3Config) {
	t.Helper()
	s3 := s3test.Start(t).Config()
	return envWith(t, func(c *config.Config) { c.FileStore, c.S3 = "s3", config.S3(s3) }), s3
}

// objects lists a bucket's objects with their sizes.
func objects(t *testing.T, cfg filestore.S3Config) map[string]int64 {
	t.Helper()
	cl, err := minio.New(cfg.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""), Region: cfg.Region})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for o := range cl.ListObjects(context.Background(), cfg.Bucket, minio.ListObjectsOptions{Recursive: true}) {
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		out[o.Key] = o.Size
	}
	return out
}

// streamUpload posts a document whose file part is read from body as the
// request goes, so the client holds none of it.
func streamUpload(t *testing.T, c *apptest.Client, applNo int64, request, fileName string, body io.Reader) apptest.Response {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		rw, _ := mw.CreateFormField("request")
		_, _ = io.WriteString(rw, request)
		fw, _ := mw.CreateFormFile("file", fileName)
		_, err := io.Copy(fw, body)
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	return send(t, c, "POST", fmt.Sprintf("/apply/api-auth/appl/doc/upload/%d", applNo), mw.FormDataContentType(), pr)
}

// download GETs path from the server at base with c's cookies, asking for
// no compression so Content-Length is the server's.
func download(t *testing.T, c *apptest.Client, base, path string) apptest.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", base+path, nil)
	req.Header.Set("Accept-Encoding", "identity")
	for k, v := range c.Cookie {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return apptest.Response{Status: res.StatusCode, Header: res.Header, Raw: string(b)}
}

// With FILE_STORE=s3 a document of several megabytes goes through the API
// into the bucket (nothing on local disk), comes back byte for byte with
// the download headers of the disk store, and leaves the bucket when the
// applicant withdraws (the drafts' files go with the account).
func TestDocumentsOnS3(t *testing.T) {
	t.Parallel()
	e, s3 := newS3Env(t)
	if ret, err := e.a.Retention(); err != nil || ret.Files != e.a.Files || e.a.MyData.Files != e.a.Files {
		t.Fatalf("the retention job and the withdrawal do not delete from the S3 store: %v", err)
	}
	c := e.as("applicant1")
	n := e.create(c, "236", "DC01", true)
	e.setStatus(n, "ADD_INFO_SAVE")

	const size = 7<<20 + 4321 // two parts of a multipart upload
	body := make([]byte, size)
	copy(body, "%PDF-1.7\n")
	for i := 9; i < size; i++ {
		body[i] = byte('a' + i%23)
	}
	r := must(t, streamUpload(t, c, n, `{"itemCode":"00099","seq":1}`, "연구계획서.pdf", bytes.NewReader(body)), 200, "upload")
	var up struct {
		Document struct {
			FileKey string `json:"fileKey"`
		} `json:"document"`
	}
	if err := json.Unmarshal([]byte(r.Raw), &up); err != nil || up.Document.FileKey == "" {
		t.Fatalf("upload answer: %s %v", r.Raw, err)
	}
	objs := objects(t, s3)
	if len(objs) != 1 {
		t.Fatalf("bucket after one upload: %v", objs)
	}
	for _, sz := range objs {
		if sz != size {
			t.Fatalf("stored %d bytes, sent %d", sz, size)
		}
	}
	if got := storedFiles(t, e.a.Config.FileDir); got != 0 {
		t.Fatalf("%d files on local disk with FILE_STORE=s3", got)
	}

	dl := download(t, c, e.srv.URL, fmt.Sprintf("/apply/api-auth/appl/doc/file/%d/%s", n, up.Document.FileKey))
	cd := dl.Header.Get("Content-Disposition")
	if dl.Status != 200 || sha256.Sum256([]byte(dl.Raw)) != sha256.Sum256(body) ||
		dl.Header.Get("Content-Length") != strconv.Itoa(size) || dl.Header.Get("Content-Type") != "application/pdf" ||
		!strings.HasPrefix(cd, "attachment;") || !strings.Contains(cd, "filename*=UTF-8''%EC%97%B0%EA%B5%AC%EA%B3%84%ED%9A%8D%EC%84%9C.pdf") ||
		dl.Header.Get("X-Content-Type-Options") != "nosniff" || dl.Header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("download: %d, %d bytes (sent %d), headers %v", dl.Status, len(dl.Raw), size, dl.Header)
	}

	r = must(t, c.Do("POST", "/user/api/confirm/pwd", map[string]any{"password": demoPassword, "type": "MODIPY"}), 200, "confirm password")
	c.Headers = map[string]string{"X-Modify-Ticket": r.Body["ticket"].(string)}
	must(t, c.Do("POST", "/user/api/withdraw", map[string]any{"confirm": true}), 200, "withdraw")
	if objs := objects(t, s3); len(objs) != 0 {
		t.Fatalf("bucket after the withdrawal: %v", objs)
	}
}

// Two servers on one bucket: a file uploaded through one replica
// downloads through the other.
func TestS3FileThroughAnotherReplica(t *testing.T) {
	t.Parallel()
	e, s3 := newS3Env(t)
	c := e.as("applicant2")
	n := e.create(c, "236", "DC01", true)
	e.setStatus(n, "ADD_INFO_SAVE")
	r := must(t, upload(t, c, n, `{"itemCode":"00002"}`, "diploma.pdf", pdfBody), 200, "upload")
	var up struct {
		Document struct {
			FileKey string `json:"fileKey"`
		} `json:"document"`
	}
	if err := json.Unmarshal([]byte(r.Raw), &up); err != nil || up.Document.FileKey == "" {
		t.Fatalf("upload answer: %s %v", r.Raw, err)
	}
	// The second replica: the same database and bucket, its own process state.
	cfg := e.a.Config
	cfg.FileDir = t.TempDir()
	b, err := app.Build(context.Background(), cfg, app.Options{Hasher: password.Argon2{Memory: 64, Time: 1, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	other := httptest.NewServer(web.New(b).Echo)
	t.Cleanup(other.Close)
	dl := download(t, c, other.URL, fmt.Sprintf("/apply/api-auth/appl/doc/file/%d/%s", n, up.Document.FileKey))
	if dl.Status != 200 || dl.Raw != string(pdfBody) {
		t.Fatalf("download through the other replica: %d %q", dl.Status, dl.Raw)
	}
	if objs := objects(t, s3); len(objs) != 1 {
		t.Fatalf("bucket: %v", objs)
	}
}
