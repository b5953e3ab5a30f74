//go:build cluster && linux

package cluster

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/filestore"
	"github.com/gradapply/gradapply/adapters/filestore/s3test"
	"github.com/gradapply/gradapply/adapters/mailer/smtptest"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/cmd/loadtest/flow"
)

const (
	applicants = 12 // each one through the whole flow
	saveRounds = 4  // every form step saved this many times
	password   = "Cluster2026!"
	school     = "236" // the paid demo round: KRW 80,000
	major      = "DC01"
	stagger    = 500 * time.Millisecond // between applicants' starts
)

// cluster is everything the run started.
type cluster struct {
	t        *testing.T
	root     string
	proxy    string // http://127.0.0.1:port
	secret   string // TESTPG_WEBHOOK_SECRET
	servers  [2]*proc
	workers  [2]*proc
	serverAt [2]string
	redis    *proc
	redisAt  string
	db       *postgres.DB
	s3       *s3test.Server
	s3cfg    filestore.S3Config
	smtp     *smtptest.Server
	faults   []string
	retries  atomic.Int64 // answers the clients retried (5xx, refused connections)
}

func key(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

func startCluster(t *testing.T) *cluster {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, root: root}
	logs := t.TempDir()
	bins := t.TempDir()
	t.Cleanup(func() {
		if t.Failed() {
			for _, p := range append(append([]*proc{c.redis}, c.servers[:]...), c.workers[:]...) {
				if p != nil {
					t.Logf("---- %s (last lines)\n%s", p.name, p.tail(25))
				}
			}
		}
	})
	built := time.Now()
	server := build(t, root, bins, "./cmd/server")
	worker := build(t, root, bins, "./cmd/worker")
	fmt.Printf("cluster: bin/server and bin/worker built in %.1fs\n", time.Since(built).Seconds())

	db, dsn := pgtest.New(t)
	c.db = db
	u, _ := url.Parse(dsn)
	q := u.Query()
	q.Set("pool_max_conns", "8") // four processes on a PostgreSQL others use too
	u.RawQuery = q.Encode()

	ports := freePorts(t, 4)
	listen, redisAddr := addr(ports[0]), addr(ports[1])
	c.serverAt = [2]string{addr(ports[2]), addr(ports[3])}
	c.proxy = "http://" + listen

	// Redis of its own, with the AOF a deployment keeps the job queue in.
	redisDir := t.TempDir()
	c.redis = newProc(t, logs, "redis", redisDir, os.Environ(), "redis-server", "--bind", "127.0.0.1", "--port", fmt.Sprint(ports[1]),
		"--save", "", "--appendonly", "yes", "--appendfsync", "everysec", "--dir", redisDir)
	c.redisAt = redisAddr
	c.redis.start()
	t.Cleanup(c.redis.stop)
	c.redis.waitTCP(redisAddr, 10*time.Second)

	c.s3 = s3test.Start(t)
	s3 := c.s3.Config()
	c.s3cfg = s3
	c.smtp = smtptest.New(t, smtptest.Options{})
	c.secret = "whsec_" + key(32)

	env := append(os.Environ(),
		"APP_ENV=development", "DATABASE_URL="+u.String(), "REDIS_URL=redis://"+redisAddr+"/0",
		"PUBLIC_URL="+c.proxy, "TRUSTED_PROXIES="+proxyAddr+"/32", "COOKIE_SECURE=false", "METRICS_ADDR=off",
		"LOG_LEVEL=warn", "JOB_QUEUE=cluster", "RATELIMIT_PREFIX=cluster:", "DEMO_DIR="+filepath.Join(root, "testdata", "demo"),
		"TOKEN_SIGNING_KEY="+key(48), "FIELD_ENCRYPTION_KEY="+key(32), "CAPTCHA_HMAC_KEY="+key(32), "CAPTCHA_MAX_NUMBER=2000",
		"PAY_TEST_GATEWAY=true", "TESTPG_WEBHOOK_SECRET="+c.secret,
		"FILE_STORE=s3", "S3_ENDPOINT="+s3.Endpoint, "S3_BUCKET="+s3.Bucket, "S3_REGION="+s3.Region,
		"S3_ACCESS_KEY="+s3.AccessKey, "S3_SECRET_KEY="+s3.SecretKey, "S3_USE_SSL=false",
		"MAIL_TRANSPORT=smtp", "SMTP_HOST="+c.smtp.Host, fmt.Sprintf("SMTP_PORT=%d", c.smtp.Port), "SMTP_TLS=none",
		"WORKER_CONCURRENCY=4")
	for i, name := range []string{"a", "b"} {
		e := append(append([]string{}, env...), "RUN_WORKER=false", "HTTP_ADDR="+c.serverAt[i])
		if i == 0 {
			e = append(e, "DEMO_DATA=true") // the first one loads the demo schools into the empty database
		}
		c.servers[i] = newProc(t, logs, "server-"+name, root, e, server)
		c.servers[i].start()
		t.Cleanup(c.servers[i].stop)
		c.servers[i].waitHTTP("http://"+c.serverAt[i]+"/actuator/health/readiness", 60*time.Second)
	}
	for i := range c.workers {
		c.workers[i] = newProc(t, logs, fmt.Sprintf("worker-%d", i+1), root, env, worker)
		c.workers[i].start()
		t.Cleanup(c.workers[i].stop)
	}
	startHAProxy(t, logs, listen, c.serverAt[0], c.serverAt[1])
	return c
}

