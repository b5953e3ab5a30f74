package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The worker runs jobs only: it must not build the HTTP edge (or anything
// that serves HTTP to browsers).
func TestWorkerBuildsNoHTTPEdge(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.Contains(pkg, "/adapters/httpapi") || strings.Contains(pkg, "/adapters/web") || pkg == "github.com/labstack/echo/v5" {
			t.Errorf("cmd/worker depends on %s", pkg)
		}
	}
}
