package httpapi_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/config"
)

func userIDs(t *testing.T, r apptest.Response) []string {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("list: %d %s", r.Status, r.Raw)
	}
	var out []string
	for _, u := range r.List {
		out = append(out, u.(map[string]any)["userId"].(string))
	}
	return out
}

// Defect 2: the applicant list of the back office holds applicants only
// (never staff accounts), and a school admin sees the people who applied to
// their school, not the staff bound to it.
func TestAdminApplicantListIsApplicants(t *testing.T) {
	e := newApplyEnv(t)
	ctx := context.Background()
	applicant1 := e.as("applicant1")
	e.create(applicant1, "236", "IS01", true)
	e.create(e.as("applicant2"), "SKKGSB", "MBA", true)

	const list = `/apply/api-auth/admin/users?sort=%5B%22userId%22%2C%22ASC%22%5D&range=%5B0%2C49%5D`
	sys := e.as("sysadmin")
	r := sys.Do("GET", list, nil)
	if got := userIDs(t, r); !slices.Equal(got, []string{"applicant1", "applicant2", "timefree"}) || r.Header.Get("Content-Range") != "users 0-2/3" {
		t.Fatalf("system admin's applicant list: %v (%s)", got, r.Header.Get("Content-Range"))
	}
	school := e.as("schooladmin") // bound to 236
	if got := userIDs(t, school.Do("GET", list, nil)); !slices.Equal(got, []string{"applicant1"}) {
		t.Fatalf("school admin's applicant list: %v, want the one who applied to 236", got)
	}
	setter := e.as("setadmin") // ROLE_SET_ADMIN may not list applicants at all
	if r := setter.Do("GET", list, nil); r.Status != 403 {
		t.Fatalf("set admin: %d", r.Status)
	}

	pk := func(userID string) int64 {
		u, err := e.a.Accounts.Users.ByUserID(ctx, userID)
		if err != nil {
			t.Fatal(err)
		}
		return u.PK
	}
	for _, c := range []struct {
		who    *apptest.Client
		name   string
		target string
		status int
	}{
		{school, "school admin", "applicant1", 200},
		{school, "school admin", "applicant2", 404}, // applied elsewhere
		{school, "school admin", "timefree", 404},   // applied nowhere
		{school, "school admin", "schooladmin", 404},
		{sys, "system admin", "applicant2", 200},
		{sys, "system admin", "schooladmin", 404}, // staff are not applicants
		{sys, "system admin", "sysadmin", 404},
	} {
		r := c.who.Do("GET", fmt.Sprintf("/apply/api-auth/admin/users/%d", pk(c.target)), nil)
		if r.Status != c.status {
			t.Errorf("%s reads %s: %d, want %d", c.name, c.target, r.Status, c.status)
		}
	}
}

// Item 7: /user/api/me tells the admin app which back-office pages the
// caller may open (from core/permission), so the app keeps no role table.
func TestMeAnswersAdminPages(t *testing.T) {
	a, _, newClient := setup(t)
	pw := demoUsers(t, a)
	for _, c := range []struct {
		user  string
		admin bool
		pages string
	}{
		{"applicant1", false, "[]"},
		{"schooladmin", true, "[users applications info-inquiry recruit-part/list applId/check school/settings survey/questions pay/info pay/cancel/history pay-failure/history inquiry/manage survey/list recommend/template evaluation decision notice bulk-mail]"},
		{"setadmin", true, "[info-inquiry recruit-part/list applId/check school/settings survey/questions]"},
		{"settle", true, "[pay/info pay/cancel/history pay-failure/history settlement/list]"},
		{"sysadmin", true, "[users applications info-inquiry recruit-part/list applId/check school/settings survey/questions pay/info manual-pay pay-check pay/cancel refund-requests refund-rules pay/cancel/history pay-failure/history settlement/list settlement/fee-rules inquiry/manage survey/list recommend/template user/management auth/list remake/applid health access-log faq faq-categories help-posts round/close evaluation decision notice bulk-mail]"},
	} {
		cl := newClient()
		login(t, cl, c.user, pw)
		r := cl.Do("GET", "/user/api/me", nil)
		if r.Status != 200 || r.Body["adminArea"] != c.admin || fmt.Sprint(r.Body["adminPages"]) != c.pages {
			t.Errorf("%s: %d adminArea=%v adminPages=%v", c.user, r.Status, r.Body["adminArea"], r.Body["adminPages"])
		}
	}
}

// Defect 7 (robots.txt, favicon.ico): root files are served as they are from
// the build, with their own type; a missing one is a 404, never the SPA's HTML.
// Paths of the admin app, with or without a hash route, get its index.
func TestStaticRootFilesAndAdminFallback(t *testing.T) {
	app, admin := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(app, "index.html"), []byte("<!doctype html><title>applicant</title>"), 0o644)
	os.WriteFile(filepath.Join(app, "robots.txt"), []byte("User-agent: *\nDisallow: /sysadmin/\n"), 0o644)
	os.WriteFile(filepath.Join(app, "favicon.ico"), []byte{0, 0, 1, 0, 1, 0}, 0o644)
	os.WriteFile(filepath.Join(admin, "index.html"), []byte("<!doctype html><title>admin</title>"), 0o644)
	_, c, _ := setup(t, func(cfg *config.Config) { cfg.ApplicantDist = app; cfg.AdminDist = admin })
	for _, f := range []struct{ path, ctype, body string }{
		{"/robots.txt", "text/plain", "User-agent: *"},
		{"/favicon.ico", "image/", "\x00\x00\x01\x00"},
	} {
		r := c.Do("GET", f.path, nil)
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), f.ctype) || !strings.HasPrefix(r.Raw, f.body) {
			t.Errorf("%s: %d %s %q", f.path, r.Status, r.Header.Get("Content-Type"), r.Raw)
		}
	}
	os.Remove(filepath.Join(app, "robots.txt"))
	for _, p := range []string{"/robots.txt", "/sitemap.xml", "/apple-touch-icon.png"} {
		if r := c.Do("GET", p, nil); r.Status != 404 || strings.Contains(r.Raw, "<title>") {
			t.Errorf("missing %s: %d %s", p, r.Status, r.Raw)
		}
	}
	for _, p := range []string{"/sysadmin/", "/sysadmin/info-inquiry", "/sysadmin/recruit-part/list", "/sysadmin/users/3/show"} {
		if r := c.Do("GET", p, nil); r.Status != 200 || !strings.Contains(r.Raw, "<title>admin</title>") {
			t.Errorf("%s: %d %s", p, r.Status, r.Raw)
		}
	}
	if r := c.Do("GET", "/appl/review/12", nil); r.Status != 200 || !strings.Contains(r.Raw, "<title>applicant</title>") {
		t.Errorf("applicant fallback: %d", r.Status)
	}
}
