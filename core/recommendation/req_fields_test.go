package recommendation

import (
	"reflect"
	"testing"

	"github.com/gradapply/gradapply/core/aggregatetest"
)

// A request changes only through its methods: no other file of the
// package writes a field of Req, takes its address or builds one.
func TestReqChangesOnlyInItsMethods(t *testing.T) {
	t.Parallel()
	aggregatetest.OnlyOwnFilesChange(t, []reflect.Type{reflect.TypeFor[Req]()}, "req.go")
}
