package httpapi_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/msgcode"
)

const demoPassword = "GradApply2026"

// applyEnv is a server with the demo schools, rounds and accounts.
type applyEnv struct {
	t    *testing.T
	a    *apptest.App
	srv  *httptest.Server
	year int
}

func newApplyEnv(t *testing.T) *applyEnv {
	t.Helper()
	t.Parallel()
	a := apptest.New(t, func(c *config.Config) { c.DemoData = true })
	seoul, _ := time.LoadLocation("Asia/Seoul")
	return &applyEnv{t: t, a: a, srv: apptest.Serve(t, a), year: time.Now().In(seoul).Year() + 1}
}

// as signs a demo user in.
func (e *applyEnv) as(userID string) *apptest.Client {
	e.t.Helper()
	c := apptest.NewClient(e.t, e.srv)
	login(e.t, c, userID, demoPassword)
	return c
}

func (e *applyEnv) recruit(c *apptest.Client, school string) map[string]any {
	e.t.Helper()
	r := c.Do("GET", fmt.Sprintf("/apply/api/recruit?schoolCode=%s&enterYear=%d&partSeq=1", school, e.year), nil)
	if r.Status != 200 {
		e.t.Fatalf("recruit %s: %d %s", school, r.Status, r.Raw)
	}
	return r.Body
}

// consents accepts every consent item of a round in its current version.
func consents(round map[string]any) map[string]string {
	out := map[string]string{}
	for _, it := range round["consents"].([]any) {
		m := it.(map[string]any)
		out[m["code"].(string)] = m["version"].(string)
	}
	return out
}

func (e *applyEnv) partBody(school, major string, master bool, round map[string]any) map[string]any {
	body := map[string]any{
		"applPartRequestList": []any{map[string]any{"schoolCode": school, "enterYear": e.year, "recruitPartSeq": 1,
			"majorCode": major, "isMaster": master, "isGeneralType": true, "stayTypeCode": "00001", "categoryCode": firstCategory(round)}},
		"consents": consents(round),
	}
	if ps, _ := round["partSurvey"].([]any); len(ps) > 0 {
		body["surveyRequest"] = map[string]any{"answers": []any{map[string]any{"questionCode": "p1", "itemCode": "01", "inputType": "radio"}}}
	}
	return body
}

func firstCategory(round map[string]any) string {
	return round["categories"].([]any)[0].(map[string]any)["code"].(string)
}

// create starts an application and answers its number.
func (e *applyEnv) create(c *apptest.Client, school, major string, master bool) int64 {
	e.t.Helper()
	round := e.recruit(c, school)
	r := c.Do("POST", "/apply/api-auth/appl/part", e.partBody(school, major, master, round))
	if r.Status != 201 {
		e.t.Fatalf("part %s/%s: %d %s", school, major, r.Status, r.Raw)
	}
	return int64(r.Body["applNo"].(float64))
}

func fields(r apptest.Response) map[string]any {
	f, _ := r.Body["fields"].(map[string]any)
	return f
}

func koreanInfo() map[string]any {
	return map[string]any{
		"gend": "F", "korName": "김하늘", "engName": "KIM HANEUL", "nationality": "410", "birthDate": "1998-03-01",
		"residentNoLast": "2345678", "address": "서울특별시 서대문구 이화여대길 52", "addressDetail": "101호", "postCode": "03760",
		"phone": "02-123-4567", "mobile": "010-1234-5678", "email": "haneul@example.com",
		"emergencyContact": map[string]any{"name": "김부모", "relation": "모", "phone": "010-2222-3333"},
		"maritalStatus":    "00001", "childNum": "0",
		"familyList": []any{map[string]any{"relation": "00002", "name": "이어머니", "nationality": "410", "birthDate": "1970-05-05"}},
	}
}

func foreignInfo() map[string]any {
	return map[string]any{
		"gend": "M", "firstName": "Minh", "middleName": "Van", "lastName": "Nguyen", "nationality": "704", "birthDate": "1997-07-07",
		"passportNo": "C1234567", "passportIssueDate": "2020-01-10", "passportExpiryDate": "2030-01-09", "passportIssueCountry": "704",
		"visaTypeCode": "00001", "visaNo": "V998877", "visaExpiryDate": "2027-08-31", "foreignerRegistrationNo": "9707075123456",
		"alienRegistrationStatus": "00001", "foreignAddress": "12 Le Loi, Hanoi", "mobile": "+84 90 123 4567", "email": "minh@example.com",
		"g20Member": true, "g20Answers": []any{"Vietnam is not a G20 member."},
		"emergencyContact":   map[string]any{"name": "Nguyen Thi", "relation": "mother", "phone": "+84 90 765 4321"},
		"financialGuarantor": map[string]any{"name": "Nguyen Van Ba", "relation": "father", "phone": "+84 90 111 2222", "email": "ba@example.com"},
		"overseasAgency":     map[string]any{"name": "Hanoi Study Korea", "agentName": "Tran", "email": "agent@example.com", "wechatId": "hsk01"},
		"residencyTypeCode":  "00002", "residencyCountryCode": "704",
	}
}

