package apperr

import (
	"errors"
	"fmt"
	"testing"
)

// Spec section 8 via STYLE.md "Errors": a kind for the status, a message
// code for the text, field errors for the form.
func TestError(t *testing.T) {
	t.Parallel()
	kinds := map[Kind]string{KindInternal: "internal", KindInvalid: "invalid", KindNotFound: "not_found", KindConflict: "conflict",
		KindForbidden: "forbidden", KindUnauthenticated: "unauthenticated", KindTooMany: "too_many", KindUnavailable: "unavailable"}
	for k, s := range kinds {
		if k.String() != s {
			t.Errorf("%d: %s", k, k.String())
		}
	}
	ctors := []struct {
		e *Error
		k Kind
	}{{Invalid("c"), KindInvalid}, {NotFound("c"), KindNotFound}, {Conflict("c"), KindConflict}, {Forbidden("c"), KindForbidden},
		{Unauthenticated("c"), KindUnauthenticated}, {TooMany("c"), KindTooMany}}
	for _, c := range ctors {
		if c.e.Kind != c.k || c.e.Code != "c" {
			t.Errorf("%v", c.e)
		}
	}
	cause := errors.New("disk")
	w := Wrap(KindInternal, "x.y", cause).With("n", 1)
	if !errors.Is(w, cause) || w.Params["n"] != 1 || w.Error() != "internal: x.y: disk" {
		t.Fatalf("Wrap: %v", w)
	}
	wrapped := fmt.Errorf("ctx: %w", Forbidden("no"))
	if KindOf(wrapped) != KindForbidden || CodeOf(wrapped) != "no" || KindOf(cause) != KindInternal || CodeOf(cause) != "" {
		t.Fatal("KindOf/CodeOf")
	}
}

func TestFields(t *testing.T) {
	t.Parallel()
	var f Fields
	if f.Err() != nil {
		t.Fatal("empty fields are no error")
	}
	f.Add("a", "validation.a")
	var sub Fields
	sub.AddParam("gpa", "validation.gpa", "max", 4.5)
	f.Merge("acadList[1]", sub)
	f.Merge("", Fields{{Field: "b", Code: "c"}})
	e, ok := As(f.Err())
	if !ok || e.Kind != KindInvalid || e.Code != "validation.failed" || len(e.Fields) != 3 {
		t.Fatalf("%v", e)
	}
	if e.Fields[1].Field != "acadList[1].gpa" || e.Fields[1].Params["max"] != 4.5 || e.Fields[2].Field != "b" {
		t.Fatalf("Merge: %+v", e.Fields)
	}
	if e.Error() != "invalid: validation.failed [a:validation.a] [acadList[1].gpa:validation.gpa] [b:c]" {
		t.Fatal(e.Error())
	}
}
