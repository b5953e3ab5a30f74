package account

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
)

// headerTicket carries the My Info ticket that /user/api/confirm/pwd gives.
const headerTicket = "X-Modify-Ticket"

// mountLifecycle registers find id and password, the reset link, My Info
// and withdrawal (issue 14) on /user/api.
func (s *server) mountLifecycle(user *echo.Group) {
	user.POST("/find/id", s.findID)
	user.POST("/find/pwd", s.findPwd)
	user.GET("/reset", s.checkReset)
	user.POST("/reset", s.resetPwd)
	user.POST("/confirm/pwd", s.confirmPwd, edge.SignedIn)
	user.GET("/my-info", s.myInfo, edge.SignedIn)
	user.PUT("/my-info", s.saveMyInfo, edge.SignedIn)
	user.POST("/my-info/email-code", s.emailChangeCode, edge.SignedIn)
	user.PUT("/my-info/email", s.changeEmail, edge.SignedIn)
	user.PUT("/my-info/password", s.changePassword, edge.SignedIn)
	user.POST("/withdraw", s.withdraw, edge.SignedIn)
	user.GET("/my-info/export", s.exportMyData, edge.SignedIn)
}

func (s *server) ok(c *echo.Context, code string) error {
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]string{"message": edge.Message(edge.LocaleOf(c), code, nil)})
}

func (s *server) findID(c *echo.Context) error {
	var in struct {
		Email  string `json:"email"`
		Altcha string `json:"altcha"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if err := s.deps.Accounts.FindID(c.Request().Context(), account.FindIDInput{Email: in.Email, Captcha: in.Altcha,
		Address: c.RealIP(), Locale: string(edge.LocaleOf(c))}); err != nil {
		return err
	}
	return s.ok(c, "find.id_sent")
}

func (s *server) findPwd(c *echo.Context) error {
	var in struct {
		UserID string `json:"userId"`
		Email  string `json:"email"`
		Altcha string `json:"altcha"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if err := s.deps.Accounts.FindPassword(c.Request().Context(), account.FindPasswordInput{UserID: in.UserID, Email: in.Email,
		Captcha: in.Altcha, Address: c.RealIP(), Locale: string(edge.LocaleOf(c))}); err != nil {
		return err
	}
	return s.ok(c, "find.pwd_sent")
}

func (s *server) checkReset(c *echo.Context) error {
	if err := s.deps.Accounts.CheckResetLink(c.Request().Context(), c.QueryParam("userId"), c.QueryParam("expireDate"), c.QueryParam("hash")); err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]bool{"valid": true})
}

func (s *server) resetPwd(c *echo.Context) error {
	var in struct {
		UserID     string `json:"userId"`
		ExpireDate string `json:"expireDate"`
		Hash       string `json:"hash"`
		Password   string `json:"password"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if err := s.deps.Accounts.ResetPassword(c.Request().Context(), in.UserID, in.ExpireDate, in.Hash, in.Password); err != nil {
		return err
	}
	s.kit.ClearSession(c)
	return s.ok(c, "reset.done")
}

func (s *server) confirmPwd(c *echo.Context) error {
	var in struct {
		Password string `json:"password"`
		Type     string `json:"type"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if in.Type != "MODIPY" {
		return &apperr.Error{Kind: apperr.KindInvalid, Code: "account.confirm_type",
			Fields: []apperr.FieldError{{Field: "type", Code: "account.confirm_type"}}}
	}
	tk, err := s.deps.Accounts.ConfirmPassword(c.Request().Context(), edge.Principal(c), in.Password)
	if err != nil {
		return err
	}
	edge.NoStore(c)
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

func (s *server) myInfo(c *echo.Context) error {
	in, err := s.deps.Accounts.Info(c.Request().Context(), edge.Principal(c), c.Request().Header.Get(headerTicket))
	if err != nil {
		return err
	}
	d := myInfoDTO{UserID: in.UserID, Email: in.Email, Phone: in.Phone, Locale: in.Locale, CreatedAt: in.CreatedAt.UTC().Format(time.RFC3339)}
	if in.LastLoginAt != nil {
		d.LastLoginAt = edge.StrPtr(in.LastLoginAt.UTC().Format(time.RFC3339))
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, d)
}

func (s *server) saveMyInfo(c *echo.Context) error {
	var in struct {
		Phone string `json:"phone"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	p, err := s.deps.Accounts.UpdateProfile(c.Request().Context(), edge.Principal(c), c.Request().Header.Get(headerTicket), account.Profile{Phone: in.Phone})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"phone": p.Phone, "message": edge.Message(edge.LocaleOf(c), "info.saved", nil)})
}

func (s *server) emailChangeCode(c *echo.Context) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if err := s.deps.Accounts.RequestEmailChange(c.Request().Context(), edge.Principal(c), c.Request().Header.Get(headerTicket),
		in.Email, string(edge.LocaleOf(c))); err != nil {
		return err
	}
	return s.ok(c, "mail.sent")
}

func (s *server) changeEmail(c *echo.Context) error {
	var in struct {
		Email string `json:"email"`
		Code  string `json:"code"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	addr, err := s.deps.Accounts.ConfirmEmailChange(c.Request().Context(), edge.Principal(c), c.Request().Header.Get(headerTicket), in.Email, in.Code)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"email": addr, "message": edge.Message(edge.LocaleOf(c), "info.email_changed", nil)})
}

// changePassword ends every session of the account and gives this browser
// a fresh one, so only the member's other devices are signed out.
func (s *server) changePassword(c *echo.Context) error {
	var in struct {
		CurrentPassword string `json:"currentPassword"`
		NewPassword     string `json:"newPassword"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	u, err := s.deps.Accounts.ChangePassword(c.Request().Context(), edge.Principal(c), c.Request().Header.Get(headerTicket), in.CurrentPassword, in.NewPassword)
	if err != nil {
		return err
	}
	tok, dto, err := s.kit.StartSession(c, u)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"accessToken": tok, "user": dto, "message": edge.Message(edge.LocaleOf(c), "info.password_changed", nil)})
}

func (s *server) withdraw(c *echo.Context) error {
	var in struct {
		Confirm bool `json:"confirm"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	if err := s.deps.Accounts.Withdraw(c.Request().Context(), edge.Principal(c), c.Request().Header.Get(headerTicket), in.Confirm); err != nil {
		return err
	}
	s.kit.ClearSession(c)
	return s.ok(c, "withdraw.done")
}