// client is an applicant's HTTP client through the proxy.
func (c *cluster) client() *flow.Client {
	return flow.New(c.proxy, &http.Client{Timeout: 30 * time.Second})
}

// retryable: the replica went away under the request, or the proxy had
// none to send it to. Anything else is an answer.
func retryable(err error) bool {
	var fe *flow.Error
	if errors.As(err, &fe) {
		return fe.Status == 502 || fe.Status == 503 || fe.Status == 504
	}
	return err != nil
}

// try runs fn again while it fails for a retryable reason (30 s at most).
func (c *cluster) try(fn func() error) error {
	deadline := time.Now().Add(30 * time.Second)
	wait := 100 * time.Millisecond
	for {
		err := fn()
		if err == nil || !retryable(err) || time.Now().After(deadline) {
			return err
		}
		c.retries.Add(1)
		time.Sleep(wait)
		if wait < time.Second {
			wait *= 2
		}
	}
}

// chaos kills a server and a worker with SIGKILL and restarts them, and
// restarts Redis, while the applicants run.
func (c *cluster) chaos(start time.Time) {
	at := func(d time.Duration) { time.Sleep(time.Until(start.Add(d))) }
	note := func(s string) {
		c.faults = append(c.faults, s)
		fmt.Printf("cluster: %5.1fs %s\n", time.Since(start).Seconds(), s)
	}

	at(1500 * time.Millisecond)
	c.servers[0].signal(syscall.SIGKILL)
	note("server a killed (SIGKILL)")
	time.Sleep(time.Second)
	c.servers[0].start()
	c.servers[0].waitHTTP("http://"+c.serverAt[0]+"/actuator/health/readiness", 60*time.Second)
	note("server a back")

	at(3 * time.Second)
	c.workers[0].signal(syscall.SIGKILL)
	note("worker 1 killed (SIGKILL)")
	time.Sleep(time.Second)
	c.workers[0].start()
	note("worker 1 started again")

	at(4500 * time.Millisecond)
	c.redis.stop()
	note("redis stopped")
	time.Sleep(time.Second)
	c.redis.start()
	c.redis.waitTCP(c.redisAt, 10*time.Second)
	note("redis back")
}

