package httpapi_test

import (
	"net/url"
	"strings"
	"testing"
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
