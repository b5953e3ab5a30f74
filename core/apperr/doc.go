// Spec sections implemented by package apperr: section 8 "Error catalogue"
// (errors carry a kind the HTTP edge maps to a status and a message code
// the edge turns into ko or en text; validation errors name the field) and
// STYLE.md "Errors". The package comment is in apperr.go.

package apperr
