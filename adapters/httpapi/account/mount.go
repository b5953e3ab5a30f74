// Package account is the edge of every member's own account: sign-up,
// login and the session, finding an id or password, My Info, withdrawal
// and the export of the member's data.
package account

import "github.com/gradapply/gradapply/adapters/httpapi/edge"

// server reads the areas' services from the edge's dependencies.
type server struct {
	deps edge.Deps
	kit  *edge.Kit
}

// Mount registers the package's routes on g.
func Mount(k *edge.Kit, g edge.Groups) {
	s := &server{deps: k.Deps(), kit: k}
	s.mountAccount(g)
}
