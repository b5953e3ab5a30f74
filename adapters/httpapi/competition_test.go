package httpapi_test

import (
	"fmt"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

// The public 경쟁률 page (issue 21 item 3) counts a submission in its
// major, by school code or slug, for anyone; an unknown school is a
// localised 404; browsers may keep the figures for the minute they are
// counted for.
func TestCompetitionCountsASubmission(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	n := e.create(c, "236", "DC01", true)
	e.setStatus(n, "SURVEY")
	uploadRequired(t, c, n)
	must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/submit/%d", n), map[string]any{"consents": consents(e.recruit(c, "236"))}), 200, "submit")

	guest := apptest.NewClient(t, e.srv)
	r := guest.Do("GET", "/apply/api/competition/ewha-gsis", nil)
	if r.Status != 200 || r.Header.Get("Cache-Control") != "public, max-age=60" || r.Body["schoolCode"] != "236" {
		t.Fatalf("competition: %d %q %s", r.Status, r.Header.Get("Cache-Control"), r.Raw)
	}
	rounds, _ := r.Body["rounds"].([]any)
	var dc01 map[string]any
	for _, rd := range rounds {
		for _, p := range rd.(map[string]any)["parts"].([]any) {
			if p := p.(map[string]any); p["majorCode"] == "DC01" {
				dc01 = p
			}
		}
	}
	if dc01 == nil || dc01["submitted"] != 1.0 || dc01["completed"] != 0.0 || dc01["majorKorName"] == "" {
		t.Fatalf("DC01 after one submission: %v in %s", dc01, r.Raw)
	}
	guest.Lang = "en"
	r = guest.Do("GET", "/apply/api/competition/no-such-school", nil)
	if r.Status != 404 || r.Body["code"] != "competition.school_unknown" || r.Body["message"] != "There is no such school." {
		t.Fatalf("unknown school: %d %s", r.Status, r.Raw)
	}
}
