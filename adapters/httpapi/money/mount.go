// Package money is the staff's money pages (payments, cancellations,
// settlement, fee rules) and refund requests (the applicant asks, the
// staff answer).
package money

import "github.com/gradapply/gradapply/adapters/httpapi/edge"

// server reads the areas' services from the edge's dependencies.
type server struct {
	deps edge.Deps
	kit  *edge.Kit
}

// Mount registers the package's routes on g.
func Mount(k *edge.Kit, g edge.Groups) {
	s := &server{deps: k.Deps(), kit: k}
	s.mountMoney(g)
	s.mountFeeRules(g)
	s.mountRefundRequests(g)
}
