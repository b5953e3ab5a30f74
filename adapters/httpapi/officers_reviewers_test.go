package httpapi_test

import (
	"fmt"
	"testing"
)

// TestEvalReviewersListsTheSchoolsOwn: staff choose reviewers by name from
// the round's school's reviewers; another school's reviewer is not among
// them, and another school's admin (or a reviewer) cannot list them.
func TestEvalReviewersListsTheSchoolsOwn(t *testing.T) {
	e := newApplyEnv(t)
	path := fmt.Sprintf("/apply/api-auth/admin/eval-rounds/236-%d-1/reviewers", e.year)
	for _, who := range []string{"schooladmin", "sysadmin"} {
		r := must(t, e.as(who).Do("GET", path, nil), 200, who+" lists reviewers")
		if got := fmt.Sprint(ids(r, "userId")); got != "[reviewer236a reviewer236b]" || r.Header.Get("Content-Range") != "reviewers 0-1/2" {
			t.Fatalf("%s: reviewers %s (%q): %s", who, got, r.Header.Get("Content-Range"), r.Raw)
		}
		if r.List[0].(map[string]any)["email"] != "reviewer236a@demo.gradapply.example" {
			t.Fatalf("%s: reviewer row %v", who, r.List[0])
		}
	}
	arts := fmt.Sprintf("/apply/api-auth/admin/eval-rounds/ARTS01-%d-1/reviewers", e.year)
	if r := must(t, e.as("sysadmin").Do("GET", arts, nil), 200, "ARTS01's reviewers"); fmt.Sprint(ids(r, "userId")) != "[reviewerarts]" {
		t.Fatalf("ARTS01's reviewers: %s", r.Raw)
	}
	// A school admin of another school: the round is not found for it.
	must(t, e.as("sysadmin").Do("PUT", "/apply/api-auth/admin/roles/timefree", map[string]any{"roles": []string{"ROLE_SCHL_ADMIN"}, "schoolCode": "ARTS01"}), 200, "grant school admin")
	must(t, e.as("timefree").Do("GET", path, nil), 404, "another school's admin")
	must(t, e.as("reviewer236a").Do("GET", path, nil), 403, "a reviewer")
	must(t, e.as("setup236").Do("GET", path, nil), 403, "the school's set admin")
}
