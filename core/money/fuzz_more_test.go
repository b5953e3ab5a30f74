package money

import "testing"

func FuzzParseCurrency(f *testing.F) {
	f.Add("KRW")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCurrency(s)
		if err == nil && (string(c) != s || c != KRW && c != USD) {
			t.Fatalf("%q", s)
		}
	})
}
