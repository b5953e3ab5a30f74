package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/core/permission"
)

// adminRouteActions is every route under /apply/api-auth/admin with the
// action of the permission table that guards it ("" = any signed-in user).
// A route missing here fails TestEveryAdminRouteWithEveryRole, so a new
// admin route is tried with every role the day it is added.
var adminRouteActions = map[string]permission.Action{
	// The officers' console (issue 23).
	"GET /apply/api-auth/admin/eval-rounds/:roundId/rubric":                                             permission.EvaluationManage,
	"PUT /apply/api-auth/admin/eval-rounds/:roundId/rubric":                                             permission.EvaluationManage,
	"POST /apply/api-auth/admin/eval-rounds/:roundId/assignments":                                       permission.EvaluationManage,
	"POST /apply/api-auth/admin/eval-rounds/:roundId/assignments/even":                                  permission.EvaluationManage,
	"DELETE /apply/api-auth/admin/assignments/:applNo/:reviewer":                                        permission.EvaluationManage,
	"GET /apply/api-auth/admin/eval-rounds/:roundId/scores":                                             permission.EvaluationManage,
	"GET /apply/api-auth/admin/eval-rounds/:roundId/reviewers":                                          permission.EvaluationManage,
	"GET /apply/api-auth/admin/exports/scores/:roundId":                                                 permission.EvaluationManage,
	"GET /apply/api-auth/admin/sheets/:applNo":                                                          permission.EvaluationManage,
	"GET /apply/api-auth/admin/reviews/rounds/:roundId/rubric":                                          permission.EvaluationScore,
	"GET /apply/api-auth/admin/reviews":                                                                 permission.EvaluationScore,
	"GET /apply/api-auth/admin/reviews/:applNo":                                                         permission.EvaluationScore,
	"GET /apply/api-auth/admin/reviews/:applNo/sheets":                                                  permission.EvaluationScore,
	"PUT /apply/api-auth/admin/reviews/:applNo/sheet":                                                   permission.EvaluationScore,
	"POST /apply/api-auth/admin/reviews/:applNo/submit":                                                 permission.EvaluationScore,
	"GET /apply/api-auth/admin/eval-rounds/:roundId/decisions":                                          permission.DecisionManage,
	"POST /apply/api-auth/admin/eval-rounds/:roundId/decisions":                                         permission.DecisionManage,
	"PUT /apply/api-auth/admin/decisions/:applNo":                                                       permission.DecisionManage,
	"GET /apply/api-auth/admin/eval-rounds/:roundId/release":                                            permission.DecisionManage,
	"PUT /apply/api-auth/admin/eval-rounds/:roundId/release":                                            permission.DecisionManage,
	"GET /apply/api-auth/admin/notices":                                                                 permission.NoticeManage,
	"POST /apply/api-auth/admin/notices":                                                                permission.NoticeManage,
	"GET /apply/api-auth/admin/notices/:noticeId":                                                       permission.NoticeManage,
	"PUT /apply/api-auth/admin/notices/:noticeId":                                                       permission.NoticeManage,
	"DELETE /apply/api-auth/admin/notices/:noticeId":                                                    permission.NoticeManage,
	"GET /apply/api-auth/admin/eval-rounds/:roundId/bulk-mails":                                         permission.BulkMail,
	"POST /apply/api-auth/admin/eval-rounds/:roundId/bulk-mails":                                        permission.BulkMail,
	"GET /apply/api-auth/admin/bulk-mails/:mailId":                                                      permission.BulkMail,
	"PUT /apply/api-auth/admin/bulk-mails/:mailId":                                                      permission.BulkMail,
	"GET /apply/api-auth/admin/bulk-mails/:mailId/preview":                                              permission.BulkMail,
	"POST /apply/api-auth/admin/bulk-mails/:mailId/send":                                                permission.BulkMail,
	"GET /apply/api-auth/admin/users":                                                                   permission.UserListAll,
	"GET /apply/api-auth/admin/users/:id":                                                               permission.UserListAll,
	"GET /apply/api-auth/admin/recruit-part/inquiry/:schoolCode/:enterYear/:recruitPartSeq/:applPartNo": "",
	"GET /apply/api-auth/admin/applications":                                                            permission.UserListAll,
	"GET /apply/api-auth/admin/applications/:applNo":                                                    permission.UserListAll,
	"POST /apply/api-auth/admin/applications/:applNo/reveal":                                            permission.ApplicationReveal,
	"PUT /apply/api-auth/admin/applications/:applNo/basis":                                              permission.AdminBasicEdit,
	"POST /apply/api-auth/admin/applications/:applNo/review":                                            permission.ApplicationReview,
	"GET /apply/api-auth/admin/members":                                                                 permission.UserManage,
	"GET /apply/api-auth/admin/members/:userId":                                                         permission.UserManage,
	"PUT /apply/api-auth/admin/members/:userId/status":                                                  permission.UserManage,
	"POST /apply/api-auth/admin/members/:userId/sanctions":                                              permission.UserManage,
	"POST /apply/api-auth/admin/members/:userId/sanctions/fixed":                                        permission.UserManage,
	"PUT /apply/api-auth/admin/members/:userId/email":                                                   permission.UserManage,
	"POST /apply/api-auth/admin/members/:userId/unlock":                                                 permission.UserManage,
	"PUT /apply/api-auth/admin/members/:userId/details":                                                 permission.UserManage,
	"GET /apply/api-auth/admin/members/:userId/mails":                                                   permission.UserManage,
	"POST /apply/api-auth/admin/members/:userId/mails/:mailId/resend":                                   permission.UserManage,
	"GET /apply/api-auth/admin/roles":                                                                   permission.AuthManage,
	"GET /apply/api-auth/admin/roles/:userId":                                                           permission.AuthManage,
	"PUT /apply/api-auth/admin/roles/:userId":                                                           permission.AuthManage,
	"GET /apply/api-auth/admin/access-log":                                                              permission.AccessLogRead,
	"GET /apply/api-auth/admin/exports/applicants":                                                      permission.ApplicationExport,
	"GET /apply/api-auth/admin/exports/documents":                                                       permission.ApplicationExport,
	"GET /apply/api-auth/admin/recommend/letters/:applNo":                                               permission.RecommendRead,
	"GET /apply/api-auth/admin/recommend/file/:reqNo":                                                   permission.RecommendRead,
	"GET /apply/api-auth/admin/recommend/template":                                                      permission.RecommendTemplate,
	"PUT /apply/api-auth/admin/recommend/template":                                                      permission.RecommendTemplate,
	"POST /apply/api-auth/admin/recommend/cancel/:reqNo":                                                permission.RecommendCancel,
	"GET /apply/api-auth/admin/dashboard":                                                               permission.Dashboard,
	"GET /apply/api-auth/admin/round-closures":                                                          permission.RoundClose,
	"POST /apply/api-auth/admin/round-closures/:roundId/close":                                          permission.RoundClose,
	"POST /apply/api-auth/admin/round-closures/:roundId/reopen":                                         permission.RoundReopen,
	"GET /apply/api-auth/admin/recruit-parts":                                                           permission.RecruitPartManage,
	"POST /apply/api-auth/admin/recruit-parts":                                                          permission.RecruitPartManage,
	"GET /apply/api-auth/admin/recruit-parts/:roundId":                                                  permission.RecruitPartManage,
	"PUT /apply/api-auth/admin/recruit-parts/:roundId":                                                  permission.RecruitPartManage,
	"POST /apply/api-auth/admin/recruit-parts/:roundId/appl-id-check":                                   permission.RecruitPartManage,
	"POST /apply/api-auth/admin/recruit-parts/:roundId/remake-applid":                                   permission.Remake,
	"GET /apply/api-auth/admin/schools":                                                                 permission.RecruitPartManage,
	"GET /apply/api-auth/admin/schools/:schoolCode":                                                     permission.RecruitPartManage,
	"PUT /apply/api-auth/admin/schools/:schoolCode":                                                     permission.RecruitPartManage,
	"GET /apply/api-auth/admin/pay/attempts":                                                            permission.PayInfo,
	"GET /apply/api-auth/admin/pay/attempts/:paymentId":                                                 permission.PayInfo,
	"POST /apply/api-auth/admin/pay/attempts/:paymentId/cancel":                                         permission.PayCancel,
	"POST /apply/api-auth/admin/pay/attempts/:paymentId/requery":                                        permission.PayCheck,
	"POST /apply/api-auth/admin/pay/manual/:applNo":                                                     permission.ManualPay,
	"GET /apply/api-auth/admin/pay/check":                                                               permission.PayCheck,
	"GET /apply/api-auth/admin/pay/cancels":                                                             permission.PayInfo,
	"GET /apply/api-auth/admin/pay/failures":                                                            permission.PayInfo,
	"GET /apply/api-auth/admin/settlements/:schoolCode":                                                 permission.Settlement,
	"POST /apply/api-auth/admin/settlements/:schoolCode/close":                                          permission.Settlement,
	"GET /apply/api-auth/admin/inquiries":                                                               permission.InquiryManage,
	"GET /apply/api-auth/admin/inquiries/:inquiryNo":                                                    permission.InquiryManage,
	"POST /apply/api-auth/admin/inquiries/:inquiryNo/answer":                                            permission.InquiryManage,
	"PUT /apply/api-auth/admin/inquiries/:inquiryNo/status":                                             permission.InquiryManage,
	"GET /apply/api-auth/admin/inquiries/:inquiryNo/file":                                               permission.InquiryManage,
	"GET /apply/api-auth/admin/settlements/:schoolCode/export":                                          permission.Settlement,
	"GET /apply/api-auth/admin/pay/refund-requests":                                                     permission.PayCancel,
	"GET /apply/api-auth/admin/pay/refund-requests/:requestId":                                          permission.PayCancel,
	"POST /apply/api-auth/admin/pay/refund-requests/:requestId/approve":                                 permission.PayCancel,
	"POST /apply/api-auth/admin/pay/refund-requests/:requestId/deny":                                    permission.PayCancel,
	"GET /apply/api-auth/admin/pay/refund-rules":                                                        permission.PayCancel,
	"GET /apply/api-auth/admin/pay/refund-rules/:schoolCode":                                            permission.PayCancel,
	"PUT /apply/api-auth/admin/pay/refund-rules/:schoolCode":                                            permission.PayCancel,
	"GET /apply/api-auth/admin/fee-rules":                                                               permission.FeeRuleManage,
	"POST /apply/api-auth/admin/fee-rules":                                                              permission.FeeRuleManage,
	"GET /apply/api-auth/admin/fee-rules/:ruleId":                                                       permission.FeeRuleManage,
	"PUT /apply/api-auth/admin/fee-rules/:ruleId":                                                       permission.FeeRuleManage,
	"DELETE /apply/api-auth/admin/fee-rules/:ruleId":                                                    permission.FeeRuleManage,
	"GET /apply/api-auth/admin/faq":                                                                     permission.HelpdeskManage,
	"POST /apply/api-auth/admin/faq":                                                                    permission.HelpdeskManage,
	"GET /apply/api-auth/admin/faq/:entryId":                                                            permission.HelpdeskManage,
	"PUT /apply/api-auth/admin/faq/:entryId":                                                            permission.HelpdeskManage,
	"DELETE /apply/api-auth/admin/faq/:entryId":                                                         permission.HelpdeskManage,
	"GET /apply/api-auth/admin/help-posts":                                                              permission.HelpdeskManage,
	"POST /apply/api-auth/admin/help-posts":                                                             permission.HelpdeskManage,
	"GET /apply/api-auth/admin/help-posts/:entryId":                                                     permission.HelpdeskManage,
	"PUT /apply/api-auth/admin/help-posts/:entryId":                                                     permission.HelpdeskManage,
	"DELETE /apply/api-auth/admin/help-posts/:entryId":                                                  permission.HelpdeskManage,
	"GET /apply/api-auth/admin/faq-categories":                                                          permission.HelpdeskManage,
	"POST /apply/api-auth/admin/faq-categories":                                                         permission.HelpdeskManage,
	"GET /apply/api-auth/admin/faq-categories/:categoryId":                                              permission.HelpdeskManage,
	"PUT /apply/api-auth/admin/faq-categories/:categoryId":                                              permission.HelpdeskManage,
	"DELETE /apply/api-auth/admin/faq-categories/:categoryId":                                           permission.HelpdeskManage,
	"GET /apply/api-auth/admin/schools/:schoolCode/survey-questions/:stage":                             permission.RecruitPartManage,
	"PUT /apply/api-auth/admin/schools/:schoolCode/survey-questions/:stage":                             permission.RecruitPartManage,
	"GET /apply/api-auth/admin/surveys":                                                                 permission.SurveyManage,
	"POST /apply/api-auth/admin/surveys":                                                                permission.SurveyManage,
	"GET /apply/api-auth/admin/surveys/:surveyId":                                                       permission.SurveyManage,
	"PUT /apply/api-auth/admin/surveys/:surveyId":                                                       permission.SurveyManage,
	"GET /apply/api-auth/admin/surveys/:surveyId/results":                                               permission.SurveyManage,
	"GET /apply/api-auth/admin/surveys/:surveyId/export":                                                permission.SurveyManage,

	// The reader (issue 23 item 1): also reviewers assigned to the
	// application, tried in reader_test.go.
	"GET /apply/api-auth/admin/applications/:applNo/reader": permission.ApplicationRead,
}

