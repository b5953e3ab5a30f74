// Package msgcode lists every message code that core can return, so the
// HTTP adapter can prove that each one has a Korean and an English text
// (spec section 8 "Error catalogue"; STYLE.md "Errors": messages are codes,
// their ko and en texts live with the HTTP adapter). The test of this
// package reads the source of core and fails when a code used there is
// missing here, or a code listed here is no longer used.
package msgcode
