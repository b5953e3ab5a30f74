package httpapi_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

// moneyEnv is the demo data with the seeded settlement period of school
// 236 (testdata/money/settlement-2026-11.sql).
func newMoneyEnv(t *testing.T) *applyEnv {
	e := newApplyEnv(t)
	seed, err := os.ReadFile("../../testdata/money/settlement-2026-11.sql")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.a.DB.Pool.Exec(context.Background(), string(seed)); err != nil {
		t.Fatalf("seed: %v", err)
	}
	return e
}

func (e *applyEnv) exec(q string, args ...any) {
	e.t.Helper()
	if _, err := e.a.DB.Pool.Exec(context.Background(), q, args...); err != nil {
		e.t.Fatal(err)
	}
}

// settleRow is one line of the hand-computed table, amounts in minor units.
type settleRow struct {
	currency, payType            string
	payments, refunds            int
	paid, fees, refunded, netSum int64
}

// november is school 236's settlement of 2026-11-01 .. 2026-11-30 (Seoul),
// computed by hand from the seed with the school's fee rules (the demo
// data's card 2.5%, transfer 1.8%, virtual account KRW 300, PayPal 4.4% +
// USD 0.30, all from 2026-01-01, and the seed's card 2.0% from 2026-11-15):
//   - card: seed-card-1 (paid 11-01 00:10 Seoul, 2.5%: 2,000) and
//     seed-card-2 (paid 11-15 10:00, the new 2.0%: 1,600); refunds 30,000
//     (card-1) and 10,000 (card-oct, paid in October, refunded 11-02).
//     Net 160,000 - 40,000 - 3,600 = 116,400.
//   - vbank: 80,000 paid, 300 fee, 80,000 refunded 11-30 23:59. Net -300.
//   - trans: seed-trans-1 (fee 1,440); its 5,000 refund is on 12-01.
//     Net 78,560.
//   - manual: the deposit to the school's account entered on manual-pay
//     (stored as a transfer before issue 18): its own line, no fee.
//   - visa_master: USD 68.16, fee round(68.16 x 4.4%) + 0.30 = 3.00 + 0.30.
//     Net 64.86.
//   - seed-card-oct's payment (10-31 23:30 Seoul) and seed-card-dec
//     (12-01 00:00) are outside.
var november = []settleRow{
	{"KRW", "card", 2, 2, 160000, 3600, 40000, 116400},
	{"KRW", "vbank", 1, 1, 80000, 300, 80000, -300},
	{"KRW", "trans", 1, 0, 80000, 1440, 0, 78560},
	{"KRW", "manual", 1, 0, 80000, 0, 0, 80000},
	{"KRW", "", 5, 3, 400000, 5340, 120000, 274660},
	{"USD", "visa_master", 1, 0, 6816, 330, 0, 6486},
	{"USD", "", 1, 0, 6816, 330, 0, 6486},
}

func amount(v any) int64 {
	m, _ := v.(map[string]any)
	f, _ := m["amount"].(float64)
	return int64(f)
}