// notJudged are admin routes registered here only so the table stays
// complete but not tried here (none today).
var notJudged = map[string]bool{}

// noFixture are routes whose id this test does not create (a letter file):
// an allowed caller is told it is missing.
var noFixture = map[string]bool{"GET /apply/api-auth/admin/recommend/file/:reqNo": true,
	// support_tools_test.go resends a mail it made; :mailId names none here.
	"POST /apply/api-auth/admin/members/:userId/mails/:mailId/resend": true,
	// no rubric, sheet, notice or bulk mail is made here (officers_test.go
	// covers these with the ones it makes): the ids name nothing.
	"GET /apply/api-auth/admin/eval-rounds/:roundId/rubric": true, "GET /apply/api-auth/admin/eval-rounds/:roundId/scores": true,
	"GET /apply/api-auth/admin/exports/scores/:roundId": true, "DELETE /apply/api-auth/admin/assignments/:applNo/:reviewer": true,
	"GET /apply/api-auth/admin/sheets/:applNo":    true,
	"GET /apply/api-auth/admin/notices/:noticeId": true, "PUT /apply/api-auth/admin/notices/:noticeId": true,
	"DELETE /apply/api-auth/admin/notices/:noticeId": true, "GET /apply/api-auth/admin/bulk-mails/:mailId": true,
	"PUT /apply/api-auth/admin/bulk-mails/:mailId": true, "GET /apply/api-auth/admin/bulk-mails/:mailId/preview": true,
	"POST /apply/api-auth/admin/bulk-mails/:mailId/send": true,
	// no payment attempt is made here (money_test.go covers these with one)
	"GET /apply/api-auth/admin/pay/attempts/:paymentId": true, "POST /apply/api-auth/admin/pay/attempts/:paymentId/cancel": true,
	"POST /apply/api-auth/admin/pay/attempts/:paymentId/requery": true,
	// no refund request is made here (refund_requests_test.go covers these with one)
	"GET /apply/api-auth/admin/pay/refund-requests/:requestId": true, "POST /apply/api-auth/admin/pay/refund-requests/:requestId/approve": true,
	"POST /apply/api-auth/admin/pay/refund-requests/:requestId/deny": true,
	// FAQ and help ids: none is 999999, so nothing is read or deleted here
	// (helpdesk_test.go covers these with entries it makes).
	"GET /apply/api-auth/admin/faq/:entryId": true, "DELETE /apply/api-auth/admin/faq/:entryId": true,
	"GET /apply/api-auth/admin/help-posts/:entryId": true, "DELETE /apply/api-auth/admin/help-posts/:entryId": true,
	"GET /apply/api-auth/admin/faq-categories/:categoryId": true, "DELETE /apply/api-auth/admin/faq-categories/:categoryId": true,
	// fee rule 236.999 does not exist: no demo rule is read, changed or removed
	// here (settlement_fees_test.go covers these with rules it makes).
	"GET /apply/api-auth/admin/fee-rules/:ruleId": true, "PUT /apply/api-auth/admin/fee-rules/:ruleId": true,
	"DELETE /apply/api-auth/admin/fee-rules/:ruleId": true}

