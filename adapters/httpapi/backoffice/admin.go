package backoffice

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// mountAdmin registers the admin area's own routes on
// /apply/api-auth/admin.
func (s *server) mountAdmin(g edge.Groups) {
	admin := g.Admin
	admin.GET("/users", s.adminUsers, edge.Require(permission.UserListAll))
	admin.GET("/users/:id", s.adminUser, edge.Require(permission.UserListAll))
}

type adminUserDTO struct {
	ID          int64      `json:"id"`
	UserID      string     `json:"userId"`
	Email       string     `json:"email"`
	Status      string     `json:"status"`
	Roles       []string   `json:"roles"`
	SchoolCode  *string    `json:"schoolCode"`
	Locale      string     `json:"locale"`
	CreatedAt   time.Time  `json:"createdAt"`
	LastLoginAt *time.Time `json:"lastLoginAt"`
}

func toAdminUser(u account.User) adminUserDTO {
	d := edge.NewUserDTO(u.UserID, u.Roles, u.SchoolCode)
	return adminUserDTO{ID: u.PK, UserID: u.UserID, Email: u.Email, Status: string(u.Status), Roles: d.Roles,
		SchoolCode: d.SchoolCode, Locale: u.Locale, CreatedAt: u.CreatedAt, LastLoginAt: u.LastLoginAt}
}

func (s *server) adminUsers(c *echo.Context) error {
	lp, err := edge.ParseList(c, account.SortFields, []string{"q", "status", "role"})
	if err != nil {
		return err
	}
	users, total, err := s.deps.Accounts.ListUsers(c.Request().Context(), edge.Principal(c), account.ListQuery{
		Search: lp.Filter["q"], Status: lp.Filter["status"], Role: lp.Filter["role"],
		Sort: lp.Sort, Desc: lp.Desc, Offset: lp.Offset, Limit: lp.Limit})
	if err != nil {
		return err
	}
	out := make([]adminUserDTO, len(users))
	for i, u := range users {
		out[i] = toAdminUser(u)
	}
	edge.ContentRange(c, "users", lp.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

func (s *server) adminUser(c *echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return apperr.NotFound("user.not_found")
	}
	u, err := s.deps.Accounts.GetUser(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toAdminUser(u))
}
