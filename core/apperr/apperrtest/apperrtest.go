// Package apperrtest holds the assertions core's tests make on apperr
// errors: the kind and code, and a field error.
package apperrtest

import (
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
)

// WantCode fails t unless err is of kind with code.
func WantCode(t testing.TB, err error, kind apperr.Kind, code string) {
	t.Helper()
	if apperr.KindOf(err) != kind || apperr.CodeOf(err) != code {
		t.Fatalf("want %v %s, got %v", kind, code, err)
	}
}

// WantField fails t unless err names field with code.
func WantField(t testing.TB, err error, field, code string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || !slices.ContainsFunc(e.Fields, func(f apperr.FieldError) bool { return f.Field == field && f.Code == code }) {
		t.Fatalf("want field %s %s, got %v", field, code, err)
	}
}
