package edge

// Deps are what the edge needs, Kit is what every area's handlers share:
// the dependencies, the middleware that reads them and the session.

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/captcha"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/audit"
	"github.com/gradapply/gradapply/core/competition"
	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/evaluation"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/helpdesk"
	"github.com/gradapply/gradapply/core/inquiry"
	"github.com/gradapply/gradapply/core/mydata"
	"github.com/gradapply/gradapply/core/notice"
	"github.com/gradapply/gradapply/core/payment"
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
	Reader     *printing.Reader        // the staff's on-screen read of an application
	Rounds     *round.Service          // the back office for rounds and school settings
	Pay        *payment.Service        // paying the fee
	TestPG     TestPGPage              // the test gateway's payer page; nil when it is off
	Receipts   ReceiptRenderer         // receipt PDFs
	MyData     *mydata.Service         // the member's data export (My Info)
	Recommend  *recommendation.Service // recommendation requests, letters, templates
	Money      *payment.Staff          // the staff money pages (issue 10)
	AccessLog  audit.Log               // the personal-data access log viewer
	Helpdesk   *helpdesk.Service       // the FAQ and the help board
	Inquiry    *inquiry.Service        // the 1:1 inquiry board
	Surveys    *survey.Service         // survey questions, site surveys and their results
	FeeRules   *feeschedule.Service    // settlement fee rules (issue 18)
	// RefundRequests are applicants' refund requests and the schools' refund rules (issue 18).
	RefundRequests *refundrequest.Service
	// Officers are evaluation, decisions and notices (issue 23).
	Officers Officers
	// Competition is the public 경쟁률 page (issue 21).
	Competition *competition.Service
}

// Officers are the officers' console's services (issue 23) and the
// admission letter's renderer.
type Officers struct {
	Evaluation *evaluation.Service
	Decisions  *decision.Service
	Notices    *notice.Service
	Letters    AdmissionLetterRenderer
}

// AdmissionLetterRenderer writes an admission letter PDF (adapters/pdf).
type AdmissionLetterRenderer interface {
	AdmissionLetter(w io.Writer, l decision.Letter, lang string) error
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

// Counter counts requests in a window (rate limits).
type Counter interface {
	Incr(ctx context.Context, key string, window time.Duration) (int, error)
	Count(ctx context.Context, key string) (int, error)
	// Wait is how long until the key's window ends.
	Wait(ctx context.Context, key string) (time.Duration, error)
}

// TestPGPage is the test gateway's payer page (adapters/payment/testpg),
// mounted only when the test gateway is on.
type TestPGPage interface {
	Page(ctx context.Context, paymentID, lang string) ([]byte, error)
	Act(ctx context.Context, paymentID, action string) (redirect string, err error)
}

// ReceiptRenderer writes a receipt PDF (adapters/pdf).
type ReceiptRenderer interface {
	Receipt(w io.Writer, rc payment.ReceiptDoc) error
}

// Groups are the route groups an area registers on; each carries its
// middleware (same origin, authentication, CSRF; signed in; admin area).
type Groups struct {
	Echo   *echo.Echo  // the root, for pages outside the API (the test gateway's)
	User   *echo.Group // /user/api
	Public *echo.Group // /apply/api
	Authed *echo.Group // /apply/api-auth
	Admin  *echo.Group // /apply/api-auth/admin
}

// Kit is what the areas share: the dependencies, the middleware reading
// them and the session cookies.
type Kit struct{ deps Deps }

// NewKit holds d for the middleware and the areas.
func NewKit(d Deps) *Kit { return &Kit{deps: d} }

// Deps are the dependencies the areas read their services from.
func (k *Kit) Deps() Deps { return k.deps }

// Paths the middleware treats specially: the streamed uploads (their own
// body limits), the exports (not compressed).
const (
	// UploadPathPrefix is where an application's document is uploaded.
	UploadPathPrefix = "/apply/api-auth/appl/doc/upload/"
	// InquiryAskPath is where a member asks (JSON, or multipart with a
	// file).
	InquiryAskPath = "/apply/api-auth/inquiry/user"
	// ExportPathPrefix is where the exports are served (sent uncompressed).
	ExportPathPrefix = "/apply/api-auth/admin/exports/"
)

// StreamedUpload reports whether a request is one of the multipart routes
// that stream a file: each has its own body limit and reads its own parts.
func StreamedUpload(r *http.Request) bool {
	p := r.URL.Path
	return r.Method == http.MethodPost && (strings.HasPrefix(p, UploadPathPrefix) ||
		strings.HasPrefix(p, RecommendPathPrefix) && strings.HasSuffix(p, "/file") || p == InquiryAskPath)
}
