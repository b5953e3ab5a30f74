package testpg_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/adapters/payment/testpg"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// mapStore keeps the test provider's payments in memory (the server uses
// adapters/postgres.TestPG).
type mapStore struct {
	mu sync.Mutex
	m  map[string]testpg.Payment
}

func (s *mapStore) Create(_ context.Context, p testpg.Payment) (testpg.Payment, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.m[p.PaymentID]; ok {
		return old, false, nil
	}
	s.m[p.PaymentID] = p
	return p, true, nil
}

func (s *mapStore) Get(_ context.Context, id string) (testpg.Payment, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.m[id]
	return p, ok, nil
}

func (s *mapStore) Update(_ context.Context, id string, fn func(*testpg.Payment) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.m[id]
	if !ok {
		return payment.ErrNotFound
	}
	if err := fn(&p); err != nil {
		return err
	}
	s.m[id] = p
	return nil
}

func TestGatewayPreRegistersSignsAndRefusesForgeries(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	key, _ := portone.ParseSecret("whsec_dGVzdHBnLXNlY3JldC0wMTIzNDU2Nzg5")
	var got []payment.Webhook
	var mu sync.Mutex
	hooks := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := make([]byte, r.ContentLength)
		_, _ = r.Body.Read(b)
		mu.Lock()
		got = append(got, payment.Webhook{Header: r.Header, Body: b, ReceivedAt: time.Now()})
		mu.Unlock()
	}))
	defer hooks.Close()
	g := &testpg.Gateway{Store: &mapStore{m: map[string]testpg.Payment{}}, Keys: []portone.Secret{key},
		PublicURL: "http://pay.example", NoticeURL: hooks.URL, Sync: true}
	o := payment.Order{PaymentID: "ga7-x", PayType: payment.Card, Amount: money.Won(80000), ReturnURL: "http://pay.example/pay/mobile"}
	co, err := g.Prepare(ctx, o)
	if err != nil || co.ApproveURL != "http://pay.example/testpg/pay/ga7-x" {
		t.Fatalf("prepare %+v %v", co, err)
	}
	// The amount is fixed at pre-registration: another one is refused.
	o2 := o
	o2.Amount = money.Won(100)
	if _, err := g.Prepare(ctx, o2); !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("changed amount: %v", err)
	}
	if s, _ := g.Lookup(ctx, payment.Ref{PaymentID: "ga7-x"}); s.Status != payment.RemoteReady || s.Amount != money.Won(80000) {
		t.Fatalf("ready %+v", s)
	}
	to, err := g.Act(ctx, "ga7-x", testpg.ActApprove)
	if err != nil || to != "http://pay.example/pay/mobile?paymentId=ga7-x" {
		t.Fatalf("approve %q %v", to, err)
	}
	if _, err := g.Act(ctx, "ga7-x", testpg.ActApprove); !errors.Is(err, testpg.ErrAction) {
		t.Fatalf("approve twice: %v", err)
	}
	if _, err := g.Prepare(ctx, o); !errors.Is(err, payment.ErrAlreadyPaid) {
		t.Fatalf("prepare a paid id: %v", err)
	}
	if len(got) != 1 {
		t.Fatalf("webhooks %d", len(got))
	}
	n, err := g.ParseWebhook(ctx, got[0])
	if err != nil || n.Kind != payment.NoticePaid || n.PaymentID != "ga7-x" || n.ID == "" {
		t.Fatalf("notice %+v %v", n, err)
	}
	tampered := got[0]
	tampered.Body = append([]byte(nil), tampered.Body...)
	tampered.Body[len(tampered.Body)-2] ^= 1
	if _, err := g.ParseWebhook(ctx, tampered); !errors.Is(err, payment.ErrBadSignature) {
		t.Fatalf("tampered: %v", err)
	}
	late := got[0]
	late.ReceivedAt = time.Now().Add(10 * time.Minute)
	if _, err := g.ParseWebhook(ctx, late); !errors.Is(err, payment.ErrBadSignature) {
		t.Fatalf("replayed late: %v", err)
	}
}
