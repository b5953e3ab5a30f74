package account

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/adapters/token"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// mountAccount registers the sign-up, login and session routes on
// /user/api.
func (s *server) mountAccount(g edge.Groups) {
	user := g.User
	user.GET("/captcha", s.captchaChallenge)
	user.POST("/email-code", s.sendEmailCode)
	user.GET("/check-id", s.checkID)
	user.POST("/sign-up", s.signUp)
	user.POST("/login", s.login)
	user.PUT("/locale", s.setLocale)
	user.POST("/logout", s.logout, edge.SignedIn)
	user.GET("/me", s.me, edge.SignedIn)
	s.mountLifecycle(user)
}

func (s *server) captchaChallenge(c *echo.Context) error {
	ch, err := s.deps.Captcha.Challenge()
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, ch)
}

func (s *server) sendEmailCode(c *echo.Context) error {
	var in struct {
		Email  string `json:"email"`
		Altcha string `json:"altcha"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	loc := edge.LocaleOf(c)
	if err := s.deps.Accounts.SendEmailCode(c.Request().Context(), account.EmailCodeInput{
		Email: in.Email, Locale: string(loc), Captcha: in.Altcha, Address: c.RealIP()}); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"message": edge.Message(loc, "mail.sent", nil)})
}

func (s *server) checkID(c *echo.Context) error {
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

func (s *server) signUp(c *echo.Context) error {
	var in signUpRequest
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	loc := edge.LocaleOf(c)
	u, err := s.deps.Accounts.SignUp(c.Request().Context(), account.SignUpInput{
		UserID: in.UserID, Email: in.Email, Password: in.Password, Code: in.Code,
		AgreeTerms: in.AgreeTerms, AgreePrivacy: in.AgreePrivacy, Captcha: in.Altcha, Locale: string(loc),
	})
	if err != nil {
		return err
	}
	// Sign-up does not sign in: any old session cookie goes.
	s.kit.ClearSession(c)
	return c.JSON(http.StatusCreated, map[string]string{"userId": u.UserID, "message": edge.Message(loc, "signup.done", nil)})
}

func (s *server) login(c *echo.Context) error {
	var in struct {
		UserID   string `json:"userId"`
		Password string `json:"password"`
		Altcha   string `json:"altcha"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	u, err := s.deps.Accounts.Login(c.Request().Context(), account.LoginInput{
		UserID: in.UserID, Password: in.Password, Captcha: in.Altcha, Address: c.RealIP(), Locale: string(edge.LocaleOf(c))})
	if err != nil {
		return err
	}
	tok, dto, err := s.kit.StartSession(c, u)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"accessToken": tok, "user": dto})
}

func (s *server) logout(c *echo.Context) error {
	if cl, ok := edge.SessionClaims(c); ok {
		if err := s.deps.Accounts.Logout(c.Request().Context(), cl); err != nil {
			return err
		}
	}
	s.kit.ClearSession(c)
	return c.NoContent(http.StatusNoContent)
}

func (s *server) me(c *echo.Context) error {
	u, err := s.deps.Accounts.Me(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	d := edge.NewUserDTO(u.UserID, u.Roles, u.SchoolCode)
	// adminArea and adminPages: the admin app shows what these allow and
	// keeps no copy of the role table (core/permission decides).
	who := permission.Principal{UserID: u.UserID, Roles: u.Roles, SchoolCode: u.SchoolCode}
	return c.JSON(http.StatusOK, map[string]any{"userId": d.UserID, "email": u.Email, "roles": d.Roles,
		"schoolCode": d.SchoolCode, "locale": u.Locale, "adminArea": who.IsAdmin(), "adminPages": permission.AdminPages(who)})
}

// setLocale is the language switch of both SPAs: the server sets the
// cookie so that it carries the configured domain and lifetime.
func (s *server) setLocale(c *echo.Context) error {
	var in struct {
		Locale string `json:"locale"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if in.Locale != string(edge.Ko) && in.Locale != string(edge.En) {
		return &apperr.Error{Kind: apperr.KindInvalid, Code: "locale.invalid",
			Fields: []apperr.FieldError{{Field: "locale", Code: "locale.invalid"}}}
	}
	s.kit.SetLocaleCookie(c, edge.Locale(in.Locale))
	return c.NoContent(http.StatusNoContent)
}

var _ edge.TokenIssuer = token.Issuer{}
