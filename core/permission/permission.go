// Package permission is the one table of who may do what (spec section 6).
// The HTTP layer asks it for every route; nothing else decides access.
package permission

import "slices"

// Role is one of the roles of spec section 6.
type Role string

const (
	RoleUser            Role = "ROLE_USER"
	RoleSysAdmin        Role = "ROLE_SYS_ADMIN"
	RoleSchoolAdmin     Role = "ROLE_SCHL_ADMIN"
	RoleSetAdmin        Role = "ROLE_SET_ADMIN"
	RoleTimeIndependent Role = "ROLE_TIME_INDEPENDENT"
	RoleSettleAdmin     Role = "ROLE_STLM_ADMIN"
	RoleCloseAdmin      Role = "ROLE_CLOSE_ADMIN"
	// RoleReviewer is bound to one school and reads and scores only the
	// applications assigned to it (issue 23, decisions.md "Evaluation").
	RoleReviewer Role = "ROLE_REVIEWER"
)

// AllRoles lists every role, in display order.
var AllRoles = []Role{RoleUser, RoleSysAdmin, RoleSchoolAdmin, RoleSetAdmin, RoleTimeIndependent, RoleSettleAdmin, RoleCloseAdmin, RoleReviewer}

// ParseRole reports whether s names a role.
func ParseRole(s string) (Role, bool) {
	for _, r := range AllRoles {
		if string(r) == s {
			return r, true
		}
	}
	return "", false
}

// Action is something a caller may want to do.
type Action string

const (
	// Applicant side.
	ApplicationOwn   Action = "application.own"  // create, read, edit one's own applications
	ApplicationRead  Action = "application.read" // read any application (admin view)
	InquiryOwn       Action = "inquiry.own"      // write and read one's own inquiries
	TimeWindowExempt Action = "time.exempt"      // act outside the round's windows
	SurveyAnswer     Action = "survey.answer"    // see and answer the site surveys meant for one
	// Back office.
	AdminArea         Action = "admin.area"        // enter /sysadmin at all
	UserListAll       Action = "admin.user.list"   // all-applicants list
	AdminBasicEdit    Action = "admin.appl.basic"  // admin basic-application edit
	UserManage        Action = "admin.user.manage" // user management
	Remake            Action = "admin.remake"      // remake applId / application
	AdminApplList     Action = "admin.appl.list"   // one user's application list
	ManualPay         Action = "admin.pay.manual"
	PayCheck          Action = "admin.pay.check"
	AuthManage        Action = "admin.auth" // role assignment pages
	Settlement        Action = "admin.settlement"
	PayCancel         Action = "admin.pay.cancel"
	PayInfo           Action = "admin.pay.info" // pay/info and the cancel and failure histories (read)
	RecruitPartManage Action = "admin.recruit"  // recruitment rounds, settings, rule check
	InquiryManage     Action = "admin.inquiry"
	RecommendTemplate Action = "admin.recommend.template"
	RecommendRead     Action = "admin.recommend.read" // read letters (confidential)
	// RecommendCancel cancels a request the recommender has opened: the
	// "via support" of spec section 4, so the service's support only.
	RecommendCancel Action = "admin.recommend.cancel"
	HealthDetail    Action = "admin.health"
	// Back office, issue 13.
	ApplicationReveal Action = "admin.appl.reveal" // read identification numbers unmasked (logged)
	ApplicationReview Action = "admin.appl.review" // start, reopen for correction and complete a review
	ApplicationExport Action = "admin.appl.export" // Excel and document bundles of a round
	AccessLogRead     Action = "admin.accesslog"   // the personal-data access log
	Dashboard         Action = "admin.dashboard"   // a round's counts (no personal data)
	// Help desk, issue 14: the FAQ, its categories and the help board are
	// the provider's, the same for every school: system admins only.
	HelpdeskManage Action = "admin.helpdesk"
	// Closing staff (issue 13).
	RoundClose  Action = "admin.round.close"  // list every round and close one early
	RoundReopen Action = "admin.round.reopen" // reopen a round closed early
	// Surveys (issues 12 and 14).
	SurveyManage Action = "admin.survey" // publish site surveys and read their results
	// Settlement fees (issue 18): the providers' fee rules per school.
	FeeRuleManage Action = "admin.fee_rules"
	// Evaluation, decisions and notices (issue 23).
	EvaluationManage Action = "admin.eval.manage" // a round's rubric, assignments and score table
	EvaluationScore  Action = "admin.eval.score"  // a reviewer's own assignments: read them and score them
	DecisionManage   Action = "admin.decision"    // decide, set the release and follow the result mails
	NoticeManage     Action = "admin.notice"      // notices of one's school (site-wide ones: system admins)
	BulkMail         Action = "admin.bulk_mail"   // mail a round's applicants
)

