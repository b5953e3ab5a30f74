package postgres

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// Rows written when core's payment types carried their own JSON names still
// read, and what is written now has the same keys.
func TestPaymentJSONOldRows(t *testing.T) {
	t.Parallel()
	due := time.Date(2026, 3, 1, 15, 0, 0, 0, time.UTC)

	const vbank = `{"bank":"004","accountNo":"123-45","holder":"GradApply","due":"2026-03-01T15:00:00Z"}`
	v, err := unmarshalVbank([]byte(vbank))
	if err != nil || *v != (payment.VirtualAccount{Bank: "004", AccountNo: "123-45", Holder: "GradApply", Due: due}) {
		t.Fatalf("vbank: %+v %v", v, err)
	}
	if got := string(marshalVbank(v)); got != vbank {
		t.Fatalf("vbank written as %s", got)
	}

	const acct = `{"bank":"088","holder":"Kim","accountNo":"110-1"}`
	a, err := unmarshalRefundAccount([]byte(acct))
	if err != nil || *a != (payment.RefundAccount{Bank: "088", Holder: "Kim", AccountNo: "110-1"}) {
		t.Fatalf("refund account: %+v %v", a, err)
	}
	if b, _ := marshalRefundAccount(a); string(b) != acct {
		t.Fatalf("refund account written as %s", b)
	}

	const channels = `{"card":{"channelKey":"ck-card"},"vbank":{"storeId":"s","channelKey":"ck-vbank"}}`
	ch := map[payment.PayType]payment.Channel{}
	if err := unmarshalChannels([]byte(channels), ch); err != nil || !reflect.DeepEqual(ch, map[payment.PayType]payment.Channel{
		"card": {ChannelKey: "ck-card"}, "vbank": {StoreID: "s", ChannelKey: "ck-vbank"}}) {
		t.Fatalf("channels: %+v %v", ch, err)
	}
	if b, _ := marshalChannels(ch); string(b) != channels {
		t.Fatalf("channels written as %s", b)
	}

	const rows = `[{"payType":"card","currency":"KRW","payments":2,"refunds":1,"paid":{"amount":160000,"currency":"KRW"},` +
		`"refunded":{"amount":80000,"currency":"KRW"},"providerFees":{"amount":3520,"currency":"KRW"},"net":{"amount":76480,"currency":"KRW"},"noFeeRule":0},` +
		`{"payType":"","currency":"USD","payments":1,"refunds":0,"paid":{"amount":6300,"currency":"USD"},"refunded":{"amount":0,"currency":"USD"},` +
		`"providerFees":{"amount":277,"currency":"USD"},"net":{"amount":6023,"currency":"USD"},"noFeeRule":1}]`
	got, err := unmarshalClosingRows([]byte(rows))
	want := []payment.MethodSummary{
		{PayType: "card", Summary: payment.Summary{Currency: money.KRW, Payments: 2, Refunds: 1, Paid: money.Won(160000),
			Refunded: money.Won(80000), ProviderFees: money.Won(3520), Net: money.Won(76480)}},
		{Summary: payment.Summary{Currency: money.USD, Payments: 1, Paid: money.Cents(6300), Refunded: money.Cents(0),
			ProviderFees: money.Cents(277), Net: money.Cents(6023), NoFeeRule: 1}},
	}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("closing rows:\n got %+v %v\nwant %+v", got, err, want)
	}
	if b, _ := marshalClosingRows(got); string(b) != rows {
		t.Fatalf("closing rows written as %s", b)
	}
	if b, _ := marshalClosingRows(nil); string(b) != "null" {
		t.Fatalf("no rows written as %s", b)
	}
	if none, err := unmarshalClosingRows([]byte("[]")); err != nil || none == nil || len(none) != 0 {
		t.Fatalf("no rows: %v %v", none, err)
	}

	// An amount in a currency the service does not take, or not in minor
	// units, is refused as it was.
	for _, bad := range []string{
		`[{"paid":{"amount":1,"currency":"EUR"},"refunded":{"amount":0,"currency":"KRW"},"providerFees":{"amount":0,"currency":"KRW"},"net":{"amount":0,"currency":"KRW"}}]`,
		`[{"paid":{"amount":1.5,"currency":"USD"}}]`,
	} {
		if _, err := unmarshalClosingRows([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func FuzzMoneyJSON(f *testing.F) {
	f.Add([]byte(`{"amount":8352,"currency":"USD"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var j moneyJSON
		if err := json.Unmarshal(b, &j); err != nil {
			return
		}
		m, err := j.money()
		if err != nil {
			return
		}
		if m.Currency() != money.KRW && m.Currency() != money.USD {
			t.Fatalf("currency %q", m.Currency())
		}
	})
}
