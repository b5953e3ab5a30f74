package httpapi

import (
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/token"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// mountAccount registers the sign-up, login and session routes on
// /user/api.
func (s *Server) mountAccount(g Groups) {
	user := g.User
	user.GET("/captcha", s.captchaChallenge)
	user.POST("/email-code", s.sendEmailCode)
	user.GET("/check-id", s.checkID)
	user.POST("/sign-up", s.signUp)
	user.POST("/login", s.login)
	user.PUT("/locale", s.setLocale)
	user.POST("/logout", s.logout, signedIn)
	user.GET("/me", s.me, signedIn)
	s.mountLifecycle(user)
}

func (s *Server) captchaChallenge(c *echo.Context) error {
	ch, err := s.deps.Captcha.Challenge()
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, ch)
}

func (s *Server) sendEmailCode(c *echo.Context) error {
	var in struct {
		Email  string `json:"email"`
		Altcha string `json:"altcha"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	loc := localeOf(c)
	if err := s.deps.Accounts.SendEmailCode(c.Request().Context(), account.EmailCodeInput{
		Email: in.Email, Locale: string(loc), Captcha: in.Altcha, Address: c.RealIP()}); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"message": Message(loc, "mail.sent", nil)})
}

func (s *Server) checkID(c *echo.Context) error {
	ok, err := s.deps.Accounts.UserIDAvailable(c.Request().Context(), c.QueryParam("userId"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"available": ok})
}

type signUpRequest struct {
	UserID       string `json:"userId"`
	Email        string `json:"email"`
	Password     string `json:"password"`
	Code         string `json:"code"`
	AgreeTerms   bool   `json:"agreeTerms"`
	AgreePrivacy bool   `json:"agreePrivacy"`
	Altcha       string `json:"altcha"`
}

func (s *Server) signUp(c *echo.Context) error {
	var in signUpRequest
	if err := bind(c, &in); err != nil {
		return err
	}
	loc := localeOf(c)
	u, err := s.deps.Accounts.SignUp(c.Request().Context(), account.SignUpInput{
		UserID: in.UserID, Email: in.Email, Password: in.Password, Code: in.Code,
		AgreeTerms: in.AgreeTerms, AgreePrivacy: in.AgreePrivacy, Captcha: in.Altcha, Locale: string(loc),
	})
	if err != nil {
		return err
	}
	// Sign-up does not sign in: any old session cookie goes.
	s.clearSessionCookies(c)
	return c.JSON(http.StatusCreated, map[string]string{"userId": u.UserID, "message": Message(loc, "signup.done", nil)})
}

// UserDTO is the user part of the session (spec section 3 Session).
type UserDTO struct {
	UserID     string   `json:"userId"`
	Roles      []string `json:"roles"`
	SchoolCode *string  `json:"schoolCode"`
}

func userDTO(userID string, roles []permission.Role, school string) UserDTO {
	d := UserDTO{UserID: userID, Roles: make([]string, len(roles))}
	for i, r := range roles {
		d.Roles[i] = string(r)
	}
	if school != "" {
		d.SchoolCode = &school
	}
	return d
}

func (s *Server) login(c *echo.Context) error {
	var in struct {
		UserID   string `json:"userId"`
		Password string `json:"password"`
		Altcha   string `json:"altcha"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	u, err := s.deps.Accounts.Login(c.Request().Context(), account.LoginInput{
		UserID: in.UserID, Password: in.Password, Captcha: in.Altcha, Address: c.RealIP(), Locale: string(localeOf(c))})
	if err != nil {
		return err
	}
	tok, claims, err := s.deps.Tokens.Issue(u)
	if err != nil {
		return err
	}
	dto := userDTO(u.UserID, u.Roles, u.SchoolCode)
	s.setSessionCookies(c, tok, dto, claims.ExpiresAt)
	return c.JSON(http.StatusOK, map[string]any{"accessToken": tok, "user": dto})
}

func (s *Server) logout(c *echo.Context) error {
	if cl, ok := c.Get(ctxClaims).(account.Claims); ok {
		if err := s.deps.Accounts.Logout(c.Request().Context(), cl); err != nil {
			return err
		}
	}
	s.clearSessionCookies(c)
	return c.NoContent(http.StatusNoContent)
}

func (s *Server) me(c *echo.Context) error {
	u, err := s.deps.Accounts.Me(c.Request().Context(), principal(c))
	if err != nil {
		return err
	}
	d := userDTO(u.UserID, u.Roles, u.SchoolCode)
	// adminArea and adminPages: the admin app shows what these allow and
	// keeps no copy of the role table (core/permission decides).
	who := permission.Principal{UserID: u.UserID, Roles: u.Roles, SchoolCode: u.SchoolCode}
	return c.JSON(http.StatusOK, map[string]any{"userId": d.UserID, "email": u.Email, "roles": d.Roles,
		"schoolCode": d.SchoolCode, "locale": u.Locale, "adminArea": who.IsAdmin(), "adminPages": permission.AdminPages(who)})
}

func (s *Server) cookie(name, value string, expires time.Time, httpOnly bool) *http.Cookie {
	ck := &http.Cookie{Name: name, Value: value, Path: "/", Domain: s.deps.CookieDomain,
		Secure: s.deps.CookieSecure, HttpOnly: httpOnly, SameSite: http.SameSiteLaxMode}
	if expires.IsZero() {
		ck.MaxAge = -1
	} else {
		ck.Expires = expires
		ck.MaxAge = int(time.Until(expires).Seconds())
	}
	return ck
}

func (s *Server) setSessionCookies(c *echo.Context, tok string, u UserDTO, exp time.Time) {
	b, _ := json.Marshal(u)
	c.SetCookie(s.cookie(cookieToken, tok, exp, true))
	c.SetCookie(s.cookie(cookieUser, url.QueryEscape(string(b)), exp, false))
	c.SetCookie(s.cookie(cookieXSRF, randomHex(16), exp, false))
	s.setLocaleCookie(c, localeOf(c))
}

// LocaleTTL is how long the locale cookie lives (decisions.md: one day,
// like the session cookies).
const LocaleTTL = 24 * time.Hour

// setLocaleCookie keeps the interface language: readable by both SPAs,
// one day, on the configured cookie domain.
func (s *Server) setLocaleCookie(c *echo.Context, l Locale) {
	c.SetCookie(s.cookie(cookieLocale, string(l), time.Now().Add(LocaleTTL), false))
}

// setLocale is the language switch of both SPAs: the server sets the
// cookie so that it carries the configured domain and lifetime.
func (s *Server) setLocale(c *echo.Context) error {
	var in struct {
		Locale string `json:"locale"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if in.Locale != string(Ko) && in.Locale != string(En) {
		return &apperr.Error{Kind: apperr.KindInvalid, Code: "locale.invalid",
			Fields: []apperr.FieldError{{Field: "locale", Code: "locale.invalid"}}}
	}
	s.setLocaleCookie(c, Locale(in.Locale))
	return c.NoContent(http.StatusNoContent)
}

func (s *Server) clearSessionCookies(c *echo.Context) {
	for _, n := range []string{cookieToken, cookieUser, cookieXSRF} {
		c.SetCookie(s.cookie(n, "", time.Time{}, n == cookieToken))
	}
}

var _ TokenIssuer = token.Issuer{}
