package payment

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
)

// decisions.md "PayPal fee": total = fee + round-half-up(fee × 4.4% + 0.30
// USD) to the cent; spec section 9 "Paypal fee: 4.4 percent plus a fixed 0.3".
func TestPayPalSurcharge(t *testing.T) {
	t.Parallel()
	cases := []struct {
		fee, surcharge, total int64
	}{
		{8000, 382, 8382},   // 80.00: 3.52 + 0.30
		{10000, 470, 10470}, // 100.00: 4.40 + 0.30
		{1250, 85, 1335},    // 12.50: 0.55 + 0.30
		{1, 30, 31},         // 0.01: 0.00044 rounds to 0
		{1137, 80, 1217},    // 11.37: 0.50028 -> 0.50
		{1125, 80, 1205},    // 11.25: 0.495 -> 0.50 (half up)
		{0, 0, 0},
	}
	for _, c := range cases {
		q, err := NewQuote(VisaMaster, money.Cents(c.fee), DefaultPayPalFee)
		if err != nil || q.Surcharge != money.Cents(c.surcharge) || q.Total != money.Cents(c.total) || q.Fee != money.Cents(c.fee) {
			t.Errorf("fee %d: %+v %v", c.fee, q, err)
		}
	}
	custom := PayPalFee{Rate: money.PPM(39000), Fixed: money.Cents(49)}
	if s, _ := custom.Surcharge(money.Cents(10000)); s != money.Cents(439) {
		t.Fatalf("configured rate: %v", s)
	}
	if _, err := DefaultPayPalFee.Surcharge(money.Won(1000)); apperr.CodeOf(err) != CodeCurrency {
		t.Fatal("KRW through PayPal")
	}
	if _, err := DefaultPayPalFee.Surcharge(money.Cents(-1)); apperr.CodeOf(err) != CodeCurrency {
		t.Fatal("negative fee")
	}
	if _, err := (PayPalFee{Rate: money.PPM(44000), Fixed: money.Won(300)}).Surcharge(money.Cents(1)); err == nil {
		t.Fatal("fixed part in KRW")
	}
}

// Spec section 9: "Payment types: card, vbank, trans, visa_master, free."
func TestQuote(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		t    PayType
		fee  money.Money
		want money.Money
		code string
	}{
		{"card charges KRW as is", Card, money.Won(80000), money.Won(80000), ""},
		{"vbank charges KRW", Vbank, money.Won(80000), money.Won(80000), ""},
		{"trans charges KRW", Trans, money.Won(80000), money.Won(80000), ""},
		{"card in USD refused", Card, money.Cents(8000), money.Money{}, CodeCurrency},
		{"visa_master in KRW refused", VisaMaster, money.Won(80000), money.Money{}, CodeCurrency},
		{"free with zero fee", Free, money.Won(0), money.Won(0), ""},
		{"free with a fee refused", Free, money.Won(1), money.Money{}, CodeFreeNotZero},
		{"negative fee refused", Card, money.Won(-1), money.Money{}, CodeCurrency},
		{"unknown pay type", "cash", money.Won(1), money.Money{}, CodePayTypeUnknown},
	}
	for _, c := range cases {
		q, err := NewQuote(c.t, c.fee, DefaultPayPalFee)
		if apperr.CodeOf(err) != c.code || q.Total != c.want {
			t.Errorf("%s: %+v %v", c.name, q, err)
		}
	}
	for _, pt := range PayTypes {
		if got, err := ParsePayType(string(pt)); err != nil || got != pt {
			t.Fatal("ParsePayType")
		}
	}
	if VisaMaster.Provider() != "paypal" || Card.Provider() != "domestic" || Free.Provider() != "" || Free.Currency() != "" {
		t.Fatal("Provider/Currency")
	}
}