func acadList() []any {
	return []any{
		map[string]any{"acadType": "univ", "schoolCode": "101", "countryCode": "410", "city": "Seoul", "college": "사회과학대학",
			"major": "정치외교학", "department": "정치외교학과", "acadFinal": true, "enterDay": "2016-03-02", "graduateDay": "2020-02-20",
			"graduationStatus": "00001", "degreeNo": "2020-1234", "degreeCourse": "00001", "degreeLevel": "00001",
			"credits": "130", "gradeForm": "00001", "fullScore": "4.50", "gpa": "3.85", "studentId": "2016123456"},
		map[string]any{"acadType": "high", "schoolCode": "999", "searchSchoolName": "Hanbit High School", "countryCode": "410",
			"acadFinal": false, "enterDay": "2013-03-02", "graduateDay": "2016-02-10", "graduationStatus": "00001",
			"gradeForm": "00002", "fullScore": "100", "gpa": "92"},
	}
}

func careerList() []any {
	return []any{
		map[string]any{"companyName": "한빛전자", "description": "해외영업", "compType": "00001", "employmentType": "00001",
			"department": "영업부", "position": "대리", "joinDay": "2020-03-02", "currentYn": true},
		map[string]any{"companyName": "새봄상사", "compType": "00002", "employmentType": "00004", "joinDay": "2019-06-01",
			"retireDay": "2019-12-31", "currentYn": false},
	}
}

func essays3() []any {
	return []any{
		map[string]any{"no": 1, "lang": "en", "text": "I grew up in Seoul and studied politics."},
		map[string]any{"no": 2, "lang": "ko", "text": "국제개발협력 분야를 공부하고 싶습니다."},
		map[string]any{"no": 3, "lang": "en", "text": "After graduation I will work for an international organisation."},
	}
}

func must(t *testing.T, r apptest.Response, status int, what string) apptest.Response {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: %d %s", what, r.Status, r.Raw)
	}
	return r
}

