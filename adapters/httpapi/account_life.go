package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
)

// headerTicket carries the My Info ticket that /user/api/confirm/pwd gives.
const headerTicket = "X-Modify-Ticket"

// mountLifecycle registers find id and password, the reset link, My Info
// and withdrawal (issue 14) on /user/api.
func (s *Server) mountLifecycle(user *echo.Group) {
	user.POST("/find/id", s.findID)
	user.POST("/find/pwd", s.findPwd)
	user.GET("/reset", s.checkReset)
	user.POST("/reset", s.resetPwd)
	user.POST("/confirm/pwd", s.confirmPwd, signedIn)
	user.GET("/my-info", s.myInfo, signedIn)
	user.PUT("/my-info", s.saveMyInfo, signedIn)
	user.POST("/my-info/email-code", s.emailChangeCode, signedIn)
	user.PUT("/my-info/email", s.changeEmail, signedIn)
	user.PUT("/my-info/password", s.changePassword, signedIn)
	user.POST("/withdraw", s.withdraw, signedIn)
	user.GET("/my-info/export", s.exportMyData, signedIn)
}

func (s *Server) ok(c *echo.Context, code string) error {
	noStore(c)
	return c.JSON(http.StatusOK, map[string]string{"message": Message(localeOf(c), code, nil)})
}

func (s *Server) findID(c *echo.Context) error {
	var in struct {
		Email  string `json:"email"`
		Altcha string `json:"altcha"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := s.deps.Accounts.FindID(c.Request().Context(), account.FindIDInput{Email: in.Email, Captcha: in.Altcha,
		Address: c.RealIP(), Locale: string(localeOf(c))}); err != nil {
		return err
	}
	return s.ok(c, "find.id_sent")
}

func (s *Server) findPwd(c *echo.Context) error {
	var in struct {
		UserID string `json:"userId"`
		Email  string `json:"email"`
		Altcha string `json:"altcha"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := s.deps.Accounts.FindPassword(c.Request().Context(), account.FindPasswordInput{UserID: in.UserID, Email: in.Email,
		Captcha: in.Altcha, Address: c.RealIP(), Locale: string(localeOf(c))}); err != nil {
		return err
	}
	return s.ok(c, "find.pwd_sent")
}

func (s *Server) checkReset(c *echo.Context) error {
	if err := s.deps.Accounts.CheckResetLink(c.Request().Context(), c.QueryParam("userId"), c.QueryParam("expireDate"), c.QueryParam("hash")); err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, map[string]bool{"valid": true})
}

func (s *Server) resetPwd(c *echo.Context) error {
	var in struct {
		UserID     string `json:"userId"`
		ExpireDate string `json:"expireDate"`
		Hash       string `json:"hash"`
		Password   string `json:"password"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := s.deps.Accounts.ResetPassword(c.Request().Context(), in.UserID, in.ExpireDate, in.Hash, in.Password); err != nil {
		return err
	}
	s.clearSessionCookies(c)
	return s.ok(c, "reset.done")
}

func (s *Server) confirmPwd(c *echo.Context) error {
	var in struct {
		Password string `json:"password"`
		Type     string `json:"type"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if in.Type != "MODIPY" {
		return &apperr.Error{Kind: apperr.KindInvalid, Code: "account.confirm_type",
			Fields: []apperr.FieldError{{Field: "type", Code: "account.confirm_type"}}}
	}
	tk, err := s.deps.Accounts.ConfirmPassword(c.Request().Context(), principal(c), in.Password)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, map[string]any{"ticket": tk.Value, "expiresAt": tk.ExpiresAt.UTC().Format(time.RFC3339)})
}

// myInfoDTO is My Info as the page shows it.
type myInfoDTO struct {
	UserID      string  `json:"userId"`
	Email       string  `json:"email"`
	Phone       string  `json:"phone"`
	Locale      string  `json:"locale"`
	CreatedAt   string  `json:"createdAt"`
	LastLoginAt *string `json:"lastLoginAt"`
}

func (s *Server) myInfo(c *echo.Context) error {
	in, err := s.deps.Accounts.Info(c.Request().Context(), principal(c), c.Request().Header.Get(headerTicket))
	if err != nil {
		return err
	}
	d := myInfoDTO{UserID: in.UserID, Email: in.Email, Phone: in.Phone, Locale: in.Locale, CreatedAt: in.CreatedAt.UTC().Format(time.RFC3339)}
	if in.LastLoginAt != nil {
		d.LastLoginAt = strPtr(in.LastLoginAt.UTC().Format(time.RFC3339))
	}
	noStore(c)
	return c.JSON(http.StatusOK, d)
}

func (s *Server) saveMyInfo(c *echo.Context) error {
	var in struct {
		Phone string `json:"phone"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	p, err := s.deps.Accounts.UpdateProfile(c.Request().Context(), principal(c), c.Request().Header.Get(headerTicket), account.Profile{Phone: in.Phone})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"phone": p.Phone, "message": Message(localeOf(c), "info.saved", nil)})
}

func (s *Server) emailChangeCode(c *echo.Context) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := s.deps.Accounts.RequestEmailChange(c.Request().Context(), principal(c), c.Request().Header.Get(headerTicket),
		in.Email, string(localeOf(c))); err != nil {
		return err
	}
	return s.ok(c, "mail.sent")
}

func (s *Server) changeEmail(c *echo.Context) error {
	var in struct {
		Email string `json:"email"`
		Code  string `json:"code"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	addr, err := s.deps.Accounts.ConfirmEmailChange(c.Request().Context(), principal(c), c.Request().Header.Get(headerTicket), in.Email, in.Code)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"email": addr, "message": Message(localeOf(c), "info.email_changed", nil)})
}

// changePassword ends every session of the account and gives this browser
// a fresh one, so only the member's other devices are signed out.
func (s *Server) changePassword(c *echo.Context) error {
	var in struct {
		CurrentPassword string `json:"currentPassword"`
		NewPassword     string `json:"newPassword"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	u, err := s.deps.Accounts.ChangePassword(c.Request().Context(), principal(c), c.Request().Header.Get(headerTicket), in.CurrentPassword, in.NewPassword)
	if err != nil {
		return err
	}
	tok, claims, err := s.deps.Tokens.Issue(u)
	if err != nil {
		return err
	}
	dto := userDTO(u.UserID, u.Roles, u.SchoolCode)
	s.setSessionCookies(c, tok, dto, claims.ExpiresAt)
	return c.JSON(http.StatusOK, map[string]any{"accessToken": tok, "user": dto, "message": Message(localeOf(c), "info.password_changed", nil)})
}

func (s *Server) withdraw(c *echo.Context) error {
	var in struct {
		Confirm bool `json:"confirm"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := s.deps.Accounts.Withdraw(c.Request().Context(), principal(c), c.Request().Header.Get(headerTicket), in.Confirm); err != nil {
		return err
	}
	s.clearSessionCookies(c)
	return s.ok(c, "withdraw.done")
}
