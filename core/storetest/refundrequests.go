package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/refundrequest"
)

// RefundRequestEnv is a fresh Env (with Apps, Users and Payments, which
// requests refer to) and the refund-request stores on the same database.
type RefundRequestEnv struct {
	Env
	Requests refundrequest.Store
	Rules    refundrequest.RuleStore
}

// paidAttempt stores an application of userID with a paid card attempt
// of KRW 80,000 (a virtual account when vbank) and answers what a
// request sees of it.
func paidAttempt(t *testing.T, e Env, userID, paymentID string, vbank bool) refundrequest.Paid {
	t.Helper()
	ctx := context.Background()
	n := app(t, e, userID)
	a := attempt(paymentID, n, userID, base)
	if vbank {
		q, _ := payment.NewQuote(payment.Vbank, money.Won(80000), payment.DefaultPayPalFee)
		a = quoted(paymentID, n, userID, q, base)
	}
	if err := e.Payments.Insert(ctx, a); err != nil {
		t.Fatal(err)
	}
	if err := e.Payments.Update(ctx, paymentID, func(_ context.Context, cur *payment.Attempt) error {
		_, err := cur.Apply(payment.Event{Kind: payment.EvPaid, Amount: cur.Quote().Total, PaidAt: base.Add(time.Hour)}, base.Add(time.Hour))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	a, _ = e.Payments.Get(ctx, paymentID)
	p, ok := refundrequest.PaidOf(a)
	if !ok {
		t.Fatalf("attempt not paid: %+v", a)
	}
	return p
}

func newRequest(t *testing.T, p refundrequest.Paid, reason string, at time.Time) refundrequest.Request {
	t.Helper()
	var acct *payment.RefundAccount
	if p.NeedsAccount() {
		acct = &payment.RefundAccount{Bank: "088", Holder: "김지원", AccountNo: "110-123-456789"}
	}
	r, err := refundrequest.NewRequest(p, reason, acct, at)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// RunRefundRequests is the contract of refundrequest.Store and RuleStore.
func RunRefundRequests(t *testing.T, newEnv func(t *testing.T) RefundRequestEnv) {
	ctx := context.Background()
	t.Run("a request round-trips with its payment, account and answer", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		p := paidAttempt(t, e.Env, "rr1", "rr1-a", true)
		r, err := e.Requests.Create(ctx, newRequest(t, p, "  다른 학교에 합격했습니다.  ", base.Add(2*time.Hour)))
		if err != nil || r.ID() == 0 {
			t.Fatalf("create %v %v", r.ID(), err)
		}
		got, err := e.Requests.Get(ctx, r.ID())
		if err != nil {
			t.Fatal(err)
		}
		gp := got.Paid()
		samePaid := gp.PaidAt.Equal(p.PaidAt)
		gp.PaidAt = p.PaidAt
		if gp != p || !samePaid || got.Reason() != "다른 학교에 합격했습니다." || got.State() != refundrequest.Pending ||
			!got.CreatedAt().Equal(base.Add(2*time.Hour)) || got.Account() == nil || got.Account().AccountNo != "110-123-456789" ||
			!got.DecidedAt().IsZero() {
			t.Fatalf("got %+v", got.Row())
		}
		err = e.Requests.Update(ctx, r.ID(), func(_ context.Context, x *refundrequest.Request) error {
			return x.Approve("sysadmin", money.Won(80000), "c-1", "요청에 따라 환불합니다.", "내부 메모", base.Add(3*time.Hour))
		})
		if err != nil {
			t.Fatal(err)
		}
		got, _ = e.Requests.Get(ctx, r.ID())
		if got.State() != refundrequest.Approved || got.Refunded() != money.Won(80000) || got.CancelID() != "c-1" ||
			got.DecidedBy() != "sysadmin" || !got.DecidedAt().Equal(base.Add(3*time.Hour)) || got.Answer() != "요청에 따라 환불합니다." ||
			got.Note() != "내부 메모" {
			t.Fatalf("approved %+v", got.Row())
		}
		wantCode(t, e.Requests.Update(ctx, 987654, func(context.Context, *refundrequest.Request) error { return nil }),
			apperr.KindNotFound, refundrequest.CodeNotFound)
		if _, err := e.Requests.Get(ctx, 987654); apperr.CodeOf(err) != refundrequest.CodeNotFound {
			t.Fatalf("unknown: %v", err)
		}
	})
	t.Run("one pending request per payment; an answered one frees it", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		p := paidAttempt(t, e.Env, "rr2", "rr2-a", false)
		first, err := e.Requests.Create(ctx, newRequest(t, p, "first", base))
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.Requests.Create(ctx, newRequest(t, p, "second", base.Add(time.Minute)))
		wantCode(t, err, apperr.KindConflict, refundrequest.CodeOpenExists)
		if err := e.Requests.Update(ctx, first.ID(), func(_ context.Context, r *refundrequest.Request) error {
			return r.Deny("sysadmin", "기간이 지났습니다.", "", base.Add(time.Hour))
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Requests.Create(ctx, newRequest(t, p, "again", base.Add(2*time.Hour))); err != nil {
			t.Fatalf("after the denial: %v", err)
		}
	})
	t.Run("a rule that fails, or a transaction rolled back, leaves the request as it was", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		p := paidAttempt(t, e.Env, "rr3", "rr3-a", false)
		r, _ := e.Requests.Create(ctx, newRequest(t, p, "why", base))
		err := e.Requests.Update(ctx, r.ID(), func(_ context.Context, x *refundrequest.Request) error {
			if err := x.Deny("sysadmin", "no", "", base); err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatalf("update: %v", err)
		}
		err = e.Tx.InTx(ctx, func(ctx context.Context) error {
			if err := e.Requests.Update(ctx, r.ID(), func(_ context.Context, x *refundrequest.Request) error {
				return x.Deny("sysadmin", "no", "", base)
			}); err != nil {
				return err
			}
			if _, err := e.Requests.Create(ctx, newRequest(t, p, "inside", base)); err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatalf("outer: %v", err)
		}
		got, _ := e.Requests.Get(ctx, r.ID())
		list, total, _ := e.Requests.List(ctx, refundrequest.Query{PaymentID: p.PaymentID})
		if got.State() != refundrequest.Pending || total != 1 || len(list) != 1 {
			t.Fatalf("state %s, %d requests", got.State(), total)
		}
	})
	t.Run("lists filter, page and come newest first", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		p1 := paidAttempt(t, e.Env, "rr4", "rr4-a", false)
		p2 := paidAttempt(t, e.Env, "rr5", "rr5-a", false)
		var ids []int64
		for i, p := range []refundrequest.Paid{p1, p2, p1} {
			if i == 2 {
				if err := e.Requests.Update(ctx, ids[0], func(_ context.Context, r *refundrequest.Request) error {
					return r.Deny("sysadmin", "no", "", base.Add(time.Hour))
				}); err != nil {
					t.Fatal(err)
				}
			}
			r, err := e.Requests.Create(ctx, newRequest(t, p, fmt.Sprint("reason ", i), base.Add(time.Duration(i)*time.Minute)))
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, r.ID())
		}
		idsOf := func(list []refundrequest.Request) []int64 {
			out := []int64{}
			for _, r := range list {
				out = append(out, r.ID())
			}
			return out
		}
		for name, c := range map[string]struct {
			q     refundrequest.Query
			want  []int64
			total int
		}{
			"all":      {refundrequest.Query{}, []int64{ids[2], ids[1], ids[0]}, 3},
			"oldest":   {refundrequest.Query{Oldest: true}, []int64{ids[0], ids[1], ids[2]}, 3},
			"pending":  {refundrequest.Query{State: refundrequest.Pending}, []int64{ids[2], ids[1]}, 2},
			"denied":   {refundrequest.Query{State: refundrequest.Denied}, []int64{ids[0]}, 1},
			"user":     {refundrequest.Query{UserID: "rr4"}, []int64{ids[2], ids[0]}, 2},
			"applNo":   {refundrequest.Query{ApplNo: p2.ApplNo}, []int64{ids[1]}, 1},
			"payment":  {refundrequest.Query{PaymentID: "rr4-a"}, []int64{ids[2], ids[0]}, 2},
			"school":   {refundrequest.Query{School: "T01"}, []int64{ids[2], ids[1], ids[0]}, 3},
			"other":    {refundrequest.Query{School: "NOPE"}, []int64{}, 0},
			"a page":   {refundrequest.Query{Offset: 1, Limit: 1}, []int64{ids[1]}, 3},
			"past end": {refundrequest.Query{Offset: 5, Limit: 2}, []int64{}, 3},
		} {
			list, total, err := e.Requests.List(ctx, c.q)
			if err != nil || total != c.total || fmt.Sprint(idsOf(list)) != fmt.Sprint(c.want) {
				t.Errorf("%s: %v (total %d) %v, want %v (total %d)", name, idsOf(list), total, err, c.want, c.total)
			}
		}
	})
	t.Run("rule texts are kept per school and replaced", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if _, ok, err := e.Rules.Rule(ctx, "T01"); ok || err != nil {
			t.Fatalf("no rule yet: %v %v", ok, err)
		}
		r := refundrequest.Rule{SchoolCode: "T01", Ko: "접수 마감 전 전액 환불", En: "Full refund before the deadline", UpdatedBy: "sysadmin", UpdatedAt: base}
		if err := e.Rules.PutRule(ctx, r); err != nil {
			t.Fatal(err)
		}
		r.En, r.UpdatedAt = "Changed", base.Add(time.Hour)
		if err := e.Rules.PutRule(ctx, r); err != nil {
			t.Fatal(err)
		}
		got, ok, err := e.Rules.Rule(ctx, "T01")
		if !ok || err != nil || got.Ko != r.Ko || got.En != "Changed" || got.UpdatedBy != "sysadmin" || !got.UpdatedAt.Equal(r.UpdatedAt) {
			t.Fatalf("rule %+v %v %v", got, ok, err)
		}
		all, err := e.Rules.Rules(ctx)
		if err != nil || len(all) != 1 || all[0].SchoolCode != "T01" {
			t.Fatalf("rules %+v %v", all, err)
		}
	})
}
