package aggregatetest_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/aggregatetest"
)

// recorder keeps what the check reports instead of failing the test.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatal(args ...any) { r.errs = append(r.errs, fmt.Sprint(args...)) }
func (r *recorder) Helper()           {}

type Agg struct{ count int }

// The check reads the field by reflection; this keeps it used for the compiler.
var _ = Agg{count: 0}

func TestTheCheckRefusesEveryWayOfWritingAField(t *testing.T) {
	t.Chdir("testdata/leak")
	r := &recorder{TB: t}
	aggregatetest.OnlyOwnFilesChange(r, []reflect.Type{reflect.TypeFor[Agg]()}, "agg.go")
	got := strings.Join(r.errs, "\n")
	for _, want := range []string{"usecase.go:5:2: assigns", "usecase.go:6:2: changes", "usecase.go:7:6: takes the address", "usecase.go:8:6: builds a Agg"} {
		if !strings.Contains(got, want) {
			t.Errorf("not reported: %q; reported:\n%s", want, got)
		}
	}
	// The aggregate's own file may write its fields.
	r = &recorder{TB: t}
	aggregatetest.OnlyOwnFilesChange(r, []reflect.Type{reflect.TypeFor[Agg]()}, "agg.go", "usecase.go")
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "no file checked") {
		t.Errorf("with every file its own: %v", r.errs)
	}
}
