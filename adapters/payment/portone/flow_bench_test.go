package portone_test

import (
	"context"
	"net/http"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/app/paytest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/payment/payhttp/payfake"
	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/adapters/payment/portone/portonefake"
	"github.com/gradapply/gradapply/core/payment"
)

// BenchmarkWebhooks sends b.N distinct signed Transaction.Paid webhooks,
// one per paid payment of its own application, 16 at a time, to the
// server's webhook route over HTTP. Each is verified, PortOne is asked, and the
// application completes (exam number, two mails) in one transaction on
// PostgreSQL. It reports events per second and the p50 and p99 latency:
//
//	go test ./adapters/payment/portone -run '^$' -bench Webhooks -benchtime 1000x
func BenchmarkWebhooks(b *testing.B) {
	f := portonefake.New()
	b.Cleanup(f.Close)
	e := paytest.New(b, func(c *config.Config) { c.PortOne = fakeConfig(f) })
	ctx := context.Background()
	appls := e.Clone(b.N)
	deliveries := make([]payfake.Delivery, b.N)
	for i, n := range appls {
		co, err := e.Svc.Start(ctx, e.Owner, n, payment.StartRequest{PayType: "card", Locale: "ko"})
		if err != nil {
			b.Fatal(err)
		}
		if err := f.Pay(co.PaymentID, portone.MethodCard, co.Amount.Amount(), "KRW"); err != nil {
			b.Fatal(err)
		}
		deliveries[i] = f.Webhook(co.PaymentID, portone.WebhookPaid)
	}
	url := e.HookURL(payment.ProviderPortOne)
	lat := make([]time.Duration, b.N)
	next := make(chan int)
	var wg sync.WaitGroup
	var failed sync.Map
	b.ResetTimer()
	start := time.Now()
	for w := 0; w < 16; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				t0 := time.Now()
				codes, err := payfake.Send(ctx, url, deliveries[i])
				lat[i] = time.Since(t0)
				if err != nil || codes[0] != http.StatusOK {
					failed.Store(i, codes)
				}
			}
		}()
	}
	for i := range deliveries {
		next <- i
	}
	close(next)
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	failed.Range(func(k, v any) bool { b.Fatalf("delivery %v answered %v", k, v); return false })
	if got := e.Mails("payment_receipt"); got != b.N {
		b.Fatalf("%d receipts for %d payments", got, b.N)
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "events/s")
	b.ReportMetric(float64(lat[b.N/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[(b.N*99)/100].Microseconds())/1000, "p99-ms")
}
