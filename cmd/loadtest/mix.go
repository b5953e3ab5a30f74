package main

// -mix deadline: deadline day. Each of -users applicants goes through the
// whole application again and again until -duration is up, each time with
// a fresh account (created in the database, as -step does): sign-in, the
// list, every form step typed (drafts) and saved twice, the three required
// documents uploaded (1-3 MB each, within each document's limit),
// submission, the fee paid by card through the test gateway (the page's
// approval, then the provider's signed webhook as PortOne sends it, then
// the browser's return), the list again and the slip PDF. No think time:
// the applicants are as impatient as the machine lets them be.
//
// It prints one line per operation (count, per second, p50, p95, p99,
// errors) and a last line
//
//	deadline mix: <ops> ops, <x>/s, p95 <y> ms, errors <e>, lost <l>
//
// where lost counts what the clients were told succeeded (the last save
// of each step, each upload, submission and payment) and is not so
// afterwards: read back through the API (steps, documents' bytes) and from
// the database (status, PAID attempts, exam numbers). The server must run
// with TESTPG_WEBHOOK_SECRET given here as -secret.

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/gradapply/gradapply/adapters/password"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/cmd/loadtest/flow"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/permission"
)

// Operation names, in the order they are printed.
var mixOps = []string{"sign-in", "list", "draft", "step save", "documents", "upload", "documents save", "survey",
	"submit", "pay start", "pay approve", "webhook", "pay confirm", "slip"}

type opStats struct {
	lat  []time.Duration
	errs int
}

// recorder keeps every operation's latencies; each applicant has its own.
type recorder map[string]*opStats

func (r recorder) time(op string, fn func() error) error {
	s := r[op]
	if s == nil {
		s = &opStats{}
		r[op] = s
	}
	t0 := time.Now()
	err := fn()
	s.lat = append(s.lat, time.Since(t0))
	if err != nil {
		s.errs++
	}
	return err
}

// accepted is what one application's client was told succeeded.
type accepted struct {
	client    *flow.Client
	appl      flow.Application
	email     string
	lastSave  map[string]int
	uploads   map[string]string // item -> sha256 of the accepted file
	submitted bool
	paid      bool
}

type mixRun struct {
	base, secret, school, major string
	hc                          *http.Client
	db                          *postgres.DB
	users                       postgres.Users
	hash                        string
	runID                       string
	round                       flow.Round
}

// account creates the applicant's account of journey j.
func (m *mixRun) account(ctx context.Context, slot, j int) (string, error) {
	id := fmt.Sprintf("mx%s%04d%03d", m.runID, slot, j)
	mem, err := account.NewMember(account.NewUser{UserID: id, Email: id + "@load.gradapply.example", PasswordHash: m.hash,
		Roles: []permission.Role{permission.RoleUser}, Locale: "ko", AgreedAt: time.Now()})
	if err == nil {
		_, err = m.users.Create(ctx, mem)
	}
	return id, err
}