// schoolScoped actions are granted to school-bound roles only for their school.
var schoolScoped = map[Action]bool{
	ApplicationRead: true, UserListAll: true, AdminBasicEdit: true,
	RecruitPartManage: true, InquiryManage: true, RecommendTemplate: true,
	RecommendRead: true, Settlement: true, PayInfo: true,
	ApplicationReveal: true, ApplicationReview: true, ApplicationExport: true, Dashboard: true, SurveyManage: true,
	EvaluationManage: true, EvaluationScore: true, DecisionManage: true, NoticeManage: true, BulkMail: true,
}

// table: action -> roles allowed. System admins may do everything listed
// for them; school-bound roles are limited to their school by Can.
var table = map[Action][]Role{
	ApplicationOwn:    {RoleUser, RoleTimeIndependent},
	ApplicationRead:   {RoleSysAdmin, RoleSchoolAdmin}, // never setup staff: no personal data (decisions.md)
	InquiryOwn:        {RoleUser, RoleSysAdmin, RoleSchoolAdmin, RoleSetAdmin},
	TimeWindowExempt:  {RoleTimeIndependent},
	SurveyAnswer:      {RoleUser, RoleTimeIndependent},
	AdminArea:         {RoleSysAdmin, RoleSchoolAdmin, RoleSetAdmin, RoleSettleAdmin, RoleCloseAdmin, RoleReviewer},
	UserListAll:       {RoleSysAdmin, RoleSchoolAdmin},
	AdminBasicEdit:    {RoleSysAdmin, RoleSchoolAdmin},
	UserManage:        {RoleSysAdmin},
	Remake:            {RoleSysAdmin},
	AdminApplList:     {RoleSysAdmin},
	ManualPay:         {RoleSysAdmin},
	PayCheck:          {RoleSysAdmin},
	AuthManage:        {RoleSysAdmin},
	Settlement:        {RoleSysAdmin, RoleSettleAdmin},
	PayCancel:         {RoleSysAdmin},
	PayInfo:           {RoleSysAdmin, RoleSettleAdmin, RoleSchoolAdmin},
	RecruitPartManage: {RoleSysAdmin, RoleSchoolAdmin, RoleSetAdmin},
	InquiryManage:     {RoleSysAdmin, RoleSchoolAdmin},
	RecommendTemplate: {RoleSysAdmin, RoleSchoolAdmin},
	RecommendRead:     {RoleSysAdmin, RoleSchoolAdmin},
	RecommendCancel:   {RoleSysAdmin},
	HealthDetail:      {RoleSysAdmin},
	ApplicationReveal: {RoleSysAdmin, RoleSchoolAdmin},
	ApplicationReview: {RoleSysAdmin, RoleSchoolAdmin},
	ApplicationExport: {RoleSysAdmin, RoleSchoolAdmin},
	AccessLogRead:     {RoleSysAdmin},
	Dashboard:         {RoleSysAdmin, RoleSchoolAdmin, RoleSetAdmin, RoleCloseAdmin},
	HelpdeskManage:    {RoleSysAdmin},
	RoundClose:        {RoleSysAdmin, RoleCloseAdmin},
	RoundReopen:       {RoleSysAdmin},
	SurveyManage:      {RoleSysAdmin, RoleSchoolAdmin},
	FeeRuleManage:     {RoleSysAdmin},
	// A reviewer holds no other action: it scores what it is assigned
	// (core/evaluation checks the assignment), nothing else.
	EvaluationManage: {RoleSysAdmin, RoleSchoolAdmin},
	EvaluationScore:  {RoleReviewer},
	DecisionManage:   {RoleSysAdmin, RoleSchoolAdmin},
	NoticeManage:     {RoleSysAdmin, RoleSchoolAdmin},
	BulkMail:         {RoleSysAdmin, RoleSchoolAdmin},
}

// Principal is who is calling. SchoolCode binds school-level roles to one
// school; it is empty for applicants and system admins.
type Principal struct {
	UserID     string
	Roles      []Role
	SchoolCode string
}

