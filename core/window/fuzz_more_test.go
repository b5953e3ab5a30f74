package window

import "testing"

func FuzzParseKind(f *testing.F) {
	f.Add("SUBMIT")
	f.Fuzz(func(t *testing.T, s string) {
		k, err := ParseKind(s)
		if err == nil {
			if string(k) != s {
				t.Fatalf("%q -> %q", s, k)
			}
			if _, gated := Gate[ActSubmit]; !gated {
				t.Fatal("gate lost")
			}
		}
	})
}

func FuzzFromDates(f *testing.F) {
	f.Add("2026-03-01", "2026-03-31")
	f.Fuzz(func(t *testing.T, start, end string) {
		w, err := FromDates(Submit, start, end)
		if err != nil {
			return
		}
		// A window opens at midnight of its first day and lasts whole days.
		if !w.End.After(w.Start) || !StartOfDay(w.Start).Equal(w.Start) || !StartOfDay(w.End).Equal(w.End) {
			t.Fatalf("%q..%q -> %v..%v", start, end, w.Start, w.End)
		}
		if !w.Contains(w.Start) || w.Contains(w.End) {
			t.Fatal("not half-open")
		}
	})
}
