package edge

import (
	"strings"
	"testing"
)

// One catalogue per area, assembled explicitly: no code is given twice.
func TestMessageCataloguesDistinct(t *testing.T) {
	t.Parallel()
	m, err := assemble(catalogues)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range catalogues {
		n += len(c.texts)
	}
	if len(m) != n || len(messages) != n {
		t.Fatalf("assembled %d of %d codes", len(m), n)
	}
}

// A code given by two catalogues is refused, naming both areas.
func TestAssembleRefusesDuplicate(t *testing.T) {
	t.Parallel()
	dup := append(append([]catalogue{}, catalogues...), catalogue{"extra", map[string]text{"server.error": {"x", "x"}}})
	_, err := assemble(dup)
	if err == nil || !strings.Contains(err.Error(), "common") || !strings.Contains(err.Error(), "extra") {
		t.Fatalf("duplicate accepted: %v", err)
	}
}
