package application

import (
	"slices"
	"testing"
)

func FuzzNewSteps(f *testing.F) {
	f.Add([]byte{1, 2, 6})
	f.Fuzz(func(t *testing.T, idx []byte) {
		var in []Status
		for _, b := range idx {
			in = append(in, Statuses[int(b)%len(Statuses)])
		}
		s, err := NewSteps(in...)
		if err != nil {
			return
		}
		list := s.List()
		if list[0] != PartSave {
			t.Fatal("list does not start with APPL_PART_SAVE")
		}
		// The list is in flow order, without repeats, steps only.
		for i := 1; i < len(list); i++ {
			if !list[i].IsStep() || list[i].rank() <= list[i-1].rank() {
				t.Fatalf("%v", list)
			}
		}
		if !slices.Equal(s.Saved(s.Last()), list) {
			t.Fatal("the last step does not save the whole list")
		}
	})
}
