package round

import (
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/school"
)

// One method per change of a round's settings, each checking its own
// rules against the stored values, all or nothing (Edit makes every change
// the round form sends at once).

// Rename sets the names, remarks and slip notice (trimmed).
func (s *Settings) Rename(t Texts) error {
	return s.change(func(n *Settings, errs *apperr.Fields) { n.setTexts(errs, t) })
}

// SetFees sets the fees and the pay types and channels they allow.
func (s *Settings) SetFees(fe Fees) error {
	return s.change(func(n *Settings, errs *apperr.Fields) { n.setFees(errs, fe) })
}

// AskLetters sets how many recommendation letters applicants ask for.
func (s *Settings) AskLetters(n int) error {
	return s.change(func(x *Settings, errs *apperr.Fields) { x.setLetters(errs, n) })
}

// SetApplIDRule sets the exam-number rule of later completions.
func (s *Settings) SetApplIDRule(rule string) error {
	return s.change(func(n *Settings, errs *apperr.Fields) { n.setRule(errs, rule) })
}

// SetWindows sets the windows.
func (s *Settings) SetWindows(ws []Window, now time.Time) error {
	return s.change(func(n *Settings, errs *apperr.Fields) { n.setWindows(errs, ws, now) })
}

// SetParts sets the parts offered; a part sent without its number keeps
// the number of the stored part of the same major and course.
func (s *Settings) SetParts(parts []Part, majors []Major, inUse map[int64]bool) error {
	return s.change(func(n *Settings, errs *apperr.Fields) { n.setParts(errs, parts, majors, inUse) })
}

// SetDocuments sets the round's own document items (none: the school's).
func (s *Settings) SetDocuments(docs []DocItem) error {
	return s.change(func(n *Settings, errs *apperr.Fields) { n.setDocuments(errs, docs) })
}

// SetSteps sets the round's own step list (nil: the school's).
func (s *Settings) SetSteps(steps []application.Status, inUse map[int64]bool) error {
	return s.change(func(n *Settings, errs *apperr.Fields) { n.setSteps(errs, steps, inUse) })
}

// SetConsents sets the round's own consent items (none: the school's),
// versioned as Versioned says.
func (s *Settings) SetConsents(items []school.ConsentItem, f Facts) error {
	consents, retired, err := versionsFor(s.v.Consents, items, f)
	if err != nil {
		return err
	}
	return s.change(func(n *Settings, errs *apperr.Fields) { n.setConsents(errs, consents, retired) })
}
