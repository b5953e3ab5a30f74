package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/gradapply/gradapply/adapters/payment/testpg"
	"github.com/gradapply/gradapply/core/window"
)

// settlementRow finds a settlement row by currency and pay type.
func settlementRow(t *testing.T, body map[string]any, currency, payType string) map[string]any {
	t.Helper()
	rows, _ := body["rows"].([]any)
	for _, r := range rows {
		r := r.(map[string]any)
		if r["currency"] == currency && r["payType"] == payType {
			return r
		}
	}
	return nil
}

// Issue 18 items 4 and 5, through the real server: an applicant pays by
// card in the test gateway; the settlement prices it by school 236's fee
// rule in effect when it was paid (the demo's 2.5%, then a rule system
// admins add for that day, not one from the next day); a deposit to the
// school's account entered on manual-pay is its own method with no fee, in
// the settlement, its workbook, pay/info and the applicant's receipt.
func TestSettlementFeesFromTheRuleInEffectWhenPaid(t *testing.T) {
	e := newPayEnv(t)
	applicant := e.as("applicant1")
	n := e.submitted(applicant)
	id := e.start(applicant, n, "card")
	e.act(id, testpg.ActApprove)
	if a := e.confirm(applicant, id, nil); a["result"] != "PAID" {
		t.Fatalf("confirm %v", a)
	}
	var paidAt time.Time
	if err := e.a.DB.Pool.QueryRow(context.Background(), "SELECT paid_at FROM pay_attempt WHERE payment_id = $1", id).Scan(&paidAt); err != nil {
		t.Fatal(err)
	}
	day := paidAt.In(window.Seoul)
	today, tomorrow := day.Format(time.DateOnly), day.AddDate(0, 0, 1).Format(time.DateOnly)
	settlement := "/apply/api-auth/admin/settlements/236?from=" + today + "&to=" + today

	settle, sys := e.as("settle"), e.as("sysadmin")
	r := must(t, settle.Do("GET", settlement, nil), 200, "settlement")
	card := settlementRow(t, r.Body, "KRW", "card")
	if card == nil || amount(card["paid"]) != 80000 || amount(card["providerFees"]) != 2000 || amount(card["net"]) != 78000 || r.Body["feeRulesSet"] != true {
		t.Fatalf("card by the demo's 2.5%%: %s", r.Raw)
	}

	// Only system admins edit the rules; a bad rate names its field.
	rule := func(from, rate string) map[string]any {
		return map[string]any{"schoolCode": "236", "method": "card", "effectiveFrom": from, "rate": rate}
	}
	must(t, settle.Do("POST", "/apply/api-auth/admin/fee-rules", rule(today, "3")), 403, "settlement staff add a rule")
	must(t, e.as("schooladmin").Do("POST", "/apply/api-auth/admin/fee-rules", rule(today, "3")), 403, "school admin adds a rule")
	bad := must(t, sys.Do("POST", "/apply/api-auth/admin/fee-rules", rule(today, "2.555")), 400, "three decimals")
	if fields, _ := bad.Body["fields"].(map[string]any); fields["rate"] == nil {
		t.Fatalf("bad rate: %s", bad.Raw)
	}
	added := must(t, sys.Do("POST", "/apply/api-auth/admin/fee-rules", rule(today, "3")), 201, "card 3% from the day it was paid")
	if added.Body["rateBp"] != 300.0 || added.Body["effectiveFrom"] != today || added.Body["contract"] != "pg" {
		t.Fatalf("added %s", added.Raw)
	}
	must(t, sys.Do("POST", "/apply/api-auth/admin/fee-rules", rule(tomorrow, "1")), 201, "card 1% from the next day")
	must(t, sys.Do("POST", "/apply/api-auth/admin/fee-rules", rule(today, "4")), 400, "a second rule of the day")
	r = must(t, settle.Do("GET", settlement, nil), 200, "settlement after the new rules")
	if card = settlementRow(t, r.Body, "KRW", "card"); amount(card["providerFees"]) != 2400 || amount(card["net"]) != 77600 {
		t.Fatalf("card by the day's 3%%: %v", card)
	}
	if n := e.count("SELECT count(*) FROM audit_log WHERE action = 'feerule.add' AND actor = 'sysadmin' AND target LIKE '236.%'"); n != 2 {
		t.Fatalf("%d feerule.add audit lines", n)
	}
	// Changing the day's rule changes the figure, audited too.
	ruleID := fmt.Sprint(added.Body["id"])
	must(t, sys.Do("PUT", "/apply/api-auth/admin/fee-rules/"+ruleID, map[string]any{"method": "card", "effectiveFrom": today, "rate": "2.75"}), 200, "change")
	r = must(t, settle.Do("GET", settlement, nil), 200, "settlement after the change")
	if card = settlementRow(t, r.Body, "KRW", "card"); amount(card["providerFees"]) != 2200 {
		t.Fatalf("card by 2.75%%: %v", card)
	}
	// as react-admin asks: sorted by id, a range, a filter
	list := must(t, sys.Do("GET", "/apply/api-auth/admin/fee-rules?sort=%5B%22id%22%2C%22ASC%22%5D&range=%5B0%2C49%5D&filter="+
		`%7B%22schoolCode%22%3A%22236%22%7D`, nil), 200, "rules of 236")
	if !strings.Contains(list.Header.Get("Content-Range"), "/6") {
		t.Fatalf("4 demo rules and 2 new: %s %s", list.Header.Get("Content-Range"), list.Raw)
	}

	// A deposit to the school's account, entered by staff.
	other := e.as("applicant2")
	m := e.submitted(other)
	man := must(t, sys.Do("POST", fmt.Sprintf("/apply/api-auth/admin/pay/manual/%d", m), map[string]any{"method": "transfer",
		"reason": "학교 계좌 입금 확인", "evidence": "입금 20261126-01"}), 201, "manual pay")
	if man.Body["payType"] != "manual" || man.Body["provider"] != "manual" {
		t.Fatalf("pay/info of a manual payment: %s", man.Raw)
	}
	r = must(t, settle.Do("GET", settlement, nil), 200, "settlement with the deposit")
	dep := settlementRow(t, r.Body, "KRW", "manual")
	if dep == nil || dep["payments"] != 1.0 || amount(dep["paid"]) != 80000 || amount(dep["providerFees"]) != 0 || amount(dep["net"]) != 80000 || dep["noFeeRule"] != 0.0 {
		t.Fatalf("manual row: %s", r.Raw)
	}
	if settlementRow(t, r.Body, "KRW", "trans") != nil {
		t.Fatalf("a deposit booked as a PG transfer: %s", r.Raw)
	}
	if tot := settlementRow(t, r.Body, "KRW", ""); tot["payments"] != 2.0 || amount(tot["providerFees"]) != 2200 || amount(tot["net"]) != 157800 {
		t.Fatalf("total %v", tot)
	}
	x := settle.Do("GET", strings.Replace(settlement, "/236?", "/236/export?", 1), nil)
	wb, err := excelize.OpenReader(strings.NewReader(x.Raw))
	if err != nil {
		t.Fatalf("export %d: %v", x.Status, err)
	}
	sheet, _ := wb.GetRows("Settlement")
	found := false
	for _, row := range sheet {
		if len(row) > 4 && row[1] == "무통장 입금(학교 계좌)" && row[3] == "80000" && row[4] == "0" {
			found = true
		}
	}
	if !found {
		t.Fatalf("workbook without the deposit row: %v", sheet)
	}
	pdf := must(t, other.Do("GET", "/apply/api-auth/pay/receipt/"+fmt.Sprint(man.Body["id"])+"?lang=ko", nil), 200, "receipt of the deposit")
	if text := pdfText(t, pdf.Raw); !strings.Contains(text, "무통장 입금(학교 계좌)") || strings.Contains(text, "계좌이체") {
		t.Fatalf("receipt: %s", text)
	}
	mails := outboxMails(t, e.applyEnv, "payment_receipt")
	if len(mails) != 2 || !strings.Contains(fmt.Sprint(mails[1]), "무통장 입금(학교 계좌)") {
		t.Fatalf("receipt mails %v", mails)
	}

	// A school without rules: fees are zero and the page says no rule is set.
	r = must(t, settle.Do("GET", "/apply/api-auth/admin/settlements/ARTS01?from="+today+"&to="+today, nil), 200, "ARTS01")
	if r.Body["feeRulesSet"] != false {
		t.Fatalf("ARTS01: %s", r.Raw)
	}
}
