package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/testpg"
)

// The payment failure history of a school admin holds its own school's
// failures only: a card declined in 236 is listed for 236's admin, one
// declined in GSPP01 is not (the system admin sees both).
func TestFailureHistoryIsTheAdminsSchoolOnly(t *testing.T) {
	e := newPayEnv(t)
	ours, theirs := e.as("applicant1"), e.as("applicant2")
	n := e.fillAndSubmit(ours)
	m := e.fillAndSubmitTo(theirs, "GSPP01", "MPPM")
	mine, other := e.start(ours, n, "card"), e.start(theirs, m, "card")
	e.act(mine, testpg.ActDecline)
	e.act(other, testpg.ActDecline)
	e.confirm(ours, mine, map[string]any{"code": "DECLINED", "message": "declined"})
	e.confirm(theirs, other, map[string]any{"code": "DECLINED", "message": "declined"})
	listed := func(who string) map[string]bool {
		t.Helper()
		r := must(t, e.as(who).Do("GET", "/apply/api-auth/admin/pay/failures?perPage=100", nil), 200, who+" failures")
		seen := map[string]bool{}
		for _, row := range r.List {
			seen[fmt.Sprint(row.(map[string]any)["paymentId"])] = true
		}
		return seen
	}
	if got := listed("schooladmin"); !got[mine] || got[other] {
		t.Fatalf("236's admin sees %v; want %s and not %s", got, mine, other)
	}
	if got := listed("sysadmin"); !got[mine] || !got[other] {
		t.Fatalf("the system admin sees %v; want both", got)
	}
}

// Two staff closing overlapping settlement periods of a school at the
// same moment: one close wins, the other is refused as overlapping.
func TestOverlappingSettlementClosesOneWins(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	e.payByCard(c, e.fillAndSubmit(c))
	today := time.Now().In(seoul())
	periods := [][2]string{
		{today.AddDate(0, 0, -3).Format("2006-01-02"), today.Format("2006-01-02")},
		{today.AddDate(0, 0, -1).Format("2006-01-02"), today.AddDate(0, 0, 2).Format("2006-01-02")},
	}
	codes := make([]int, len(periods))
	var wg sync.WaitGroup
	for i, p := range periods {
		admin := e.as("sysadmin")
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = admin.Do("POST", "/apply/api-auth/admin/settlements/236/close", map[string]any{"from": p[0], "to": p[1]}).Status
		}()
	}
	wg.Wait()
	if !(codes[0] == 200 && codes[1] == 409 || codes[0] == 409 && codes[1] == 200) {
		t.Fatalf("overlapping closes answered %v, want one 200 and one 409", codes)
	}
}

// A refund of a virtual-account payment needs the refund account: without
// it the answer names the field, in ko and en, and nothing is refunded.
func TestVirtualAccountRefundNeedsTheAccount(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	n := e.fillAndSubmit(c)
	id := e.start(c, n, "vbank")
	e.act(id, testpg.ActIssue)
	e.act(id, testpg.ActDeposit)
	if st, _ := e.status(c, n); st != "COMPLETE" {
		t.Fatalf("after the deposit: %s", st)
	}
	admin := e.as("sysadmin")
	for lang, want := range map[string]string{"ko": "계좌", "en": "account"} {
		admin.Lang = lang
		r := must(t, admin.Do("POST", "/apply/api-auth/admin/pay/attempts/"+id+"/cancel",
			map[string]any{"cancelType": "00001", "reason": "지원 취소", "applicantReason": "지원 취소 요청"}), 400, "refund without an account")
		if msg := fmt.Sprint(fields(r)["refundAccount"]); !containsFold(msg, want) {
			t.Fatalf("%s: fields %v", lang, r.Body["fields"])
		}
	}
	list, page := staffMoney(t, e.as("schooladmin"), e, n)
	if amount(list["refunded"]) != 0 || amount(page["refunded"]) != 0 || list["state"] != "paid" {
		t.Fatalf("nothing refunded: %v %v", list, page)
	}
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// An applicant waiting on a virtual account may pay another way: the
// account is closed at the provider first, then the card is charged; a
// deposit to the closed account is refused by the gateway, so nobody pays
// twice. Without asking to replace it, a new start is refused.
func TestPayAnotherWayClosesTheVirtualAccount(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	n := e.fillAndSubmit(c)
	vb := e.start(c, n, "vbank")
	e.act(vb, testpg.ActIssue)
	if st, _ := e.status(c, n); st != "VBANK_ISSUE" {
		t.Fatalf("after the account was issued: %s", st)
	}
	r := must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/pay/start/%d", n), map[string]any{"payType": "card"}), 409, "card while waiting")
	if r.Body["code"] != "payment.vbank_waiting" {
		t.Fatalf("card while waiting: %s", r.Raw)
	}
	r = must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/pay/start/%d", n), map[string]any{"payType": "card", "replaceVbank": true}), 200, "pay another way")
	card, _ := r.Body["paymentId"].(string)
	if card == "" || card == vb {
		t.Fatalf("new attempt: %s", r.Raw)
	}
	if got := e.count("SELECT count(*) FROM pay_attempt WHERE payment_id = $1 AND result = 'TIMEOUT'", vb); got != 1 {
		t.Fatalf("the virtual account's attempt is not closed")
	}
	e.act(card, testpg.ActApprove)
	if a := e.confirm(c, card, nil); a["result"] != "PAID" {
		t.Fatalf("card: %v", a)
	}
	if st, id := e.status(c, n); st != "COMPLETE" || id == "" {
		t.Fatalf("after the card: %s %q", st, id)
	}
	list, _ := staffMoney(t, e.as("schooladmin"), e, n)
	if list["method"] != "card" || amount(list["amount"]) != 80000 {
		t.Fatalf("staff see %v", list)
	}
}
