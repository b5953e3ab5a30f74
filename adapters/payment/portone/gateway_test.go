package portone_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/adapters/payment/portone/portonefake"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// Refunds are staff's (issue 10); the gateway's cancel is checked here.
func TestGatewayCancelRefundsOnceAndNeverAboveWhatRemains(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	gw := &portone.Gateway{Client: c}
	ctx := context.Background()
	_ = f.Pay("pay-c1", portone.MethodCard, 80000, "KRW")
	ref := payment.Ref{PaymentID: "pay-c1"}

	f.FailAfterWork(portonefake.OpCancel, 1) // refunded, then the answer is lost
	_, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Amount: money.Won(30000), Cancellable: money.Won(80000), Reason: "partial"})
	if !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("the retry of a done refund: %v", err)
	}
	snap, _ := gw.Lookup(ctx, ref)
	if snap.Status != payment.RemotePartCanceled || snap.Cancelled != money.Won(30000) {
		t.Fatalf("after one partial refund: %s %s", snap.Status, snap.Cancelled)
	}
	if _, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Amount: money.Won(60000), Cancellable: money.Won(50000), Reason: "too much"}); !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("above what remains: %v", err)
	}
	res, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Cancellable: money.Won(50000), Reason: "the rest"})
	if err != nil || res.Amount != money.Won(50000) || res.CancelID == "" || res.Pending {
		t.Fatalf("the rest: %+v %v", res, err)
	}
	if snap, _ := gw.Lookup(ctx, ref); snap.Status != payment.RemoteCancelled {
		t.Fatalf("after refunding everything: %s", snap.Status)
	}
	if _, err := gw.Cancel(ctx, payment.CancelRequest{Ref: payment.Ref{PaymentID: "nobody"}, Reason: "x"}); !errors.Is(err, payment.ErrNotFound) {
		t.Fatalf("unknown payment: %v", err)
	}
}

func TestGatewayVirtualAccountRefundCarriesTheAccount(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	gw := &portone.Gateway{Client: c}
	ctx := context.Background()
	_ = f.Open("vb-c1", portone.MethodVirtualAccount, 80000, "KRW")
	_ = f.IssueVirtualAccount("vb-c1", f.Now().Add(48*time.Hour))
	_ = f.Deposit("vb-c1")
	ref := payment.Ref{PaymentID: "vb-c1"}
	if _, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Reason: "refund"}); !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("without a refund account: %v", err)
	}
	res, err := gw.Cancel(ctx, payment.CancelRequest{Ref: ref, Reason: "refund", Cancellable: money.Won(80000),
		Refund: &payment.RefundAccount{Bank: "004", Holder: "홍길동", AccountNo: "123456789012"}})
	if err != nil || res.Amount != money.Won(80000) {
		t.Fatalf("%+v %v", res, err)
	}
	var sent portone.Cancel
	for _, call := range f.Calls() {
		if call.Op == portonefake.OpCancel {
			_ = json.Unmarshal(call.Body, &sent)
		}
	}
	if sent.RefundAccount == nil || sent.RefundAccount.Bank != "004" || sent.RefundAccount.Number != "123456789012" || sent.RefundAccount.HolderName != "홍길동" || sent.Requester != "ADMIN" {
		t.Fatalf("sent %+v", sent)
	}
}

