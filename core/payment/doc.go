// Package payment holds the payment rules: the pay types card, vbank,
// trans, visa_master and free (spec section 9), the PayPal surcharge of
// decisions.md ("fee + round-half-up(fee × 4.4% + 0.30 USD) to the cent",
// rate and fixed part as configuration), the payment results PROCEEDING,
// PAID, VBANK_ISSUE, TIMEOUT and the payment status COMPLETE (spec section
// 4) as a state machine in which a repeated or late event changes nothing
// and an amount other than the expected one is refused, the cancel types
// 00001 all, 00002 zero and 00003 partial (spec section 4; section 3
// "Refund"), and the settlement of a school's period: paid, refunded,
// provider fees and net.
//
// Decisions where the specification is silent:
//   - visa_master is paid through PayPal in USD; card, vbank and trans through
//     the domestic provider in KRW; free needs a zero fee and no provider.
//   - Payment status COMPLETE is set together with the result PAID: it is
//     the mark the application's COMPLETE transition follows.
//   - A PAID event after TIMEOUT changes nothing but is reported as
//     LatePaid, so the adapter can alert staff to refund the late deposit.
//   - "00002 zero" cancels a paid payment without refunding anything; "00001
//     all" refunds what remains after earlier partial refunds.
//   - A settlement counts payments by the time they were paid and refunds by
//     the time they were made, each in [from, to), per currency.
package payment
