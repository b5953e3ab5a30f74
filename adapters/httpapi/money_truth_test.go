package httpapi_test

import (
	"bytes"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/payment/testpg"
)

// fillAndSubmit fills every step of an application of 236 through the API
// (as the applicant's pages do) and submits it: SUBMIT, waiting for the fee.
func (e payEnv) fillAndSubmit(c *apptest.Client) int64 { return e.fillAndSubmitTo(c, "236", "DC01") }

// fillAndSubmitTo is fillAndSubmit for a school and major.
func (e payEnv) fillAndSubmitTo(c *apptest.Client, school, major string) int64 {
	t := e.t
	t.Helper()
	round := e.recruit(c, school)
	r := must(t, c.Do("POST", "/apply/api-auth/appl/part", e.partBody(school, major, true, round)), 201, "part")
	n := int64(r.Body["applNo"].(float64))
	p := func(f string) string { return fmt.Sprintf(f, n) }
	steps := map[string]bool{}
	for _, st := range r.Body["steps"].([]any) {
		steps[fmt.Sprint(st)] = true
	}
	if steps["BASIS_SAVE"] {
		must(t, c.Do("POST", p("/apply/api-auth/appl/basis/%d"), map[string]any{"applicantInfo": koreanInfo()}), 200, "basis")
	}
	if steps["ACAD_SAVE"] {
		must(t, c.Do("POST", p("/apply/api-auth/appl/acad/%d"), map[string]any{"acadList": acadList()}), 200, "acad")
	}
	if steps["LANG_SAVE"] {
		must(t, c.Do("POST", p("/apply/api-auth/appl/lang/%d"), map[string]any{"partLanguages": []any{
			map[string]any{"langExamCode": "00001", "score": "105", "examDay": "2026-05-10", "expiryDay": "2028-05-10"}}}), 200, "lang")
	}
	if steps["CAREER_SAVE"] {
		must(t, c.Do("POST", p("/apply/api-auth/appl/career/%d"), map[string]any{"careerList": careerList()}), 200, "career")
	}
	if steps["ADD_INFO_SAVE"] {
		must(t, c.Do("POST", p("/apply/api-auth/appl/add-info/%d"), map[string]any{"essays": essays3()}), 200, "add info")
	}
	if steps["FILE_SAVE"] {
		uploadRequired(t, c, n)
		must(t, c.Do("POST", p("/apply/api-auth/appl/doc/save/%d"), nil), 200, "documents saved")
	}
	if steps["SURVEY"] {
		step := must(t, c.Do("GET", p("/apply/api-auth/survey/%d"), nil), 200, "survey")
		ans := []any{}
		for _, q := range step.Body["questions"].([]any) {
			m := q.(map[string]any)
			a := map[string]any{"questionCode": m["questionCode"], "inputType": m["inputType"]}
			if items, _ := m["items"].([]any); len(items) > 0 {
				a["itemCode"] = items[0].(map[string]any)["itemCode"]
			} else {
				a["answer"] = "text"
			}
			ans = append(ans, a)
		}
		must(t, c.Do("POST", "/apply/api-auth/survey/save", map[string]any{"applNo": n, "answers": ans}), 200, "survey saved")
	}
	r = must(t, c.Do("POST", p("/apply/api-auth/appl/submit/%d"), map[string]any{"consents": consents(round)}), 200, "submit")
	if r.Body["status"] != "SUBMIT" || r.Body["next"] != "pay" {
		t.Fatalf("submit: %s", r.Raw)
	}
	return n
}

// payByCard pays an application's fee by card in the test gateway, as the
// browser does: start, approve on the gateway's page, come back.
func (e payEnv) payByCard(c *apptest.Client, n int64) (paymentID, applID string) {
	e.t.Helper()
	id := e.start(c, n, "card")
	e.act(id, testpg.ActApprove)
	if a := e.confirm(c, id, nil); a["result"] != "PAID" {
		e.t.Fatalf("confirm %v", a)
	}
	st, applID := e.status(c, n)
	if st != "COMPLETE" || applID == "" {
		e.t.Fatalf("after paying: %s %q", st, applID)
	}
	return id, applID
}

