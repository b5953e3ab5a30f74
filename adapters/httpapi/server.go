// Package httpapi assembles the HTTP edge: the echo application, its
// middleware, the health routes, static serving of both SPAs, and every
// actor's routes, which live in their own packages (edge holds what they
// share). Handlers bind, authorise through core/permission, call one core
// service method and map the result.
//
// Every area registers its routes in one place, the areas list below: an
// area is a package's Mount, reading its services from edge.Deps, one line
// in that list.
package httpapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"github.com/gradapply/gradapply/adapters/httpapi/account"
	"github.com/gradapply/gradapply/adapters/httpapi/applicant"
	"github.com/gradapply/gradapply/adapters/httpapi/backoffice"
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/adapters/httpapi/helpdesk"
	"github.com/gradapply/gradapply/adapters/httpapi/money"
	"github.com/gradapply/gradapply/adapters/httpapi/officers"
	"github.com/gradapply/gradapply/adapters/httpapi/public"
	"github.com/gradapply/gradapply/adapters/httpapi/recommender"
	"github.com/gradapply/gradapply/adapters/httpapi/webhook"
	"github.com/gradapply/gradapply/core/permission"
)

// Server is the echo application.
type Server struct {
	Echo *echo.Echo
	// Public is /apply/api, Authed is /apply/api-auth (signed in).
	Public, Authed *echo.Group
	deps           edge.Deps
}

// areas registers every area's routes: the one place a new area is added
// (its Mount reads its services from the kit's Deps).
var areas = []func(k *edge.Kit, g edge.Groups){
	account.Mount,
	public.Mount,
	applicant.Mount,
	recommender.Mount,
	backoffice.Mount,
	helpdesk.Mount,
	officers.Mount,
	money.Mount,
	webhook.Mount,
}

// New builds the router.
func New(d edge.Deps) *Server {
	e := echo.New()
	s := &Server{Echo: e, deps: d}
	k := edge.NewKit(d)
	e.HTTPErrorHandler = edge.ErrorHandler
	e.IPExtractor = edge.IPExtractor(d.TrustedProxies)
	e.Use(edge.RequestIDs, k.AccessLog, middleware.Recover(), k.SecurityHeaders)
	// Exports are ZIP containers already (xlsx, zip): compressing them again
	// costs seconds of CPU for nothing.
	skip := skipCompressing(map[string]string{"/": d.ApplicantDir, "/sysadmin/": d.AdminDir})
	e.Use(middleware.GzipWithConfig(middleware.GzipConfig{MinLength: 1024, Skipper: func(c *echo.Context) bool {
		return strings.HasPrefix(c.Request().URL.Path, edge.ExportPathPrefix) || skip(c)
	}}))
	// The upload route streams large files and has its own limit.
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{LimitBytes: 1 << 20, Skipper: func(c *echo.Context) bool {
		return edge.StreamedUpload(c.Request())
	}}))
	e.Use(edge.InputGuard, edge.AuditContext)

	e.GET("/actuator/health", s.health)
	e.GET("/actuator/health/liveness", s.liveness)
	e.GET("/actuator/health/readiness", s.readiness)

	// /apply/api is public (codes, schools, rounds); /apply/api-auth needs a session.
	apply := e.Group("/apply", k.SameOrigin, k.Authenticate, edge.CSRF)
	s.Authed = apply.Group("/api-auth", edge.SignedIn)
	s.Public = apply.Group("/api")
	g := edge.Groups{Echo: e, User: e.Group("/user/api", k.SameOrigin, k.Authenticate, edge.CSRF), Public: s.Public, Authed: s.Authed,
		Admin: s.Authed.Group("/admin", edge.Require(permission.AdminArea))}
	for _, mount := range areas {
		mount(k, g)
	}

	// Unknown API paths answer JSON 404; every other path is the SPA. The
	// metrics are on their own listener (METRICS_ADDR), never here.
	for _, p := range []string{"/user/api/*", "/apply/api/*", "/apply/api-auth/*", "/actuator/*", "/metrics", "/metrics/*"} {
		e.Any(p, func(*echo.Context) error { return echo.ErrNotFound })
	}
	e.GET("/sysadmin", func(c *echo.Context) error { return c.Redirect(http.StatusMovedPermanently, "/sysadmin/") })
	e.GET("/sysadmin/*", spa(d.AdminDir, "/sysadmin/", nil))
	e.GET("/*", spa(d.ApplicantDir, "/", schoolNamed(d.Apply)))
	return s
}

type healthBody struct {
	Status     string                       `json:"status"`
	Components map[string]map[string]string `json:"components"`
}

// liveness says the process answers: a supervisor restarts it otherwise.
func (s *Server) liveness(c *echo.Context) error {
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, map[string]string{"status": "UP"})
}

// readiness says whether to send this replica requests: not while
// PostgreSQL is away or the server is draining. Redis may be down (mail
// waits in the outbox, counters fall back to memory).
func (s *Server) readiness(c *echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	c.Response().Header().Set("Cache-Control", "no-store")
	switch {
	case s.deps.Draining != nil && s.deps.Draining():
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "OUT_OF_SERVICE"})
	case s.deps.DB == nil || s.deps.DB.Ping(ctx) != nil:
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "DOWN"})
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "UP"})
}

func (s *Server) health(c *echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	body := healthBody{Status: "UP", Components: map[string]map[string]string{}}
	check := func(name string, p edge.Pinger) {
		st := "UNKNOWN"
		if p != nil {
			st = "UP"
			if err := p.Ping(ctx); err != nil {
				st = "DOWN"
			}
		}
		body.Components[name] = map[string]string{"status": st}
	}
	check("db", s.deps.DB)
	check("redis", s.deps.Redis)
	code := http.StatusOK
	switch {
	case body.Components["db"]["status"] == "DOWN":
		body.Status, code = "DOWN", http.StatusServiceUnavailable
	case s.deps.Draining != nil && s.deps.Draining():
		body.Status, code = "OUT_OF_SERVICE", http.StatusServiceUnavailable
	case body.Components["redis"]["status"] != "UP":
		// Requests still work without Redis (mail waits in the outbox).
		body.Status = "OUT_OF_SERVICE"
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(code, body)
}
