// Package support is the help desk's edge: the FAQ and help board (read
// by everyone, written by staff) and the 1:1 inquiries (a member asks,
// staff answer).
package support

import "github.com/gradapply/gradapply/adapters/httpapi/edge"

// server reads the areas' services from the edge's dependencies.
type server struct {
	deps edge.Deps
	kit  *edge.Kit
}

// Mount registers the package's routes on g.
func Mount(k *edge.Kit, g edge.Groups) {
	s := &server{deps: k.Deps(), kit: k}
	s.mountHelpdesk(g)
	s.mountInquiry(g)
}
