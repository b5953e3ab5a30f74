package main

// -mix deadline: deadline day. Each of -users applicants goes through the
// whole application, and again with a fresh account (created in the
// database, as -step does) when it is done, until -duration is up: sign-in,
// the list, every form step typed (two drafts) and saved, the round's three
// required documents uploaded (1-3 MB each, within each document's limit),
// submission, the fee paid by card through the test gateway (the page's
// approval, the provider's signed webhook as PortOne sends it, the
// browser's return), the list again and the slip PDF. No think time.
//
// On deadline day applicants are at every point of that way at once, so
// before the clock starts each one is brought, untimed and 8 at a time, to
// a random stage of its first journey; without that all of them would
// begin by signing in together (argon2id) and a short run would measure
// little else.
//
// It prints one line per operation (count, per second, p50, p95, p99,
// errors) and a last line
//
//	deadline mix: <ops> ops, <x>/s, p95 <y> ms, errors <e>, lost <l>
//
// where lost counts what the clients were told succeeded (the last save
// of each step, each upload, submission and payment, the untimed ones
// included) and is not so afterwards: read back through the API (steps,
// documents' bytes) and from the database (status, PAID attempts, exam
// numbers). The server must run with TESTPG_WEBHOOK_SECRET given here as
// -secret.

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

// journey is one applicant's way from sign-in to the slip, as stages run
// one after the other; a failed stage (counted on its operation) ends it.
type journey struct {
	m      *mixRun
	cl     *flow.Client
	userID string
	email  string
	seed   int
	a      flow.Application
	docs   []flow.Document
	pid    string
	acc    *accepted
}

type stage struct {
	name string // for -v
	run  func(rec recorder) error
}

func (m *mixRun) newJourney(userID string, seed int) *journey {
	return &journey{m: m, cl: flow.New(m.base, m.hc), userID: userID, email: userID + "@load.gradapply.example", seed: seed}
}

// stages are the journey's stages; those after the documents depend on
// what the form says (its steps, the round's documents), so the list is
// complete once the application exists: stages answers it again then.
func (j *journey) stages() []stage {
	cl := j.cl
	out := []stage{
		{"sign-in", func(rec recorder) error {
			return rec.time("sign-in", func() error { return cl.Login(j.userID, loadPassword) })
		}},
		{"list", func(rec recorder) error { return rec.time("list", func() error { _, err := cl.List(); return err }) }},
		{"part", func(rec recorder) error {
			err := rec.time("step save", func() (err error) { j.a, err = cl.Create(j.m.round, j.m.major); return })
			if err == nil {
				j.acc = &accepted{client: cl, appl: j.a, email: j.email, lastSave: map[string]int{}, uploads: map[string]string{}}
			}
			return err
		}},
	}
	if j.acc == nil {
		return out
	}
	for _, step := range flow.FormSteps {
		if !j.a.Has(step) {
			continue
		}
		out = append(out, stage{step, func(rec recorder) error {
			for k := range 2 { // the form keeps a draft while the applicant types
				if err := rec.time("draft", func() error { return cl.Draft(j.a, step, j.seed*10+k, j.email) }); err != nil {
					return err
				}
			}
			if err := rec.time("step save", func() error { return cl.SaveStep(j.a, step, j.seed, j.email) }); err != nil {
				return err
			}
			j.acc.lastSave[step] = j.seed
			return nil
		}})
	}
	out = append(out, stage{"documents", func(rec recorder) error {
		return rec.time("documents", func() (err error) { j.docs, err = cl.Documents(j.a); return })
	}})
	for k := range 3 { // the round's three required documents
		out = append(out, stage{"upload", func(rec recorder) error {
			if k >= len(j.docs) {
				return nil
			}
			d := j.docs[k]
			size := int64(1<<20 + mrand.IntN(2<<20)) // #nosec G404 -- 1-3 MB load-test sizes, not a secret
			name, content := flow.File(d, size, j.seed*10+k)
			if err := rec.time("upload", func() error { _, err := cl.Upload(j.a, d.Code, name, content); return err }); err != nil {
				return err
			}
			sum := sha256.Sum256(content)
			j.acc.uploads[d.Code] = hex.EncodeToString(sum[:])
			return nil
		}})
	}
	out = append(out, stage{"documents save", func(rec recorder) error {
		return rec.time("documents save", func() error { return cl.SaveDocuments(j.a) })
	}})
	if j.a.Has("SURVEY") {
		out = append(out, stage{"survey", func(rec recorder) error { return rec.time("survey", func() error { return cl.SaveSurvey(j.a) }) }})
	}
	out = append(out,
		stage{"submit", func(rec recorder) error {
			err := rec.time("submit", func() error { _, _, err := cl.Submit(j.a); return err })
			j.acc.submitted = err == nil
			return err
		}},
		stage{"pay start", func(rec recorder) error {
			return rec.time("pay start", func() (err error) { j.pid, err = cl.StartPayment(j.a); return })
		}},
		stage{"pay approve", func(rec recorder) error { return rec.time("pay approve", func() error { return cl.Approve(j.pid) }) }},
		stage{"webhook", func(rec recorder) error {
			return rec.time("webhook", func() error {
				st, err := cl.Webhook(j.m.secret, j.pid, "msg_mix_"+j.pid)
				if err == nil && st >= 300 {
					err = &flow.Error{What: "webhook", Status: st}
				}
				return err
			})
		}},
		stage{"pay confirm", func(rec recorder) error {
			err := rec.time("pay confirm", func() error {
				res, err := cl.Confirm(j.pid)
				if err == nil && res != "PAID" {
					err = fmt.Errorf("confirm: %s", res)
				}
				return err
			})
			j.acc.paid = err == nil
			return err
		}},
		stage{"list", func(rec recorder) error { return rec.time("list", func() error { _, err := cl.List(); return err }) }},
		stage{"slip", func(rec recorder) error { return rec.time("slip", func() error { _, err := cl.Slip(j.a); return err }) }},
	)
	return out
}

