package evaluation

import (
	"context"
	"slices"
	"strings"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// Reviewer is an account staff may assign to a round's applications.
type Reviewer struct {
	UserID string
	Email  string
}

// ListReviewers lists the active accounts holding ROLE_REVIEWER bound to
// the round's school, by user id: what staff pick from when assigning
// (staff only). Another school's reviewers are never listed, as Assign
// would refuse them.
func (s *Service) ListReviewers(ctx context.Context, p permission.Principal, k application.RoundKey) ([]Reviewer, error) {
	if err := check(p, permission.EvaluationManage, k.SchoolCode); err != nil {
		return nil, err
	}
	out := []Reviewer{}
	const batch = 500
	for offset := 0; ; offset += batch {
		users, total, err := s.Directory.List(ctx, account.ListQuery{Member: permission.RoleReviewer, Status: string(account.StatusActive),
			Sort: "userId", Offset: offset, Limit: batch})
		if err != nil {
			return nil, err
		}
		for _, u := range users {
			if u.SchoolCode == k.SchoolCode && slices.Contains(u.Roles, permission.RoleReviewer) {
				out = append(out, Reviewer{UserID: u.UserID, Email: u.Email})
			}
		}
		if len(users) == 0 || offset+len(users) >= total {
			break
		}
	}
	slices.SortFunc(out, func(a, b Reviewer) int { return strings.Compare(a.UserID, b.UserID) })
	return out, nil
}
