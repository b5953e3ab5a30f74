package round

import (
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/school"
)

// Reading the round aggregate: every list answered is a copy.

// Key names the round.
func (s *Settings) Key() application.RoundKey { return s.key }

// Values answers every value staff set (a copy).
func (s *Settings) Values() Values { return s.v.clone() }

// Texts are the names, remarks and slip notice.
func (s *Settings) Texts() Texts { return s.v.Texts }

// Fees are the fees, pay types and channels.
func (s *Settings) Fees() Fees { return s.v.Fees.clone() }

// LettersAsked is how many recommendation letters applicants ask for.
func (s *Settings) LettersAsked() int { return s.v.LettersAsked }

// ApplIDRule is the exam-number rule.
func (s *Settings) ApplIDRule() string { return s.v.ApplIDRule }

// Windows are the windows, in kind order.
func (s *Settings) Windows() []Window { return slices.Clone(s.v.Windows) }

// Parts are the parts offered, in the order staff gave.
func (s *Settings) Parts() []Part { return slices.Clone(s.v.Parts) }

// Documents are the round's own document items.
func (s *Settings) Documents() []DocItem { return cloneDocs(s.v.Documents) }

// Consents are the round's own consent items.
func (s *Settings) Consents() []school.ConsentItem { return slices.Clone(s.v.Consents) }

// Steps are the round's own step list (nil: the school's).
func (s *Settings) Steps() []application.Status { return slices.Clone(s.v.Steps) }

// UpdatedAt is when the round was last stored.
func (s *Settings) UpdatedAt() time.Time { return s.updatedAt }

// Retired are the consent versions changes replaced while applications
// keep them: the store adds them to the version history.
func (s *Settings) Retired() []school.ConsentItem { return slices.Clone(s.retired) }

// Changed reports whether a method changed the settings since they were
// built or loaded: stores write them back only then.
func (s *Settings) Changed() bool { return s.changed }