// runStages runs the journey's stages from `from` on, while until is
// ahead (zero: to the end) and below stop (negative: all); it answers the
// next stage to run and whether the journey ended by a failure.
func (j *journey) runStages(rec recorder, from, stop int, until time.Time) (int, bool) {
	for i := from; ; i++ {
		st := j.stages()
		if i >= len(st) || (stop >= 0 && i >= stop) || (!until.IsZero() && time.Now().After(until)) {
			return i, false
		}
		if st[i].run(rec) != nil {
			return i, true
		}
	}
}

// journeyLength is the number of stages of a journey in the round (the
// steps and documents of 236's demo round).
func (m *mixRun) journeyLength() int {
	j := m.newJourney("", 0)
	j.acc = &accepted{}
	j.a = flow.Application{Steps: flow.FormSteps}
	j.a.Steps = append(j.a.Steps, "SURVEY")
	return len(j.stages())
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

	// Deadline day has applicants at every point of the way: each one is
	// first brought, untimed and 8 at a time, to a random stage of its
	// journey; the clock starts when all are there.
	journeys := make([]*journey, users)
	next := make([]int, users)
	length := m.journeyLength()
	var mu sync.Mutex
	var all []*accepted
	keep := func(j *journey) {
		if j.acc != nil {
			mu.Lock()
			all = append(all, j.acc)
			mu.Unlock()
		}
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	prepErrs := 0
	for slot := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			id, err := m.account(ctx, slot, 0)
			if err != nil {
				fmt.Fprintln(os.Stderr, "loadtest: account:", err)
				return
			}
			j := m.newJourney(id, slot*1000)
			stop := mrand.IntN(length) // #nosec G404 -- where a simulated applicant starts, not a secret
			n, failed := j.runStages(recorder{}, 0, stop, time.Time{})
			if failed {
				mu.Lock()
				prepErrs++
				mu.Unlock()
				j, n = nil, 0
			}
			journeys[slot], next[slot] = j, n
		}()
	}
	wg.Wait()
	if prepErrs > 0 {
		fmt.Fprintf(os.Stderr, "loadtest: %d applicants failed while being placed; they start from the beginning\n", prepErrs)
	}

	fmt.Printf("deadline mix: users=%d duration=%s school=%s base=%s\n", users, duration, school, base)
	recs := make([]recorder, users)
	start := time.Now()
	until := start.Add(duration)
	for slot := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := recorder{}
			recs[slot] = rec
			j, from := journeys[slot], next[slot]
			for n := 1; time.Now().Before(until); n++ {
				if j == nil {
					id, err := m.account(ctx, slot, n)
					if err != nil {
						fmt.Fprintln(os.Stderr, "loadtest: account:", err)
						return
					}
					j, from = m.newJourney(id, slot*1000+n), 0
				}
				j.runStages(rec, from, -1, until)
				keep(j)
				j = nil
			}
			if j != nil {
				keep(j) // placed, and the time was up before it moved
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
