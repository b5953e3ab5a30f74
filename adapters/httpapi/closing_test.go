package httpapi_test

import (
	"fmt"
	"testing"
)

// Closing staff (issue 13, item 6) close a round early: from then on the
// applicant can no longer save or start an application (not even a
// time-independent one), a school admin can no longer correct, a system
// admin still can; only a system admin reopens it, and both are audited.
func TestClosingStaffCloseARoundEarly(t *testing.T) {
	e := newApplyEnv(t)
	app1, n := e.submitted("applicant1", "236", "DC01")
	id := fmt.Sprintf("236-%d-1", e.year)
	closer, sys, school := e.as("closer"), e.as("sysadmin"), e.as("schooladmin")
	closer.Lang = "en"

	row := func() map[string]any {
		t.Helper()
		r := must(t, closer.Do("GET", "/apply/api-auth/admin/round-closures?range=%5B0%2C99%5D", nil), 200, "closing list")
		for _, x := range r.List {
			if m := x.(map[string]any); m["id"] == id {
				return m
			}
		}
		t.Fatalf("round %s not in the closing list: %s", id, r.Raw)
		return nil
	}
	if c := row()["closure"]; c != nil {
		t.Fatalf("an open round shows a closure: %v", c)
	}
	r := must(t, closer.Do("POST", "/apply/api-auth/admin/round-closures/"+id+"/close", map[string]any{"reason": " "}), 400, "no reason")
	if _, ok := fields(r)["reason"]; !ok {
		t.Fatalf("the missing reason is named: %s", r.Raw)
	}
	must(t, closer.Do("POST", "/apply/api-auth/admin/round-closures/"+id+"/close", map[string]any{"reason": "quota reached"}), 200, "close")
	r = must(t, closer.Do("POST", "/apply/api-auth/admin/round-closures/"+id+"/close", map[string]any{"reason": "again"}), 409, "close twice")
	if r.Body["code"] != "round.already_closed" {
		t.Fatalf("close twice: %s", r.Raw)
	}
	if c, _ := row()["closure"].(map[string]any); c == nil || c["by"] != "closer" || c["reason"] != "quota reached" {
		t.Fatalf("the list shows the closure: %v", row())
	}
	if e.auditCount("closer", "round.close", fmt.Sprintf("round:236/%d/1", e.year)) != 1 {
		t.Fatal("the close is not audited")
	}

	// The applicant can no longer save; a time-independent applicant cannot start one.
	basis := fmt.Sprintf("/apply/api-auth/appl/basis/%d", n)
	r = must(t, app1.Do("POST", basis, map[string]any{"applicantInfo": koreanInfo()}), 403, "applicant saves after the close")
	if r.Body["code"] != "window.round_closed" {
		t.Fatalf("applicant save: %s", r.Raw)
	}
	free := e.as("timefree")
	r = must(t, free.Do("POST", "/apply/api-auth/appl/part", e.partBody("236", "DC01", true, e.recruit(free, "236"))), 403, "time-independent applicant")
	if r.Body["code"] != "window.round_closed" {
		t.Fatalf("time-independent applicant: %s", r.Raw)
	}
	// Staff corrections: the system admin only.
	correct := fmt.Sprintf("/apply/api-auth/admin/applications/%d/basis", n)
	r = must(t, school.Do("PUT", correct, map[string]any{"changes": map[string]any{"mobile": "010-9999-8888"}, "reason": "phoned"}), 409, "school admin corrects")
	if r.Body["code"] != "application.round_closed" {
		t.Fatalf("school admin corrects a closed round: %s", r.Raw)
	}
	must(t, sys.Do("PUT", correct, map[string]any{"changes": map[string]any{"mobile": "010-9999-7777"}, "reason": "phoned"}), 200, "system admin corrects")

	// Reopen: not the closing staff; a system admin with a reason.
	must(t, closer.Do("POST", "/apply/api-auth/admin/round-closures/"+id+"/reopen", map[string]any{"reason": "mistake"}), 403, "closer reopens")
	must(t, sys.Do("POST", "/apply/api-auth/admin/round-closures/"+id+"/reopen", map[string]any{}), 400, "reopen without a reason")
	must(t, sys.Do("POST", "/apply/api-auth/admin/round-closures/"+id+"/reopen", map[string]any{"reason": "closed by mistake"}), 200, "reopen")
	r = must(t, sys.Do("POST", "/apply/api-auth/admin/round-closures/"+id+"/reopen", map[string]any{"reason": "again"}), 409, "reopen twice")
	if r.Body["code"] != "round.not_closed" || e.auditCount("sysadmin", "round.reopen", fmt.Sprintf("round:236/%d/1", e.year)) != 1 {
		t.Fatalf("reopen twice: %s", r.Raw)
	}
	must(t, app1.Do("POST", basis, map[string]any{"applicantInfo": koreanInfo()}), 200, "applicant saves after the reopen")
	if c := row()["closure"]; c != nil {
		t.Fatalf("a reopened round shows a closure: %v", c)
	}
}
