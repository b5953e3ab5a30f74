package edge

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/audit"
	"github.com/gradapply/gradapply/core/permission"
)

const (
	ctxPrincipal = "principal"
	ctxClaims    = "claims"
	ctxRequestID = "request_id"
	ctxViaCookie = "via_cookie"

	cookieToken  = "access_token"
	cookieUser   = "user"
	cookieXSRF   = "XSRF-TOKEN"
	CookieLocale = "locale"
	headerXSRF   = "X-XSRF-TOKEN"
)

// RandomHex is n random bytes in hex.
func RandomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// RequestIDs gives every request an id, echoed in X-Request-Id and logs.
func RequestIDs(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		id := c.Request().Header.Get(echo.HeaderXRequestID)
		if id == "" || len(id) > 64 {
			id = RandomHex(8)
		}
		c.Set(ctxRequestID, id)
		c.Response().Header().Set(echo.HeaderXRequestID, id)
		return next(c)
	}
}

func requestID(c *echo.Context) string {
	s, _ := c.Get(ctxRequestID).(string)
	return s
}

// accessLog logs one line per request: method, path (never the query,
// which may carry codes or keys), status, duration, request id, user.
func (k *Kit) AccessLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		start := time.Now()
		err := next(c)
		_, status := echo.ResolveResponseStatus(c.Response(), err)
		if err != nil {
			ErrorHandler(c, err)
			_, status = echo.ResolveResponseStatus(c.Response(), nil)
		}
		attrs := []any{"method", c.Request().Method, "path", loggedPath(c.Request().URL.Path), "status", status,
			"ms", time.Since(start).Milliseconds(), "request_id", requestID(c)}
		if p, ok := c.Get(ctxPrincipal).(permission.Principal); ok && p.Authenticated() {
			attrs = append(attrs, "user", p.UserID)
		}
		slog.InfoContext(c.Request().Context(), "http", attrs...)
		if k.deps.Observe != nil {
			k.deps.Observe(c.Path(), c.Request().Method, status, time.Since(start))
		}
		return nil
	}
}

// securityHeaders sets the headers every answer carries. The CSP allows
// only our own scripts; MUI's emotion injects styles, hence 'unsafe-inline'
// for styles only; the postcode widget's host is allowed for scripts and frames,
// our own origin for frames (the reader previews a document inline, see
// Inline; every other answer still refuses to be framed).
// HSTS goes out when the browser reached us over HTTPS (directly, or through
// a trusted proxy's X-Forwarded-Proto) or when configured always.
func (k *Kit) SecurityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	const csp = "default-src 'self'; script-src 'self' https://t1.daumcdn.net https://postcode.map.daum.net; " +
		"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; " +
		"worker-src 'self' blob:; frame-src 'self' https://postcode.map.daum.net; frame-ancestors 'none'; base-uri 'self'; " +
		"form-action 'self'; object-src 'none'"
	return func(c *echo.Context) error {
		h := c.Response().Header()
		if p := c.Request().URL.Path; p == "/appl/pay" || p == "/pay/mobile" {
			h.Set("Content-Security-Policy", payCSP)
		} else {
			h.Set("Content-Security-Policy", csp)
		}
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		if secretPage(c.Request().URL.Path) {
			h.Set("Referrer-Policy", "no-referrer") // the path holds a key or a reset hash
		}
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		if k.deps.HSTS || k.viaHTTPS(c.Request()) {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		return next(c)
	}
}

// viaHTTPS reports whether the browser used HTTPS: a TLS socket, or a
// trusted proxy saying so.
func (k *Kit) viaHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	return strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") && trusted(k.deps.TrustedProxies, r.RemoteAddr)
}

// trusted reports whether the socket peer is one of the trusted proxies.
func trusted(nets []*net.IPNet, remoteAddr string) bool {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return false
	}
	for _, n := range nets {
		if n.Contains(ip) {
			return true
		}
	}
	return false
}