func TestApplyReferenceData(t *testing.T) {
	e := newApplyEnv(t)
	c := apptest.NewClient(t, e.srv)

	r := must(t, c.Do("GET", "/apply/api/standard/schl", nil), 200, "schools")
	if len(r.List) != 5 || r.List[0].(map[string]any)["color"] == "" {
		t.Fatalf("schools: %s", r.Raw)
	}

	r = must(t, c.Do("GET", "/apply/api/standard/country", nil), 200, "countries")
	kr, en := r.Body["orderKr"].([]any), r.Body["orderEn"].([]any)
	if len(kr) != 249 || len(en) != 249 {
		t.Fatalf("countries: %d %d", len(kr), len(en))
	}
	if kr[0].(map[string]any)["korName"] != "가나" || en[0].(map[string]any)["engName"] != "Afghanistan" {
		t.Fatalf("order: %v %v", kr[0], en[0])
	}
	found := false
	for _, x := range kr {
		m := x.(map[string]any)
		found = found || m["code"] == "410" && m["korName"] == "대한민국" && m["engName"] == "Republic of Korea"
	}
	if !found {
		t.Fatal("Korea 410 missing")
	}

	r = must(t, c.Do("GET", "/apply/api/standard/univ?q=%EC%84%9C%EC%9A%B8", nil), 200, "univ search") // 서울
	if len(r.List) == 0 || !strings.Contains(r.Raw, `"schoolCode":"101"`) {
		t.Fatalf("univ: %s", r.Raw)
	}
	r = must(t, c.Do("GET", "/apply/api/standard/univ?q=peking", nil), 200, "univ en")
	if !strings.Contains(r.Raw, "F001") {
		t.Fatalf("univ en: %s", r.Raw)
	}
	must(t, c.Do("GET", "/apply/api/standard/univ", nil), 400, "empty search")

	r = must(t, c.Do("GET", "/apply/api/commcode/groups/SYSTEM/UNIV_DEGREE_TYPE,GRAD_DEGREE_TYPE", nil), 200, "degree types")
	u := r.Body["univDegreeTypeList"].([]any)[0].(map[string]any)
	if u["code"] != "00001" || u["korValue"] != "학사" || u["engValue"] != "Bachelor" || r.Body["gradDegreeTypeList"] == nil {
		t.Fatalf("degree types: %s", r.Raw)
	}
	r = must(t, c.Do("GET", "/apply/api/commcode/groups/SYSTEM/REC_STS", nil), 200, "rec sts")
	if len(r.Body["recStsList"].([]any)) != 4 {
		t.Fatalf("recStsList: %s", r.Raw)
	}
	r = must(t, c.Do("GET", "/apply/api/commcode/groups/SCHOOL/COMP_TYPE,EMPLOYMENT_TYPE?schoolCode=236", nil), 200, "comp types")
	if r.Body["compTypeList"] == nil || r.Body["employmentTypeList"] == nil {
		t.Fatalf("comp: %s", r.Raw)
	}
	for _, g := range []string{"ACAD_STS", "RECRUIT_STS", "RECRUIT_EVAL", "VISA_TYPE", "LANG_EXAM", "CONTACT_TYPE"} {
		must(t, c.Do("GET", "/apply/api/commcode/groups/SYSTEM/"+g, nil), 200, g)
	}
	r = must(t, c.Do("GET", "/apply/api/commcode/groups/SCHOOL/DOC_ITEM/00099?schoolCode=236", nil), 200, "doc item")
	if r.Body["seq"] != float64(99) || r.Body["code"] != "00099" {
		t.Fatalf("doc item: %s", r.Raw)
	}
	r = must(t, c.Do("GET", "/apply/api/commcode/groups/SCHOOL/CATEGORY?schoolCode=SCL00001", nil), 200, "school codes")
	if !strings.Contains(r.Raw, "GKS") {
		t.Fatalf("school's own codes: %s", r.Raw)
	}
	must(t, c.Do("GET", "/apply/api/commcode/groups/SCHOOL/CATEGORY", nil), 400, "SCHOOL without schoolCode")
	must(t, c.Do("GET", "/apply/api/commcode/groups/OTHER/CATEGORY", nil), 400, "bad type")
	must(t, c.Do("GET", "/apply/api/commcode/groups/SYSTEM/NO_SUCH", nil), 404, "unknown group")

	arts := e.recruit(c, "ARTS01")
	parts := arts["parts"].([]any)
	var media map[string]any
	for _, p := range parts {
		if p.(map[string]any)["majorCode"] == "MA01" {
			media = p.(map[string]any)
		}
	}
	if media == nil || media["videoEssay"] != true || media["partDetailRemkKor"] == "" {
		t.Fatalf("media acting: %v", parts)
	}
	if reqs := arts["rules"].(map[string]any)["videoEssayRequirements"].([]any); len(reqs) != 5 {
		t.Fatalf("requirements: %v", reqs)
	}
	if arts["submitOpen"] != true || len(arts["steps"].([]any)) != 7 {
		t.Fatalf("arts steps/window: %v %v", arts["submitOpen"], arts["steps"])
	}
	scl := e.recruit(c, "SCL00001")
	rules := scl["rules"].(map[string]any)
	if fmt.Sprint(rules["refusedNationalities"]) != "[410]" || rules["passportNone"] != "0000" || rules["visaNone"] != "00999" {
		t.Fatalf("SCL00001 rules: %v", rules)
	}
	if len(scl["consents"].([]any)) != 7 || scl["consents"].([]any)[0].(map[string]any)["version"] != "2023-08-23" {
		t.Fatalf("SCL00001 consents: %v", scl["consents"])
	}
	r = must(t, c.Do("GET", "/apply/api/recruit?schoolCode=236", nil), 400, "recruit without year")
	if fields(r)["enterYear"] == nil || fields(r)["partSeq"] == nil {
		t.Fatalf("recruit fields: %s", r.Raw)
	}
	must(t, c.Do("GET", "/apply/api/recruit?schoolCode=236&enterYear=1999&partSeq=1", nil), 404, "unknown round")
	r = must(t, c.Do("GET", "/apply/api/recruit/list?schoolCode=SKKGSB", nil), 200, "rounds")
	if len(r.List) != 1 {
		t.Fatalf("rounds: %s", r.Raw)
	}

	// The info settings are for signed-in users.
	path := fmt.Sprintf("/apply/api-auth/admin/recruit-part/inquiry/SCL00001/%d/1/0", e.year)
	must(t, c.Do("GET", path, nil), 401, "info settings as guest")
	r = must(t, e.as("applicant1").Do("GET", path, nil), 200, "info settings")
	if !strings.Contains(r.Raw, `{"itemCode":"financialGuarantor","display":true,"required":true}`) {
		t.Fatalf("info settings: %s", r.Raw)
	}
	must(t, e.as("applicant1").Do("GET", fmt.Sprintf("/apply/api-auth/admin/recruit-part/inquiry/SCL00001/%d/1/999999", e.year), nil), 404, "unknown part")
}

