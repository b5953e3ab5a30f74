package applicant

import (
	"encoding/json"
	"testing"

	"github.com/gradapply/gradapply/adapters/httpapi/edge/dtotest"
	"github.com/gradapply/gradapply/core/payment"
)

// The pay page's JSON keeps the keys core/payment and core/money carried
// before they lost their JSON names: the checkout, and what it sends.
func TestPayDTOKeys(t *testing.T) {
	t.Parallel()
	co := dtotest.Filled[payment.Checkout]()
	co.Window = []byte(`{"a":1}`)
	dtotest.WantKeys(t, "checkout", toCheckoutDTO(co), "amount", "amount.amount", "amount.currency", "amount.text", "approveUrl",
		"channel", "channel.channelKey", "channel.storeId", "extra", "extra.v.Extra.key", "orderName", "payMethod", "paymentId",
		"provider", "providerOrderId", "window", "window.a")
	// The omitted ones stay omitted.
	dtotest.WantKeys(t, "checkout without extras", toCheckoutDTO(payment.Checkout{}), "amount", "amount.amount", "amount.currency",
		"amount.text", "channel", "orderName", "paymentId", "provider")

}

// What the pay page sends reads as before.
func TestPayStartRequestDTOs(t *testing.T) {
	t.Parallel()
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