func paid(t *testing.T, fee money.Money, pt PayType) Payment {
	t.Helper()
	q, err := NewQuote(pt, fee, DefaultPayPalFee)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := Start(q).Apply(Event{Kind: EvPaid, Amount: q.Total, TxID: "tx1"})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Spec section 4: "Payment result: PROCEEDING, PAID, VBANK_ISSUE, TIMEOUT.
// Payment status: COMPLETE."; issue 3: a repeated or late event changes
// nothing; an amount that differs from the expected one is refused.
func TestApply(t *testing.T) {
	t.Parallel()
	w := money.Won(80000)
	base := Start(Quote{PayType: Vbank, Fee: w, Total: w})
	card := Start(Quote{PayType: Card, Fee: w, Total: w})
	at := func(p Payment, r Result) Payment { p.Result = r; return p }
	cases := []struct {
		name    string
		from    Payment
		ev      Event
		want    Result
		outcome Outcome
		code    string
	}{
		{"card paid", card, Event{Kind: EvPaid, Amount: w, TxID: "t"}, Paid, Changed, ""},
		{"vbank issued", base, Event{Kind: EvVbankIssued, Amount: w, TxID: "t"}, VbankIssue, Changed, ""},
		{"deposit after issue", at(base, VbankIssue), Event{Kind: EvPaid, Amount: w, TxID: "t"}, Paid, Changed, ""},
		{"vbank expiry", at(base, VbankIssue), Event{Kind: EvTimeout, Amount: money.Money{}, TxID: ""}, Timeout, Changed, ""},
		{"card timeout", card, Event{Kind: EvTimeout, Amount: money.Money{}, TxID: ""}, Timeout, Changed, ""},
		{"repeated issue ignored", at(base, VbankIssue), Event{Kind: EvVbankIssued, Amount: w, TxID: "t"}, VbankIssue, Ignored, ""},
		{"repeated paid ignored", at(card, Paid), Event{Kind: EvPaid, Amount: w, TxID: "t"}, Paid, Ignored, ""},
		{"repeated paid with other amount ignored", at(card, Paid), Event{Kind: EvPaid, Amount: money.Won(1), TxID: "t"}, Paid, Ignored, ""},
		{"late timeout after paid ignored", at(card, Paid), Event{Kind: EvTimeout, Amount: money.Money{}, TxID: ""}, Paid, Ignored, ""},
		{"late issue after timeout ignored", at(base, Timeout), Event{Kind: EvVbankIssued, Amount: w, TxID: ""}, Timeout, Ignored, ""},
		{"deposit after timeout reported", at(base, Timeout), Event{Kind: EvPaid, Amount: w, TxID: ""}, Timeout, LatePaid, ""},
		{"less than expected refused", card, Event{Kind: EvPaid, Amount: money.Won(79999), TxID: "t"}, Proceeding, Ignored, CodeAmountMismatch},
		{"more than expected refused", at(base, VbankIssue), Event{Kind: EvPaid, Amount: money.Won(80001), TxID: "t"}, VbankIssue, Ignored, CodeAmountMismatch},
		{"other currency refused", card, Event{Kind: EvPaid, Amount: money.Cents(80000), TxID: "t"}, Proceeding, Ignored, CodeAmountMismatch},
		{"vbank issue for a card refused", card, Event{Kind: EvVbankIssued, Amount: w, TxID: "t"}, Proceeding, Ignored, CodeEventUnexpected},
		{"unknown event", card, Event{Kind: "refund", Amount: w, TxID: "t"}, Proceeding, Ignored, CodeEventUnexpected},
		{"unknown state", at(card, "X"), Event{Kind: EvPaid, Amount: w, TxID: "t"}, "X", Ignored, CodeEventUnexpected},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, out, err := c.from.Apply(c.ev)
			if got.Result != c.want || out != c.outcome || apperr.CodeOf(err) != c.code {
				t.Fatalf("got %s %s %v", got.Result, out, err)
			}
			if out != Changed && got != c.from {
				t.Fatal("payment changed without a change")
			}
			if out == Changed && got.Result == Paid && (got.Status != StatusComplete || got.Paid != w) {
				t.Fatalf("paid payment %+v", got)
			}
		})
	}
}

