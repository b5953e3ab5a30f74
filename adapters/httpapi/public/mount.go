// Package public is what a visitor reads without signing in: the
// reference data (schools, countries, universities, codes), the rounds
// open for applying, the form's rules, the FAQ and the help board.
package public

import (
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/application"
)

// referenceHandlers serve the public reference data and rounds
// (docs/api-apply.md "Public reference data").
type referenceHandlers struct {
	svc *application.Service
}

// Mount registers the public reference data, rounds and form rules on
// /apply/api.
func Mount(k *edge.Kit, g edge.Groups) {
	h := &referenceHandlers{svc: k.Deps().Apply}
	pub := g.Public
	pub.GET("/standard/schl", h.schools)
	pub.GET("/standard/country", h.countries)
	pub.GET("/standard/univ", h.univs)
	pub.GET("/commcode/groups/:type/:groups", h.codeGroups)
	pub.GET("/commcode/groups/:type/:group/:code", h.codeOne)
	pub.GET("/recruit", h.recruit)
	pub.GET("/recruit/list", h.recruitList)
	pub.GET("/form-rules", formRules)
	mountCompetition(k.Deps(), g)
	mountHelp(k.Deps(), g)
}