// The pay page passes Checkout.Window to PortOne.requestPayment as it is:
// the window (the fake, reading the SDK's field names) must receive every
// parameter payments.md lists with the values of the order.
func TestPrepareGivesTheWindowEveryParameter(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	gw := &portone.Gateway{Client: c, NoticeURL: "https://apply.example/apply/api/pay/webhook/portone"}
	ctx := context.Background()
	seoul, _ := time.LoadLocation("Asia/Seoul")
	due := time.Date(2026, 12, 4, 23, 59, 0, 0, seoul)
	o := payment.Order{PaymentID: "ga42-window", ApplNo: 42, PayType: payment.Vbank, Amount: money.Won(80000),
		OrderName: "한빛대학교 2027 전기 전형료", Channel: payment.Channel{StoreID: "store-of-a-school", ChannelKey: "channel-key-236"},
		Buyer:    payment.Buyer{Name: "홍길동", Email: "hong@example.com", Phone: "010-1234-5678"},
		VbankDue: due.UTC(), ReturnURL: "https://apply.example/pay/mobile?paymentId=ga42-window", Locale: "ko"}
	co, err := gw.Prepare(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.RequestPayment(co.Window); err != nil {
		t.Fatalf("the window refused the checkout: %v\n%s", err, co.Window)
	}
	w, _ := f.Window(o.PaymentID)
	if w.StoreID != f.StoreID || w.ChannelKey != "channel-key-236" || w.PaymentID != o.PaymentID || w.OrderName != o.OrderName ||
		w.TotalAmount != 80000 || w.Currency != "KRW" || w.PayMethod != "VIRTUAL_ACCOUNT" || w.RedirectURL != o.ReturnURL || w.Locale != "KO_KR" {
		t.Fatalf("window %+v", w)
	}
	if len(w.NoticeURLs) != 1 || w.NoticeURLs[0] != gw.NoticeURL {
		t.Fatalf("noticeUrls %v", w.NoticeURLs)
	}
	if cu := w.Customer; cu == nil || cu.FullName != "홍길동" || cu.Email != "hong@example.com" || cu.PhoneNumber != "01012345678" {
		t.Fatalf("customer %+v", cu)
	}
	var custom map[string]any
	if err := json.Unmarshal(w.CustomData, &custom); err != nil || custom["paymentId"] != o.PaymentID || custom["applNo"] != float64(42) {
		t.Fatalf("customData %s", w.CustomData)
	}
	if va := w.VirtualAccount; va == nil || va.AccountExpiry == nil || va.AccountExpiry.DueDate != "2026-12-04 23:59:00" {
		t.Fatalf("virtualAccount %s", co.Window)
	}
	// The account PortOne issues expires when the server said, and
	// PortOne answers our customData: the lookup is ours.
	if err := f.IssueVirtualAccount(o.PaymentID, time.Time{}); err != nil {
		t.Fatal(err)
	}
	snap, err := gw.Lookup(ctx, payment.Ref{PaymentID: o.PaymentID})
	if err != nil || snap.PaymentID != o.PaymentID || snap.Vbank == nil || !snap.Vbank.Due.Equal(due) {
		t.Fatalf("lookup %+v %v", snap, err)
	}

	// A card order in English: no virtual-account options, the English window.
	o.PaymentID, o.PayType, o.VbankDue, o.Locale, o.NoticeURL = "ga42-card", payment.Card, time.Time{}, "en", "https://elsewhere.example/hook"
	co, err = gw.Prepare(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.RequestPayment(co.Window); err != nil {
		t.Fatal(err)
	}
	w, _ = f.Window(o.PaymentID)
	if w.PayMethod != "CARD" || w.Locale != "EN_US" || w.VirtualAccount != nil || len(w.NoticeURLs) != 1 || w.NoticeURLs[0] != o.NoticeURL {
		t.Fatalf("card window %+v", w)
	}
}

// What the window checks: a page that changed the amount, or asked in
// another store, opens nothing.
func TestWindowRefusesAChangedCheckout(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	gw := &portone.Gateway{Client: c}
	co, err := gw.Prepare(context.Background(), payment.Order{PaymentID: "ga7-x", ApplNo: 7, PayType: payment.Card, Amount: money.Won(80000), OrderName: "fee"})
	if err != nil {
		t.Fatal(err)
	}
	for name, change := range map[string]func(map[string]any){
		"amount":   func(m map[string]any) { m["totalAmount"] = 800 },
		"currency": func(m map[string]any) { m["currency"] = "USD" },
		"store":    func(m map[string]any) { m["storeId"] = "store-someone-else" },
	} {
		var m map[string]any
		_ = json.Unmarshal(co.Window, &m)
		change(m)
		b, _ := json.Marshal(m)
		if err := f.RequestPayment(b); err == nil {
			t.Fatalf("%s changed: the window opened", name)
		}
	}
	if p, ok := f.Payment("ga7-x"); ok && p.TransactionID != "" {
		t.Fatal("a refused window opened a payment")
	}
}

// Our customData comes back with the payment; when it names another
// payment (or is not ours), the lookup reports that, and core refuses it.
func TestLookupChecksOurCustomData(t *testing.T) {
	t.Parallel()
	c, f := newClient(t)
	gw := &portone.Gateway{Client: c}
	ctx := context.Background()
	for name, tc := range map[string]struct{ custom, want string }{
		"ours":           {`{"paymentId":"ga9-a","applNo":9}`, "ga9-a"},
		"none (older)":   {``, "ga9-a"},
		"another's":      {`{"paymentId":"ga10-b","applNo":10}`, "ga10-b"},
		"not our format": {`order-77`, "customData:order-77"},
	} {
		_ = f.Pay("ga9-a", portone.MethodCard, 80000, "KRW")
		f.Tamper("ga9-a", func(p *portone.Payment) { p.CustomData = tc.custom })
		snap, err := gw.Lookup(ctx, payment.Ref{PaymentID: "ga9-a"})
		if err != nil || snap.PaymentID != tc.want {
			t.Fatalf("%s: lookup reports %q (%v), want %q", name, snap.PaymentID, err, tc.want)
		}
	}
}
