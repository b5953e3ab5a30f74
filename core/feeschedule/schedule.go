package feeschedule

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
)

// Schedule is one school's fee rules: the aggregate. Its fields are
// unexported: it is built by NewSchedule (a school without rules) or by
// UnmarshalScheduleFromDatabase (stored rules), and changes only through
// Add, Change and Remove, which keep at most one rule per method and day.
// A store changes a stored schedule only through Store.Update.
type Schedule struct {
	school  string
	rules   []Rule
	last    int // the highest rule number given so far
	changed bool
}

// NewSchedule is a school's schedule without any rule.
func NewSchedule(school string) (*Schedule, error) {
	if strings.TrimSpace(school) == "" {
		return nil, apperr.Invalid(CodeSchool)
	}
	return &Schedule{school: school}, nil
}

// UnmarshalScheduleFromDatabase rebuilds a stored schedule. It is for
// stores only; a rule a draft could not have given is an error.
func UnmarshalScheduleFromDatabase(school string, last int, rules []Record) (*Schedule, error) {
	s, err := NewSchedule(school)
	if err != nil {
		return nil, err
	}
	s.last = last
	for _, r := range rules {
		x, err := ruleOf(r)
		if err != nil {
			return nil, err
		}
		s.rules = append(s.rules, x)
		s.last = max(s.last, x.no)
	}
	s.sort()
	return s, nil
}

// School is the school the schedule belongs to.
func (s *Schedule) School() string { return s.school }

// Rules are the rules by method (Methods order), then first day.
func (s *Schedule) Rules() []Rule { return slices.Clone(s.rules) }

// Records are the rules as stores keep them.
func (s *Schedule) Records() []Record {
	out := make([]Record, len(s.rules))
	for i, r := range s.rules {
		out[i] = r.Record()
	}
	return out
}

// Last is the highest rule number given so far (kept so that a removed
// rule's number is never given again).
func (s *Schedule) Last() int { return s.last }

// Empty reports a school without any rule.
func (s *Schedule) Empty() bool { return len(s.rules) == 0 }

// Changed reports whether a method changed the schedule since it was
// loaded: the store writes it back only then.
func (s *Schedule) Changed() bool { return s.changed }

// Rule answers one rule by number.
func (s *Schedule) Rule(no int) (Rule, error) {
	i := s.index(no)
	if i < 0 {
		return Rule{}, apperr.NotFound(CodeNotFound)
	}
	return s.rules[i], nil
}

func (s *Schedule) index(no int) int {
	return slices.IndexFunc(s.rules, func(r Rule) bool { return r.no == no })
}

func (s *Schedule) sort() {
	order := func(m Method) int { return slices.Index(Methods, m) }
	slices.SortFunc(s.rules, func(a, b Rule) int {
		return cmp.Or(cmp.Compare(order(a.method), order(b.method)), a.from.Compare(b.from), cmp.Compare(a.no, b.no))
	})
}

// clash refuses a second rule of a method from the same day.
func (s *Schedule) clash(r Rule, except int) error {
	for _, x := range s.rules {
		if x.no != except && x.method == r.method && x.from.Equal(r.from) {
			var f apperr.Fields
			f.Add("effectiveFrom", CodeDuplicate)
			return f.Err()
		}
	}
	return nil
}

// Add adds a rule from a draft and answers it with its number.
func (s *Schedule) Add(d Draft) (Rule, error) {
	r, err := d.parse()
	if err != nil {
		return Rule{}, err
	}
	if err := s.clash(r, 0); err != nil {
		return Rule{}, err
	}
	s.last++
	r.no = s.last
	s.rules = append(s.rules, r)
	s.sort()
	s.changed = true
	return r, nil
}

// Change replaces a rule with a draft, keeping its number.
func (s *Schedule) Change(no int, d Draft) (Rule, error) {
	i := s.index(no)
	if i < 0 {
		return Rule{}, apperr.NotFound(CodeNotFound)
	}
	r, err := d.parse()
	if err != nil {
		return Rule{}, err
	}
	if err := s.clash(r, no); err != nil {
		return Rule{}, err
	}
	r.no = no
	s.rules[i] = r
	s.sort()
	s.changed = true
	return r, nil
}

// Remove removes a rule and answers what it was.
func (s *Schedule) Remove(no int) (Rule, error) {
	i := s.index(no)
	if i < 0 {
		return Rule{}, apperr.NotFound(CodeNotFound)
	}
	r := s.rules[i]
	s.rules = slices.Delete(s.rules, i, i+1)
	s.changed = true
	return r, nil
}

// InEffect answers the method's rule in effect at an instant: the one with
// the latest first day on or before it (days in Asia/Seoul).
func (s *Schedule) InEffect(m Method, at time.Time) (Rule, bool) {
	var found Rule
	ok := false
	for _, r := range s.rules {
		if r.method == m && !at.Before(r.from) && (!ok || r.from.After(found.from)) {
			found, ok = r, true
		}
	}
	return found, ok
}

// Fee is the fee of a payment of a method paid at an instant, by the rule
// in effect then; ok is false (and the fee zero) when no rule was.
func (s *Schedule) Fee(m Method, paid money.Money, at time.Time) (fee money.Money, ok bool, err error) {
	r, ok := s.InEffect(m, at)
	if !ok {
		return money.Zero(paid.Currency()), false, nil
	}
	fee, err = r.Fee(paid)
	return fee, true, err
}

// During answers the rules in effect at some time of [from, to): those
// that start before to and were not replaced by a later rule of their
// method on or before from.
func (s *Schedule) During(from, to time.Time) []Rule {
	var out []Rule
	for _, r := range s.rules {
		if !r.from.Before(to) {
			continue
		}
		replaced := false
		for _, x := range s.rules {
			if x.method == r.method && x.from.After(r.from) && !x.from.After(from) {
				replaced = true
			}
		}
		if !replaced {
			out = append(out, r)
		}
	}
	return out
}