// Spec section 4: "Payment cancel types: 00001 all, 00002 zero, 00003
// partial"; issue 3: partial never above what remains.
func TestCancel(t *testing.T) {
	t.Parallel()
	p := paid(t, money.Won(80000), Card)
	if _, _, err := Start(Quote{PayType: Card, Total: money.Won(1)}).Cancel(CancelAll, money.Money{}); apperr.CodeOf(err) != CodeNotPaid {
		t.Fatal("cancel unpaid")
	}
	p1, r, err := p.Cancel(CancelPartial, money.Won(30000))
	if err != nil || r != money.Won(30000) || p1.Remaining() != money.Won(50000) {
		t.Fatalf("partial: %v %v %v", p1, r, err)
	}
	for _, bad := range []money.Money{money.Won(50001), money.Won(0), money.Won(-1), money.Cents(100)} {
		if _, _, err := p1.Cancel(CancelPartial, bad); apperr.CodeOf(err) != CodePartialAmount {
			t.Errorf("partial %v: %v", bad, err)
		}
	}
	p2, r, err := p1.Cancel(CancelAll, money.Money{})
	if err != nil || r != money.Won(50000) || !p2.Remaining().IsZero() || p2.Refunded != money.Won(80000) {
		t.Fatalf("all after partial: %v %v %v", p2, r, err)
	}
	if _, _, err := p2.Cancel(CancelAll, money.Money{}); apperr.CodeOf(err) != CodeNothingRemains {
		t.Fatal("all twice")
	}
	if _, _, err := p2.Cancel(CancelPartial, money.Won(1)); apperr.CodeOf(err) != CodePartialAmount {
		t.Fatal("partial above remaining 0")
	}
	p3, r, err := p.Cancel(CancelZero, money.Money{})
	if err != nil || !r.IsZero() || p3.Remaining() != money.Won(80000) {
		t.Fatal("zero cancel refunds nothing")
	}
	if _, _, err := p.Cancel("00004", money.Money{}); apperr.CodeOf(err) != CodeCancelTypeUnknown {
		t.Fatal("unknown cancel type")
	}
	for _, s := range []string{"00001", "00002", "00003"} {
		if _, err := ParseCancelType(s); err != nil {
			t.Fatal(s)
		}
	}
	if _, err := ParseCancelType("1"); err == nil {
		t.Fatal("1")
	}
	if (Payment{Paid: money.Won(1), Refunded: money.Cents(1)}).Remaining() != money.Zero(money.KRW) {
		t.Fatal("mixed currencies remaining")
	}
}

