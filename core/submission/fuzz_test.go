package submission

import (
	"strconv"
	"testing"
)

func TestItoa(t *testing.T) {
	t.Parallel()
	for _, n := range []int64{0, 1, 9, 10, 100, 4096, 1<<63 - 1} {
		if got := itoa(n); got != strconv.FormatInt(n, 10) {
			t.Errorf("itoa(%d) = %q", n, got)
		}
	}
}

// The access log names applications the way strconv would.
func FuzzItoa(f *testing.F) {
	for _, n := range []int64{0, 1, 10, 99, 1<<63 - 1} {
		f.Add(n)
	}
	f.Fuzz(func(t *testing.T, n int64) {
		if n < 0 {
			t.Skip("application numbers are positive")
		}
		if got := itoa(n); got != strconv.FormatInt(n, 10) {
			t.Fatalf("itoa(%d) = %q", n, got)
		}
	})
}
