package password

import "testing"

// BenchmarkVerifyDefault is what one sign-in costs in password hashing with
// the production parameters: run with -cpu 1,2 to see what the hash alone
// allows per second on one and on both cores.
func BenchmarkVerifyDefault(b *testing.B) {
	h, err := Default.Hash("LoadTest2026")
	if err != nil {
		b.Fatal(err)
	}
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if !Default.Verify(h, "LoadTest2026") {
				b.Fatal("verify refused the right password")
			}
		}
	})
}

func TestVerifyDefault(t *testing.T) {
	h, err := Default.Hash("LoadTest2026")
	if err != nil {
		t.Fatal(err)
	}
	if !Default.Verify(h, "LoadTest2026") || Default.Verify(h, "LoadTest2027") {
		t.Fatal("verify")
	}
}
