package round

import (
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// Settings is the round aggregate: everything staff set on one round. Its
// fields are unexported: it is built by NewSettings (a new round, checked)
// or by UnmarshalSettingsFromDatabase (a stored round), and it changes only
// through its methods, each of which checks what it changes and refuses
// the whole change, with every field error at once, when a rule is broken.
// A store changes a stored round only through Store.Update, which locks
// the round, hands the aggregate to the use case and writes back what it
// changed. No other file of the package writes its fields
// (settings_fields_test.go).
type Settings struct {
	key       application.RoundKey
	v         Values
	updatedAt time.Time
	// retired are consent versions an edit replaced while applications
	// keep them: the store keeps them in the version history.
	retired []school.ConsentItem
	changed bool
}

// Facts are what the rules of a change need to know besides the settings.
type Facts struct {
	Now time.Time
	// Majors are the school's: what parts may name.
	Majors []Major
	// PartsInUse are the parts applications chose: they stay, and once
	// there is one the step list no longer changes.
	PartsInUse map[int64]bool
	// ConsentsInForce are the consent texts that applied while the round
	// had none of its own (the school's or the defaults).
	ConsentsInForce []school.ConsentItem
	// ConsentInUse reports whether an application accepted that version of
	// an item (nil: nobody accepted anything).
	ConsentInUse func(code, version string) (bool, error)
}

// NewSettings is a new round of school k.SchoolCode: a near year, a
// sequence of 1 to 99 and values that obey every rule. Consent items
// without a version are dated today.
func NewSettings(k application.RoundKey, v Values, f Facts) (*Settings, error) {
	var errs apperr.Fields
	checkKey(&errs, k, f.Now)
	s := &Settings{key: k}
	if err := s.apply(&errs, v, Facts{Now: f.Now, Majors: f.Majors}); err != nil {
		return nil, err
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	s.retired, s.changed = nil, true
	return s, nil
}

// UnmarshalSettingsFromDatabase rebuilds a stored round (stores only). A
// row without a complete key or with a window kind core does not know is
// an error, not silently a round.
func UnmarshalSettingsFromDatabase(k application.RoundKey, v Values, updatedAt time.Time) (*Settings, error) {
	if strings.TrimSpace(k.SchoolCode) == "" || k.EnterYear <= 0 || k.RecruitPartSeq <= 0 {
		return nil, apperr.Invalid(application.CodeRoundInvalid)
	}
	for _, w := range v.Windows {
		if _, err := window.ParseKind(string(w.Kind)); err != nil {
			return nil, err
		}
	}
	return &Settings{key: k, v: v.clone(), updatedAt: updatedAt}, nil
}

func (s *Settings) copy() *Settings {
	c := *s
	c.v = s.v.clone()
	c.retired = slices.Clone(s.retired)
	return &c
}

// Edit replaces every value, as the round form sends them: each rule is
// checked against the stored values (an open window may be extended, a
// chosen part stays, consent texts applications accepted get a new
// version). Nothing changes when a rule is broken; the error names every
// refused field. It answers what changed, field by field.
func (s *Settings) Edit(v Values, f Facts) ([]Change, error) {
	next := s.copy()
	var errs apperr.Fields
	if err := next.apply(&errs, v, f); err != nil {
		return nil, err
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return s.take(next), nil
}

// take replaces s by next and answers what changed.
func (s *Settings) take(next *Settings) []Change {
	changes := diff(s, next)
	next.changed = s.changed || len(changes) > 0
	*s = *next
	return changes
}

// apply runs every rule in the order the form shows the fields. The
// consent versions are decided first: a failed look-up is an error of its
// own, not a field's.
func (s *Settings) apply(errs *apperr.Fields, v Values, f Facts) error {
	consents, retired, err := versionsFor(s.v.Consents, v.Consents, f)
	if err != nil {
		return err
	}
	s.setTexts(errs, v.Texts)
	s.setFees(errs, v.Fees)
	s.setLetters(errs, v.LettersAsked)
	s.setRule(errs, v.ApplIDRule)
	s.setWindows(errs, v.Windows, f.Now)
	s.setParts(errs, v.Parts, f.Majors, f.PartsInUse)
	s.setDocuments(errs, v.Documents)
	s.setSteps(errs, v.Steps, f.PartsInUse)
	s.setConsents(errs, consents, retired)
	s.v.CompetitionHidden = v.CompetitionHidden // a choice, no rule
	return nil
}

// change runs one rule on its own: all or nothing, recorded as a change.
func (s *Settings) change(set func(next *Settings, errs *apperr.Fields)) error {
	next := s.copy()
	var errs apperr.Fields
	set(next, &errs)
	if err := errs.Err(); err != nil {
		return err
	}
	s.take(next)
	return nil
}

func (s *Settings) setTexts(errs *apperr.Fields, t Texts) {
	for _, p := range []*string{&t.KorName, &t.EngName, &t.RemkKor, &t.RemkEng, &t.SlipNoticeKor, &t.SlipNoticeEng} {
		*p = strings.TrimSpace(*p)
	}
	if set(errs, func(f *apperr.Fields) { checkTexts(f, t) }) {
		s.v.Texts = t
	}
}

func (s *Settings) setFees(errs *apperr.Fields, fe Fees) {
	if set(errs, func(f *apperr.Fields) { checkFees(f, fe) }) {
		s.v.Fees = fe.clone()
	}
}

func (s *Settings) setLetters(errs *apperr.Fields, n int) {
	if set(errs, func(f *apperr.Fields) { checkLetters(f, n) }) {
		s.v.LettersAsked = n
	}
}

func (s *Settings) setRule(errs *apperr.Fields, rule string) {
	rule = strings.TrimSpace(rule)
	if set(errs, func(f *apperr.Fields) { checkRule(f, rule) }) {
		s.v.ApplIDRule = rule
	}
}

func (s *Settings) setWindows(errs *apperr.Fields, ws []Window, now time.Time) {
	ws = slices.Clone(ws)
	slices.SortStableFunc(ws, func(a, b Window) int { return strings.Compare(string(a.Kind), string(b.Kind)) })
	if set(errs, func(f *apperr.Fields) { checkWindows(f, ws, s.v.Windows, now) }) {
		s.v.Windows = ws
	}
}

func (s *Settings) setParts(errs *apperr.Fields, parts []Part, majors []Major, inUse map[int64]bool) {
	parts = keepPartNumbers(parts, s.v.Parts)
	if set(errs, func(f *apperr.Fields) { checkParts(f, parts, s.v.Parts, majors, inUse) }) {
		s.v.Parts = parts
	}
}

func (s *Settings) setDocuments(errs *apperr.Fields, docs []DocItem) {
	docs = normaliseDocs(docs)
	if set(errs, func(f *apperr.Fields) { checkDocs(f, docs) }) {
		s.v.Documents = docs
	}
}

func (s *Settings) setSteps(errs *apperr.Fields, steps []application.Status, inUse map[int64]bool) {
	steps = normaliseSteps(steps)
	if set(errs, func(f *apperr.Fields) { checkSteps(f, steps, s.v.Steps, inUse) }) {
		s.v.Steps = steps
	}
}

func (s *Settings) setConsents(errs *apperr.Fields, items, retired []school.ConsentItem) {
	if set(errs, func(f *apperr.Fields) { checkConsents(f, items) }) {
		s.v.Consents = items
		s.retired = append(s.retired, retired...)
	}
}

// set runs a check into errs and reports whether it passed.
func set(errs *apperr.Fields, check func(f *apperr.Fields)) bool {
	var f apperr.Fields
	check(&f)
	*errs = append(*errs, f...)
	return len(f) == 0
}

// versionsFor decides the versions of the consent items sent (none: the
// round takes the school's, nothing to version). The texts they replace
// are the round's own, else those in force.
func versionsFor(stored, items []school.ConsentItem, f Facts) (out, retired []school.ConsentItem, err error) {
	if len(items) == 0 {
		return items, nil, nil
	}
	prev := stored
	if len(prev) == 0 {
		prev = f.ConsentsInForce
	}
	used := func(string, string) bool { return false }
	if f.ConsentInUse != nil {
		used = func(code, version string) bool {
			u, e := f.ConsentInUse(code, version)
			if e != nil && err == nil {
				err = e
			}
			return u
		}
	}
	out, retired = Versioned(prev, items, used, f.Now)
	if err != nil {
		return nil, nil, err
	}
	return out, retired, nil
}
