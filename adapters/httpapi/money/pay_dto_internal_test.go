package money

import (
	"encoding/json"
	"testing"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/adapters/httpapi/edge/dtotest"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// The staff's money pages keep the keys core/payment and core/money
// carried before they lost their JSON names: attempts, cancellations and
// settlement rows, and what the staff send.
func TestPayDTOKeys(t *testing.T) {
	t.Parallel()
	dtotest.WantKeys(t, "settlement rows", toSettlementRows(dtotest.Filled[[]payment.MethodSummary]()), "[].currency", "[].net", "[].net.amount",
		"[].net.currency", "[].noFeeRule", "[].paid", "[].paid.amount", "[].paid.currency", "[].payType", "[].payments",
		"[].providerFees", "[].providerFees.amount", "[].providerFees.currency", "[].refunded", "[].refunded.amount",
		"[].refunded.currency", "[].refunds")

	dtotest.WantKeys(t, "cancellation", toPayCancelDTO(dtotest.Filled[payment.Cancellation]()), "amount", "amount.amount", "amount.currency",
		"answer", "applNo", "at", "by", "cancelType", "id", "overdueAt", "payType", "paymentId", "pending", "provider",
		"providerCancelId", "reason", "refundAccount", "refundAccount.accountNo", "refundAccount.bank", "refundAccount.holder",
		"schoolCode", "settledAt")

	dtotest.WantKeys(t, "staff attempt", dtotest.Filled[staffAttemptDTO](), "appStatus", "applId", "applNo", "applicantName", "createdAt",
		"enterYear", "failReason", "fee", "fee.amount", "fee.currency", "id", "paidAt", "payType", "provider", "providerOrderId",
		"recruitPartSeq", "refunded", "refunded.amount", "refunded.currency", "remaining", "remaining.amount", "remaining.currency",
		"result", "schoolCode", "surcharge", "surcharge.amount", "surcharge.currency", "total", "total.amount", "total.currency",
		"paid", "paid.amount", "paid.currency", "txId", "userId", "vbank", "vbank.accountNo", "vbank.bank", "vbank.due",
		"vbank.holder")

	b, _ := json.Marshal(edge.AmountOf(money.Cents(8352)))
	if string(b) != `{"amount":8352,"currency":"USD"}` {
		t.Fatalf("amount: %s", b)
	}
	if b, _ := json.Marshal(edge.AmountOf(money.Money{})); string(b) != `{"amount":0,"currency":""}` {
		t.Fatalf("no amount: %s", b)
	}
}

// What the staff send reads as before.
func TestPayRequestDTOs(t *testing.T) {
	t.Parallel()
	var in cancelInputDTO
	if err := json.Unmarshal([]byte(`{"cancelType":"PARTIAL","amount":"1000","reason":"r","applicantReason":"a",`+
		`"refundAccount":{"bank":"088","holder":"Kim","accountNo":"110"}}`), &in); err != nil {
		t.Fatal(err)
	}
	want := payment.CancelInput{Type: "PARTIAL", Amount: "1000", Reason: "r", ApplicantReason: "a",
		Refund: &payment.RefundAccount{Bank: "088", Holder: "Kim", AccountNo: "110"}}
	dtotest.SameValue(t, "cancel", in.toCore(), want)
	if (cancelInputDTO{}).toCore().Refund != nil {
		t.Fatal("no refund account")
	}
	var m manualInputDTO
	_ = json.Unmarshal([]byte(`{"method":"transfer","reason":"r","evidence":"e","locale":"en"}`), &m)
	if m != (manualInputDTO{Method: "transfer", Reason: "r", Evidence: "e", Locale: "en"}) {
		t.Fatalf("manual: %+v", m)
	}
}
