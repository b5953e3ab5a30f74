package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
)

// Setup staff (ROLE_SET_ADMIN) run their school's rounds and see counts,
// never an applicant's personal data (decisions.md): no application record,
// step, PDF, document list, letters or payment of an applicant of their own
// school, while the school's admin reads them all.
func TestSetupStaffSeeNoPersonalData(t *testing.T) {
	e := newApplyEnv(t)
	_, n := e.submitted("applicant1", "SKKGSB", "MBA")
	set := e.as("setadmin") // bound to SKKGSB
	sys := e.as("sysadmin")
	for _, p := range []string{
		"/apply/api-auth/appl/basis/%d",
		"/apply/api-auth/appl/acad/%d",
		"/apply/api-auth/appl/print/%d",
		"/apply/api-auth/appl/doc/%d",
		"/apply/api-auth/admin/applications/%d",
		"/apply/api-auth/admin/recommend/letters/%d",
	} {
		path := fmt.Sprintf(p, n)
		r := set.Do("GET", path, nil)
		if r.Status != 403 && r.Status != 404 {
			t.Errorf("setup staff GET %s: %d %s", path, r.Status, r.Raw)
		}
		if strings.Contains(r.Raw, "applicant1") || strings.Contains(r.Raw, "홍길동") {
			t.Errorf("setup staff GET %s shows the applicant: %s", path, r.Raw)
		}
	}
	// Lists and exports of applicants, payments and letters are closed too.
	for _, path := range []string{
		"/apply/api-auth/admin/applications?filter=%7B%22schoolCode%22%3A%22SKKGSB%22%7D",
		"/apply/api-auth/admin/exports/applicants?schoolCode=SKKGSB",
		"/apply/api-auth/admin/pay/attempts",
	} {
		if r := set.Do("GET", path, nil); r.Status != 403 {
			t.Errorf("setup staff GET %s: %d %s", path, r.Status, r.Raw)
		}
	}
	// The round's settings and counts stay theirs.
	must(t, set.Do("GET", "/apply/api-auth/admin/recruit-parts", nil), 200, "their rounds")
	// The system admin reads the record the setup staff may not.
	must(t, sys.Do("GET", fmt.Sprintf("/apply/api-auth/admin/applications/%d", n), nil), 200, "system admin reads")
}
