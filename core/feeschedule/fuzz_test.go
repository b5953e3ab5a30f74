package feeschedule_test

import (
	"testing"

	"github.com/gradapply/gradapply/core/feeschedule"
)

// A percentage read back from its basis points is the same number.
func FuzzParseBasisPoints(f *testing.F) {
	for _, s := range []string{"2.5", "0", "100", "4.40", "0.01", "100.01", "-1", ".5", "2."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		bp, err := feeschedule.ParseBasisPoints(s)
		if err != nil {
			return
		}
		if bp < 0 || bp > feeschedule.MaxBasisPoints {
			t.Fatalf("%q: %d out of range", s, bp)
		}
		again, err := feeschedule.ParseBasisPoints(feeschedule.Percent(bp))
		if err != nil || again != bp {
			t.Fatalf("%q: %d, read back %d %v", s, bp, again, err)
		}
	})
}

// Drafts never panic, and an accepted one prices without error in its currency.
func FuzzDraft(f *testing.F) {
	f.Add("card", "2026-01-01", "2.5", "")
	f.Add("paypal", "2026-03-01", "4.4", "0.30")
	f.Add("vbank", "2026-13-01", "", "300")
	f.Fuzz(func(t *testing.T, method, day, rate, fixed string) {
		sc, _ := feeschedule.NewSchedule("236")
		r, err := sc.Add(feeschedule.Draft{Method: method, EffectiveFrom: day, Rate: rate, Fixed: fixed})
		if err != nil {
			return
		}
		if r.Fixed().Currency() != r.Method().Currency() || r.Fixed().IsNegative() {
			t.Fatalf("%+v", r)
		}
	})
}