// ledger is what the clients were told succeeded.
type ledger struct {
	mu          sync.Mutex
	saves       int
	lastSave    map[int64]map[string]int // applNo -> step -> the last accepted variant
	uploads     int
	lastUpload  map[int64]map[string]upload // applNo -> item -> the last accepted file
	crossReads  int                         // uploads read back through the other replica
	submissions map[int64]bool
	payments    map[int64]string // applNo -> payment id confirmed PAID
	emails      map[string]bool
	slips       int
	apps        map[int64]applied
}

// applied is an applicant's application and session, for the checks.
type applied struct {
	client *flow.Client
	appl   flow.Application
	email  string
}

type upload struct {
	key  string
	size int
	sum  string
}

var codeRe = regexp.MustCompile(`\b(\d{6})\b`)

// code waits for the sign-up code mailed to email.
func (c *cluster) code(email string) (string, error) {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		for _, m := range c.smtp.Mails() {
			for _, to := range m.To {
				if !strings.EqualFold(to, email) {
					continue
				}
				d, err := smtptest.Decode(m.Raw)
				if err != nil {
					return "", err
				}
				if sm := codeRe.FindStringSubmatch(d.Text); sm != nil {
					return sm[1], nil
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", fmt.Errorf("no sign-up code mailed to %s in 30 s", email)
}

// applicant goes through the whole flow once.
func (c *cluster) applicant(i int, led *ledger) error {
	cl := c.client()
	userID := fmt.Sprintf("cluster%02d", i)
	email := userID + "@cluster.gradapply.example"
	if err := c.try(func() error { return cl.RequestCode(email) }); err != nil {
		return err
	}
	code, err := c.code(email)
	if err != nil {
		return err
	}
	if err := c.try(func() error { return cl.SignUp(userID, email, password, code) }); err != nil {
		return err
	}
	led.mu.Lock()
	led.emails[strings.ToLower(email)] = true
	led.mu.Unlock()
	if err := c.try(func() error { return cl.Login(userID, password) }); err != nil {
		return err
	}
	var round flow.Round
	if err := c.try(func() (err error) { round, err = cl.OpenRound(school); return }); err != nil {
		return err
	}
	var a flow.Application
	if err := c.try(func() (err error) { a, err = cl.Create(round, major); return }); err != nil {
		return err
	}
	led.mu.Lock()
	led.lastSave[a.No], led.lastUpload[a.No] = map[string]int{}, map[string]upload{}
	led.apps[a.No] = applied{client: cl, appl: a, email: email}
	led.mu.Unlock()
	for r := range saveRounds {
		for _, step := range flow.FormSteps {
			if !a.Has(step) {
				continue
			}
			v := i*100 + r
			if err := c.try(func() error { return cl.Draft(a, step, v, email) }); err != nil {
				return err
			}
			if err := c.try(func() error { return cl.SaveStep(a, step, v, email) }); err != nil {
				return err
			}
			led.mu.Lock()
			led.saves++
			led.lastSave[a.No][step] = v
			led.mu.Unlock()
		}
	}
	var docs []flow.Document
	if err := c.try(func() (err error) { docs, err = cl.Documents(a); return }); err != nil {
		return err
	}
	// Upload through replica a, read back through replica b.
	viaA, viaB := *cl, *cl
	viaA.Header, viaB.Header = http.Header{"X-Replica": {"a"}}, http.Header{"X-Replica": {"b"}}
	for k, d := range docs {
		name, content := flow.File(d, int64(100_000+k*50_000), i*10+k)
		var key, servedBy string
		if err := c.try(func() (err error) {
			key, err = viaA.Upload(a, d.Code, name, content)
			servedBy = viaA.Last.Get("X-Served-By")
			return
		}); err != nil {
			return err
		}
		led.mu.Lock()
		led.uploads++
		led.lastUpload[a.No][d.Code] = upload{key: key, size: len(content), sum: sum(content)}
		led.mu.Unlock()
		var back []byte
		if err := c.try(func() (err error) { back, err = viaB.Download(a, key); return }); err != nil {
			return err
		}
		if sum(back) != sum(content) {
			return fmt.Errorf("%s: document %s read back differs (%d bytes, sent %d)", userID, d.Code, len(back), len(content))
		}
		if other := viaB.Last.Get("X-Served-By"); other != "" && servedBy != "" && other != servedBy {
			led.mu.Lock()
			led.crossReads++
			led.mu.Unlock()
		}
	}
	if err := c.try(func() error { return cl.SaveDocuments(a) }); err != nil {
		return err
	}
	if a.Has("SURVEY") {
		if err := c.try(func() error { return cl.SaveSurvey(a) }); err != nil {
			return err
		}
	}
	// Submission: an answer lost with a replica is read again, never sent twice.
	var status, next string
	err = c.try(func() (err error) { status, next, err = cl.Submit(a); return })
	if err != nil {
		st, _, qerr := cl.Quote(a)
		if qerr != nil || st != "SUBMIT" {
			return err
		}
		status, next = st, "pay"
	} else {
		led.mu.Lock()
		led.submissions[a.No] = true
		led.mu.Unlock()
	}
	if status != "SUBMIT" || next != "pay" {
		return fmt.Errorf("%s: submitted %s next %s, want SUBMIT and pay", userID, status, next)
	}
	var paymentID string
	if err := c.try(func() (err error) { paymentID, err = cl.StartPayment(a); return }); err != nil {
		return err
	}
	if err := c.try(func() error { return cl.Approve(paymentID) }); err != nil {
		return err
	}
	// The provider's own delivery of the webhook (the gateway posted one
	// already): retried until answered 2xx, the same message id each time.
	msgID := fmt.Sprintf("msg_cluster_%d_%s", i, paymentID)
	if err := c.try(func() error {
		st, err := cl.Webhook(c.secret, paymentID, msgID)
		if err == nil && st >= 300 {
			err = &flow.Error{What: "webhook", Status: st}
		}
		return err
	}); err != nil {
		return err
	}
	var result string
	if err := c.try(func() (err error) {
		result, err = cl.Confirm(paymentID)
		if err == nil && result != "PAID" {
			err = &flow.Error{What: "confirm " + result, Status: 503}
		}
		return
	}); err != nil {
		return err
	}
	led.mu.Lock()
	led.payments[a.No] = paymentID
	led.mu.Unlock()
	if err := c.try(func() error { _, err := cl.List(); return err }); err != nil {
		return err
	}
	if err := c.try(func() error { _, err := cl.Slip(a); return err }); err != nil {
		return err
	}
	led.mu.Lock()
	led.slips++
	led.mu.Unlock()
	return nil
}

func TestCluster(t *testing.T) {
	began := time.Now()
	c := startCluster(t)
	fmt.Printf("cluster: up in %.1fs (PostgreSQL database, redis, versitygw, smtp, 2 servers, 2 workers, haproxy at %s)\n",
		time.Since(began).Seconds(), c.proxy)

	led := &ledger{lastSave: map[int64]map[string]int{}, lastUpload: map[int64]map[string]upload{},
		submissions: map[int64]bool{}, payments: map[int64]string{}, emails: map[string]bool{}, apps: map[int64]applied{}}
	start := time.Now()
	chaosDone := make(chan struct{})
	go func() { defer close(chaosDone); c.chaos(start) }()
	var wg sync.WaitGroup
	errs := make(chan error, applicants)
	for i := range applicants {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * stagger)
			if err := c.applicant(i+1, led); err != nil {
				errs <- fmt.Errorf("applicant %d: %w", i+1, err)
			}
		}()
	}
	wg.Wait()
	<-chaosDone
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	fmt.Printf("cluster: applicants done in %.1fs, %d answers retried by clients\n", time.Since(start).Seconds(), c.retries.Load())
	// Counted even when an applicant failed: the counts say what went missing.
	c.check(led)
	fmt.Printf("cluster: whole run %.1fs\n", time.Since(began).Seconds())
}