// journey is one applicant's way from sign-in to the slip; it stops at
// the first error (counted on its operation) or when the time is up.
func (m *mixRun) journey(rec recorder, userID string, seed int, until time.Time) *accepted {
	cl := flow.New(m.base, m.hc)
	email := userID + "@load.gradapply.example"
	late := func() bool { return time.Now().After(until) }
	if rec.time("sign-in", func() error { return cl.Login(userID, loadPassword) }) != nil || late() {
		return nil
	}
	if rec.time("list", func() error { _, err := cl.List(); return err }) != nil || late() {
		return nil
	}
	var a flow.Application
	if rec.time("step save", func() (err error) { a, err = cl.Create(m.round, m.major); return }) != nil {
		return nil
	}
	acc := &accepted{client: cl, appl: a, email: email, lastSave: map[string]int{}, uploads: map[string]string{}}
	for r := range 2 {
		for _, step := range flow.FormSteps {
			if !a.Has(step) {
				continue
			}
			v := seed*10 + r
			for range 2 { // the form saves a draft while the applicant types
				if rec.time("draft", func() error { return cl.Draft(a, step, v, email) }) != nil || late() {
					return acc
				}
			}
			if rec.time("step save", func() error { return cl.SaveStep(a, step, v, email) }) != nil {
				return acc
			}
			acc.lastSave[step] = v
			if late() {
				return acc
			}
		}
	}
	var docs []flow.Document
	if rec.time("documents", func() (err error) { docs, err = cl.Documents(a); return }) != nil || late() {
		return acc
	}
	for k, d := range docs {
		size := int64(1<<20 + mrand.IntN(2<<20)) // 1-3 MB
		name, content := flow.File(d, size, seed*10+k)
		if rec.time("upload", func() error { _, err := cl.Upload(a, d.Code, name, content); return err }) != nil {
			return acc
		}
		s := sha256.Sum256(content)
		acc.uploads[d.Code] = hex.EncodeToString(s[:])
		if late() {
			return acc
		}
	}
	if rec.time("documents save", func() error { return cl.SaveDocuments(a) }) != nil || late() {
		return acc
	}
	if a.Has("SURVEY") {
		if rec.time("survey", func() error { return cl.SaveSurvey(a) }) != nil || late() {
			return acc
		}
	}
	if rec.time("submit", func() error { _, _, err := cl.Submit(a); return err }) != nil {
		return acc
	}
	acc.submitted = true
	if late() {
		return acc
	}
	var pid string
	if rec.time("pay start", func() (err error) { pid, err = cl.StartPayment(a); return }) != nil {
		return acc
	}
	if rec.time("pay approve", func() error { return cl.Approve(pid) }) != nil {
		return acc
	}
	if rec.time("webhook", func() error {
		st, err := cl.Webhook(m.secret, pid, "msg_mix_"+pid)
		if err == nil && st >= 300 {
			err = &flow.Error{What: "webhook", Status: st}
		}
		return err
	}) != nil {
		return acc
	}
	if rec.time("pay confirm", func() error {
		res, err := cl.Confirm(pid)
		if err == nil && res != "PAID" {
			err = fmt.Errorf("confirm: %s", res)
		}
		return err
	}) != nil {
		return acc
	}
	acc.paid = true
	if late() {
		return acc
	}
	if rec.time("list", func() error { _, err := cl.List(); return err }) != nil || late() {
		return acc
	}
	_ = rec.time("slip", func() error { _, err := cl.Slip(a); return err })
	return acc
}

