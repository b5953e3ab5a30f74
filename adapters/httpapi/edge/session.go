package edge

// The session: the cookies a sign-in sets and a sign-out clears, issued
// in one place for every route that starts a session (login, a password
// change).

import (
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/permission"
)

// UserDTO is the user part of the session (spec section 3 Session).
type UserDTO struct {
	UserID     string   `json:"userId"`
	Roles      []string `json:"roles"`
	SchoolCode *string  `json:"schoolCode"`
}

// NewUserDTO is the session's user: id, roles and school.
func NewUserDTO(userID string, roles []permission.Role, school string) UserDTO {
	d := UserDTO{UserID: userID, Roles: make([]string, len(roles))}
	for i, r := range roles {
		d.Roles[i] = string(r)
	}
	if school != "" {
		d.SchoolCode = &school
	}
	return d
}

// StartSession issues u an access token and sets the session cookies
// (token, user, CSRF proof, locale); it answers the token and the user
// for the response body.
func (k *Kit) StartSession(c *echo.Context, u account.User) (string, UserDTO, error) {
	tok, claims, err := k.deps.Tokens.Issue(u)
	if err != nil {
		return "", UserDTO{}, err
	}
	dto := NewUserDTO(u.UserID, u.Roles, u.SchoolCode)
	b, _ := json.Marshal(dto)
	exp := claims.ExpiresAt
	c.SetCookie(k.cookie(cookieToken, tok, exp, true))
	c.SetCookie(k.cookie(cookieUser, url.QueryEscape(string(b)), exp, false))
	c.SetCookie(k.cookie(cookieXSRF, RandomHex(16), exp, false))
	k.SetLocaleCookie(c, LocaleOf(c))
	return tok, dto, nil
}

// SessionClaims are the claims of the request's access token, if any.
func SessionClaims(c *echo.Context) (account.Claims, bool) {
	cl, ok := c.Get(ctxClaims).(account.Claims)
	return cl, ok
}

// ClearSession removes the session cookies.
func (k *Kit) ClearSession(c *echo.Context) {
	for _, n := range []string{cookieToken, cookieUser, cookieXSRF} {
		c.SetCookie(k.cookie(n, "", time.Time{}, n == cookieToken))
	}
}

// LocaleTTL is how long the locale cookie lives (decisions.md: one day,
// like the session cookies).
const LocaleTTL = 24 * time.Hour

// SetLocaleCookie keeps the interface language: readable by both SPAs,
// one day, on the configured cookie domain.
func (k *Kit) SetLocaleCookie(c *echo.Context, l Locale) {
	c.SetCookie(k.cookie(CookieLocale, string(l), time.Now().Add(LocaleTTL), false))
}

func (k *Kit) cookie(name, value string, expires time.Time, httpOnly bool) *http.Cookie {
	ck := &http.Cookie{Name: name, Value: value, Path: "/", Domain: k.deps.CookieDomain,
		Secure: k.deps.CookieSecure, HttpOnly: httpOnly, SameSite: http.SameSiteLaxMode}
	if expires.IsZero() {
		ck.MaxAge = -1
	} else {
		ck.Expires = expires
		ck.MaxAge = int(time.Until(expires).Seconds())
	}
	return ck
}
