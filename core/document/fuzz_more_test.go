package document

import (
	"strings"
	"testing"
)

func FuzzSplitName(f *testing.F) {
	f.Add(`C:\x\photo.JPEG`)
	f.Fuzz(func(t *testing.T, name string) {
		base, ext := SplitName(name)
		if strings.ContainsAny(base, `/\`) || strings.ContainsAny(ext, `/\`) || ext != NormalizeExt(ext) {
			t.Fatalf("%q -> %q %q", name, base, ext)
		}
		if ext != "" && !strings.HasSuffix(strings.ToLower(name), "."+ext) && ext != "jpg" && ext != "tif" {
			t.Fatalf("%q -> ext %q", name, ext)
		}
	})
}

func FuzzCheckExtraSlot(f *testing.F) {
	f.Add(true, 3)
	f.Fuzz(func(t *testing.T, ok bool, seq int) {
		if CheckExtraSlot(ok, seq) == nil && (!ok || seq < 1 || seq > ExtraSlots) {
			t.Fatalf("slot %d allowed=%v", seq, ok)
		}
	})
}
