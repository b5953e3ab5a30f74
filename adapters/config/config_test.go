package config

import "testing"

func TestParseCIDRs(t *testing.T) {
	t.Parallel()
	nets, err := ParseCIDRs(" 10.0.0.0/8, 127.0.0.1 ,::1,")
	if err != nil || len(nets) != 3 {
		t.Fatalf("%v %v", nets, err)
	}
	if nets[0].String() != "10.0.0.0/8" || nets[1].String() != "127.0.0.1/32" || nets[2].String() != "::1/128" {
		t.Fatalf("%v", nets)
	}
	if nets, err := ParseCIDRs(""); err != nil || len(nets) != 0 {
		t.Fatalf("empty: %v %v", nets, err)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.local", "1.2.3"} {
		if _, err := ParseCIDRs(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
