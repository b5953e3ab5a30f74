package permission

import (
	"slices"
	"testing"
)

// want is spec section 6 written out independently of the table: who may do
// each action, and whether school-bound roles get it only for their school.
var want = []struct {
	spec   string
	action Action
	roles  []Role
	scoped bool
}{
	{"application-flow routes: user (and the time-exempt applicant)", ApplicationOwn, []Role{RoleUser, RoleTimeIndependent}, false},
	{"reading the application form: system admin; school admins for their school; never setup staff (no personal data)", ApplicationRead, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"user inquiry routes: user or admin roles", InquiryOwn, []Role{RoleUser, RoleSysAdmin, RoleSchoolAdmin, RoleSetAdmin}, false},
	{"ROLE_TIME_INDEPENDENT: exempt from time limits", TimeWindowExempt, []Role{RoleTimeIndependent}, false},
	{"admin area: admin, setup-admin or school-admin (and settlement and closing staff, reviewers)", AdminArea, []Role{RoleSysAdmin, RoleSchoolAdmin, RoleSetAdmin, RoleSettleAdmin, RoleCloseAdmin, RoleReviewer}, false},
	{"all-applicants list: admin and school admin", UserListAll, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"admin basic edit: admin and school admin", AdminBasicEdit, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"user management: system admin only", UserManage, []Role{RoleSysAdmin}, false},
	{"remake pages: system admin only", Remake, []Role{RoleSysAdmin}, false},
	{"admin application list: system admin only", AdminApplList, []Role{RoleSysAdmin}, false},
	{"manual pay: system admin only", ManualPay, []Role{RoleSysAdmin}, false},
	{"pay check: system admin only", PayCheck, []Role{RoleSysAdmin}, false},
	{"auth pages: system admin only", AuthManage, []Role{RoleSysAdmin}, false},
	{"settlement: system admin (and settlement staff)", Settlement, []Role{RoleSysAdmin, RoleSettleAdmin}, true},
	{"pay-cancel pages: system admin only", PayCancel, []Role{RoleSysAdmin}, false},
	{"payment info and histories (issue 10): system admin, settlement staff, school admin for their school", PayInfo, []Role{RoleSysAdmin, RoleSettleAdmin, RoleSchoolAdmin}, true},
	{"recruitment round pages: school admin and system admin (and setting admin)", RecruitPartManage, []Role{RoleSysAdmin, RoleSchoolAdmin, RoleSetAdmin}, true},
	{"inquiry management: admin and school admin", InquiryManage, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"recommendation templates: admin and school admin", RecommendTemplate, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"recommendation letters are confidential: school admins read them", RecommendRead, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"an opened recommendation request is cancelled via support (spec section 4): the system admin only", RecommendCancel, []Role{RoleSysAdmin}, false},
	{"server health detail: system admin", HealthDetail, []Role{RoleSysAdmin}, false},
	{"identification numbers unmasked (logged): admin and school admin", ApplicationReveal, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"review of an application: admin and school admin", ApplicationReview, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"exports of a round (personal data): admin and school admin", ApplicationExport, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"the personal-data access log: system admin", AccessLogRead, []Role{RoleSysAdmin}, false},
	{"a round's counts (no personal data): staff of the school, closing staff", Dashboard, []Role{RoleSysAdmin, RoleSchoolAdmin, RoleSetAdmin, RoleCloseAdmin}, true},
	{"FAQ, its categories and the help board (the provider's, for every school): system admin", HelpdeskManage, []Role{RoleSysAdmin}, false},
	{"closing a round early (decisions.md): closing staff and system admin, every school", RoundClose, []Role{RoleSysAdmin, RoleCloseAdmin}, false},
	{"reopening a closed round: system admin only", RoundReopen, []Role{RoleSysAdmin}, false},
	{"answering site surveys (/survey): signed-in applicants", SurveyAnswer, []Role{RoleUser, RoleTimeIndependent}, false},
	{"site surveys and results: the provider (system admin) and school admins for their school", SurveyManage, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"settlement fee rules (issue 18): system admin only", FeeRuleManage, []Role{RoleSysAdmin}, false},
	{"a round's rubric, assignments and score table (issue 23): admin and school admin", EvaluationManage, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"scoring what one is assigned (issue 23): reviewers of the school only", EvaluationScore, []Role{RoleReviewer}, true},
	{"decisions and their release (issue 23): admin and school admin", DecisionManage, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"notices (issue 23): admin and school admin", NoticeManage, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
	{"mail to a round's applicants (issue 23): admin and school admin", BulkMail, []Role{RoleSysAdmin, RoleSchoolAdmin}, true},
}

func bound(r Role) bool { return r == RoleSchoolAdmin || r == RoleSetAdmin || r == RoleReviewer }

// A reviewer may score its own school's assignments and nothing else: no
// application list, no application read, no other back-office page.
func TestReviewerScoresOnly(t *testing.T) {
	t.Parallel()
	p := Principal{UserID: "rev", Roles: []Role{RoleReviewer}, SchoolCode: "236"}
	var got []Action
	for a := range table {
		if Can(p, a, "236") {
			got = append(got, a)
		}
	}
	slices.Sort(got)
	if want := []Action{AdminArea, EvaluationScore}; !slices.Equal(got, want) {
		t.Errorf("a reviewer may %v, want %v", got, want)
	}
	if Can(p, EvaluationScore, "999") {
		t.Error("a reviewer of 236 may score for 999")
	}
	if s, ok := Scope(p, EvaluationScore); !ok || s != "236" {
		t.Errorf("Scope = %q %v", s, ok)
	}
	if !SchoolBound(RoleReviewer) || SchoolBound(RoleSettleAdmin) {
		t.Error("SchoolBound")
	}
}

// Spec section 6: every role against every action, on its own school and on
// another school.
func TestCanEveryRole(t *testing.T) {
	t.Parallel()
	for _, w := range want {
		t.Run(string(w.action), func(t *testing.T) {
			t.Parallel()
			if got := Roles(w.action); !slices.Equal(got, w.roles) {
				t.Fatalf("%s: Roles=%v want %v", w.spec, got, w.roles)
			}
			for _, r := range AllRoles {
				p := Principal{UserID: "u", Roles: []Role{r}}
				if bound(r) {
					p.SchoolCode = "S1"
				}
				allowed := slices.Contains(w.roles, r)
				if got := Can(p, w.action, "S1"); got != allowed {
					t.Errorf("%s: %s on own school = %v", w.spec, r, got)
				}
				other := allowed && !(w.scoped && bound(r))
				if got := Can(p, w.action, "S2"); got != other {
					t.Errorf("%s: %s on another school = %v", w.spec, r, got)
				}
			}
			if Can(Principal{Roles: []Role{RoleSysAdmin}}, w.action, "") {
				t.Errorf("%s: a guest (no user id) was allowed", w.spec)
			}
		})
	}
	if len(want) != len(table) {
		t.Fatalf("the table has %d actions, the spec list %d", len(table), len(want))
	}
}

// Spec section 6: a school admin only for their school; lists are filtered.
func TestScope(t *testing.T) {
	t.Parallel()
	sys := Principal{UserID: "a", Roles: []Role{RoleSysAdmin}}
	schl := Principal{UserID: "b", Roles: []Role{RoleSchoolAdmin}, SchoolCode: "236"}
	unbound := Principal{UserID: "c", Roles: []Role{RoleSchoolAdmin}}
	stlm := Principal{UserID: "d", Roles: []Role{RoleSettleAdmin}}
	both := Principal{UserID: "e", Roles: []Role{RoleSchoolAdmin, RoleSysAdmin}, SchoolCode: "236"}
	user := Principal{UserID: "f", Roles: []Role{RoleUser}}
	cases := []struct {
		name   string
		p      Principal
		a      Action
		school string
		ok     bool
	}{
		{"system admin sees every school", sys, UserListAll, "", true},
		{"school admin sees own school", schl, UserListAll, "236", true},
		{"school admin without a school sees nothing", unbound, UserListAll, "", false},
		{"settlement staff sees every school", stlm, Settlement, "", true},
		{"school admin who is also system admin sees every school", both, UserListAll, "", true},
		{"applicant may not list", user, UserListAll, "", false},
		{"school admin in an unscoped action", schl, InquiryOwn, "", true},
	}
	for _, c := range cases {
		school, ok := Scope(c.p, c.a)
		if school != c.school || ok != c.ok {
			t.Errorf("%s: Scope=%q,%v", c.name, school, ok)
		}
	}
	if !Can(schl, UserListAll, "") || Can(unbound, UserListAll, "236") {
		t.Fatal("Can with empty school")
	}
	if !sys.IsAdmin() || user.IsAdmin() || !user.Has(RoleUser) || user.Has(RoleSysAdmin) || (Principal{}).Authenticated() {
		t.Fatal("Principal helpers")
	}
	r := Roles(UserManage)
	r[0] = RoleUser
	if Roles(UserManage)[0] != RoleSysAdmin {
		t.Fatal("Roles exposes the table")
	}
}

func TestParseRole(t *testing.T) {
	t.Parallel()
	for _, r := range AllRoles {
		if got, ok := ParseRole(string(r)); !ok || got != r {
			t.Fatal(r)
		}
	}
	if _, ok := ParseRole("ROLE_GUEST"); ok {
		t.Fatal("ROLE_GUEST")
	}
}

func FuzzParseRole(f *testing.F) {
	f.Add("ROLE_USER")
	f.Fuzz(func(t *testing.T, s string) {
		r, ok := ParseRole(s)
		if ok && (string(r) != s || !slices.Contains(AllRoles, r)) {
			t.Fatal(s)
		}
	})
}

// Whatever the roles and schools, a school-bound-only principal never gets a
// school-scoped action on another school.
func FuzzCan(f *testing.F) {
	f.Add(uint8(3), "236", "100", uint8(1))
	f.Fuzz(func(t *testing.T, roleMask uint8, own, target string, action uint8) {
		var roles []Role
		for i, r := range AllRoles {
			if roleMask&(1<<i) != 0 {
				roles = append(roles, r)
			}
		}
		p := Principal{UserID: "u", Roles: roles, SchoolCode: own}
		a := want[int(action)%len(want)].action
		if !Can(p, a, target) || !schoolScoped[a] || target == "" || target == own {
			return
		}
		for _, r := range roles {
			if slices.Contains(table[a], r) && (r == RoleSysAdmin || !bound(r)) {
				return
			}
		}
		t.Fatalf("%v of %q may %s on %q", roles, own, a, target)
	})
}

// Item 7: the admin menu comes from the server; each role sees the pages of
// spec section 6 (written out here independently of the table).
func TestAdminPagesPerRole(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		p    Principal
		want []string
	}{
		{"applicant", Principal{UserID: "a", Roles: []Role{RoleUser}}, []string{}},
		{"time-independent applicant", Principal{UserID: "a", Roles: []Role{RoleUser, RoleTimeIndependent}}, []string{}},
		{"system admin", Principal{UserID: "s", Roles: []Role{RoleSysAdmin}}, []string{"users", "applications", "info-inquiry", "recruit-part/list",
			"applId/check", "school/settings", "survey/questions", "pay/info", "manual-pay", "pay-check", "pay/cancel", "refund-requests", "refund-rules", "pay/cancel/history", "pay-failure/history", "settlement/list", "settlement/fee-rules", "inquiry/manage", "survey/list", "recommend/template", "user/management", "auth/list", "remake/applid", "health", "access-log",
			"faq", "faq-categories", "help-posts", "round/close", "evaluation", "decision", "notice", "bulk-mail"}},
		{"school admin", Principal{UserID: "b", Roles: []Role{RoleSchoolAdmin}, SchoolCode: "236"}, []string{"users", "applications", "info-inquiry",
			"recruit-part/list", "applId/check", "school/settings", "survey/questions", "pay/info", "pay/cancel/history", "pay-failure/history", "inquiry/manage", "survey/list", "recommend/template", "evaluation", "decision", "notice", "bulk-mail"}},
		{"school admin bound to no school", Principal{UserID: "b", Roles: []Role{RoleSchoolAdmin}}, []string{}},
		{"set admin", Principal{UserID: "c", Roles: []Role{RoleSetAdmin}, SchoolCode: "SKKGSB"}, []string{"info-inquiry", "recruit-part/list", "applId/check", "school/settings", "survey/questions"}},
		{"settlement staff", Principal{UserID: "d", Roles: []Role{RoleSettleAdmin}}, []string{"pay/info", "pay/cancel/history", "pay-failure/history", "settlement/list"}},
		{"closing staff", Principal{UserID: "e", Roles: []Role{RoleCloseAdmin}}, []string{"round/close"}},
		{"reviewer", Principal{UserID: "f", Roles: []Role{RoleReviewer}, SchoolCode: "236"}, []string{"evaluation/mine"}},
		{"guest", Principal{Roles: []Role{RoleSysAdmin}}, []string{}},
	}
	for _, c := range cases {
		if got := AdminPages(c.p); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
