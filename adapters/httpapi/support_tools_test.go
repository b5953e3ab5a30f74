package httpapi_test

import (
	"fmt"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

// The support tools through the HTTP routes: a system admin corrects an
// address (both addresses mailed, a taken one refused on the field),
// unlocks a sign-in locked by wrong passwords and corrects the phone and
// language; a school admin is refused.
func TestSupportTools(t *testing.T) {
	e := newApplyEnv(t)
	sys := e.as("sysadmin")
	sys.Lang = "en"
	base := "/apply/api-auth/admin/members/applicant2"

	must(t, e.as("schooladmin").Do("PUT", base+"/email", map[string]any{"email": "a2@example.org", "reason": "typo"}), 403, "school admin")
	r := must(t, sys.Do("PUT", base+"/email", map[string]any{"email": "applicant1@example.com", "reason": ""}), 400, "no reason")
	if fields(r)["reason"] == nil {
		t.Fatalf("no reason: %s", r.Raw)
	}
	r = must(t, sys.Do("GET", "/apply/api-auth/admin/members/applicant1", nil), 200, "applicant1")
	taken := r.Body["email"].(string)
	r = must(t, sys.Do("PUT", base+"/email", map[string]any{"email": taken, "reason": "typo"}), 409, "taken")
	if f, _ := fields(r)["email"].(string); f == "" {
		t.Fatalf("taken address not on the field: %s", r.Raw)
	}
	r = must(t, sys.Do("GET", base, nil), 200, "before")
	old := r.Body["email"].(string)
	r = must(t, sys.Do("PUT", base+"/email", map[string]any{"email": "a2.fixed@example.org", "reason": "member called: typo"}), 200, "correct")
	if r.Body["email"] != "a2.fixed@example.org" {
		t.Fatalf("corrected: %s", r.Raw)
	}
	if m := outboxMails(t, e, "email_changed_by_staff"); len(m) != 1 || m[0]["to"] != old {
		t.Fatalf("old-address mails %v", m)
	}
	if m := outboxMails(t, e, "email_corrected"); len(m) != 1 || m[0]["to"] != "a2.fixed@example.org" {
		t.Fatalf("new-address mails %v", m)
	}
	if accessRows(t, e, "sysadmin", "member.email_correct", "applicant2") != 1 {
		t.Fatal("the correction is not audited")
	}

	// The member's mails: both mails of the correction, by kind and state;
	// a resend queues the same mail again as a new row.
	r = must(t, sys.Do("GET", base+"/mails", nil), 200, "mails")
	if len(r.List) < 2 {
		t.Fatalf("mails: %s", r.Raw)
	}
	kinds := map[string]map[string]any{}
	for _, m := range r.List {
		row := m.(map[string]any)
		kinds[row["kind"].(string)] = row
	}
	corrected, told := kinds["email_corrected"], kinds["email_changed_by_staff"]
	if corrected == nil || told == nil || corrected["to"] != "a***@example.org" || corrected["state"] == "" || corrected["resendable"] != true {
		t.Fatalf("mails: %s", r.Raw)
	}
	must(t, e.as("schooladmin").Do("GET", base+"/mails", nil), 403, "school admin lists mails")
	resend := fmt.Sprintf("%s/mails/%v/resend", base, corrected["id"])
	must(t, sys.Do("POST", resend, map[string]any{"reason": ""}), 400, "resend without a reason")
	must(t, sys.Do("POST", fmt.Sprintf("%s/mails/%v/resend", "/apply/api-auth/admin/members/applicant1", corrected["id"]), map[string]any{"reason": "x"}), 404, "another member's mail")
	r = must(t, sys.Do("POST", resend, map[string]any{"reason": "member lost it"}), 201, "resend")
	if r.Body["kind"] != "email_corrected" || r.Body["id"] == corrected["id"] {
		t.Fatalf("resent: %s", r.Raw)
	}
	if m := outboxMails(t, e, "email_corrected"); len(m) != 2 || m[1]["to"] != "a2.fixed@example.org" {
		t.Fatalf("resent mails %v", m)
	}
	if accessRows(t, e, "sysadmin", "member.mail_resend", "applicant2") != 1 {
		t.Fatal("the resend is not audited")
	}

	// Wrong passwords lock the sign-in; the member page shows it; unlock.
	anon := apptest.NewClient(t, e.srv)
	for range 10 {
		anon.Do("POST", "/user/api/login", map[string]any{"userId": "applicant2", "password": "wrong-Pass-1", "altcha": solve(t, anon)})
	}
	r = must(t, sys.Do("GET", base, nil), 200, "locked member")
	if r.Body["loginLocked"] != true {
		t.Fatalf("member page lock: %s", r.Raw)
	}
	must(t, e.as("schooladmin").Do("POST", base+"/unlock", map[string]any{"reason": "x"}), 403, "school admin unlocks")
	must(t, sys.Do("POST", base+"/unlock", map[string]any{"reason": "called us"}), 200, "unlock")
	r = must(t, sys.Do("GET", base, nil), 200, "unlocked member")
	if r.Body["loginLocked"] != false || r.Body["loginFailures"] != float64(0) {
		t.Fatalf("after unlock: %s", r.Raw)
	}
	must(t, apptest.NewClient(t, e.srv).Do("POST", "/user/api/login", map[string]any{"userId": "applicant2", "password": demoPassword}), 200, "sign-in after unlock")

	// Phone and language.
	r = must(t, sys.Do("PUT", base+"/details", map[string]any{"phone": "12", "locale": "fr", "reason": "asked"}), 400, "bad details")
	if fields(r)["phone"] == nil || fields(r)["locale"] == nil {
		t.Fatalf("bad details: %s", r.Raw)
	}
	r = must(t, sys.Do("PUT", base+"/details", map[string]any{"phone": "010-2222-3333", "locale": "en", "reason": "asked"}), 200, "details")
	if r.Body["locale"] != "en" || r.Body["phone"] == "" {
		t.Fatalf("details: %s", r.Raw)
	}
	if accessRows(t, e, "sysadmin", "member.details_correct", "applicant2") != 1 || accessRows(t, e, "sysadmin", "member.unlock", "applicant2") != 1 {
		t.Fatal("unlock or details not audited")
	}
}
