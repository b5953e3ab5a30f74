// Package recommender is the recommendation letters' edge: the
// applicant's requests and the recommender's key pages.
package recommender

import "github.com/gradapply/gradapply/adapters/httpapi/edge"

// server reads the areas' services from the edge's dependencies.
type server struct {
	deps edge.Deps
	kit  *edge.Kit
}

// Mount registers the package's routes on g.
func Mount(k *edge.Kit, g edge.Groups) {
	s := &server{deps: k.Deps(), kit: k}
	s.mountRecommend(g)
}