// IPExtractor is the client address: the socket peer, unless the peer is
// a trusted proxy (TRUSTED_PROXIES); then X-Forwarded-For is walked from
// the right and the client is the first address that is not a trusted
// proxy (what a client wrote to the left of it is not believed), or, with
// no X-Forwarded-For, the proxy's X-Real-IP. A header from an untrusted
// peer is ignored whatever it says.
func IPExtractor(nets []*net.IPNet) echo.IPExtractor {
	return func(r *http.Request) string {
		peer := remoteIP(r.RemoteAddr)
		if len(nets) == 0 || !trusted(nets, r.RemoteAddr) {
			return peer
		}
		var hops []string
		for _, v := range r.Header.Values(echo.HeaderXForwardedFor) {
			for _, h := range strings.Split(v, ",") {
				hops = append(hops, strings.TrimSpace(h))
			}
		}
		if len(hops) == 0 {
			if ip := net.ParseIP(strings.TrimSpace(r.Header.Get(echo.HeaderXRealIP))); ip != nil {
				return ip.String()
			}
			return peer
		}
		for i := len(hops) - 1; i >= 0; i-- {
			ip := net.ParseIP(hops[i])
			if ip == nil {
				return peer // a broken chain: believe only the socket
			}
			if i == 0 || !trusted(nets, ip.String()) {
				return ip.String()
			}
		}
		return peer
	}
}

// remoteIP is the address part of a socket address.
func remoteIP(remoteAddr string) string {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		return remoteAddr
	}
	return host
}

// sameOrigin refuses unsafe requests a browser sent from another site
// (login CSRF included, which the cookie CSRF proof cannot cover because
// there is no session yet), and unsafe requests with a body that is not
// JSON: a cross-site form or text/plain post can then never be read as
// ours. Clients that send no Origin (API clients, curl) are not browsers
// carrying someone's cookies and pass.
func (k *Kit) SameOrigin(next echo.HandlerFunc) echo.HandlerFunc {
	allowed := map[string]bool{}
	if u, err := url.Parse(k.deps.PublicURL); err == nil && u.Host != "" {
		allowed[strings.ToLower(u.Scheme+"://"+u.Host)] = true
	}
	return func(c *echo.Context) error {
		r := c.Request()
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		if strings.EqualFold(r.Header.Get("Sec-Fetch-Site"), "cross-site") {
			return apperr.Forbidden("origin.refused")
		}
		if o := r.Header.Get("Origin"); o != "" && !allowed[strings.ToLower(o)] {
			// The page's own host also counts (a deployment reached by a
			// second name, tests on a free port).
			u, err := url.Parse(o)
			if err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host) {
				return apperr.Forbidden("origin.refused")
			}
		}
		if r.ContentLength != 0 {
			mt, _, _ := mime.ParseMediaType(r.Header.Get(echo.HeaderContentType))
			upload := mt == echo.MIMEMultipartForm && StreamedUpload(r)
			if mt != echo.MIMEApplicationJSON && !upload {
				return echo.ErrUnsupportedMediaType
			}
		}
		return next(c)
	}
}

// LocaleOf is the request's language: Accept-Language, else the locale
// cookie, else Korean.
func LocaleOf(c *echo.Context) Locale {
	if h := c.Request().Header.Get("Accept-Language"); h != "" {
		return ParseLocale(h)
	}
	if ck, err := c.Cookie(CookieLocale); err == nil {
		return ParseLocale(ck.Value)
	}
	return Ko
}

// authenticate reads the bearer token or the cookie; a bad or revoked token
// is answered 401 at once so the SPA signs out.
func (k *Kit) Authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		raw, viaCookie := "", false
		if h := c.Request().Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
			raw = strings.TrimPrefix(h, "Bearer ")
		} else if ck, err := c.Cookie(cookieToken); err == nil && ck.Value != "" {
			raw, viaCookie = ck.Value, true
		}
		if raw == "" {
			c.Set(ctxPrincipal, permission.Principal{})
			return next(c)
		}
		claims, err := k.deps.Tokens.Parse(raw)
		if err != nil {
			k.ClearSession(c)
			return apperr.Unauthenticated("auth.expired")
		}
		p, err := k.deps.Accounts.Authenticate(c.Request().Context(), claims)
		if err != nil {
			if apperr.KindOf(err) == apperr.KindUnauthenticated {
				k.ClearSession(c)
			}
			return err
		}
		c.Set(ctxPrincipal, p)
		c.Set(ctxClaims, claims)
		c.Set(ctxViaCookie, viaCookie)
		return next(c)
	}
}

