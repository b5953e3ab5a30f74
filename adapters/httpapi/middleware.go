package httpapi

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
	cookieLocale = "locale"
	headerXSRF   = "X-XSRF-TOKEN"
)

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// requestIDs gives every request an id, echoed in X-Request-Id and logs.
func requestIDs(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		id := c.Request().Header.Get(echo.HeaderXRequestID)
		if id == "" || len(id) > 64 {
			id = randomHex(8)
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
func (s *Server) accessLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		start := time.Now()
		err := next(c)
		_, status := echo.ResolveResponseStatus(c.Response(), err)
		if err != nil {
			errorHandler(c, err)
			_, status = echo.ResolveResponseStatus(c.Response(), nil)
		}
		attrs := []any{"method", c.Request().Method, "path", loggedPath(c.Request().URL.Path), "status", status,
			"ms", time.Since(start).Milliseconds(), "request_id", requestID(c)}
		if p, ok := c.Get(ctxPrincipal).(permission.Principal); ok && p.Authenticated() {
			attrs = append(attrs, "user", p.UserID)
		}
		slog.InfoContext(c.Request().Context(), "http", attrs...)
		if s.deps.Observe != nil {
			s.deps.Observe(c.Path(), c.Request().Method, status, time.Since(start))
		}
		return nil
	}
}

// securityHeaders sets the headers every answer carries. The CSP allows
// only our own scripts; MUI's emotion injects styles, hence 'unsafe-inline'
// for styles only; the postcode widget's host is allowed for scripts and frames.
// HSTS goes out when the browser reached us over HTTPS (directly, or through
// a trusted proxy's X-Forwarded-Proto) or when configured always.
func (s *Server) securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	const csp = "default-src 'self'; script-src 'self' https://t1.daumcdn.net https://postcode.map.daum.net; " +
		"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; " +
		"worker-src 'self' blob:; frame-src https://postcode.map.daum.net; frame-ancestors 'none'; base-uri 'self'; " +
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
		if s.deps.HSTS || s.viaHTTPS(c.Request()) {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		return next(c)
	}
}

// viaHTTPS reports whether the browser used HTTPS: a TLS socket, or a
// trusted proxy saying so.
func (s *Server) viaHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	return strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") && trusted(s.deps.TrustedProxies, r.RemoteAddr)
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

// ipExtractor is the client address: the socket peer, unless the peer is
// a trusted proxy (TRUSTED_PROXIES); then X-Forwarded-For is walked from
// the right and the client is the first address that is not a trusted
// proxy (what a client wrote to the left of it is not believed), or, with
// no X-Forwarded-For, the proxy's X-Real-IP. A header from an untrusted
// peer is ignored whatever it says.
func ipExtractor(nets []*net.IPNet) echo.IPExtractor {
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
func (s *Server) sameOrigin(next echo.HandlerFunc) echo.HandlerFunc {
	allowed := map[string]bool{}
	if u, err := url.Parse(s.deps.PublicURL); err == nil && u.Host != "" {
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
			upload := mt == echo.MIMEMultipartForm && streamedUpload(r)
			if mt != echo.MIMEApplicationJSON && !upload {
				return echo.ErrUnsupportedMediaType
			}
		}
		return next(c)
	}
}

func localeOf(c *echo.Context) Locale {
	if h := c.Request().Header.Get("Accept-Language"); h != "" {
		return ParseLocale(h)
	}
	if ck, err := c.Cookie(cookieLocale); err == nil {
		return ParseLocale(ck.Value)
	}
	return Ko
}

// authenticate reads the bearer token or the cookie; a bad or revoked token
// is answered 401 at once so the SPA signs out.
func (s *Server) authenticate(next echo.HandlerFunc) echo.HandlerFunc {
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
		claims, err := s.deps.Tokens.Parse(raw)
		if err != nil {
			s.clearSessionCookies(c)
			return apperr.Unauthenticated("auth.expired")
		}
		p, err := s.deps.Accounts.Authenticate(c.Request().Context(), claims)
		if err != nil {
			if apperr.KindOf(err) == apperr.KindUnauthenticated {
				s.clearSessionCookies(c)
			}
			return err
		}
		c.Set(ctxPrincipal, p)
		c.Set(ctxClaims, claims)
		c.Set(ctxViaCookie, viaCookie)
		return next(c)
	}
}

// csrf demands the double-submit proof on cookie-authenticated unsafe requests.
func csrf(next echo.HandlerFunc) echo.HandlerFunc {
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

func principal(c *echo.Context) permission.Principal {
	p, _ := c.Get(ctxPrincipal).(permission.Principal)
	return p
}

// require answers 401 for guests and 403 for callers the table refuses.
func require(a permission.Action) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			p := principal(c)
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

// signedIn answers 401 for guests.
func signedIn(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if !principal(c).Authenticated() {
			return apperr.Unauthenticated("auth.required")
		}
		return next(c)
	}
}

// onlyPost answers 405 on a path whose only method is POST, where the
// catch-all of unknown API paths would otherwise answer 404.
func onlyPost(c *echo.Context) error {
	c.Response().Header().Set("Allow", http.MethodPost)
	return echo.ErrMethodNotAllowed
}

// auditContext hands the access log the facts of this request: the client
// address, the route pattern and its parameters (see core/audit).
func auditContext(next echo.HandlerFunc) echo.HandlerFunc {
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
