// Spec sections implemented by package permission: section 6 "Roles and
// permissions" (the roles, the route guards and per-page access, a school
// admin only for their own school, "a creator check compares the user id")
// and decisions.md "Recommendation letters are confidential" (RecommendRead
// for school admins, never applicants). The package comment is in
// permission.go.

package permission
