// Package feeschedule is what the payment providers charge a school
// (issue 18 item 5): per school, rules per provider contract (the domestic
// PG's card and transfer percentages and virtual-account fixed fee, PayPal's
// percentage plus a fixed part), each in effect from a date. Settlements
// count a payment's fee by the rule of its method in effect when it was
// paid; a payment without one costs nothing, and the settlement says so.
//
// Percentages are kept in basis points (1/100 of a percent), fixed parts as
// money in minor units with their currency; a fee is rounded half up to the
// minor unit. System admins edit the rules; every change is audited.
package feeschedule
