package application

import (
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
)

// Steps is a school's step list: APPL_PART_SAVE followed by the steps the
// school requires. Build it with NewSteps.
type Steps struct{ list []Status }

// NewSteps validates a school's required steps: each one of OptionalSteps,
// no repeats, in the fixed order. APPL_PART_SAVE may be given first or left
// out; it always begins the list.
func NewSteps(required ...Status) (Steps, error) {
	list := []Status{PartSave}
	if len(required) > 0 && required[0] == PartSave {
		required = required[1:]
	}
	last := -1
	for _, s := range required {
		i := slices.Index(OptionalSteps, s)
		if i <= last {
			return Steps{}, apperr.Invalid(CodeStepsInvalid).With("step", string(s))
		}
		last = i
		list = append(list, s)
	}
	return Steps{list: list}, nil
}

// RoundMandatorySteps are the steps a round's own list must keep: every
// school of the seed asks for the basic information, the academic history,
// the language scores and the documents; a round may drop or add only the
// career, additional information and survey steps.
var RoundMandatorySteps = []Status{BasisSave, AcadSave, LangSave, FileSave}

// ResolveSteps is a round's step list: the round's own list when staff set
// one (round not nil), else the school's.
func ResolveSteps(round, school []Status) (Steps, error) {
	if round != nil {
		return NewSteps(round...)
	}
	return NewSteps(school...)
}

// MustSteps is NewSteps for fixed lists in code and tests; it panics on an
// invalid list.
func MustSteps(required ...Status) Steps {
	s, err := NewSteps(required...)
	if err != nil {
		panic(err)
	}
	return s
}

// List returns the whole step list, APPL_PART_SAVE first.
func (s Steps) List() []Status { return slices.Clone(s.list) }

// Has reports whether the school's list holds a step.
func (s Steps) Has(step Status) bool { return slices.Contains(s.list, step) }

// Last is the final step; reaching it makes the application submittable.
func (s Steps) Last() Status {
	if len(s.list) == 0 {
		return PartSave
	}
	return s.list[len(s.list)-1]
}

// position is how many steps a status means are saved, minus one: the index
// of the status in the list, the last index for submitted statuses, -1 for
// none (an empty status, CANCEL or a step the school does not ask for).
func (s Steps) position(st Status) int {
	if st.Submitted() {
		return len(s.List()) - 1
	}
	return slices.Index(s.list, st)
}

// Saved returns the saved steps: the prefix of the list up to and including
// the current status (spec section 4). After submission every step is saved.
func (s Steps) Saved(current Status) []Status {
	list := s.List()
	return list[:s.position(current)+1]
}

// Next returns the step to fill in after the current status, or "" when
// every step is saved.
func (s Steps) Next(current Status) Status {
	list := s.List()
	p := s.position(current)
	if p+1 < len(list) && current != Cancel {
		return list[p+1]
	}
	return ""
}

// before returns the step before a step of the list.
func (s Steps) before(step Status) Status {
	i := slices.Index(s.list, step)
	if i <= 0 {
		return PartSave
	}
	return s.list[i-1]
}