func TestSettlementOfTheSeededPeriodEqualsTheHandComputedTable(t *testing.T) {
	e := newMoneyEnv(t)
	c := e.as("settle")
	const path = "/apply/api-auth/admin/settlements/236?from=2026-11-01&to=2026-11-30"
	r := must(t, c.Do("GET", path, nil), 200, "settlement")
	rows, _ := r.Body["rows"].([]any)
	if len(rows) != len(november) {
		t.Fatalf("%d rows, want %d: %s", len(rows), len(november), r.Raw)
	}
	for i, w := range november {
		g := rows[i].(map[string]any)
		got := settleRow{fmt.Sprint(g["currency"]), fmt.Sprint(g["payType"]), int(g["payments"].(float64)), int(g["refunds"].(float64)),
			amount(g["paid"]), amount(g["providerFees"]), amount(g["refunded"]), amount(g["net"])}
		if got != w {
			t.Errorf("row %d: %+v, want %+v", i, got, w)
		}
	}

	// The workbook holds the same figures.
	x := c.Do("GET", strings.Replace(path, "/236?", "/236/export?", 1), nil)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Type"), "spreadsheetml") {
		t.Fatalf("export: %d %s", x.Status, x.Header.Get("Content-Type"))
	}
	wb, err := excelize.OpenReader(strings.NewReader(x.Raw))
	if err != nil {
		t.Fatal(err)
	}
	sheet, err := wb.GetRows("Settlement")
	if err != nil {
		t.Fatal(err)
	}
	if len(sheet) != 2+len(november) {
		t.Fatalf("%d sheet rows: %v", len(sheet), sheet)
	}
	dec := func(n int64, cur string) string {
		if cur == "USD" {
			sign := ""
			if n < 0 {
				sign, n = "-", -n
			}
			return fmt.Sprintf("%s%d.%02d", sign, n/100, n%100)
		}
		return fmt.Sprint(n)
	}
	for i, w := range november {
		got := sheet[2+i]
		want := []string{w.currency, "", fmt.Sprint(w.payments), dec(w.paid, w.currency), dec(w.fees, w.currency), fmt.Sprint(w.refunds),
			dec(w.refunded, w.currency), dec(w.netSum, w.currency)}
		if len(got) != len(want) {
			t.Fatalf("sheet row %d: %v", i, got)
		}
		for j := range want {
			if j != 1 && got[j] != want[j] {
				t.Errorf("sheet row %d col %d: %q, want %q (%v)", i, j, got[j], want[j], got)
			}
		}
	}

	// Closing the period keeps its figures; a later refund in it shows as
	// an adjustment, and a second overlapping close is refused.
	must(t, c.Do("POST", "/apply/api-auth/admin/settlements/236/close", map[string]any{"from": "2026-11-01", "to": "2026-11-30"}), 200, "close")
	must(t, c.Do("POST", "/apply/api-auth/admin/settlements/236/close", map[string]any{"from": "2026-11-15", "to": "2026-12-15"}), 409, "overlapping close")
	e.exec(`INSERT INTO pay_cancel (id, payment_id, appl_no, school_code, provider, pay_type, cancel_type, currency, amount, reason, cancelled_by, at)
		SELECT 'late', payment_id, appl_no, '236', provider, pay_type, '00003', 'KRW', 1000, 'late', 'sysadmin', '2026-11-20 12:00+09' FROM pay_attempt WHERE payment_id = 'seed-card-2'`)
	r = must(t, c.Do("GET", path, nil), 200, "settlement after closing")
	adj, _ := r.Body["adjustments"].([]any)
	if r.Body["closed"] == nil || len(adj) != 2 {
		t.Fatalf("adjustments %s", r.Raw)
	}
	if a := adj[0].(map[string]any); a["payType"] != "card" || a["refunds"] != 1.0 || amount(a["refunded"]) != 1000 || amount(a["net"]) != -1000 {
		t.Fatalf("card adjustment %v", a)
	}
	var audited int
	_ = e.a.DB.Pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE action = 'settlement.close'").Scan(&audited)
	if audited != 1 {
		t.Fatalf("%d settlement.close audit lines", audited)
	}
}