func runMix(base, dsn string, users int, duration time.Duration, secret, school, major string) error {
	ctx := context.Background()
	if dsn == "" {
		return errors.New("-db (or DATABASE_URL) is needed to create the applicants")
	}
	if secret == "" {
		return errors.New("-secret (the server's TESTPG_WEBHOOK_SECRET) is needed to sign the webhooks")
	}
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	hash, err := password.Default.Hash(loadPassword)
	if err != nil {
		return err
	}
	b := make([]byte, 2)
	_, _ = rand.Read(b)
	hc := &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConns: users * 2, MaxIdleConnsPerHost: users * 2}}
	m := &mixRun{base: base, secret: secret, school: school, major: major, hc: hc, db: db, users: postgres.Users{DB: db},
		hash: hash, runID: hex.EncodeToString(b)}
	if m.round, err = flow.New(base, hc).OpenRound(school); err != nil {
		return err
	}

	fmt.Printf("deadline mix: users=%d duration=%s school=%s base=%s\n", users, duration, school, base)
	recs := make([]recorder, users)
	var mu sync.Mutex
	var all []*accepted
	var wg sync.WaitGroup
	start := time.Now()
	until := start.Add(duration)
	for slot := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := recorder{}
			recs[slot] = rec
			for j := 0; time.Now().Before(until); j++ {
				id, err := m.account(ctx, slot, j)
				if err != nil {
					fmt.Fprintln(os.Stderr, "loadtest: account:", err)
					return
				}
				if acc := m.journey(rec, id, slot*1000+j, until); acc != nil {
					mu.Lock()
					all = append(all, acc)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	merged := map[string]*opStats{}
	var every []time.Duration
	ops, errs := 0, 0
	for _, r := range recs {
		for op, s := range r {
			t := merged[op]
			if t == nil {
				t = &opStats{}
				merged[op] = t
			}
			t.lat = append(t.lat, s.lat...)
			t.errs += s.errs
		}
	}
	fmt.Printf("%-15s %7s %8s %8s %8s %8s %7s\n", "operation", "count", "per s", "p50 ms", "p95 ms", "p99 ms", "errors")
	for _, op := range mixOps {
		s := merged[op]
		if s == nil {
			continue
		}
		slices.Sort(s.lat)
		every = append(every, s.lat...)
		ops += len(s.lat)
		errs += s.errs
		fmt.Printf("%-15s %7d %8.1f %8.1f %8.1f %8.1f %7d\n", op, len(s.lat), float64(len(s.lat))/elapsed.Seconds(),
			ms(pct(s.lat, 0.50)), ms(pct(s.lat, 0.95)), ms(pct(s.lat, 0.99)), s.errs)
	}
	slices.Sort(every)
	lost, counted, err := m.lost(ctx, all)
	if err != nil {
		return err
	}
	fmt.Printf("checked afterwards: %s\n", counted)
	fmt.Printf("deadline mix: %d ops, %.1f/s, p95 %.0f ms, errors %d, lost %d\n", ops, float64(ops)/elapsed.Seconds(),
		ms(pct(every, 0.95)), errs, lost)
	if lost > 0 {
		return fmt.Errorf("%d accepted changes lost", lost)
	}
	return nil
}

func pct(s []time.Duration, p float64) time.Duration {
	if len(s) == 0 {
		return 0
	}
	return s[int(float64(len(s)-1)*p)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// lost reads back everything the clients were told succeeded: each step's
// last save and each document's bytes through the API (8 at a time), the
// status, PAID attempts and exam numbers from the database.
func (m *mixRun) lost(ctx context.Context, all []*accepted) (int, string, error) {
	var mu sync.Mutex
	lost, saves, uploads := 0, 0, 0
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for _, acc := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			l := 0
			for step, v := range acc.lastSave {
				body, err := acc.client.ReadStep(acc.appl, step)
				if err != nil || !flow.Holds(step, body, v) {
					l++
				}
			}
			if len(acc.uploads) > 0 {
				docs, err := acc.client.Do("GET", fmt.Sprintf("/apply/api-auth/appl/doc/%d", acc.appl.No), nil)
				keys := map[string]string{}
				if err == nil {
					keys = flow.FileKeys(docs.Body)
				}
				for item, sum := range acc.uploads {
					b, err := acc.client.Download(acc.appl, keys[item])
					s := sha256.Sum256(b)
					if keys[item] == "" || err != nil || hex.EncodeToString(s[:]) != sum {
						l++
					}
				}
			}
			mu.Lock()
			lost += l
			saves += len(acc.lastSave)
			uploads += len(acc.uploads)
			mu.Unlock()
		}()
	}
	wg.Wait()
	var appls []int64
	want := map[int64]*accepted{}
	for _, acc := range all {
		appls = append(appls, acc.appl.No)
		want[acc.appl.No] = acc
	}
	rows, err := m.db.Pool.Query(ctx, `SELECT a.appl_no, a.status, coalesce(a.appl_id, ''),
		(SELECT count(*) FROM pay_attempt p WHERE p.appl_no = a.appl_no AND p.result = 'PAID')
		FROM application a WHERE a.appl_no = ANY($1)`, appls)
	if err != nil {
		return 0, "", err
	}
	defer rows.Close()
	subs, pays := 0, 0
	found := map[int64]bool{}
	exam := map[string]bool{}
	for rows.Next() {
		var n int64
		var st, id string
		var paid int
		if err := rows.Scan(&n, &st, &id, &paid); err != nil {
			return 0, "", err
		}
		found[n] = true
		acc := want[n]
		if acc.submitted {
			subs++
			if st != "SUBMIT" && st != "COMPLETE" {
				lost++
			}
		}
		if acc.paid {
			pays++
			if st != "COMPLETE" || id == "" || paid != 1 || exam[id] {
				lost++
			}
			exam[id] = true
		}
	}
	if err := rows.Err(); err != nil {
		return 0, "", err
	}
	for n := range want {
		if !found[n] {
			lost++
		}
	}
	return lost, fmt.Sprintf("%d applications, %d last saves, %d uploads, %d submissions, %d payments", len(all), saves, uploads, subs, pays), nil
}
