// Package httpapi is the HTTP edge: echo routes, middleware, error mapping,
// DTOs and static serving of both SPAs. Handlers bind, authorise through
// core/permission, call one core service method and map the result.
//
// Every area registers its routes in one place, the areas list below: an
// area is a mount function reading its service from Services, one line in
// that list.
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
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/audit"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/helpdesk"
	"github.com/gradapply/gradapply/core/inquiry"
	"github.com/gradapply/gradapply/core/mydata"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/recommendation"
	"github.com/gradapply/gradapply/core/refundrequest"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/submission"
	"github.com/gradapply/gradapply/core/survey"
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

// Services are the core use cases the routes call, one field per area.
type Services struct {
	Accounts   *account.Service
	Apply      *application.Service    // reference data, rounds, the application form
	Documents  *document.Service       // an application's documents
	Submission *submission.Service     // submit, completion, exam-number lookup
	Printer    *printing.Service       // the application PDF and the admission slip
	Rounds     *round.Service          // the back office for rounds and school settings
	Pay        *payment.Service        // paying the fee
	TestPG     TestPGPage              // the test gateway's payer page; nil when it is off
	Receipts   ReceiptRenderer         // receipt PDFs
	MyData     *mydata.Service         // the member's data export (My Info)
	Recommend  *recommendation.Service // recommendation requests, letters, templates
	Money      *payment.Staff          // the staff money pages (issue 10)
	AccessLog  audit.Log               // the personal-data access log viewer
	Exports    *Exporter               // a round's workbook and documents bundle
	Helpdesk   *helpdesk.Service       // the FAQ and the help board
	Inquiry    *inquiry.Service        // the 1:1 inquiry board
	Surveys    *survey.Service         // survey questions, site surveys and their results
	FeeRules   *feeschedule.Service    // settlement fee rules (issue 18)
	// RefundRequests are applicants' refund requests and the schools' refund rules (issue 18).
	RefundRequests *refundrequest.Service
}

// Deps is what the edge needs.
type Deps struct {
	Services
	Tokens  TokenIssuer
	Captcha captcha.Altcha
	DB      Pinger
	Redis   Pinger
	// MaxUpload is the largest document item size: the upload route
	// accepts that plus the multipart form's overhead.
	MaxUpload int64
	// Counter counts requests for rate limits (the recommender's key routes).
	Counter Counter

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
	// Observe counts an answered request by its route pattern (metrics);
	// nil: not counted.
	Observe func(route, method string, status int, d time.Duration)
}

// Server is the echo application.
type Server struct {
	Echo *echo.Echo
	// Public is /apply/api, Authed is /apply/api-auth (signed in).
	Public, Authed *echo.Group
	deps           Deps
}

// Groups are the route groups an area registers on; each carries its
// middleware (same origin, authentication, CSRF; signed in; admin area).
type Groups struct {
	User   *echo.Group // /user/api
	Public *echo.Group // /apply/api
	Authed *echo.Group // /apply/api-auth
	Admin  *echo.Group // /apply/api-auth/admin
}

// areas registers every area's routes: the one place a new area is added
// (its mount function reads its service from s.deps.Services).
var areas = []func(s *Server, g Groups){
	(*Server).mountAccount,
	(*Server).mountAdmin,
	(*Server).mountApply,
	(*Server).mountDocuments,
	(*Server).mountSubmission,
	(*Server).mountRounds,
	(*Server).mountPay,
	(*Server).mountRecommend,
	(*Server).mountMoney,
	(*Server).mountBackoffice,
	(*Server).mountHelpdesk,
	(*Server).mountInquiry,
	(*Server).mountClosing,
	(*Server).mountSurveys,
	(*Server).mountFeeRules,
	(*Server).mountRefundRequests,
}

// streamedUpload reports whether a request is one of the multipart routes
// that stream a file: each has its own body limit and reads its own parts.
func streamedUpload(r *http.Request) bool {
	p := r.URL.Path
	return r.Method == http.MethodPost && (strings.HasPrefix(p, UploadPathPrefix) ||
		strings.HasPrefix(p, RecommendPathPrefix) && strings.HasSuffix(p, "/file") || p == InquiryAskPath)
}

// New builds the router.
func New(d Deps) *Server {
	e := echo.New()
	s := &Server{Echo: e, deps: d}
	e.HTTPErrorHandler = errorHandler
	e.IPExtractor = ipExtractor(d.TrustedProxies)
	e.Use(requestIDs, s.accessLog, middleware.Recover(), s.securityHeaders)
	// Exports are ZIP containers already (xlsx, zip): compressing them again
	// costs seconds of CPU for nothing.
	skip := skipCompressing(map[string]string{"/": d.ApplicantDir, "/sysadmin/": d.AdminDir})
	e.Use(middleware.GzipWithConfig(middleware.GzipConfig{MinLength: 1024, Skipper: func(c *echo.Context) bool {
		return strings.HasPrefix(c.Request().URL.Path, ExportPathPrefix) || skip(c)
	}}))
	// The upload route streams large files and has its own limit.
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{LimitBytes: 1 << 20, Skipper: func(c *echo.Context) bool {
		return streamedUpload(c.Request())
	}}))
	e.Use(inputGuard, auditContext)

	e.GET("/actuator/health", s.health)
	e.GET("/actuator/health/liveness", s.liveness)
	e.GET("/actuator/health/readiness", s.readiness)

	// /apply/api is public (codes, schools, rounds); /apply/api-auth needs a session.
	apply := e.Group("/apply", s.sameOrigin, s.authenticate, csrf)
	s.Authed = apply.Group("/api-auth", signedIn)
	s.Public = apply.Group("/api")
	g := Groups{User: e.Group("/user/api", s.sameOrigin, s.authenticate, csrf), Public: s.Public, Authed: s.Authed,
		Admin: s.Authed.Group("/admin", require(permission.AdminArea))}
	for _, mount := range areas {
		mount(s, g)
	}

	// Unknown API paths answer JSON 404; every other path is the SPA. The
	// metrics are on their own listener (METRICS_ADDR), never here.
	for _, p := range []string{"/user/api/*", "/apply/api/*", "/apply/api-auth/*", "/actuator/*", "/metrics", "/metrics/*"} {
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
