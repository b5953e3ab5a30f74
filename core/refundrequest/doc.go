// Package refundrequest is the applicant's refund request (issue 18 item
// 6). Once paid, an applicant cannot cancel (decisions.md), but may ask
// for a refund with a reason, and a refund account when the payment was a
// virtual account. Staff who may refund (the permission of pay/cancel)
// approve it through the existing staff refund of core/payment, reached
// through the Refunder port, or deny it with a reason; the applicant is
// mailed either way and every step is audited. A request made within
// WithdrawalDays days of the receipt notice (the payment's paid time) is
// the withdrawal right of the terms (article 18): staff see it marked,
// with the days counted. Each school keeps a refund rule text (ko, en)
// shown on the request form.
package refundrequest
