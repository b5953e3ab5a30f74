package portone_test

// Refunds PortOne answers pending (cancellation REQUESTED): the follow-up
// job and the webhooks settle them, through the real adapter, the fake and
// the real stores.

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/adapters/payment/portone/portonefake"
	"github.com/gradapply/gradapply/core/payment"
)

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

// pendingRefund pays, makes PortOne answer cancels pending and refunds
// with the type and amount.
func (f *flow) pendingRefund(typ, amount string) (string, payment.Cancellation) {
	f.T.Helper()
	id := f.paid()
	f.fake.CancelPending = true
	c, err := f.App.Money.Cancel(context.Background(), sysAdmin, id, payment.CancelInput{Type: typ, Amount: amount, Reason: "환불 요청"})
	if err != nil {
		f.T.Fatal(err)
	}
	if !c.Pending || c.Answer != payment.AnswerPending || c.ProviderCancelID == "" {
		f.T.Fatalf("the cancel was answered %+v, want pending", c)
	}
	return id, c
}

// cancel reads the payment's only cancellation as the history shows it.
func (f *flow) cancel(id string) payment.Cancellation {
	f.T.Helper()
	list, _, err := f.App.Money.CancelHistory(context.Background(), sysAdmin, payment.CancelQuery{PaymentID: id})
	if err != nil || len(list) == 0 {
		f.T.Fatalf("cancel history: %v %v", list, err)
	}
	return list[len(list)-1]
}

func (f *flow) follow() payment.Swept {
	f.T.Helper()
	sw, err := f.Svc.FollowRefunds(context.Background(), 100)
	if err != nil {
		f.T.Fatal(err)
	}
	return sw
}

func (f *flow) refundRecords(id string) []payment.Record {
	var out []payment.Record
	for _, r := range f.Records(f.Appl) {
		if r.PaymentID == id && r.Kind == payment.RecRefund {
			out = append(out, r)
		}
	}
	return out
}

func TestPendingRefundThatSucceedsLaterIsSettledOnce(t *testing.T) {
	f := newFlow(t)
	id, c := f.pendingRefund("00003", "30000")
	ctx := context.Background()
	pending, total, err := f.App.Money.CancelHistory(ctx, sysAdmin, payment.CancelQuery{Answer: payment.AnswerPending})
	if err != nil || total != 1 || pending[0].ID != c.ID {
		t.Fatalf("pending filter: %v %d %v", pending, total, err)
	}
	// Still REQUESTED at PortOne: the job asks and changes nothing.
	if sw := f.follow(); sw.Asked != 1 || sw.Changed != 0 {
		t.Fatalf("first run: %+v", sw)
	}
	if got := f.cancel(id); !got.Pending || got.Answer != payment.AnswerPending {
		t.Fatalf("before PortOne decided: %+v", got)
	}
	if err := f.fake.SettleCancel(id, c.ProviderCancelID); err != nil {
		t.Fatal(err)
	}
	if sw := f.follow(); sw.Changed != 1 {
		t.Fatalf("run after SUCCEEDED: %+v", sw)
	}
	if sw := f.follow(); sw.Asked != 0 || sw.Changed != 0 {
		t.Fatalf("a third run found something: %+v", sw)
	}
	got := f.cancel(id)
	if got.Pending || got.Answer != payment.AnswerOK || got.SettledAt.IsZero() {
		t.Fatalf("after SUCCEEDED: %+v", got)
	}
	if recs := f.refundRecords(id); len(recs) != 1 || recs[0].Alert || recs[0].Detail["answer"] != "ok" {
		t.Fatalf("refund records: %+v", recs)
	}
	if a := f.Attempt(id); a.Remaining() != moneyWon(50000) {
		t.Fatalf("remaining %v, want 50000", a.Remaining())
	}
	if _, n, _ := f.App.Money.CancelHistory(ctx, sysAdmin, payment.CancelQuery{Answer: payment.AnswerPending}); n != 0 {
		t.Fatalf("%d pending after settling", n)
	}
	var runs int
	if err := f.App.DB.Pool.QueryRow(ctx, `SELECT count(*) FROM audit_log WHERE action = 'job.refunds'`).Scan(&runs); err != nil || runs != 3 {
		t.Fatalf("%d audited runs, want 3: %v", runs, err)
	}
}

