package httpapi

import (
	"encoding/json"
	"testing"

	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// The payment pages' JSON keeps the keys core/payment and core/money
// carried before they lost their JSON names: the pay page's checkout, the
// staff's attempts, cancellations and settlement rows, and what they send.
func TestPayDTOKeys(t *testing.T) {
	t.Parallel()
	co := filled[payment.Checkout]()
	co.Window = []byte(`{"a":1}`)
	wantKeys(t, "checkout", toCheckoutDTO(co), "amount", "amount.amount", "amount.currency", "amount.text", "approveUrl",
		"channel", "channel.channelKey", "channel.storeId", "extra", "extra.v.Extra.key", "orderName", "payMethod", "paymentId",
		"provider", "providerOrderId", "window", "window.a")
	// The omitted ones stay omitted.
	wantKeys(t, "checkout without extras", toCheckoutDTO(payment.Checkout{}), "amount", "amount.amount", "amount.currency",
		"amount.text", "channel", "orderName", "paymentId", "provider")

	wantKeys(t, "settlement rows", toSettlementRows(filled[[]payment.MethodSummary]()), "[].currency", "[].net", "[].net.amount",
		"[].net.currency", "[].noFeeRule", "[].paid", "[].paid.amount", "[].paid.currency", "[].payType", "[].payments",
		"[].providerFees", "[].providerFees.amount", "[].providerFees.currency", "[].refunded", "[].refunded.amount",
		"[].refunded.currency", "[].refunds")

	wantKeys(t, "cancellation", toPayCancelDTO(filled[payment.Cancellation]()), "amount", "amount.amount", "amount.currency",
		"answer", "applNo", "at", "by", "cancelType", "id", "overdueAt", "payType", "paymentId", "pending", "provider",
		"providerCancelId", "reason", "refundAccount", "refundAccount.accountNo", "refundAccount.bank", "refundAccount.holder",
		"schoolCode", "settledAt")

	wantKeys(t, "staff attempt", filled[staffAttemptDTO](), "appStatus", "applId", "applNo", "applicantName", "createdAt",
		"enterYear", "failReason", "fee", "fee.amount", "fee.currency", "id", "paidAt", "payType", "provider", "providerOrderId",
		"recruitPartSeq", "refunded", "refunded.amount", "refunded.currency", "remaining", "remaining.amount", "remaining.currency",
		"result", "schoolCode", "surcharge", "surcharge.amount", "surcharge.currency", "total", "total.amount", "total.currency",
		"paid", "paid.amount", "paid.currency", "txId", "userId", "vbank", "vbank.accountNo", "vbank.bank", "vbank.due",
		"vbank.holder")

	b, _ := json.Marshal(amountOf(money.Cents(8352)))
	if string(b) != `{"amount":8352,"currency":"USD"}` {
		t.Fatalf("amount: %s", b)
	}
	if b, _ := json.Marshal(amountOf(money.Money{})); string(b) != `{"amount":0,"currency":""}` {
		t.Fatalf("no amount: %s", b)
	}
}

// What the staff and the pay page send reads as before.
func TestPayRequestDTOs(t *testing.T) {
	t.Parallel()
	var in cancelInputDTO
	if err := json.Unmarshal([]byte(`{"cancelType":"PARTIAL","amount":"1000","reason":"r","applicantReason":"a",`+
		`"refundAccount":{"bank":"088","holder":"Kim","accountNo":"110"}}`), &in); err != nil {
		t.Fatal(err)
	}
	want := payment.CancelInput{Type: "PARTIAL", Amount: "1000", Reason: "r", ApplicantReason: "a",
		Refund: &payment.RefundAccount{Bank: "088", Holder: "Kim", AccountNo: "110"}}
	sameValue(t, "cancel", in.toCore(), want)
	if (cancelInputDTO{}).toCore().Refund != nil {
		t.Fatal("no refund account")
	}
	var m manualInputDTO
	_ = json.Unmarshal([]byte(`{"method":"transfer","reason":"r","evidence":"e","locale":"en"}`), &m)
	if m != (manualInputDTO{Method: "transfer", Reason: "r", Evidence: "e", Locale: "en"}) {
		t.Fatalf("manual: %+v", m)
	}
	var s startRequestDTO
	_ = json.Unmarshal([]byte(`{"payType":"card","replaceVbank":true,"locale":"xx"}`), &s)
	if s != (startRequestDTO{PayType: "card", ReplaceVbank: true}) {
		t.Fatalf("start: %+v", s)
	}
	var r returnDTO
	_ = json.Unmarshal([]byte(`{"code":"FAIL","message":"m"}`), &r)
	if r != (returnDTO{Code: "FAIL", Message: "m"}) {
		t.Fatalf("return: %+v", r)
	}
}
