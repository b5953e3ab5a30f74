package refundrequest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/refundrequest"
	"github.com/gradapply/gradapply/core/window"
)

var paidAt = time.Date(2026, 11, 1, 23, 30, 0, 0, window.Seoul)

func card() refundrequest.Paid {
	return refundrequest.Paid{ApplNo: 7, PaymentID: "ga7-a", UserID: "hong", SchoolCode: "236", PayType: payment.Card,
		Provider: payment.ProviderTest, Paid: money.Won(80000), Remaining: money.Won(80000), PaidAt: paidAt}
}

func with(f func(p *refundrequest.Paid)) refundrequest.Paid {
	p := card()
	f(&p)
	return p
}

func fieldsOf(err error) map[string]string {
	out := map[string]string{}
	if e, ok := apperr.As(err); ok {
		for _, f := range e.Fields {
			out[f.Field] = f.Code
		}
	}
	return out
}

func TestNewRequest(t *testing.T) {
	t.Parallel()
	vbank := with(func(p *refundrequest.Paid) { p.PayType = payment.Vbank })
	good := &payment.RefundAccount{Bank: "088", Holder: "김지원", AccountNo: "110-123-456789"}
	cases := []struct {
		name     string
		paid     refundrequest.Paid
		reason   string
		account  *payment.RefundAccount
		kind     apperr.Kind
		code     string
		fields   map[string]string
		account2 bool // the request keeps an account
	}{
		{name: "a card payment with a reason", paid: card(), reason: "다른 학교에 합격했습니다."},
		{name: "a card payment ignores an account", paid: card(), reason: "r", account: good},
		{name: "not paid", paid: with(func(p *refundrequest.Paid) { p.PaidAt = time.Time{} }), reason: "r",
			kind: apperr.KindConflict, code: refundrequest.CodeNotPaid},
		{name: "fully refunded", paid: with(func(p *refundrequest.Paid) { p.Remaining = money.Won(0) }), reason: "r",
			kind: apperr.KindConflict, code: refundrequest.CodeFullyRefunded},
		{name: "no reason", paid: card(), reason: "  ", kind: apperr.KindInvalid,
			fields: map[string]string{"reason": refundrequest.CodeReason}},
		{name: "a reason too long", paid: card(), reason: strings.Repeat("가", refundrequest.MaxReason+1), kind: apperr.KindInvalid,
			fields: map[string]string{"reason": refundrequest.CodeReason}},
		{name: "a reason of the most characters", paid: card(), reason: strings.Repeat("가", refundrequest.MaxReason)},
		{name: "a virtual account without a refund account", paid: vbank, reason: "", kind: apperr.KindInvalid,
			fields: map[string]string{"reason": refundrequest.CodeReason, "refundAccount": payment.CodeRefundAccountReq}},
		{name: "a virtual account with a bad account", paid: vbank, reason: "r",
			account: &payment.RefundAccount{Bank: "", Holder: "김지원", AccountNo: "12"}, kind: apperr.KindInvalid,
			fields: map[string]string{"refundAccount.bank": payment.CodeRefundBank, "refundAccount.accountNo": payment.CodeRefundAccountNo}},
		{name: "a virtual account with its account", paid: vbank, reason: "r", account: good, account2: true},
		{name: "a manual transfer needs no account", paid: with(func(p *refundrequest.Paid) {
			p.PayType, p.Provider = payment.Vbank, payment.ProviderManual
		}), reason: "r"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, err := refundrequest.NewRequest(c.paid, c.reason, c.account, paidAt.Add(time.Hour))
			if c.kind != 0 || c.code != "" || c.fields != nil {
				if apperr.KindOf(err) != c.kind || c.code != "" && apperr.CodeOf(err) != c.code {
					t.Fatalf("err %v, want %v %s", err, c.kind, c.code)
				}
				if c.fields != nil {
					got := fieldsOf(err)
					if len(got) != len(c.fields) {
						t.Fatalf("fields %v, want %v", got, c.fields)
					}
					for k, v := range c.fields {
						if got[k] != v {
							t.Fatalf("fields %v, want %v", got, c.fields)
						}
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.State() != refundrequest.Pending || r.ID() != 0 || (r.Account() != nil) != c.account2 ||
				r.Reason() != strings.TrimSpace(c.reason) || r.PaymentID() != "ga7-a" {
				t.Fatalf("request %+v", r.Row())
			}
		})
	}
}

func TestWithdrawalDaysCountFromTheDayPaidInSeoul(t *testing.T) {
	t.Parallel()
	seoul := func(y int, m time.Month, d, h, min int) time.Time {
		return time.Date(y, m, d, h, min, 0, 0, window.Seoul)
	}
	cases := []struct {
		name   string
		paid   time.Time
		asked  time.Time
		days   int
		within bool
	}{
		{"the same day", paidAt, paidAt.Add(20 * time.Minute), 0, true},
		{"the next day, an hour later", paidAt, seoul(2026, 11, 2, 0, 30), 1, true},
		{"the seventh day, last minute", paidAt, seoul(2026, 11, 8, 23, 59), 7, true},
		{"the eighth day", paidAt, seoul(2026, 11, 9, 0, 0), 8, false},
		{"Seoul's day, not UTC's", time.Date(2026, 11, 1, 15, 30, 0, 0, time.UTC), time.Date(2026, 11, 9, 10, 0, 0, 0, time.UTC), 7, true},
		{"a month later", paidAt, seoul(2026, 12, 1, 9, 0), 30, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, err := refundrequest.NewRequest(with(func(p *refundrequest.Paid) { p.PaidAt = c.paid }), "r", nil, c.asked)
			if err != nil {
				t.Fatal(err)
			}
			if r.DaysSincePaid() != c.days || r.WithinWithdrawal() != c.within {
				t.Fatalf("days %d within %v, want %d %v", r.DaysSincePaid(), r.WithinWithdrawal(), c.days, c.within)
			}
		})
	}
}

func TestAnswersChangeOnlyAPendingRequest(t *testing.T) {
	t.Parallel()
	at := paidAt.Add(48 * time.Hour)
	approve := func(r *refundrequest.Request) error {
		return r.Approve("sysadmin", money.Won(80000), "c-1", "환불합니다.", "", at)
	}
	deny := func(r *refundrequest.Request) error {
		return r.Deny("sysadmin", "전형이 시작되었습니다.", "", at)
	}
	cases := []struct {
		name   string
		first  func(r *refundrequest.Request) error
		then   func(r *refundrequest.Request) error
		kind   apperr.Kind
		code   string
		field  string
		state  refundrequest.State
		answer string
	}{
		{name: "approve", then: approve, state: refundrequest.Approved, answer: "환불합니다."},
		{name: "deny", then: deny, state: refundrequest.Denied, answer: "전형이 시작되었습니다."},
		{name: "deny without a reason", then: func(r *refundrequest.Request) error { return r.Deny("sysadmin", " ", "", at) },
			kind: apperr.KindInvalid, field: "reason", state: refundrequest.Pending},
		{name: "approve without a reason", then: func(r *refundrequest.Request) error {
			return r.Approve("sysadmin", money.Won(1), "c", "", "", at)
		}, kind: apperr.KindInvalid, field: "reason", state: refundrequest.Pending},
		{name: "a note too long", then: func(r *refundrequest.Request) error {
			return r.Deny("sysadmin", "r", strings.Repeat("n", refundrequest.MaxNote+1), at)
		}, kind: apperr.KindInvalid, field: "note", state: refundrequest.Pending},
		{name: "approve a denied one", first: deny, then: approve, kind: apperr.KindConflict, code: refundrequest.CodeNotPending,
			state: refundrequest.Denied, answer: "전형이 시작되었습니다."},
		{name: "deny an approved one", first: approve, then: deny, kind: apperr.KindConflict, code: refundrequest.CodeNotPending,
			state: refundrequest.Approved, answer: "환불합니다."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, err := refundrequest.NewRequest(card(), "r", nil, paidAt.Add(time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			if c.first != nil {
				if err := c.first(&r); err != nil {
					t.Fatal(err)
				}
			}
			err = c.then(&r)
			if apperr.KindOf(err) != c.kind || c.code != "" && apperr.CodeOf(err) != c.code {
				t.Fatalf("err %v, want %v %s", err, c.kind, c.code)
			}
			if c.field != "" && fieldsOf(err)[c.field] == "" {
				t.Fatalf("err %v does not name %s", err, c.field)
			}
			if r.State() != c.state || r.Answer() != c.answer {
				t.Fatalf("state %s answer %q", r.State(), r.Answer())
			}
			if c.state == refundrequest.Approved && (r.Refunded() != money.Won(80000) || r.CancelID() != "c-1" || !r.DecidedAt().Equal(at)) {
				t.Fatalf("approved %+v", r.Row())
			}
		})
	}
}

func TestUnmarshalRefusesAnUnknownState(t *testing.T) {
	t.Parallel()
	if _, err := refundrequest.UnmarshalRequestFromDatabase(refundrequest.Row{State: "lost"}); apperr.CodeOf(err) != refundrequest.CodeStateUnknown {
		t.Fatalf("err %v", err)
	}
	r, _ := refundrequest.NewRequest(card(), "r", nil, paidAt)
	row := r.Row()
	row.ID = 3
	back, err := refundrequest.UnmarshalRequestFromDatabase(row)
	if err != nil || back.ID() != 3 || back.State() != refundrequest.Pending {
		t.Fatalf("%+v %v", back.Row(), err)
	}
}
