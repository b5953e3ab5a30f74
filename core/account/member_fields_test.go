package account

import (
	"reflect"
	"testing"

	"github.com/gradapply/gradapply/core/aggregatetest"
)

// A member changes only through its methods, and no use case patches a
// copy of what it read: no file but the aggregate's writes a field of
// Member or of its read view User, takes its address or builds either.
func TestMemberChangesOnlyInItsMethods(t *testing.T) {
	t.Parallel()
	aggregatetest.OnlyOwnFilesChange(t, []reflect.Type{reflect.TypeFor[Member](), reflect.TypeFor[User]()}, "member.go", "member_view.go")
}
