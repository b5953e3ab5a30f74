// Package applicant is the applicant's edge: the public reference data
// and form rules, the application form, its documents, submission and
// paying the fee.
package applicant

import "github.com/gradapply/gradapply/adapters/httpapi/edge"

// server reads the areas' services from the edge's dependencies.
type server struct {
	deps edge.Deps
	kit  *edge.Kit
}

// Mount registers the package's routes on g.
func Mount(k *edge.Kit, g edge.Groups) {
	s := &server{deps: k.Deps(), kit: k}
	s.mountApply(g)
	s.mountDocuments(g)
	s.mountSubmission(g)
	s.mountPay(g)
	s.mountSurveys(g)
	s.mountInquiry(g)
	s.mountRefundRequests(g)
}
