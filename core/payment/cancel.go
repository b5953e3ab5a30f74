package payment

import (
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/textrule"
)

// CancelType is a payment cancel type (spec section 4).
type CancelType string

const (
	CancelAll     CancelType = "00001" // refund everything that remains
	CancelZero    CancelType = "00002" // cancel without refund
	CancelPartial CancelType = "00003" // refund a part, never above what remains
)

// Name names a cancel type for people, never by its code.
func (t CancelType) Name(loc string) string {
	ko := map[CancelType]string{CancelAll: "전액 환불", CancelZero: "취소(환불 없음)", CancelPartial: "부분 환불"}
	en := map[CancelType]string{CancelAll: "Full refund", CancelZero: "Cancelled without refund", CancelPartial: "Partial refund"}
	if loc == "en" {
		return en[t]
	}
	return ko[t]
}

// ParseCancelType reads a cancel type code.
func ParseCancelType(s string) (CancelType, error) {
	switch CancelType(s) {
	case CancelAll, CancelZero, CancelPartial:
		return CancelType(s), nil
	}
	return "", apperr.Invalid(CodeCancelTypeUnknown)
}

// Cancel cancels a paid payment and returns it with the refund added, and
// the amount to refund now (zero for 00002).
func (p Payment) Cancel(t CancelType, amount money.Money) (Payment, money.Money, error) {
	if p.Result != Paid && p.Result != Cancelled {
		return p, money.Money{}, apperr.Conflict(CodeNotPaid)
	}
	remaining := p.Remaining()
	var refund money.Money
	switch t {
	case CancelAll:
		if remaining.IsZero() {
			return p, money.Money{}, apperr.Conflict(CodeNothingRemains)
		}
		refund = remaining
	case CancelZero:
		refund = money.Zero(remaining.Currency())
	case CancelPartial:
		c, err := amount.Cmp(remaining)
		if err != nil || amount.Amount() <= 0 || c > 0 {
			return p, money.Money{}, apperr.Invalid(CodePartialAmount).With("max", remaining)
		}
		refund = amount
	default:
		return p, money.Money{}, apperr.Invalid(CodeCancelTypeUnknown)
	}
	total, err := p.Refunded.Add(refund)
	if err != nil {
		return p, money.Money{}, err
	}
	p.Refunded = total
	return p, refund, nil
}

// RefundAccount is where a refund of a bank payment goes (spec section 3
// "Refund: bank, holder, account number").
type RefundAccount struct {
	Bank      string // bank code
	Holder    string
	AccountNo string
}

// Validate checks a refund account: a bank code, a holder of at most 50
// characters, and an account number of 6 to 20 digits (hyphens allowed and
// ignored).
func (a RefundAccount) Validate() error {
	var f apperr.Fields
	if a.Bank == "" || !textrule.Digits(a.Bank) && !textrule.EngAlnum(a.Bank) {
		f.Add("bank", CodeRefundBank)
	}
	if a.Holder == "" || !textrule.Within(a.Holder, 50) || !(textrule.KorEngDigit(a.Holder) || textrule.ProfSign(a.Holder)) {
		f.Add("holder", CodeRefundHolder)
	}
	digits := 0
	ok := a.AccountNo != "" && a.AccountNo[0] != '-' && a.AccountNo[len(a.AccountNo)-1] != '-'
	for _, r := range a.AccountNo {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r != '-':
			ok = false
		}
	}
	if !ok || digits < 6 || digits > 20 {
		f.Add("accountNo", CodeRefundAccountNo)
	}
	return f.Err()
}
