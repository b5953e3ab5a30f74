// Package money is the integer money of the product (decisions.md "Money"):
// an amount in minor units (KRW won, USD cents) with its currency, never a
// float; rates such as the PayPal 4.4 percent (spec section 9) kept exactly
// in parts per million; round-half-up rounding to the minor unit or to a
// coarser step. Fee rules that use it live in core/payment.
package money
