// Package helpdesk is the staff's help desk: editing the FAQ and the help
// board, and answering the 1:1 inquiries (everyone's reads of the FAQ and
// the board are package public; an applicant's own inquiries, package
// applicant).
package helpdesk

import "github.com/gradapply/gradapply/adapters/httpapi/edge"

// server reads the areas' services from the edge's dependencies.
type server struct {
	deps edge.Deps
}

// Mount registers the package's routes on g.
func Mount(k *edge.Kit, g edge.Groups) {
	s := &server{deps: k.Deps()}
	s.mountHelpdesk(g)
	s.mountInquiry(g)
}
