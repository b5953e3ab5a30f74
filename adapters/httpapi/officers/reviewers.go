package officers

import (
	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/evaluation"
)

// reviewerDTO is one reviewer staff may assign: its id is the user id.
type reviewerDTO struct {
	ID     string `json:"id"`
	UserID string `json:"userId"`
	Email  string `json:"email"`
}

// reviewers lists the round's school's reviewers (a react-admin list).
func (h *handlers) reviewers(c *echo.Context) error {
	k, err := roundKey(c)
	if err != nil {
		return err
	}
	lp, err := edge.ParseList(c, []string{"id"}, nil)
	if err != nil {
		return err
	}
	list, err := h.d.Evaluation.ListReviewers(c.Request().Context(), edge.Principal(c), k)
	if err != nil {
		return err
	}
	return page(c, "reviewers", lp, edge.MapList(list, func(r evaluation.Reviewer) reviewerDTO {
		return reviewerDTO{ID: r.UserID, UserID: r.UserID, Email: r.Email}
	}))
}
