package application

import "github.com/gradapply/gradapply/core/permission"

// Unexported parts the external tests (package application_test) use.
var (
	ValidateSurvey = validateSurvey
	Unmask         = unmask
	MaskReg        = maskReg
	Itoa           = itoa
)

// Guard is the service's access guard.
func (s *Service) Guard() Guard { return s.guard() }

// Decorate sets a record's actions for p.
func (s *Service) Decorate(p permission.Principal, rec *Record) { s.decorate(p, rec) }
