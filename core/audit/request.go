// Package audit carries what the personal-data access log must say about
// the request a read happened in (decisions.md: who, what, when, from
// where), so a use case that logs a read need not be handed HTTP facts.
package audit

import (
	"context"
	"strings"
)

// Request is the edge's account of one request.
type Request struct {
	Address string            // client address (the trusted-proxy rule applied)
	Route   string            // method and route pattern, e.g. "GET /apply/api-auth/appl/basis/:applNo"
	Params  map[string]string // path parameters: applNo, step, fileKey ...
}

type key struct{}

// WithRequest returns ctx carrying r.
func WithRequest(ctx context.Context, r Request) context.Context {
	return context.WithValue(ctx, key{}, r)
}

// RequestOf returns the request ctx carries (zero outside a request: jobs).
func RequestOf(ctx context.Context) Request {
	r, _ := ctx.Value(key{}).(Request)
	return r
}

// Detail is what a log entry records of the request besides its own
// detail: the route, its parameters and, for application routes, the
// section read (the path segment naming it, e.g. basis, acad, doc, print).
func (r Request) Detail() map[string]any {
	d := map[string]any{}
	if r.Route != "" {
		d["route"] = r.Route
	}
	for k, v := range r.Params {
		d[k] = v
	}
	if s := section(r.Route); s != "" {
		d["section"] = s
	}
	return d
}

// section is the segment after "/appl/" in a route pattern, or "survey".
func section(route string) string {
	if strings.Contains(route, "/survey") {
		return "survey"
	}
	i := strings.Index(route, "/appl/")
	if i < 0 {
		return ""
	}
	rest := route[i+len("/appl/"):]
	if j := strings.IndexByte(rest, '/'); j >= 0 {
		return rest[:j]
	}
	return rest
}
