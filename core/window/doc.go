// Package window holds the time rules of a recruitment round: the four
// window types COMPLETE, SUBMIT, RECOMMEND and RECOMMEND_REQUEST (spec
// section 4 "Other states"), what each one gates, the exemption of
// ROLE_TIME_INDEPENDENT (spec section 6), the Asia/Seoul time zone and the
// yyyy-MM-dd date format (spec section 9; decisions.md "Time"), the
// startDay/endDay rules for setting a window (spec section 5 "Dates"), and a
// Clock port so that tests set the time.
//
// Dates travel as "yyyy-MM-dd" strings and are parsed here, in Asia/Seoul;
// instants travel as time.Time. A window is the half-open interval
// [Start, End): a deadline day "2026-03-31" means up to 2026-04-01 00:00 KST.
package window
