// Package httpapi is the HTTP edge: echo routes, middleware, error mapping,
// DTOs and static serving of both SPAs. Handlers bind, authorise through
// core/permission, call one core service method and map the result.
package httpapi

import (
	"context"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"github.com/gradapply/gradapply/adapters/captcha"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/permission"
)

// TokenIssuer signs and parses access tokens.
type TokenIssuer interface {
	Issue(u account.User) (string, account.Claims, error)
	Parse(s string) (account.Claims, error)
}

// Pinger is a health component.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Deps is what the edge needs.
type Deps struct {
	Accounts *account.Service
	Tokens   TokenIssuer
	Captcha  captcha.Altcha
	DB       Pinger
	Redis    Pinger

	CookieDomain string
	CookieSecure bool
	// PublicURL is where browsers reach us: its origin may send unsafe requests.
	PublicURL string
	// TrustedProxies are believed about the client address and scheme.
	TrustedProxies []*net.IPNet
	HSTS           bool
	ApplicantDir   string // built applicant SPA (index.html, assets/)
	AdminDir       string // built admin SPA
	// Draining is set during graceful shutdown: health answers OUT_OF_SERVICE.
	Draining func() bool
}

// Server is the echo application.
type Server struct {
	Echo *echo.Echo
	// Public is /apply/api, Authed is /apply/api-auth (signed in): later
	// areas register their routes on them.
	Public, Authed *echo.Group
	apply          *echo.Group
	deps           Deps
}

// New builds the router.
func New(d Deps) *Server {
	e := echo.New()
	s := &Server{Echo: e, deps: d}
	e.HTTPErrorHandler = errorHandler
	e.IPExtractor = ipExtractor(d.TrustedProxies)
	e.Use(requestIDs, accessLog, middleware.Recover(), s.securityHeaders)
	e.Use(middleware.GzipWithConfig(middleware.GzipConfig{MinLength: 1024}))
	// The upload route streams large files and has its own limit.
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{LimitBytes: 1 << 20, Skipper: func(c *echo.Context) bool {
		return c.Request().Method == http.MethodPost && strings.HasPrefix(c.Request().URL.Path, UploadPathPrefix)
	}}))
	e.Use(inputGuard, auditContext)

	e.GET("/actuator/health", s.health)

	s.mountAccount(e.Group("/user/api", s.sameOrigin, s.authenticate, csrf))

	// /apply/api is public (codes, schools, rounds); /apply/api-auth needs a session.
	s.apply = e.Group("/apply", s.sameOrigin, s.authenticate, csrf)
	s.Authed = s.apply.Group("/api-auth", signedIn)
	s.Public = s.apply.Group("/api")
	s.mountAdmin(s.Authed.Group("/admin", require(permission.AdminArea)))

	// Unknown API paths answer JSON 404; every other path is the SPA.
	for _, p := range []string{"/user/api/*", "/apply/api/*", "/apply/api-auth/*", "/actuator/*"} {
		e.Any(p, func(*echo.Context) error { return echo.ErrNotFound })
	}
	e.GET("/sysadmin", func(c *echo.Context) error { return c.Redirect(http.StatusMovedPermanently, "/sysadmin/") })
	e.GET("/sysadmin/*", spa(d.AdminDir, "/sysadmin/"))
	e.GET("/*", spa(d.ApplicantDir, "/"))
	return s
}

type healthBody struct {
	Status     string                       `json:"status"`
	Components map[string]map[string]string `json:"components"`
}

func (s *Server) health(c *echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	body := healthBody{Status: "UP", Components: map[string]map[string]string{}}
	check := func(name string, p Pinger) {
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
