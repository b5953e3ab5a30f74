package feeschedule

import (
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
)

// Method is what a fee rule prices: a method of one provider contract.
type Method string

const (
	Card     Method = "card"   // domestic PG: credit card
	Transfer Method = "trans"  // domestic PG: real-time account transfer
	Vbank    Method = "vbank"  // domestic PG: virtual account
	PayPal   Method = "paypal" // PayPal (also international Visa/Mastercard)
)

// Methods lists the methods in display order.
var Methods = []Method{Card, Transfer, Vbank, PayPal}

// Contract is the provider contract a method belongs to.
type Contract string

const (
	ContractPG     Contract = "pg"     // the school's domestic PG channel (PortOne)
	ContractPayPal Contract = "paypal" // the school's PayPal account
)

// ParseMethod reads a method.
func ParseMethod(s string) (Method, error) {
	for _, m := range Methods {
		if string(m) == s {
			return m, nil
		}
	}
	return "", apperr.Invalid(CodeMethod)
}

// Contract is the provider contract of the method.
func (m Method) Contract() Contract {
	if m == PayPal {
		return ContractPayPal
	}
	return ContractPG
}

// Currency is the currency the method's payments and fixed fee are in.
func (m Method) Currency() money.Currency {
	if m == PayPal {
		return money.USD
	}
	return money.KRW
}