// Every message code of core, and every code of this API, has ko and en text.
func TestEveryCodeHasText(t *testing.T) {
	t.Parallel()
	own := []string{"application.not_found", "application.exists", "application.owner_only", "application.applicant_only",
		"recruit.not_found", "school.not_found", "code.not_found", "code.type_unknown", "draft.too_large", "draft.not_object",
		"validation.part_not_offered", "validation.round_fixed", "validation.search_too_short", "validation.too_many"}
	for _, c := range append(append([]string{}, msgcode.All...), own...) {
		if !edge.HasMessage(c) {
			t.Errorf("no ko/en text for %q", c)
		}
	}
}

// A new applicant walks every step of the form, with several academic and
// career entries, and finds everything again.
func TestApplyWalkThroughEveryStep(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	c.Lang = "en"
	round := e.recruit(c, "236")
	body := e.partBody("236", "DC01", true, round)
	r := must(t, c.Do("POST", "/apply/api-auth/appl/part", body), 201, "part")
	for k, want := range map[string]any{"status": "APPL_PART_SAVE", "partSchoolCode": "236", "partEnterYear": float64(e.year),
		"partRecruitPartSeq": float64(1), "partMajorCode": "DC01", "partIsMaster": true, "partIsGeneralType": true,
		"partStayTypeCode": "00001", "partCategoryCode": "00001", "partDetailRemkKor": "국제개발협력 석사과정",
		"partDetailRemkEng": "International Development Cooperation (Master)", "partAddCertificateCount": float64(3),
		"nextStep": "BASIS_SAVE", "schoolKorName": "이화여자대학교 국제대학원"} {
		if r.Body[k] != want {
			t.Errorf("part %s = %v, want %v", k, r.Body[k], want)
		}
	}
	if r.Body["id"] == nil || len(r.Body["steps"].([]any)) != 8 || len(r.Body["consents"].([]any)) != 6 {
		t.Fatalf("part: %s", r.Raw)
	}
	n := int64(r.Body["applNo"].(float64))
	p := func(f string) string { return fmt.Sprintf(f, n) }

	// One application per round.
	r = must(t, c.Do("POST", "/apply/api-auth/appl/part", body), 409, "second application")
	if r.Body["code"] != "application.exists" || r.Body["applNo"] != float64(n) {
		t.Fatalf("exists: %s", r.Raw)
	}
	// Steps save in order.
	r = must(t, c.Do("POST", p("/apply/api-auth/appl/acad/%d"), map[string]any{"acadList": acadList()}), 409, "acad before basis")
	if r.Body["code"] != "application.step_order" {
		t.Fatalf("order: %s", r.Raw)
	}

	r = must(t, c.Do("GET", "/apply/api-auth/appl/basis/email", nil), 200, "email")
	if r.Body["email"] != "applicant1@demo.gradapply.example" {
		t.Fatalf("email: %s", r.Raw)
	}
	r = must(t, c.Do("POST", p("/apply/api-auth/appl/basis/%d"), map[string]any{"applicantInfo": koreanInfo()}), 200, "basis")
	if r.Body["status"] != "BASIS_SAVE" || r.Body["applicantName"] != "김하늘" || r.Body["nextStep"] != "ACAD_SAVE" {
		t.Fatalf("basis: %s", r.Raw)
	}
	r = must(t, c.Do("POST", p("/apply/api-auth/appl/acad/%d"), map[string]any{"acadList": acadList()}), 200, "acad")
	if r.Body["status"] != "ACAD_SAVE" {
		t.Fatalf("acad: %s", r.Raw)
	}
	r = must(t, c.Do("POST", p("/apply/api-auth/appl/lang/%d"), map[string]any{"partLanguages": []any{
		map[string]any{"langExamCode": "00001", "score": "105", "examDay": "2026-05-10", "expiryDay": "2028-05-10"},
		map[string]any{"langExamCode": "00009", "level": "6급", "examDay": "2025-10-19", "topik_seq": "101"}}}), 200, "lang")
	langs := r.Body["partLanguages"].([]any)
	node := langs[0].(map[string]any)["nodeId"].(string)
	if r.Body["status"] != "LANG_SAVE" || node == "" {
		t.Fatalf("lang: %s", r.Raw)
	}
	must(t, c.Do("POST", p("/apply/api-auth/appl/career/%d"), map[string]any{"careerList": careerList()}), 200, "career")
	r = must(t, c.Do("POST", p("/apply/api-auth/appl/add-info/%d"), map[string]any{
		"certificateList": []any{map[string]any{"category": "00001", "description": "정보처리기사", "institution": "한국산업인력공단", "issueDay": "2021-06-30"}},
		"essays":          essays3()}), 200, "add info")
	if r.Body["status"] != "ADD_INFO_SAVE" || r.Body["nextStep"] != "FILE_SAVE" {
		t.Fatalf("add info: %s", r.Raw)
	}
	// The survey comes after the documents (another issue).
	r = must(t, c.Do("POST", "/apply/api-auth/survey/save", map[string]any{"applNo": n, "answers": []any{}}), 409, "survey before files")
	if !strings.Contains(r.Body["message"].(string), "previous steps") {
		t.Fatalf("order message: %s", r.Raw)
	}

	// Reload: everything is there.
	r = must(t, c.Do("GET", p("/apply/api-auth/appl/basis/%d"), nil), 200, "get basis")
	info := r.Body["applicantInfo"].(map[string]any)
	if info["korName"] != "김하늘" || info["residentNoLast"] != "2******" || info["familyList"].([]any)[0].(map[string]any)["name"] != "이어머니" ||
		info["emergencyContact"].(map[string]any)["phone"] != "010-2222-3333" || r.Body["draft"] != nil {
		t.Fatalf("basis reload: %s", r.Raw)
	}
	r = must(t, c.Do("GET", p("/apply/api-auth/appl/acad/%d"), nil), 200, "get acad")
	acad := r.Body["acadList"].([]any)
	if len(acad) != 2 || acad[0].(map[string]any)["gpa"] != "3.85" || acad[0].(map[string]any)["schoolKorName"] != "서울대학교" ||
		acad[1].(map[string]any)["schoolEngName"] != "Hanbit High School" || acad[1].(map[string]any)["graduateDay"] != "2016-02-10" {
		t.Fatalf("acad reload: %s", r.Raw)
	}
	r = must(t, c.Do("GET", p("/apply/api-auth/appl/lang/%d"), nil), 200, "get lang")
	if len(r.Body["partLanguages"].([]any)) != 2 || r.Body["partLanguages"].([]any)[0].(map[string]any)["nodeId"] != node ||
		len(r.Body["languageExams"].([]any)) != 6 {
		t.Fatalf("lang reload: %s", r.Raw)
	}
	r = must(t, c.Do("GET", p("/apply/api-auth/appl/career/%d"), nil), 200, "get career")
	cl := r.Body["careerList"].([]any)
	if len(cl) != 2 || cl[0].(map[string]any)["currentYn"] != true || cl[1].(map[string]any)["retireDay"] != "2019-12-31" {
		t.Fatalf("career reload: %s", r.Raw)
	}
	r = must(t, c.Do("GET", p("/apply/api-auth/appl/add-info/%d"), nil), 200, "get add info")
	if len(r.Body["essays"].([]any)) != 3 || len(r.Body["certificateList"].([]any)) != 1 || len(r.Body["essayQuestions"].([]any)) != 3 {
		t.Fatalf("add info reload: %s", r.Raw)
	}
	r = must(t, c.Do("GET", p("/apply/api-auth/appl/part/%d"), nil), 200, "get part")
	if r.Body["status"] != "ADD_INFO_SAVE" || len(r.Body["surveyAnswers"].([]any)) != 1 {
		t.Fatalf("part reload: %s", r.Raw)
	}
	r = must(t, c.Do("GET", p("/apply/api-auth/appl/pay/info/%d"), nil), 200, "pay info")
	if r.Body["schoolCode"] != "236" || r.Body["enterYear"] != float64(e.year) || r.Body["recruitPartSeq"] != float64(1) {
		t.Fatalf("pay info: %s", r.Raw)
	}
	r = must(t, c.Do("GET", p("/apply/api-auth/appl/info/%d"), nil), 200, "record")
	sc := r.Body["schoolComm"].(map[string]any)
	if sc["schoolCode"] != "236" || r.Body["majorCode"] != "DC01" || r.Body["applPartlabel"].(map[string]any)["eng"] == "" ||
		r.Body["additionalCertificateCount"] != float64(3) || r.Body["userId"] != "applicant1" {
		t.Fatalf("record: %s", r.Raw)
	}

	// Saving an earlier step again keeps the status; the masked number sent
	// back keeps the stored one.
	info["korName"] = "김하늘"
	r = must(t, c.Do("POST", p("/apply/api-auth/appl/basis/%d"), map[string]any{"applicantInfo": info}), 200, "basis again")
	if r.Body["status"] != "ADD_INFO_SAVE" {
		t.Fatalf("status went back: %s", r.Raw)
	}
	var sealed []byte
	if err := e.a.DB.Pool.QueryRow(context.Background(), "SELECT resident_no_enc FROM appl_basis WHERE appl_no = $1", n).Scan(&sealed); err != nil {
		t.Fatal(err)
	}
	if len(sealed) == 0 || strings.Contains(string(sealed), "2345678") {
		t.Fatalf("resident number not encrypted: %q", sealed)
	}
	got, _, err := e.a.Apply.Forms.Info(context.Background(), n)
	if err != nil || got.ResidentNoLast != "2345678" {
		t.Fatalf("stored number: %q %v", got.ResidentNoLast, err)
	}

	// The list shows it at its step, with what the status allows.
	r = must(t, c.Do("GET", "/apply/api-auth/appl/list", nil), 200, "list")
	if len(r.List) != 1 {
		t.Fatalf("list: %s", r.Raw)
	}
	it := r.List[0].(map[string]any)
	if it["step"] != "ADD_INFO_SAVE" || it["nextStep"] != "FILE_SAVE" || fmt.Sprint(it["actions"]) != "[edit view cancel]" ||
		it["schoolComm"].(map[string]any)["korName"] != "이화여자대학교 국제대학원" || it["roundEngName"] == "" || len(it["savedSteps"].([]any)) != 6 {
		t.Fatalf("list entry: %v", it)
	}
	// ... with the round's fee and SUBMIT deadline in Seoul time (issue 8, defect 7).
	if it["feeKrw"] != float64(80000) || it["feeUsd"] != float64(6500) {
		t.Fatalf("list fee: %v", it)
	}
	if d, _ := it["submitDeadline"].(string); !regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T17:00:00\+09:00$`).MatchString(d) {
		t.Fatalf("list deadline: %v", it["submitDeadline"])
	}
}

// GET /appl/info gives the part's applPartNo and videoEssay (docs/api-apply.md,
// requests from the SPA), as the part response and GET /recruit do.
func TestApplyInfoGivesPartFacts(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	offered := func(school, major string) float64 {
		for _, p := range e.recruit(c, school)["parts"].([]any) {
			if m := p.(map[string]any); m["majorCode"] == major && m["isMaster"] == true {
				return m["applPartNo"].(float64)
			}
		}
		t.Fatalf("%s does not offer %s", school, major)
		return 0
	}
	for _, tc := range []struct {
		school, major string
		videoEssay    bool
	}{{"236", "DC01", false}, {"ARTS01", "MA01", true}} {
		n := e.create(c, tc.school, tc.major, true)
		want := offered(tc.school, tc.major)
		part := must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/part/%d", n), nil), 200, "part")
		r := must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/info/%d", n), nil), 200, "info")
		if r.Body["applPartNo"] != want || part.Body["applPartNo"] != want || r.Body["videoEssay"] != tc.videoEssay {
			t.Errorf("%s/%s: info applPartNo %v videoEssay %v, part applPartNo %v, want %v %v",
				tc.school, tc.major, r.Body["applPartNo"], r.Body["videoEssay"], part.Body["applPartNo"], want, tc.videoEssay)
		}
		// The list and the step answers carry the same record.
		var listed map[string]any
		for _, a := range must(t, c.Do("GET", "/apply/api-auth/appl/list", nil), 200, "list").List {
			if m := a.(map[string]any); m["applNo"] == float64(n) {
				listed = m
			}
		}
		if listed == nil || listed["applPartNo"] != want || listed["videoEssay"] != tc.videoEssay {
			t.Errorf("%s/%s: list entry %v", tc.school, tc.major, listed)
		}
	}
}
