package payment

import (
	"reflect"
	"testing"

	"github.com/gradapply/gradapply/core/aggregatetest"
)

// An attempt's state changes only through its methods: no other file of
// the package writes a field of Attempt, takes its address or builds one.
func TestAttemptStateChangesOnlyInItsMethods(t *testing.T) {
	t.Parallel()
	aggregatetest.OnlyOwnFilesChange(t, []reflect.Type{reflect.TypeFor[Attempt]()}, "attempt.go")
}