// Spec section 3 "Refund: bank, holder, account number".
func TestRefundAccount(t *testing.T) {
	t.Parallel()
	cases := []struct {
		a    RefundAccount
		want []string
	}{
		{RefundAccount{"004", "홍길동", "123-456-789012"}, nil},
		{RefundAccount{"KB", "Hong Gil Dong", "123456"}, nil},
		{RefundAccount{"", "", ""}, []string{"bank", "holder", "accountNo"}},
		{RefundAccount{"004", "홍길동", "12345"}, []string{"accountNo"}},
		{RefundAccount{"004", "홍길동", "-123456"}, []string{"accountNo"}},
		{RefundAccount{"004", "홍길동", "123456789012345678901"}, []string{"accountNo"}},
		{RefundAccount{"004", "홍길동", "1234a56"}, []string{"accountNo"}},
		{RefundAccount{"00 4", "홍<b>", "123456"}, []string{"bank", "holder"}},
	}
	for _, c := range cases {
		e, _ := apperr.As(c.a.Validate())
		var got []string
		if e != nil {
			for _, f := range e.Fields {
				got = append(got, f.Field)
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("%+v: %v want %v", c.a, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%+v: %v want %v", c.a, got, c.want)
			}
		}
	}
}

// Issue 3 item 5: a settlement of a school's period: paid, refunded,
// provider fees, net.
func TestSettle(t *testing.T) {
	t.Parallel()
	day := func(d int) time.Time { return time.Date(2026, 3, d, 12, 0, 0, 0, time.UTC) }
	lines := []Line{
		{LinePayment, day(1), Card, money.Won(80000), money.Won(2640)},
		{LinePayment, day(2), Vbank, money.Won(80000), money.Won(300)},
		{LineRefund, day(3), Card, money.Won(30000), money.Money{}},
		{LinePayment, day(4), VisaMaster, money.Cents(8382), money.Cents(382)},
		{LinePayment, day(5), Free, money.Won(0), money.Money{}},
		{LinePayment, day(31), Card, money.Won(80000), money.Won(2640)}, // outside
		{LineRefund, day(0), Card, money.Won(80000), money.Money{}},     // outside (Feb 28)
	}
	got, err := Settle(lines, day(1), day(31))
	if err != nil || len(got) != 2 {
		t.Fatal(got, err)
	}
	krw, usd := got[0], got[1]
	if krw.Currency != money.KRW || krw.Payments != 3 || krw.Refunds != 1 || krw.Paid != money.Won(160000) ||
		krw.Refunded != money.Won(30000) || krw.ProviderFees != money.Won(2940) || krw.Net != money.Won(127060) {
		t.Errorf("KRW %+v", krw)
	}
	if usd.Paid != money.Cents(8382) || usd.ProviderFees != money.Cents(382) || usd.Net != money.Cents(8000) {
		t.Errorf("USD %+v", usd)
	}
	if got, _ := Settle(nil, day(1), day(2)); len(got) != 0 {
		t.Fatal("empty settlement")
	}
	if _, err := Settle([]Line{{LinePayment, day(1), Card, money.Won(1), money.Cents(1)}}, day(1), day(2)); err == nil {
		t.Fatal("fee in another currency")
	}
}

func FuzzParsePayType(f *testing.F) {
	f.Add("visa_master")
	f.Fuzz(func(t *testing.T, s string) {
		pt, err := ParsePayType(s)
		if err == nil && string(pt) != s {
			t.Fatal(s)
		}
		ct, err := ParseCancelType(s)
		if err == nil && string(ct) != s {
			t.Fatal(s)
		}
	})
}

func FuzzQuote(f *testing.F) {
	f.Add(int64(8000), uint8(3))
	f.Fuzz(func(t *testing.T, fee int64, pt uint8) {
		typ := PayTypes[int(pt)%len(PayTypes)]
		cur := typ.Currency()
		if cur == "" {
			cur = money.KRW
		}
		m, _ := money.New(fee, cur)
		q, err := NewQuote(typ, m, DefaultPayPalFee)
		if err != nil {
			return
		}
		if s, _ := q.Fee.Add(q.Surcharge); s != q.Total || q.Total.IsNegative() {
			t.Fatalf("%+v", q)
		}
		if typ == VisaMaster && fee > 0 && q.Surcharge.Amount() < 30 {
			t.Fatalf("surcharge below fixed part: %+v", q)
		}
	})
}

// Any sequence of events: once PAID the payment never changes, and the paid
// amount is always the expected one.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1, 2}, int64(0))
	f.Fuzz(func(t *testing.T, evs []byte, delta int64) {
		w := money.Won(80000)
		p := Start(Quote{PayType: Vbank, Fee: w, Total: w})
		kinds := []EventKind{EvVbankIssued, EvPaid, EvTimeout}
		for i, b := range evs {
			amt := w
			if i%2 == 1 {
				amt = money.Won(80000 + delta)
			}
			before := p
			next, out, err := p.Apply(Event{Kind: kinds[int(b)%3], Amount: amt})
			if (err != nil || out != Changed) && next != before {
				t.Fatal("changed without Changed")
			}
			if before.Result == Paid && next != before {
				t.Fatal("paid payment moved")
			}
			if next.Result == Paid && next.Paid != w {
				t.Fatalf("paid %v", next.Paid)
			}
			p = next
		}
	})
}