// Has reports whether the principal holds a role.
func (p Principal) Has(r Role) bool { return slices.Contains(p.Roles, r) }

// Authenticated reports whether anyone is signed in.
func (p Principal) Authenticated() bool { return p.UserID != "" }

// IsAdmin reports whether the principal may enter the back office.
func (p Principal) IsAdmin() bool { return Can(p, AdminArea, "") }

// Can reports whether p may perform a on the given school's data. An empty
// school means "any school" and is granted to school-bound roles only for
// actions that are not school-scoped (listing is then filtered by Scope).
func Can(p Principal, a Action, school string) bool {
	if !p.Authenticated() {
		return false
	}
	for _, r := range table[a] {
		if !p.Has(r) {
			continue
		}
		if r == RoleSysAdmin || !schoolScoped[a] || !schoolBound(r) {
			return true
		}
		if p.SchoolCode != "" && (school == "" || school == p.SchoolCode) {
			return true
		}
	}
	return false
}

// Scope tells a list query which school to filter on: "" means every school
// (system admin), otherwise the principal's own school. ok is false when the
// principal may not perform the action at all.
func Scope(p Principal, a Action) (school string, ok bool) {
	if !Can(p, a, "") {
		return "", false
	}
	for _, r := range table[a] {
		if p.Has(r) && (r == RoleSysAdmin || !schoolBound(r) || !schoolScoped[a]) {
			return "", true
		}
	}
	return p.SchoolCode, true
}

func schoolBound(r Role) bool { return SchoolBound(r) }

// SchoolBound reports whether a role is bound to one school: school
// admins, setting admins and reviewers.
func SchoolBound(r Role) bool { return r == RoleSchoolAdmin || r == RoleSetAdmin || r == RoleReviewer }

// Roles returns the roles allowed an action (for documentation and the SPA).
func Roles(a Action) []Role { return slices.Clone(table[a]) }

// AdminPage is a back-office page (its path under /sysadmin, as the spec
// names it) and the action a caller needs to open it.
type AdminPage struct {
	Path   string
	Action Action
}

// adminPages are the back-office pages in menu order. The admin app shows
// what AdminPages answers and keeps no role table of its own.
var adminPages = []AdminPage{
	{"users", UserListAll},
	{"applications", UserListAll}, // personal data: never the setting admin
	{"info-inquiry", RecruitPartManage},
	{"recruit-part/list", RecruitPartManage},
	{"applId/check", RecruitPartManage},
	{"school/settings", RecruitPartManage},
	{"survey/questions", RecruitPartManage},
	{"pay/info", PayInfo},
	{"manual-pay", ManualPay},
	{"pay-check", PayCheck},
	{"pay/cancel", PayCancel},
	// Applicants' refund requests and the schools' refund rules (issue 18):
	// answered by whoever may refund.
	{"refund-requests", PayCancel},
	{"refund-rules", PayCancel},
	{"pay/cancel/history", PayInfo},
	{"pay-failure/history", PayInfo},
	{"settlement/list", Settlement},
	{"settlement/fee-rules", FeeRuleManage},
	{"inquiry/manage", InquiryManage},
	{"survey/list", SurveyManage},
	{"recommend/template", RecommendTemplate},
	{"user/management", UserManage},
	{"auth/list", AuthManage},
	{"remake/applid", Remake},
	{"health", HealthDetail},
	{"access-log", AccessLogRead},
	{"faq", HelpdeskManage},
	{"faq-categories", HelpdeskManage},
	{"help-posts", HelpdeskManage},
	{"round/close", RoundClose},
	// The officers' console (issue 23): evaluation for staff and reviewers.
	{"evaluation", EvaluationManage},
	{"evaluation/mine", EvaluationScore},
	// The officers' console (issue 23, docs/officers.md): decisions and
	// their release, notices, bulk mail.
	{"decision", DecisionManage},
	{"notice", NoticeManage},
	{"bulk-mail", BulkMail},
}

// AdminPages lists the back-office pages p may open, in menu order; none for
// a caller who may not enter the back office. School-bound roles get the
// pages of their school's data only when they are bound to a school.
func AdminPages(p Principal) []string {
	if !p.IsAdmin() {
		return []string{}
	}
	out := []string{}
	for _, pg := range adminPages {
		if Can(p, pg.Action, "") {
			out = append(out, pg.Path)
		}
	}
	return out
}
