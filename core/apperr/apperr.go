// Package apperr is the one error type of the domain: a kind that the HTTP
// edge maps to a status, a message code that the edge turns into ko or en
// text, and field errors that a form shows at the field (spec section 8).
package apperr

import (
	"errors"
	"fmt"
)

// Kind classifies an error for the edge; core never speaks HTTP.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindNotFound
	KindConflict
	KindForbidden
	KindUnauthenticated
	KindTooMany
	KindUnavailable
)

func (k Kind) String() string {
	switch k {
	case KindInvalid:
		return "invalid"
	case KindNotFound:
		return "not_found"
	case KindConflict:
		return "conflict"
	case KindForbidden:
		return "forbidden"
	case KindUnauthenticated:
		return "unauthenticated"
	case KindTooMany:
		return "too_many"
	case KindUnavailable:
		return "unavailable"
	}
	return "internal"
}

// FieldError names the field (as the JSON field name the client sent, with
// list indexes like "acadList[1].gpa") and a message code.
type FieldError struct {
	Field  string
	Code   string
	Params map[string]any
}

// Error is a domain error. Code is a message code such as
// "account.id_occupied"; texts live with the HTTP adapter.
type Error struct {
	Kind   Kind
	Code   string
	Params map[string]any
	Fields []FieldError
	cause  error
}

func (e *Error) Error() string {
	s := e.Kind.String() + ": " + e.Code
	for _, f := range e.Fields {
		s += fmt.Sprintf(" [%s:%s]", f.Field, f.Code)
	}
	if e.cause != nil {
		s += ": " + e.cause.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.cause }

// New makes an error of a kind with a message code.
func New(kind Kind, code string) *Error { return &Error{Kind: kind, Code: code} }

// Wrap keeps a cause (logged, never shown).
func Wrap(kind Kind, code string, cause error) *Error {
	return &Error{Kind: kind, Code: code, cause: cause}
}

// With adds message parameters.
func (e *Error) With(key string, value any) *Error {
	if e.Params == nil {
		e.Params = map[string]any{}
	}
	e.Params[key] = value
	return e
}

func Invalid(code string) *Error         { return New(KindInvalid, code) }
func NotFound(code string) *Error        { return New(KindNotFound, code) }
func Conflict(code string) *Error        { return New(KindConflict, code) }
func Forbidden(code string) *Error       { return New(KindForbidden, code) }
func Unauthenticated(code string) *Error { return New(KindUnauthenticated, code) }
func TooMany(code string) *Error         { return New(KindTooMany, code) }

// Fields collects field errors; the zero value is ready to use.
type Fields []FieldError

// Add records a field error.
func (f *Fields) Add(field, code string) { *f = append(*f, FieldError{Field: field, Code: code}) }

// AddParam records a field error with one parameter (e.g. a maximum).
func (f *Fields) AddParam(field, code, key string, value any) {
	*f = append(*f, FieldError{Field: field, Code: code, Params: map[string]any{key: value}})
}

// Merge appends another list's errors, prefixing their field names.
func (f *Fields) Merge(prefix string, other Fields) {
	for _, e := range other {
		if prefix != "" {
			e.Field = prefix + "." + e.Field
		}
		*f = append(*f, e)
	}
}

// Err returns nil when there is nothing, else an invalid error with code
// "validation.failed" carrying the fields.
func (f Fields) Err() error {
	if len(f) == 0 {
		return nil
	}
	return &Error{Kind: KindInvalid, Code: "validation.failed", Fields: f}
}

// As extracts an *Error.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// KindOf reports the kind of any error (internal for foreign errors).
func KindOf(err error) Kind {
	if e, ok := As(err); ok {
		return e.Kind
	}
	return KindInternal
}

// CodeOf reports the message code (empty for foreign errors).
func CodeOf(err error) string {
	if e, ok := As(err); ok {
		return e.Code
	}
	return ""
}