// TestMoneyRoutesPerRole tries every route of the money pages with each of
// the 8 demo users (one per role, and the time-independent applicant) and a
// school admin of another school.
func TestMoneyRoutesPerRole(t *testing.T) {
	e := newMoneyEnv(t)
	e.exec(`INSERT INTO app_user (user_id, email, password_hash, school_code, terms_agreed_at, privacy_agreed_at)
		SELECT 'otheradmin', 'other@example.com', password_hash, 'SKKGSB', now(), now() FROM app_user WHERE user_id = 'schooladmin'`)
	e.exec(`INSERT INTO user_role (user_pk, role) SELECT id, 'ROLE_SCHL_ADMIN' FROM app_user WHERE user_id = 'otheradmin'`)
	var applNo int64
	_ = e.a.DB.Pool.QueryRow(context.Background(), "SELECT appl_no FROM pay_attempt WHERE payment_id = 'seed-manual-1'").Scan(&applNo)
	q := func(f string) string { return "?filter=" + url.QueryEscape(f) }
	const base = "/apply/api-auth/admin"
	type route struct {
		method, path string
		body         any
		who          string // "sys", "info" (sys, settle, school admin of 236), "settle" (sys, settle)
	}
	routes := []route{
		{"GET", base + "/pay/attempts", nil, "info"},
		{"GET", base + "/pay/attempts/seed-card-2", nil, "info"},
		{"GET", base + "/pay/cancels", nil, "info"},
		{"GET", base + "/pay/failures", nil, "info"},
		{"POST", base + "/pay/attempts/seed-manual-1/cancel", map[string]any{"cancelType": "00003", "amount": "1000", "reason": "권한 시험"}, "sys"},
		{"POST", base + "/pay/attempts/seed-manual-1/requery", nil, "sys"},
		{"POST", fmt.Sprintf("%s/pay/manual/%d", base, applNo), map[string]any{"method": "transfer", "reason": "r", "evidence": "e"}, "sys"},
		{"GET", base + "/pay/check" + q(`{"from":"2026-11-01","to":"2026-11-30"}`), nil, "sys"},
		{"GET", base + "/settlements/236?from=2026-11-01&to=2026-11-30", nil, "settle"},
		{"GET", base + "/settlements/236/export?from=2026-11-01&to=2026-11-30", nil, "settle"},
		{"POST", base + "/settlements/236/close", map[string]any{"from": "2026-10-01", "to": "2026-10-31"}, "settle"},
	}
	allowed := map[string][]string{
		"sys":    {"sysadmin"},
		"info":   {"sysadmin", "settle", "schooladmin"},
		"settle": {"sysadmin", "settle"},
	}
	users := []string{"applicant1", "applicant2", "timefree", "sysadmin", "schooladmin", "setadmin", "settle", "closer", "otheradmin"}
	clients := map[string]*apptest.Client{}
	for _, u := range users {
		clients[u] = e.as(u)
	}
	for _, rt := range routes {
		for _, u := range users {
			r := clients[u].Do(rt.method, rt.path, rt.body)
			may := false
			for _, a := range allowed[rt.who] {
				may = may || a == u
			}
			switch {
			case may && (r.Status == 401 || r.Status == 403 || r.Status == 404 || r.Status >= 500):
				t.Errorf("%s %s as %s: %d %s, want allowed", rt.method, rt.path, u, r.Status, r.Raw)
			case !may && u == "otheradmin" && rt.who == "info":
				// A school admin of another school reaches the page but
				// never sees school 236's payments.
				if r.Status == 200 && (strings.Contains(r.Raw, "seed-") || strings.Contains(r.Raw, "\"236\"")) {
					t.Errorf("%s %s as %s shows school 236: %s", rt.method, rt.path, u, r.Raw)
				}
				if r.Status != 200 && r.Status != 404 {
					t.Errorf("%s %s as %s: %d", rt.method, rt.path, u, r.Status)
				}
			case !may && r.Status != 403:
				t.Errorf("%s %s as %s: %d %s, want 403", rt.method, rt.path, u, r.Status, r.Raw)
			}
		}
	}
	// Lists answer Content-Range; the school admin sees only school 236.
	r := must(t, clients["schooladmin"].Do("GET", base+"/pay/attempts"+q(`{"schoolCode":"SKKGSB"}`)+"&range=%5B0%2C9%5D", nil), 200, "scoped list")
	if cr := r.Header.Get("Content-Range"); !strings.HasPrefix(cr, "pay/attempts 0-") || len(r.List) == 0 {
		t.Fatalf("school admin's list: %s %s", cr, r.Raw)
	}
	for _, it := range r.List {
		if it.(map[string]any)["schoolCode"] != "236" {
			t.Fatalf("school admin sees %v", it)
		}
	}
	must(t, clients["sysadmin"].Do("GET", base+"/pay/attempts?sort=%5B%22password%22%2C%22ASC%22%5D", nil), 400, "sort allow-list")
	must(t, clients["sysadmin"].Do("GET", base+"/pay/attempts"+q(`{"secret":"1"}`), nil), 400, "filter allow-list")
	// Reading a payment is in the access log.
	var reads int
	_ = e.a.DB.Pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE action = 'payment.read' AND target = 'seed-card-2'").Scan(&reads)
	if reads != 3 {
		t.Fatalf("%d payment.read lines, want one per allowed reader", reads)
	}
}