// CSRF demands the double-submit proof on cookie-authenticated unsafe requests.
func CSRF(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		switch c.Request().Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		if via, _ := c.Get(ctxViaCookie).(bool); !via {
			return next(c)
		}
		ck, err := c.Cookie(cookieXSRF)
		h := c.Request().Header.Get(headerXSRF)
		if err != nil || ck.Value == "" || subtle.ConstantTimeCompare([]byte(ck.Value), []byte(h)) != 1 {
			return apperr.Forbidden("csrf.invalid")
		}
		return next(c)
	}
}

// Principal is who signed the request (a guest when nobody did).
func Principal(c *echo.Context) permission.Principal {
	p, _ := c.Get(ctxPrincipal).(permission.Principal)
	return p
}

// Require answers 401 for guests and 403 for callers the table refuses.
func Require(a permission.Action) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			p := Principal(c)
			if !p.Authenticated() {
				return apperr.Unauthenticated("auth.required")
			}
			if !permission.Can(p, a, "") {
				return apperr.Forbidden("auth.forbidden")
			}
			return next(c)
		}
	}
}

// SignedIn answers 401 for guests.
func SignedIn(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if !Principal(c).Authenticated() {
			return apperr.Unauthenticated("auth.required")
		}
		return next(c)
	}
}

// OnlyPost answers 405 on a path whose only method is POST, where the
// catch-all of unknown API paths would otherwise answer 404.
func OnlyPost(c *echo.Context) error {
	c.Response().Header().Set("Allow", http.MethodPost)
	return echo.ErrMethodNotAllowed
}

// AuditContext hands the access log the facts of this request: the client
// address, the route pattern and its parameters (see core/audit).
func AuditContext(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		r := audit.Request{Address: c.RealIP(), Route: c.Request().Method + " " + c.Path()}
		if pv := c.PathValues(); len(pv) > 0 {
			r.Params = make(map[string]string, len(pv))
			for _, v := range pv {
				r.Params[v.Name] = v.Value
			}
		}
		c.SetRequest(c.Request().WithContext(audit.WithRequest(c.Request().Context(), r)))
		return next(c)
	}
}

// payCSP is the policy of the pay page and the phone return only: it lets
// the providers' browser SDKs (PortOne and the PG windows it opens,
// PayPal) load and frame their pages. Every other page keeps the strict
// policy.
const payCSP = "default-src 'self'; " +
	"script-src 'self' https://cdn.portone.io https://*.portone.io https://www.paypal.com https://*.paypal.com https://*.paypalobjects.com; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://*.portone.io https://*.paypal.com https://*.paypalobjects.com; " +
	"font-src 'self' data:; " +
	"connect-src 'self' https://*.portone.io https://www.paypal.com https://*.paypal.com https://*.braintreegateway.com; " +
	"frame-src https://*.portone.io https://*.iamport.co https://*.tosspayments.com https://*.inicis.com https://*.kcp.co.kr " +
	"https://*.nicepay.co.kr https://www.paypal.com https://*.paypal.com; " +
	"worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self' https://*.portone.io https://*.paypal.com; object-src 'none'"

// SameSite refuses a form post another site sent: the test gateway's page
// posts plain forms, which sameOrigin's JSON rule would refuse.
func SameSite(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		site := c.Request().Header.Get("Sec-Fetch-Site")
		if site == "cross-site" || site == "same-site" {
			return apperr.Forbidden("origin.refused")
		}
		return next(c)
	}
}
