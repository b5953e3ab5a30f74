package httpapi_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

// The cancel history filters on the provider's answer: a refund PortOne
// answered pending is listed under "pending" with its answer, and an
// unknown answer is refused naming the field, in ko and en.
func TestCancelHistoryFiltersPendingRefunds(t *testing.T) {
	e := newMoneyEnv(t)
	e.exec(`UPDATE pay_cancel SET answer = 'pending', pending = true, provider_cancel_id = 'cancel-9' WHERE id = 'seed-c1'`)
	c := e.as("sysadmin")
	list := func(filter string) []any {
		t.Helper()
		r := must(t, c.Do("GET", "/apply/api-auth/admin/pay/cancels?filter="+url.QueryEscape(filter), nil), 200, "cancels "+filter)
		return r.List
	}
	pending := list(`{"answer":"pending"}`)
	if len(pending) != 1 {
		t.Fatalf("%d pending, want seed-c1: %v", len(pending), pending)
	}
	if row := pending[0].(map[string]any); row["id"] != "seed-c1" || row["answer"] != "pending" || row["pending"] != true || row["settledAt"] != nil {
		t.Fatalf("pending row %v", row)
	}
	all, ok := len(list(`{}`)), len(list(`{"answer":"ok"}`))
	if ok == 0 || ok >= all {
		t.Fatalf("ok %d of %d: the filter does not filter", ok, all)
	}
	for lang, want := range map[string]string{"ko": "대기", "en": "pending"} {
		c.Lang = lang
		r := must(t, c.Do("GET", "/apply/api-auth/admin/pay/cancels?filter="+url.QueryEscape(`{"answer":"lost"}`), nil), 400, "unknown answer")
		f, _ := r.Body["fields"].(map[string]any)
		if msg, _ := f["answer"].(string); msg == "" || !strings.Contains(msg, want) {
			t.Fatalf("%s: fields %v", lang, r.Body["fields"])
		}
	}
}

// A partial refund above what remains, or not an amount at all, is
// refused naming the real maximum in the reader's language and currency
// (seed-card-1: KRW 80,000 paid, 30,000 refunded; seed-paypal-1: USD
// 68.16 paid), never a placeholder.
func TestPartialRefundErrorNamesTheMaximum(t *testing.T) {
	e := newMoneyEnv(t)
	c := e.as("sysadmin")
	cancel := func(paymentID, amount string) apptest.Response {
		t.Helper()
		return must(t, c.Do("POST", "/apply/api-auth/admin/pay/attempts/"+paymentID+"/cancel",
			map[string]any{"cancelType": "00003", "amount": amount, "reason": "부분 환불 시험"}), 400, "partial refund of "+amount)
	}
	for _, tc := range []struct {
		lang, paymentID, amount, field, want string
	}{
		{"ko", "seed-card-1", "60000", "", "50,000원"},
		{"en", "seed-card-1", "60000", "", "KRW 50,000"},
		{"ko", "seed-paypal-1", "68.17", "", "USD 68.16"},
		{"en", "seed-paypal-1", "100", "", "USD 68.16"},
		{"ko", "seed-card-1", "오만 원", "amount", "50,000원"},
		{"en", "seed-card-1", "0", "amount", "KRW 50,000"},
	} {
		c.Lang = tc.lang
		r := cancel(tc.paymentID, tc.amount)
		msg, _ := r.Body["message"].(string)
		if tc.field != "" {
			f, _ := r.Body["fields"].(map[string]any)
			msg, _ = f[tc.field].(string)
		}
		if !strings.Contains(msg, tc.want) || strings.Contains(msg, "{") {
			t.Errorf("%s %s %q: %q, want it to name %s (%s)", tc.lang, tc.paymentID, tc.amount, msg, tc.want, r.Raw)
		}
	}
	var refunded int64
	_ = e.a.DB.Pool.QueryRow(context.Background(), "SELECT refunded FROM pay_attempt WHERE payment_id = 'seed-card-1'").Scan(&refunded)
	if refunded != 30000 {
		t.Fatalf("refused refunds changed the refunded amount to %d", refunded)
	}
}