func TestPendingFullRefundThatFailsRestoresWhatRemainsAndAlerts(t *testing.T) {
	f := newFlow(t)
	id, c := f.pendingRefund("00001", "")
	_, exam := f.Status()
	if st, _ := f.Status(); st != "CANCEL" {
		t.Fatalf("after the full cancel the application is %s", st)
	}
	if err := f.fake.FailCancel(id, c.ProviderCancelID); err != nil {
		t.Fatal(err)
	}
	f.follow()
	f.follow()
	if a := f.Attempt(id); a.Remaining() != moneyWon(80000) || !a.Refunded().IsZero() {
		t.Fatalf("after FAILED: refunded %v remaining %v, want everything back", a.Refunded(), a.Remaining())
	}
	if got := f.cancel(id); got.Pending || got.Answer != payment.AnswerFailed {
		t.Fatalf("after FAILED: %+v", got)
	}
	fails, _, err := f.App.Money.FailureHistory(context.Background(), sysAdmin, payment.FailureQuery{Code: payment.CodeRefundFailed})
	if err != nil || len(fails) != 1 || !fails[0].Alert || fails[0].Detail["status"] != "CANCEL" {
		t.Fatalf("failure history: %+v %v", fails, err)
	}
	// The application stays cancelled with its exam number retired.
	if st, now := f.Status(); st != "CANCEL" || now != exam {
		t.Fatalf("after the failed refund the application is %s %q", st, now)
	}
	// The money never left: staff refund it again.
	f.fake.CancelPending = false
	again, err := f.App.Money.Cancel(context.Background(), sysAdmin, id, payment.CancelInput{Type: "00001", Reason: "환불 재시도"})
	if err != nil || again.Amount != moneyWon(80000) || again.Answer != payment.AnswerOK {
		t.Fatalf("refund again: %+v %v", again, err)
	}
	if p, _ := f.fake.Payment(id); p.Status != portone.StatusCancelled || p.Amount.Cancelled != 80000 {
		t.Fatalf("PortOne: %s cancelled %d", p.Status, p.Amount.Cancelled)
	}
	// The failed refund gave nothing back: the applicant and the settlement see one refund of 80,000.
	ctx := context.Background()
	mine, err := f.App.Money.MyRefunds(ctx, f.Owner)
	if err != nil || len(mine) != 1 || mine[0].ID != again.ID {
		t.Fatalf("the applicant's refunds: %+v %v", mine, err)
	}
	st, err := f.App.Money.Settle(ctx, sysAdmin, "236", time.Now().Add(-time.Hour), time.Now().Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	card := 0
	for _, r := range st.Rows {
		if r.PayType == payment.Card {
			card++
			if r.Refunds != 1 || r.Refunded != moneyWon(80000) {
				t.Fatalf("settlement card row: %+v", r)
			}
		}
	}
	if card != 1 {
		t.Fatalf("settlement rows: %+v", st.Rows)
	}
}

func TestWebhookSettlesAPendingRefund(t *testing.T) {
	f := newFlow(t)
	id, c := f.pendingRefund("00003", "20000")
	// Transaction.CancelPending: PortOne still says REQUESTED.
	if codes := f.send(f.fake.Webhook(id, portone.WebhookCancelPending)); codes[0] != http.StatusOK {
		t.Fatalf("CancelPending webhook answered %d", codes[0])
	}
	if got := f.cancel(id); !got.Pending {
		t.Fatalf("settled on CancelPending: %+v", got)
	}
	f.fake.WebhookURL = f.HookURL(payment.ProviderPortOne)
	if err := f.fake.SettleCancel(id, c.ProviderCancelID); err != nil { // sends Transaction.PartialCancelled
		t.Fatal(err)
	}
	if got := f.cancel(id); got.Pending || got.Answer != payment.AnswerOK {
		t.Fatalf("after the webhook: %+v", got)
	}
	if sw := f.follow(); sw.Asked != 0 {
		t.Fatalf("the job still found a pending refund: %+v", sw)
	}
	if recs := f.refundRecords(id); len(recs) != 1 || recs[0].Source != payment.SrcWebhook {
		t.Fatalf("refund records: %+v", recs)
	}
}

func TestRefundPendingPastTenBusinessDaysAlertsOnceAndProviderDownChangesNothing(t *testing.T) {
	f := newFlow(t)
	id, c := f.pendingRefund("00003", "10000")
	// Eleven days later (at most nine business days): not overdue yet.
	f.Svc.Clock = fixedClock{c.At.Add(11 * 24 * time.Hour)}
	f.follow()
	if n := len(f.Alerts(payment.CodeRefundOverdue)); n != 0 {
		t.Fatalf("%d overdue alerts before the tenth business day", n)
	}
	// Fifteen days later (at least ten business days) PortOne is down: nothing changes.
	f.Svc.Clock = fixedClock{c.At.Add(15 * 24 * time.Hour)}
	f.fake.Fail(portonefake.OpGet, 100)
	if sw := f.follow(); sw.Failed != 1 || sw.Changed != 0 {
		t.Fatalf("run with PortOne down: %+v", sw)
	}
	if n := len(f.Alerts(payment.CodeRefundOverdue)); n != 0 {
		t.Fatalf("%d overdue alerts without PortOne's answer", n)
	}
	f.fake.Recover(portonefake.OpGet)
	f.follow()
	f.follow()
	alerts := f.Alerts(payment.CodeRefundOverdue)
	if len(alerts) != 1 || alerts[0].Detail["cancelId"] != c.ID {
		t.Fatalf("overdue alerts: %+v", alerts)
	}
	if got := f.cancel(id); !got.Pending || got.OverdueAt.IsZero() {
		t.Fatalf("overdue refund: %+v", got)
	}
	if a := f.Attempt(id); a.Remaining() != moneyWon(70000) {
		t.Fatalf("remaining %v", a.Remaining())
	}
}
