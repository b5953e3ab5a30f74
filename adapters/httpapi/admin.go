package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// mountAdmin registers the admin area's own routes on
// /apply/api-auth/admin.
func (s *Server) mountAdmin(g Groups) {
	admin := g.Admin
	admin.GET("/users", s.adminUsers, require(permission.UserListAll))
	admin.GET("/users/:id", s.adminUser, require(permission.UserListAll))
}

// listParams reads ra-data-simple-rest's sort, range and filter, each
// checked against an allow-list.
type listParams struct {
	Sort   string
	Desc   bool
	Offset int
	Limit  int
	Filter map[string]string
}

func parseList(c *echo.Context, sortable, filterable []string) (listParams, error) {
	p := listParams{Limit: 10}
	if s := c.QueryParam("sort"); s != "" {
		var v []string
		if err := json.Unmarshal([]byte(s), &v); err != nil || len(v) != 2 {
			return p, apperr.Invalid("list.sort_invalid").With("field", s)
		}
		if !slices.Contains(sortable, v[0]) {
			return p, apperr.Invalid("list.sort_invalid").With("field", v[0])
		}
		p.Sort, p.Desc = v[0], v[1] == "DESC"
		if v[1] != "ASC" && v[1] != "DESC" {
			return p, apperr.Invalid("list.sort_invalid").With("field", v[1])
		}
	}
	if r := c.QueryParam("range"); r != "" {
		var v []int
		if err := json.Unmarshal([]byte(r), &v); err != nil || len(v) != 2 || v[0] < 0 || v[1] < v[0] || v[1]-v[0] >= 100 {
			return p, apperr.Invalid("list.range_invalid")
		}
		p.Offset, p.Limit = v[0], v[1]-v[0]+1
	}
	p.Filter = map[string]string{}
	if f := c.QueryParam("filter"); f != "" && f != "{}" {
		var v map[string]any
		if err := json.Unmarshal([]byte(f), &v); err != nil {
			return p, apperr.Invalid("list.filter_invalid").With("field", "filter")
		}
		for k, val := range v {
			if !slices.Contains(filterable, k) {
				return p, apperr.Invalid("list.filter_invalid").With("field", k)
			}
			p.Filter[k] = fmt.Sprint(val)
		}
	}
	return p, nil
}

// contentRange sets the header react-admin pages by.
func contentRange(c *echo.Context, resource string, offset, n, total int) {
	end := offset + n - 1
	if n == 0 {
		end = offset
	}
	c.Response().Header().Set("Content-Range", fmt.Sprintf("%s %d-%d/%d", resource, offset, end, total))
	c.Response().Header().Set("Access-Control-Expose-Headers", "Content-Range")
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
	d := userDTO(u.UserID, u.Roles, u.SchoolCode)
	return adminUserDTO{ID: u.PK, UserID: u.UserID, Email: u.Email, Status: string(u.Status), Roles: d.Roles,
		SchoolCode: d.SchoolCode, Locale: u.Locale, CreatedAt: u.CreatedAt, LastLoginAt: u.LastLoginAt}
}

func (s *Server) adminUsers(c *echo.Context) error {
	lp, err := parseList(c, account.SortFields, []string{"q", "status", "role"})
	if err != nil {
		return err
	}
	users, total, err := s.deps.Accounts.ListUsers(c.Request().Context(), principal(c), account.ListQuery{
		Search: lp.Filter["q"], Status: lp.Filter["status"], Role: lp.Filter["role"],
		Sort: lp.Sort, Desc: lp.Desc, Offset: lp.Offset, Limit: lp.Limit}, c.RealIP())
	if err != nil {
		return err
	}
	out := make([]adminUserDTO, len(users))
	for i, u := range users {
		out[i] = toAdminUser(u)
	}
	contentRange(c, "users", lp.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

func (s *Server) adminUser(c *echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return apperr.NotFound("user.not_found")
	}
	u, err := s.deps.Accounts.GetUser(c.Request().Context(), principal(c), id, c.RealIP())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toAdminUser(u))
}
