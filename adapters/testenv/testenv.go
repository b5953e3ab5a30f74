// Package testenv decides what a test does when a service it needs
// (PostgreSQL, Redis, the PDF font) is missing: it fails. A developer who
// wants such tests skipped instead sets GRADAPPLY_TEST_SKIP_MISSING=1 for
// `go test`; `make test` and CI never do, so a missing service cannot pass
// as "ok".
package testenv

import (
	"os"
	"testing"
)

// SkipEnv is the opt-out: "1" turns the failure into a skip.
const SkipEnv = "GRADAPPLY_TEST_SKIP_MISSING"

// Missing stops the test because what is unavailable: a failure, or a skip
// when SkipEnv=1.
func Missing(tb testing.TB, what string, err error) {
	tb.Helper()
	if os.Getenv(SkipEnv) == "1" {
		tb.Skipf("%s not available (%s=1): %v", what, SkipEnv, err)
	}
	tb.Fatalf("%s is required by this test and is not available: %v (start it, or set %s=1 to skip such tests)", what, err, SkipEnv)
}