// Every admin route, old and new, with each of the seven roles and with a
// school admin of another school: a role the table does not name is
// refused (403), and a school admin of another school is told that an
// application of school 236 does not exist (404). The empty bodies sent to
// unsafe routes change nothing (each answers 400 before any write).
func TestEveryAdminRouteWithEveryRole(t *testing.T) {
	e := newApplyEnv(t)
	_, n := e.submitted("applicant1", "236", "DC01")
	e.setStatus(n, "SUBMIT")
	// An inquiry of applicant1 about school 236, with its attachment.
	r := must(t, askInquiry(t, e.as("applicant1"), `{"type":"payment","title":"환불","body":"환불 문의","schoolCode":"236"}`, "a.pdf", pdfBody), 201, "inquiry")
	inquiryNo := fmt.Sprint(r.Body["id"])
	sys := e.as("sysadmin")
	must(t, sys.Do("PUT", "/apply/api-auth/admin/roles/applicant2", map[string]any{"roles": []string{"ROLE_SCHL_ADMIN"}, "schoolCode": "SKKGSB"}), 200, "other school admin")
	// a survey of school 236 for the :surveyId routes
	sv := sys.Do("POST", "/apply/api-auth/admin/surveys", map[string]any{"schoolCode": "236", "titleKo": "설문", "titleEn": "Survey",
		"startDay": "2026-01-01", "endDay": "2099-12-31", "audience": "SCHOOL",
		"questions": []any{map[string]any{"questionCode": "q1", "inputType": "text", "korText": "의견", "engText": "Comment"}}})
	must(t, sv, 201, "survey of 236")
	surveyID := fmt.Sprint(sv.Body["id"])
	u, err := e.a.Accounts.Users.ByUserID(context.Background(), "applicant1")
	if err != nil {
		t.Fatal(err)
	}
	callers := []struct {
		userID string
		p      permission.Principal
	}{
		{"applicant1", permission.Principal{UserID: "applicant1", Roles: []permission.Role{permission.RoleUser}}},
		{"timefree", permission.Principal{UserID: "timefree", Roles: []permission.Role{permission.RoleUser, permission.RoleTimeIndependent}}},
		{"sysadmin", permission.Principal{UserID: "sysadmin", Roles: []permission.Role{permission.RoleSysAdmin}}},
		{"schooladmin", permission.Principal{UserID: "schooladmin", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}},
		{"setadmin", permission.Principal{UserID: "setadmin", Roles: []permission.Role{permission.RoleSetAdmin}, SchoolCode: "SKKGSB"}},
		{"settle", permission.Principal{UserID: "settle", Roles: []permission.Role{permission.RoleSettleAdmin}}},
		{"closer", permission.Principal{UserID: "closer", Roles: []permission.Role{permission.RoleCloseAdmin}}},
		{"applicant2", permission.Principal{UserID: "applicant2", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "SKKGSB"}},
	}
	clients := map[string]*apptest.Client{}
	for _, c := range callers {
		clients[c.userID] = e.as(c.userID)
	}
	seen := 0
	for _, rt := range e.a.Server.Echo.Router().Routes() {
		if !strings.HasPrefix(rt.Path, "/apply/api-auth/admin/") {
			continue
		}
		switch rt.Method {
		case "GET", "POST", "PUT", "PATCH", "DELETE":
		default:
			continue // the catch-all that answers 404 for unknown paths
		}
		name := rt.Method + " " + rt.Path
		action, known := adminRouteActions[name]
		if !known {
			t.Errorf("%s: not in adminRouteActions; add it with its action", name)
			continue
		}
		seen++
		if notJudged[name] {
			continue
		}
		path := strings.NewReplacer(":applNo", fmt.Sprint(n), ":userId", "applicant1", ":id", fmt.Sprint(u.PK),
			":reqNo", "1", ":roundId", fmt.Sprintf("236-%d-1", e.year), ":schoolCode", "236", ":enterYear", fmt.Sprint(e.year), ":recruitPartSeq", "1", ":applPartNo", "1",
			":entryId", "999999", ":categoryId", "999999", ":inquiryNo", inquiryNo, ":surveyId", surveyID, ":stage", "SURVEY",
			":ruleId", "236.999", ":requestId", "987654").Replace(rt.Path)
		for _, c := range callers {
			var body any
			if rt.Method != "GET" {
				body = map[string]any{}
			}
			r := clients[c.userID].Do(rt.Method, path, body)
			allowed := action == "" || permission.Can(c.p, action, "")
			if strings.Contains(name, "/admin/") && action != "" && !c.p.IsAdmin() {
				allowed = false
			}
			// applicant1 and the application applied to school 236.
			otherSchool := c.p.SchoolCode != "" && c.p.SchoolCode != "236" && (strings.Contains(rt.Path, ":applNo") || strings.Contains(rt.Path, ":id") ||
				strings.Contains(rt.Path, ":roundId") || strings.Contains(rt.Path, "/schools/:schoolCode") || strings.Contains(rt.Path, ":inquiryNo") || strings.Contains(rt.Path, ":surveyId"))
			switch {
			case action == "" && (r.Status == 401 || r.Status == 403):
				t.Errorf("%s as %s: %d %s", name, c.userID, r.Status, trim(r.Raw))
			case action == "":
			case !allowed && r.Status != 403:
				t.Errorf("%s as %s: %d %s, want 403", name, c.userID, r.Status, trim(r.Raw))
			case allowed && otherSchool && r.Status != 404:
				t.Errorf("%s as a school admin of another school (%s): %d %s, want 404", name, c.userID, r.Status, trim(r.Raw))
			case allowed && noFixture[name] && r.Status == 404:
				// The id names nothing this test made: missing is the right answer.
			case allowed && !otherSchool && (r.Status == 403 || r.Status == 404 || r.Status >= 500):
				t.Errorf("%s as %s: %d %s, want it allowed", name, c.userID, r.Status, trim(r.Raw))
			}
		}
	}
	if seen != len(adminRouteActions) {
		t.Errorf("%d admin routes registered, %d in the table", seen, len(adminRouteActions))
	}
}
