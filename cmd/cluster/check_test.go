//go:build cluster && linux

package cluster

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/gradapply/gradapply/adapters/filestore"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/mailer/smtptest"
	"github.com/gradapply/gradapply/cmd/loadtest/flow"
)

func sum(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

// check compares what the clients were told succeeded with what the
// database, the bucket and the mail server hold, prints the counts and
// fails the test unless nothing is lost or doubled.
func (c *cluster) check(led *ledger) {
	t := c.t
	ctx := context.Background()
	var appls []int64
	for n := range led.apps {
		appls = append(appls, n)
	}
	sort.Slice(appls, func(i, j int) bool { return appls[i] < appls[j] })
	var problems []string
	bad := func(f string, a ...any) { problems = append(problems, fmt.Sprintf(f, a...)) }

	// Saves: every step shows its last accepted save, once.
	savesLost := 0
	for _, n := range appls {
		ap := led.apps[n]
		for step, v := range led.lastSave[n] {
			var body map[string]any
			if err := c.try(func() (err error) { body, err = ap.client.ReadStep(ap.appl, step); return }); err != nil {
				t.Fatalf("read %s of %d: %v", step, n, err)
			}
			if !flow.Holds(step, body, v) {
				savesLost++
				bad("application %d: %s does not hold its last accepted save (%d)", n, step, v)
			}
		}
	}

	// Uploads: one row per document, the last accepted file, its object
	// in the bucket with the same bytes.
	store, err := filestore.NewS3(ctx, c.s3cfg)
	if err != nil {
		t.Fatal(err)
	}
	type docRow struct{ key, stored string }
	rows := map[string][]docRow{} // appl/item -> rows
	dbDocs := 0
	r, err := c.db.Pool.Query(ctx, "SELECT appl_no, item_code, file_key, stored_name FROM appl_document WHERE appl_no = ANY($1)", appls)
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		var n int64
		var item, key, stored string
		if err := r.Scan(&n, &item, &key, &stored); err != nil {
			t.Fatal(err)
		}
		rows[fmt.Sprintf("%d/%s", n, item)] = append(rows[fmt.Sprintf("%d/%s", n, item)], docRow{key, stored})
		dbDocs++
	}
	r.Close()
	uploadsLost, uploadsDoubled := 0, 0
	for _, n := range appls {
		for item, up := range led.lastUpload[n] {
			got := rows[fmt.Sprintf("%d/%s", n, item)]
			switch {
			case len(got) == 0 || got[0].key != up.key:
				uploadsLost++
				bad("application %d: document %s is not the accepted upload %s: %v", n, item, up.key, got)
				continue
			case len(got) > 1:
				uploadsDoubled++
				bad("application %d: document %s stored %d times", n, item, len(got))
			}
			rc, err := store.Open(ctx, got[0].stored)
			if err != nil {
				uploadsLost++
				bad("application %d: document %s: object %s: %v", n, item, got[0].stored, err)
				continue
			}
			b, err := io.ReadAll(rc)
			rc.Close()
			if err != nil || sum(b) != up.sum {
				uploadsLost++
				bad("application %d: document %s: object differs (%d bytes, %v)", n, item, len(b), err)
			}
		}
	}
	objects := c.countObjects(ctx)

	// Submissions and payments: every accepted one is in the database, each
	// application paid exactly once and given one exam number.
	status := map[int64]string{}
	examNo := map[int64]string{}
	paid := map[int64]int{}
	r, err = c.db.Pool.Query(ctx, `SELECT a.appl_no, a.status, coalesce(a.appl_id, ''),
		(SELECT count(*) FROM pay_attempt p WHERE p.appl_no = a.appl_no AND p.result = 'PAID')
		FROM application a WHERE a.appl_no = ANY($1)`, appls)
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		var n int64
		var st, id string
		var p int
		if err := r.Scan(&n, &st, &id, &p); err != nil {
			t.Fatal(err)
		}
		status[n], examNo[n], paid[n] = st, id, p
	}
	r.Close()
	subsLost := 0
	for n := range led.submissions {
		if s := status[n]; s != "SUBMIT" && s != "COMPLETE" {
			subsLost++
			bad("application %d: submission accepted, status %q", n, s)
		}
	}
	paysLost, paysDoubled := 0, 0
	seen := map[string]int64{}
	for n := range led.payments {
		switch {
		case paid[n] == 0:
			paysLost++
			bad("application %d: payment accepted, none PAID", n)
		case paid[n] > 1:
			paysDoubled++
			bad("application %d: paid %d times", n, paid[n])
		}
		if status[n] != "COMPLETE" || examNo[n] == "" {
			paysLost++
			bad("application %d: paid, status %s exam number %q", n, status[n], examNo[n])
		}
		if o, ok := seen[examNo[n]]; ok && examNo[n] != "" {
			bad("applications %d and %d share exam number %s", o, n, examNo[n])
		}
		seen[examNo[n]] = n
	}

	// Mail: once the outbox is relayed and the workers idle, as many mails
	// arrived as the outbox holds (a relayed row keeps no payload, so the
	// count is the whole), and no applicant got one mail twice. A mail the
	// SIGKILLed worker held is late, not lost: asynq hands it out again once
	// its 30 s lease has run out and the recoverer (every minute) finds it,
	// then retries it after the usual backoff (15 s and more), so the wait
	// allows three minutes before a missing mail counts as lost.
	var expected, got, pending int
	twice := map[string]int{}
	deadline := time.Now().Add(3 * time.Minute)
	for {
		expected, pending = c.outbox(ctx)
		got = len(c.smtp.Mails())
		if (pending == 0 && got >= expected) || time.Now().After(deadline) {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	for _, m := range c.smtp.Mails() {
		d, err := smtptest.Decode(m.Raw)
		if err != nil {
			t.Fatal(err)
		}
		for _, to := range m.To {
			if led.emails[strings.ToLower(to)] {
				twice[strings.ToLower(to)+" "+d.Subject]++
			}
		}
	}
	mailsLost, mailsDoubled := max(expected-got, 0), max(got-expected, 0)
	for k, n := range twice {
		if n > 1 {
			bad("mail %q arrived %d times", k, n)
			mailsDoubled = max(mailsDoubled, 1)
		}
	}
	if mailsLost > 0 {
		bad("%d of %d mails did not arrive", mailsLost, expected)
	}
	if mailsDoubled > 0 {
		bad("%d mails arrived twice", mailsDoubled)
	}
	if pending > 0 {
		bad("%d outbox rows still waiting", pending)
	}

	// The client address the servers recorded: a staff read of an
	// application is logged with it; it must be the client's (127.0.0.1, from
	// X-Forwarded-For), never the proxy's own.
	staff := c.client()
	if err := c.try(func() error { return staff.Login("schooladmin", "GradApply2026") }); err != nil {
		t.Fatalf("staff sign-in: %v", err)
	}
	for _, n := range appls[:min(3, len(appls))] {
		if err := c.try(func() error {
			r, err := staff.Do("GET", fmt.Sprintf("/apply/api-auth/admin/applications/%d", n), nil)
			if err == nil {
				err = r.Expect("staff read", 200)
			}
			return err
		}); err != nil {
			t.Fatalf("staff read of %d: %v", n, err)
		}
	}
	addrs := map[string]int{}
	r, err = c.db.Pool.Query(ctx, "SELECT coalesce(remote_addr, ''), count(*) FROM audit_log GROUP BY 1")
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		var a string
		var n int
		if err := r.Scan(&a, &n); err != nil {
			t.Fatal(err)
		}
		addrs[a] = n
	}
	r.Close()
	if addrs["127.0.0.1"] == 0 {
		bad("no audit row names the client 127.0.0.1: %v", addrs)
	}
	if addrs[proxyAddr] > 0 {
		bad("%d audit rows name the proxy (%s) as the client: X-Forwarded-For not believed", addrs[proxyAddr], proxyAddr)
	}

	lost := savesLost + uploadsLost + subsLost + paysLost + mailsLost
	doubled := uploadsDoubled + paysDoubled + mailsDoubled
	fmt.Printf("cluster: faults: %s\n", strings.Join(c.faults, ", "))
	fmt.Printf("cluster: applicants %d, saves %d (lost %d), uploads %d (lost %d, read back through the other replica %d; %d rows, %d objects)\n",
		len(led.emails), led.saves, savesLost, led.uploads, uploadsLost, led.crossReads, dbDocs, objects)
	fmt.Printf("cluster: submissions %d (lost %d), payments %d (lost %d, paid twice %d), slips %d\n",
		len(led.submissions), subsLost, len(led.payments), paysLost, paysDoubled, led.slips)
	fmt.Printf("cluster: mails %d in the outbox, %d delivered (lost %d, delivered twice %d)\n", expected, got, mailsLost, mailsDoubled)
	fmt.Printf("cluster: client addresses in the audit log: %v (the proxy connects from %s)\n", addrs, proxyAddr)
	fmt.Printf("cluster: lost = %d, doubled = %d\n", lost, doubled)
	for _, p := range problems {
		t.Error(p)
	}
	if len(led.payments) != applicants || len(led.emails) != applicants {
		t.Errorf("%d applicants paid, %d signed up, want %d", len(led.payments), len(led.emails), applicants)
	}
}

// outbox answers how many mails the outbox holds and how many of its rows
// (mail and other jobs) wait to be relayed.
func (c *cluster) outbox(ctx context.Context) (mails, pending int) {
	err := c.db.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE task_type = $1), count(*) FILTER (WHERE relayed_at IS NULL)
		FROM outbox`, jobs.TypeMailSend).Scan(&mails, &pending)
	if err != nil {
		c.t.Fatal(err)
	}
	return mails, pending
}

// countObjects answers how many objects the bucket holds.
func (c *cluster) countObjects(ctx context.Context) int {
	mc, err := minio.New(c.s3cfg.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(c.s3cfg.AccessKey, c.s3cfg.SecretKey, ""), Region: c.s3cfg.Region})
	if err != nil {
		c.t.Fatal(err)
	}
	n := 0
	for o := range mc.ListObjects(ctx, c.s3cfg.Bucket, minio.ListObjectsOptions{Recursive: true}) {
		if o.Err != nil {
			c.t.Fatal(o.Err)
		}
		n++
	}
	return n
}
