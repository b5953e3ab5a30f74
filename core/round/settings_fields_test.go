package round

import (
	"reflect"
	"testing"

	"github.com/gradapply/gradapply/core/aggregatetest"
)

// A round's settings change only through the methods that check them: no
// other file of the package writes a field of Settings, takes its address
// or builds one.
func TestSettingsChangeOnlyInTheirMethods(t *testing.T) {
	t.Parallel()
	aggregatetest.OnlyOwnFilesChange(t, []reflect.Type{reflect.TypeFor[Settings]()}, "settings.go")
}
