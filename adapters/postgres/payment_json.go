package postgres

import (
	"encoding/json"
	"time"

	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// The JSON columns of the payment tables have their own types here: core's
// carry no JSON names, and these keys are what the rows written so far hold
// (pay_attempt.vbank and testpg_payment.vbank, pay_setting.channels,
// pay_cancel.refund_account and refund_request.refund_account,
// settlement_close.rows), so renaming a core field never breaks a stored
// row.

type virtualAccountJSON struct {
	Bank      string    `json:"bank"`
	AccountNo string    `json:"accountNo"`
	Holder    string    `json:"holder"`
	Due       time.Time `json:"due"`
}

func marshalVbank(v *payment.VirtualAccount) []byte {
	b, _ := json.Marshal(virtualAccountJSON{Bank: v.Bank, AccountNo: v.AccountNo, Holder: v.Holder, Due: v.Due})
	return b
}

func unmarshalVbank(b []byte) (*payment.VirtualAccount, error) {
	var j virtualAccountJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, err
	}
	return &payment.VirtualAccount{Bank: j.Bank, AccountNo: j.AccountNo, Holder: j.Holder, Due: j.Due}, nil
}

type channelJSON struct {
	StoreID    string `json:"storeId,omitempty"`
	ChannelKey string `json:"channelKey,omitempty"`
}

// marshalChannels writes a round's PortOne channels by pay type.
func marshalChannels(m map[payment.PayType]payment.Channel) ([]byte, error) {
	if m == nil {
		return json.Marshal(map[string]channelJSON(nil))
	}
	out := make(map[string]channelJSON, len(m))
	for t, c := range m {
		out[string(t)] = channelJSON{StoreID: c.StoreID, ChannelKey: c.ChannelKey}
	}
	return json.Marshal(out)
}

// unmarshalChannels reads what marshalChannels writes into m.
func unmarshalChannels(b []byte, m map[payment.PayType]payment.Channel) error {
	var in map[string]channelJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	for t, c := range in {
		m[payment.PayType(t)] = payment.Channel{StoreID: c.StoreID, ChannelKey: c.ChannelKey}
	}
	return nil
}

type refundAccountJSON struct {
	Bank      string `json:"bank"`
	Holder    string `json:"holder"`
	AccountNo string `json:"accountNo"`
}

func marshalRefundAccount(a *payment.RefundAccount) ([]byte, error) {
	return json.Marshal(refundAccountJSON{Bank: a.Bank, Holder: a.Holder, AccountNo: a.AccountNo})
}

func unmarshalRefundAccount(b []byte) (*payment.RefundAccount, error) {
	var j refundAccountJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, err
	}
	return &payment.RefundAccount{Bank: j.Bank, Holder: j.Holder, AccountNo: j.AccountNo}, nil
}

// moneyJSON is an amount: minor units and currency.
type moneyJSON struct {
	Amount   int64          `json:"amount"`
	Currency money.Currency `json:"currency"`
}

func toMoneyJSON(m money.Money) moneyJSON {
	return moneyJSON{Amount: m.Amount(), Currency: m.Currency()}
}

// money reads the amount back; a currency the service does not accept is
// refused, as when core read its own JSON.
func (j moneyJSON) money() (money.Money, error) { return money.New(j.Amount, j.Currency) }

// closingRowJSON is one line of settlement_close.rows.
type closingRowJSON struct {
	PayType      payment.PayType `json:"payType"`
	Currency     money.Currency  `json:"currency"`
	Payments     int             `json:"payments"`
	Refunds      int             `json:"refunds"`
	Paid         moneyJSON       `json:"paid"`
	Refunded     moneyJSON       `json:"refunded"`
	ProviderFees moneyJSON       `json:"providerFees"`
	Net          moneyJSON       `json:"net"`
	NoFeeRule    int             `json:"noFeeRule"`
}

func marshalClosingRows(rows []payment.MethodSummary) ([]byte, error) {
	var out []closingRowJSON
	if rows != nil {
		out = make([]closingRowJSON, len(rows))
	}
	for i, r := range rows {
		out[i] = closingRowJSON{PayType: r.PayType, Currency: r.Currency, Payments: r.Payments, Refunds: r.Refunds,
			Paid: toMoneyJSON(r.Paid), Refunded: toMoneyJSON(r.Refunded), ProviderFees: toMoneyJSON(r.ProviderFees),
			Net: toMoneyJSON(r.Net), NoFeeRule: r.NoFeeRule}
	}
	return json.Marshal(out)
}

func unmarshalClosingRows(b []byte) ([]payment.MethodSummary, error) {
	var in []closingRowJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return nil, err
	}
	var out []payment.MethodSummary
	if in != nil {
		out = make([]payment.MethodSummary, len(in))
	}
	for i, r := range in {
		s := payment.MethodSummary{PayType: r.PayType, Summary: payment.Summary{Currency: r.Currency, Payments: r.Payments,
			Refunds: r.Refunds, NoFeeRule: r.NoFeeRule}}
		var err error
		for _, m := range []struct {
			dst *money.Money
			src moneyJSON
		}{{&s.Paid, r.Paid}, {&s.Refunded, r.Refunded}, {&s.ProviderFees, r.ProviderFees}, {&s.Net, r.Net}} {
			if *m.dst, err = m.src.money(); err != nil {
				return nil, err
			}
		}
		out[i] = s
	}
	return out, nil
}
