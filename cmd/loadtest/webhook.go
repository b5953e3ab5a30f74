package main

// -step webhook: payment webhook handling. Each applicant gets a submitted
// application (SQL) and starts a card payment over HTTP; the test gateway
// is told the card was approved (SQL, no webhook); then one distinct
// signed Transaction.Paid webhook per payment is posted, -conc at a time,
// and the handling time of each is measured: signature check, the
// provider asked, the application completed with its exam number and two
// mails in the outbox, all in one transaction. The server must run with
// the same TESTPG_WEBHOOK_SECRET as given here:
//
//	TESTPG_WEBHOOK_SECRET=whsec_bG9hZHRlc3Qtd2ViaG9vay1zZWNyZXQtMDEyMzQ1Njc4OQ== ... ./bin/server &
//	go run ./cmd/loadtest -step webhook -users 1000 -conc 20 -base ... -db ... \
//	  -secret whsec_bG9hZHRlc3Qtd2ViaG9vay1zZWNyZXQtMDEyMzQ1Njc4OQ==

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/adapters/payment/testpg"
	"github.com/gradapply/gradapply/adapters/postgres"
)

func runWebhooks(base, dsn string, users, conc int, secret, school, major string) error {
	ctx := context.Background()
	key, err := portone.ParseSecret(secret)
	if err != nil {
		return err
	}
	if err := seed(ctx, dsn, users); err != nil {
		return err
	}
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	hc := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConns: conc * 2, MaxIdleConnsPerHost: conc * 2}}
	ids := make([]string, users)
	var wg sync.WaitGroup
	errs := make(chan error, users)
	sem := make(chan struct{}, 8)
	for i := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			c, n, err := prepare(base, hc, i+1, "basis", school, major)
			if err != nil {
				errs <- err
				return
			}
			if _, err := db.Pool.Exec(ctx, "UPDATE application SET status = 'SUBMIT' WHERE appl_no = $1 AND status <> 'COMPLETE'", n); err != nil {
				errs <- err
				return
			}
			st, body, err := c.do("POST", fmt.Sprintf("/apply/api-auth/appl/pay/start/%d", n), map[string]any{"payType": "card"})
			if err != nil || st != 200 {
				errs <- fmt.Errorf("start %d: %d %v %v", n, st, body, err)
				return
			}
			ids[i], _ = body["paymentId"].(string)
			if _, err := db.Pool.Exec(ctx, "UPDATE testpg_payment SET status = 'paid', tx_id = 'tx-load', paid_at = now() WHERE payment_id = $1", ids[i]); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}

	fmt.Printf("step=webhook events=%d conc=%d base=%s\n", users, conc, base)
	target := base + testpg.WebhookPath
	lat := make([]time.Duration, users)
	var next, failed atomic.Int64
	status := sync.Map{}
	start := time.Now()
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= users {
					return
				}
				body := testpg.EventBody("Transaction.Paid", ids[i], time.Now())
				req, _ := http.NewRequest(http.MethodPost, target, bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				for k, v := range portone.SignHeaders(fmt.Sprintf("msg_load_%d_%d", start.UnixNano(), i), time.Now(), body, key) {
					req.Header.Set(k, v)
				}
				t0 := time.Now()
				res, err := hc.Do(req)
				lat[i] = time.Since(t0)
				if err != nil {
					failed.Add(1)
					continue
				}
				res.Body.Close()
				v, _ := status.LoadOrStore(res.StatusCode, new(atomic.Int64))
				v.(*atomic.Int64).Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(lat)
	pct := func(p float64) time.Duration { return lat[int(float64(len(lat)-1)*p)] }
	fmt.Printf("elapsed %s, %.1f webhooks/s\n", elapsed.Round(time.Millisecond), float64(users)/elapsed.Seconds())
	fmt.Printf("latency p50 %s p95 %s p99 %s max %s\n", pct(0.50).Round(time.Millisecond), pct(0.95).Round(time.Millisecond),
		pct(0.99).Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond))
	status.Range(func(k, v any) bool { fmt.Printf("status %v: %d\n", k, v.(*atomic.Int64).Load()); return true })
	if n := failed.Load(); n > 0 {
		fmt.Printf("transport errors: %d\n", n)
	}
	var done int
	if err := db.Pool.QueryRow(ctx, "SELECT count(*) FROM pay_attempt WHERE payment_id = ANY($1) AND result = 'PAID'", ids).Scan(&done); err != nil {
		return err
	}
	fmt.Printf("payments completed: %d of %d\n", done, users)
	return nil
}