// workbookRow reads the applicants' workbook of 236's demo round as the
// caller downloads it and answers the row of an exam number, by header.
func (e payEnv) workbookRow(c *apptest.Client, applID string) map[string]string {
	e.t.Helper()
	r := must(e.t, c.Do("GET", fmt.Sprintf("/apply/api-auth/admin/exports/applicants?schoolCode=236&enterYear=%d&recruitPartSeq=1", e.year), nil), 200, "workbook")
	f, err := excelize.OpenReader(bytes.NewReader([]byte(r.Raw)))
	if err != nil {
		e.t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil || len(rows) < 2 {
		e.t.Fatalf("workbook rows %v %v", rows, err)
	}
	for _, row := range rows[1:] {
		if len(row) > 0 && row[0] == applID {
			out := map[string]string{}
			for i, h := range rows[0] {
				if i < len(row) {
					out[h] = row[i]
				}
			}
			return out
		}
	}
	e.t.Fatalf("no row %s in %v", applID, rows)
	return nil
}

func staffMoney(t *testing.T, c *apptest.Client, e payEnv, n int64) (list, page map[string]any) {
	t.Helper()
	filter := url.QueryEscape(`{"schoolCode":"236"}`)
	r := must(t, c.Do("GET", "/apply/api-auth/admin/applications?filter="+filter, nil), 200, "staff list")
	for _, row := range r.List {
		if m := row.(map[string]any); int64(m["applNo"].(float64)) == n {
			list = m["money"].(map[string]any)
		}
	}
	if list == nil {
		t.Fatalf("application %d not in the staff list: %s", n, r.Raw)
	}
	r = must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/admin/applications/%d", n), nil), 200, "staff page")
	return list, r.Body["money"].(map[string]any)
}

// An applicant pays 80,000 won by card through the test gateway: the
// school's staff see it paid, with the amount, in the list, the page, the
// dashboard and the workbook; a partial refund then shows as refunded and
// net everywhere and in the settlement, and the applicant sees it. While
// another applicant's card payment is in flight, re-numbering is refused.
func TestStaffViewsShowWhatApplicantsPaid(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	n := e.fillAndSubmit(c)
	paymentID, applID := e.payByCard(c, n)

	school := e.as("schooladmin")
	list, page := staffMoney(t, school, e, n)
	for what, m := range map[string]map[string]any{"list": list, "page": page} {
		if m["paid"] != true || m["state"] != "paid" || m["method"] != "card" || amount(m["amount"]) != 80000 || m["currency"] != "KRW" || m["paidAt"] == "" {
			t.Errorf("%s money %v, want paid 80,000 by card", what, m)
		}
	}
	d := must(t, school.Do("GET", fmt.Sprintf("/apply/api-auth/admin/dashboard?schoolCode=236&enterYear=%d&recruitPartSeq=1", e.year), nil), 200, "dashboard")
	today := time.Now().In(seoul()).Format("2006-01-02")
	payments := 0.0
	for _, day := range d.Body["days"].([]any) {
		if m := day.(map[string]any); m["day"] == today {
			payments, _ = m["payments"].(float64)
		}
	}
	if d.Body["paid"] != 1.0 || payments != 1 {
		t.Fatalf("dashboard: paid %v, today's payments %v: %s", d.Body["paid"], payments, d.Raw)
	}
	school.Lang = "en"
	row := e.workbookRow(school, applID)
	if row["Paid"] != "Yes" || row["Payment method"] != "Credit card" || row["Amount paid"] != "80000" || row["Refunded"] != "0" || row["Net"] != "80000" || row["Currency"] != "KRW" {
		t.Fatalf("workbook row %v", row)
	}

	// Staff refund 30,000 won of it.
	admin := e.as("sysadmin")
	must(t, admin.Do("POST", "/apply/api-auth/admin/pay/attempts/"+paymentID+"/cancel",
		map[string]any{"cancelType": "00003", "amount": "30000", "reason": "수업료 일부 환불"}), 200, "partial refund")
	list, page = staffMoney(t, school, e, n)
	for what, m := range map[string]map[string]any{"list": list, "page": page} {
		if m["state"] != "partially_refunded" || amount(m["refunded"]) != 30000 || amount(m["net"]) != 50000 || amount(m["amount"]) != 80000 {
			t.Errorf("%s after the refund: %v", what, m)
		}
	}
	school.Lang = "ko"
	row = e.workbookRow(school, applID)
	if row["결제"] != "부분 환불" || row["결제 금액"] != "80000" || row["환불 금액"] != "30000" || row["순액"] != "50000" {
		t.Fatalf("workbook after the refund %v", row)
	}
	from := time.Now().In(seoul()).AddDate(0, 0, -1).Format("2006-01-02")
	to := time.Now().In(seoul()).AddDate(0, 0, 1).Format("2006-01-02")
	s := must(t, admin.Do("GET", "/apply/api-auth/admin/settlements/236?from="+from+"&to="+to, nil), 200, "settlement")
	var card map[string]any
	for _, r := range s.Body["rows"].([]any) {
		if m := r.(map[string]any); m["payType"] == "card" && m["currency"] == "KRW" {
			card = m
		}
	}
	if card == nil || card["payments"] != 1.0 || card["refunds"] != 1.0 || amount(card["paid"]) != 80000 || amount(card["refunded"]) != 30000 {
		t.Fatalf("settlement card row %v in %s", card, s.Raw)
	}
	r := must(t, c.Do("GET", "/apply/api-auth/pay/refunds", nil), 200, "applicant's refunds")
	if len(r.List) != 1 || amount(r.List[0].(map[string]any)["amount"]) != 30000 {
		t.Fatalf("applicant's refunds %s", r.Raw)
	}

	// Another applicant's card payment in flight: re-numbering waits.
	other := e.as("applicant2")
	m := e.fillAndSubmit(other)
	e.start(other, m, "card")
	list, _ = staffMoney(t, school, e, m)
	if list["paid"] != false || list["state"] != "in_flight" {
		t.Fatalf("in-flight money %v", list)
	}
	r = must(t, admin.Do("POST", fmt.Sprintf("/apply/api-auth/admin/recruit-parts/236-%d-1/remake-applid", e.year), map[string]any{"rule": ""}), 409, "remake while paying")
	if r.Body["code"] != "round.payments_in_flight" {
		t.Fatalf("remake: %s", r.Raw)
	}
}

func seoul() *time.Location {
	l, _ := time.LoadLocation("Asia/Seoul")
	return l
}