func FuzzRefundAccountValidate(f *testing.F) {
	f.Add("004", "홍길동", "123-456")
	f.Fuzz(func(t *testing.T, bank, holder, no string) {
		if (RefundAccount{bank, holder, no}).Validate() != nil {
			return
		}
		n := 0
		for _, r := range no {
			if r >= '0' && r <= '9' {
				n++
			} else if r != '-' {
				t.Fatalf("account %q", no)
			}
		}
		if n < 6 || n > 20 || holder == "" || bank == "" {
			t.Fatalf("accepted %q %q %q", bank, holder, no)
		}
	})
}

// Amounts at the edge of int64 are refused, never wrapped.
func TestOverflow(t *testing.T) {
	t.Parallel()
	const maxInt = int64(^uint64(0) >> 1)
	if _, err := (PayPalFee{Rate: money.PPM(2_000_000), Fixed: money.Cents(30)}).Surcharge(money.Cents(maxInt)); err == nil {
		t.Fatal("surcharge overflow")
	}
	if _, err := (PayPalFee{Rate: money.PPM(1_000_000), Fixed: money.Cents(30)}).Surcharge(money.Cents(maxInt - 10)); err == nil {
		t.Fatal("fixed part overflow")
	}
	if _, err := NewQuote(VisaMaster, money.Cents(maxInt), DefaultPayPalFee); err == nil {
		t.Fatal("quote overflow")
	}
	if _, err := NewQuote(VisaMaster, money.Cents(maxInt-20), PayPalFee{Rate: money.PPM(0), Fixed: money.Cents(30)}); err == nil {
		t.Fatal("total overflow")
	}
	p := Payment{PayType: Card, Result: Paid, Paid: money.Won(maxInt), Refunded: money.Won(-10)}
	if _, _, err := p.Cancel(CancelAll, money.Money{}); err == nil {
		t.Fatal("refund total overflow")
	}
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	big := []Line{{LinePayment, day, Card, money.Won(maxInt), money.Money{}}, {LineRefund, day, Card, money.Won(-1), money.Money{}}}
	if _, err := Settle(big, day, day.Add(time.Hour)); err == nil {
		t.Fatal("net overflow")
	}
	twice := []Line{{LinePayment, day, Card, money.Won(maxInt), money.Money{}}, {LinePayment, day, Card, money.Won(1), money.Money{}}}
	if _, err := Settle(twice, day, day.Add(time.Hour)); err == nil {
		t.Fatal("paid overflow")
	}
}

// The currency default (was in the postgres adapter): a zero quote without
// a currency is in KRW.
func TestQuoteCurrency(t *testing.T) {
	t.Parallel()
	if (Quote{}).Currency() != money.KRW {
		t.Fatal("zero quote not in KRW")
	}
	if (Quote{Total: money.Zero(money.USD)}).Currency() != money.USD {
		t.Fatal("USD quote")
	}
}

func TestDisplay(t *testing.T) {
	t.Parallel()
	cases := []struct {
		m      money.Money
		ko, en string
	}{
		{money.Won(80000), "80,000원", "KRW 80,000"},
		{money.Won(150000), "150,000원", "KRW 150,000"},
		{money.Won(500), "500원", "KRW 500"},
		{money.Cents(106294), "USD 1,062.94", "USD 1,062.94"},
		{money.Cents(7), "USD 0.07", "USD 0.07"},
		{money.Won(1234567), "1,234,567원", "KRW 1,234,567"},
	}
	for _, c := range cases {
		if got := Display(c.m, "ko"); got != c.ko {
			t.Errorf("ko %v: %q", c.m, got)
		}
		if got := Display(c.m, "en"); got != c.en {
			t.Errorf("en %v: %q", c.m, got)
		}
	}
}
