package edge

import (
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/window"
)

// Response types and mappers several areas share.

// MoneyDTO is an amount with its currency and its text as the pages show it.
type MoneyDTO struct {
	Amount   int64          `json:"amount"`
	Currency money.Currency `json:"currency"`
	Text     string         `json:"text"` // "80,000" / "62.94"
}

// MoneyOf maps an amount, with its grouped text.
func MoneyOf(m money.Money) MoneyDTO {
	return MoneyDTO{Amount: m.Amount(), Currency: m.Currency(), Text: payment.Grouped(m)}
}

// AmountDTO is an amount as the staff's money pages read it: minor units
// and currency, without the text.
type AmountDTO struct {
	Amount   int64          `json:"amount"`
	Currency money.Currency `json:"currency"`
}

// AmountOf maps an amount without its text.
func AmountOf(m money.Money) AmountDTO { return AmountDTO{Amount: m.Amount(), Currency: m.Currency()} }

// LabelDTO is a name in Korean and English.
type LabelDTO struct {
	Kor string `json:"kor"`
	Eng string `json:"eng"`
}

// TimeText is a time in Seoul, RFC 3339.
func TimeText(t time.Time) string { return t.In(window.Seoul).Format(time.RFC3339) }

// MapList maps a list element by element; nil stays nil.
func MapList[A, B any](in []A, f func(A) B) []B {
	if in == nil {
		return nil
	}
	out := make([]B, len(in))
	for i, x := range in {
		out[i] = f(x)
	}
	return out
}

// VbankDTO is a virtual account to pay into.
type VbankDTO struct {
	Bank      string    `json:"bank"`
	AccountNo string    `json:"accountNo"`
	Holder    string    `json:"holder"`
	Due       time.Time `json:"due"`
}

// ChannelDTO is the PortOne channel of the pay type.
type ChannelDTO struct {
	StoreID    string `json:"storeId,omitempty"`
	ChannelKey string `json:"channelKey,omitempty"`
}

// Day reads a yyyy-MM-dd date (Asia/Seoul midnight); end dates are
// inclusive, so a period's end is the next midnight.
func ParseDay(f *apperr.Fields, field, s string, end bool) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.ParseInLocation("2006-01-02", s, window.Seoul)
	if err != nil {
		f.Add(field, payment.CodePeriodInvalid)
		return time.Time{}
	}
	if end {
		t = t.AddDate(0, 0, 1)
	}
	return t
}

// TimeStr is a time in UTC, RFC 3339; "" for none.
func TimeStr(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// RefundAccountDTO is the account a refund goes to (a virtual-account
// payment), as the applicant sends it and the staff read it.
type RefundAccountDTO struct {
	Bank      string `json:"bank"`
	Holder    string `json:"holder"`
	AccountNo string `json:"accountNo"`
}

// Core is the account as core reads it; nil stays nil.
func (d *RefundAccountDTO) Core() *payment.RefundAccount {
	if d == nil {
		return nil
	}
	return &payment.RefundAccount{Bank: d.Bank, Holder: d.Holder, AccountNo: d.AccountNo}
}

// ToRefundAccountDTO maps an account; nil stays nil.
func ToRefundAccountDTO(a *payment.RefundAccount) *RefundAccountDTO {
	if a == nil {
		return nil
	}
	return &RefundAccountDTO{Bank: a.Bank, Holder: a.Holder, AccountNo: a.AccountNo}
}

// OptTime is t, or nil for the zero time.
func OptTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}
