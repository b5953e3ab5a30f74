package portone_test

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gradapply/gradapply/adapters/app/paytest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/payment/payhttp/payfake"
	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/adapters/payment/portone/portonefake"
	"github.com/gradapply/gradapply/core/payment"
)

// roundTrips counts what a pool sends to the server and waits for: each
// query or exec (BEGIN and COMMIT included) and each batch.
type roundTrips struct {
	n   atomic.Int64
	log func(string)
}

func (c *roundTrips) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	if c.log != nil {
		c.log(d.SQL)
	}
	return ctx
}
func (c *roundTrips) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (c *roundTrips) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	c.n.Add(1)
	return ctx
}
func (c *roundTrips) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (c *roundTrips) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}

// TestPaidWebhookRoundTrips sends a signed Transaction.Paid webhook to the
// real server over HTTP and counts the database round trips of handling
// it: verified, PortOne asked, the attempt PAID and the application
// COMPLETE with its exam number, a payment record and two mails, all in
// one transaction. The budget is 10 (issue 18); it was about 21.
func TestPaidWebhookRoundTrips(t *testing.T) {
	f := portonefake.New()
	t.Cleanup(f.Close)
	e := paytest.New(t, func(c *config.Config) { c.PortOne = fakeConfig(f) })
	ctx := context.Background()
	appls := e.Clone(2)
	var deliveries []payfake.Delivery
	for _, n := range appls {
		co, err := e.Svc.Start(ctx, e.Owner, n, payment.StartRequest{PayType: "card", Locale: "ko"})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Pay(co.PaymentID, portone.MethodCard, co.Amount.Amount(), "KRW"); err != nil {
			t.Fatal(err)
		}
		deliveries = append(deliveries, f.Webhook(co.PaymentID, portone.WebhookPaid))
	}
	// The server's stores share one *postgres.DB: give it a pool of one
	// traced connection (statements prepared once, by the first webhook).
	cfg, err := pgxpool.ParseConfig(e.App.DB.Pool.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	count := &roundTrips{log: func(q string) {
		if len(q) > 90 {
			q = q[:90]
		}
		t.Log(q)
	}}
	cfg.ConnConfig.Tracer = count
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	old := e.App.DB.Pool
	e.App.DB.Pool = pool
	t.Cleanup(func() { e.App.DB.Pool = old; pool.Close() })
	url := e.HookURL(payment.ProviderPortOne)
	for i, d := range deliveries {
		count.n.Store(0)
		codes, err := payfake.Send(ctx, url, d)
		if err != nil || codes[0] != http.StatusOK {
			t.Fatalf("webhook %d: %v %v", i, codes, err)
		}
		t.Logf("paid webhook %d: %d round trips", i, count.n.Load())
	}
	if n := count.n.Load(); n > 10 {
		t.Fatalf("a paid webhook took %d database round trips, budget 10", n)
	}
	if got := e.Mails("payment_receipt"); got != 2 {
		t.Fatalf("%d receipts for 2 payments", got)
	}
}
