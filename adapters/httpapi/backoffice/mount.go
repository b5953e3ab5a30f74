// Package backoffice is the staff's edge: admin users, applications,
// members, roles, the access log, the dashboard, exports, rounds and
// school settings, closing, surveys, letters, the reader and the member
// support tools (the help desk is package helpdesk).
package backoffice

import "github.com/gradapply/gradapply/adapters/httpapi/edge"

// server reads the areas' services from the edge's dependencies.
type server struct {
	deps edge.Deps
	kit  *edge.Kit
}

// Mount registers the package's routes on g.
func Mount(k *edge.Kit, g edge.Groups) {
	s := &server{deps: k.Deps(), kit: k}
	s.mountAdmin(g)
	s.mountRounds(g)
	s.mountBackoffice(g)
	s.mountClosing(g)
	s.mountSurveys(g)
	s.mountLetters(g)
	s.mountReader(g)
}
