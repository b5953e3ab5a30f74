package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

func clone(m map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

// with returns a copy of m with the given changes.
func with(m map[string]any, kv ...any) map[string]any {
	out := clone(m)
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

func entry(list []any, i int, kv ...any) []any {
	out := append([]any{}, list...)
	out[i] = with(list[i].(map[string]any), kv...)
	return out
}

// fieldError posts a body and expects 400 with text at one field.
func fieldError(t *testing.T, c *apptest.Client, path string, body any, field, text string) {
	t.Helper()
	r := c.Do("POST", path, body)
	f := fields(r)
	if r.Status != 400 || r.Body["code"] != "validation.failed" {
		t.Fatalf("%s: want 400 at %s, got %d %s", field, field, r.Status, r.Raw)
	}
	got, _ := f[field].(string)
	if !strings.Contains(got, text) {
		t.Fatalf("%s: want %q, got %q (%s)", field, text, got, r.Raw)
	}
}

// Each rule family of spec section 5 answers a field error at the field,
// in the language asked for.
func TestApplyValidationFamilies(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	c.Lang = "en"
	n := e.create(c, "236", "IS01", true)
	basis := fmt.Sprintf("/apply/api-auth/appl/basis/%d", n)
	info := koreanInfo()
	b := func(m map[string]any) map[string]any { return map[string]any{"applicantInfo": m} }

	// Names.
	fieldError(t, c, basis, b(with(info, "korName", "김 하늘")), "applicantInfo.korName", "Korean letters only, without spaces.")
	fieldError(t, c, basis, b(with(info, "engName", "KIM 2")), "applicantInfo.engName", "English letters only.")
	fieldError(t, c, basis, b(with(info, "middleName", "a_b")), "applicantInfo.middleName", "hyphens")
	// Identification numbers.
	fieldError(t, c, basis, b(with(info, "residentNoLast", "1234567")), "applicantInfo.residentNoLast", "resident registration number is not valid")
	fieldError(t, c, basis, b(with(foreignInfo(), "foreignerRegistrationNo", "123456789012")), "applicantInfo.foreignerRegistrationNo", "exactly 13 digits")
	// Dates, digits, gender, phone, codes, lists.
	fieldError(t, c, basis, b(with(info, "birthDate", "1998-3-1")), "applicantInfo.birthDate", "yyyy-MM-dd")
	fieldError(t, c, basis, b(with(info, "childNum", "two")), "applicantInfo.childNum", "Numbers only.")
	fieldError(t, c, basis, b(with(info, "gend", "X")), "applicantInfo.gend", "M or F")
	fieldError(t, c, basis, b(with(info, "mobile", "010-abcd")), "applicantInfo.mobile", "phone")
	fieldError(t, c, basis, b(with(info, "maritalStatus", "77777")), "applicantInfo.maritalStatus", "Choose from the list.")
	fieldError(t, c, basis, b(with(info, "nationality", "000")), "applicantInfo.nationality", "Search for the country")
	fieldError(t, c, basis, b(with(info, "familyList", []any{map[string]any{"relation": "00001"}})), "applicantInfo.familyList[0].name", "required")
	// The round requires the emergency contact at 236.
	fieldError(t, c, basis, b(with(info, "emergencyContact", map[string]any{})), "applicantInfo.emergencyContact.name", "required")
	// Korean texts.
	c.Lang = "ko"
	fieldError(t, c, basis, b(with(info, "korName", "Kim")), "applicantInfo.korName", "한글만 공백 없이")
	c.Lang = "en"
	must(t, c.Do("POST", basis, b(info)), 200, "valid basis")

	acad := fmt.Sprintf("/apply/api-auth/appl/acad/%d", n)
	a := acadList()
	ab := func(l []any) map[string]any { return map[string]any{"acadList": l} }
	fieldError(t, c, acad, ab(entry(a, 0, "gpa", "3.855")), "acadList[0].gpa", "two decimals")
	fieldError(t, c, acad, ab(entry(a, 0, "gpa", "4.60")), "acadList[0].gpa", "at or below the full score")
	fieldError(t, c, acad, ab(entry(a, 1, "gpa", "9a")), "acadList[1].gpa", "Numbers only.")
	fieldError(t, c, acad, ab(entry(a, 1, "acadFinal", true)), "acadList", "exactly one")
	fieldError(t, c, acad, ab(entry(a, 0, "schoolCode", "NOPE")), "acadList[0].schoolCode", "Search for the school")
	fieldError(t, c, acad, ab(entry(a, 0, "graduateDay", "2015-01-01")), "acadList[0].graduateDay", "after the start date")
	fieldError(t, c, acad, ab(entry(a, 0, "department", "politics")), "acadList[0].department", "uppercase English")
	fieldError(t, c, acad, ab([]any{}), "acadList", "required")
	must(t, c.Do("POST", acad, ab(a)), 200, "valid acad")

	lang := fmt.Sprintf("/apply/api-auth/appl/lang/%d", n)
	lb := func(l ...any) map[string]any { return map[string]any{"partLanguages": l} }
	fieldError(t, c, lang, lb(), "partLanguages", "at least one language score")
	fieldError(t, c, lang, lb(map[string]any{"langExamCode": "00001", "score": "121", "examDay": "2026-01-01"}), "partLanguages[0].score", "Check the score.")
	fieldError(t, c, lang, lb(map[string]any{"langExamCode": "00010", "score": "700", "examDay": "2026-01-01"}), "partLanguages[0].langExamCode", "Choose from the list.")
	fieldError(t, c, lang, lb(map[string]any{"langExamCode": "00006", "examDay": "2026-01-01"}), "partLanguages[0].level", "required")
	must(t, c.Do("POST", lang, lb(map[string]any{"langExamCode": "00002", "score": "955", "examDay": "2026-01-01"})), 200, "valid lang")

	career := fmt.Sprintf("/apply/api-auth/appl/career/%d", n)
	cb := func(l []any) map[string]any { return map[string]any{"careerList": l} }
	cl := careerList()
	fieldError(t, c, career, cb(entry(cl, 1, "currentYn", true, "retireDay", "")), "careerList", "Only one career")
	fieldError(t, c, career, cb(entry(cl, 1, "retireDay", "2999-01-01")), "careerList[1].retireDay", "cannot be after today")
	fieldError(t, c, career, cb(entry(cl, 0, "compType", "55555")), "careerList[0].compType", "Choose from the list.")
	must(t, c.Do("POST", career, cb(cl)), 200, "valid career")

	add := fmt.Sprintf("/apply/api-auth/appl/add-info/%d", n)
	long := strings.Repeat("word ", 401)
	fieldError(t, c, add, map[string]any{"essays": []any{map[string]any{"no": 1, "lang": "en", "text": long}, essays3()[1], essays3()[2]}},
		"essays[0].text", "at most 400 words")
	fieldError(t, c, add, map[string]any{"essays": []any{map[string]any{"no": 2, "lang": "ko", "text": strings.Repeat("가", 801)}, essays3()[0], essays3()[2]}},
		"essays[0].text", "at most 800 characters")
	fieldError(t, c, add, map[string]any{"essays": essays3()[:2]}, "essays", "required")
	cert := map[string]any{"description": "TOEIC Speaking", "issueDay": "2024-01-01"}
	fieldError(t, c, add, map[string]any{"essays": essays3(), "certificateList": []any{cert, cert, cert, cert}}, "certificateList", "at most 3")
	fieldError(t, c, add, map[string]any{"essays": essays3(), "certificateList": []any{with(cert, "issueDay", "2999-01-01")}}, "certificateList[0].issueDay", "after today")
	must(t, c.Do("POST", add, map[string]any{"essays": essays3(), "certificateList": []any{cert}}), 200, "valid add info")

	// A malformed body is a 400 without fields.
	r := c.Do("POST", basis, map[string]any{"applicantInfo": map[string]any{"gend": 5}})
	if r.Status != 400 || r.Body["code"] != "request.malformed" {
		t.Fatalf("malformed: %d %s", r.Status, r.Raw)
	}
}

// The school rules: SCL00001 refuses Korean nationals, takes passport 0000
// and visa None; the media-acting major needs a video essay file link; the
// part must be offered, the consents all accepted.
func TestApplySchoolRules(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant2")
	c.Lang = "en"

	round := e.recruit(c, "SCL00001")
	body := e.partBody("SCL00001", "IC01", false, round)
	cons := consents(round)
	delete(cons, "consent.overseas_transfer")
	fieldError(t, c, "/apply/api-auth/appl/part", with(body, "consents", cons), "consents.consent.overseas_transfer", "accept every item")
	old := consents(round)
	old["consent.personal_info"] = "2020-01-01"
	fieldError(t, c, "/apply/api-auth/appl/part", with(body, "consents", old), "consents.consent.personal_info", "has changed")
	bad := with(body, "applPartRequestList", []any{with(body["applPartRequestList"].([]any)[0].(map[string]any), "majorCode", "KS01", "isMaster", false)})
	fieldError(t, c, "/apply/api-auth/appl/part", bad, "applPartRequestList[0].majorCode", "does not offer")
	fieldError(t, c, "/apply/api-auth/appl/part", with(body, "surveyRequest", map[string]any{"answers": []any{}}), "surveyRequest.answers.p1", "This is required")
	r := must(t, c.Do("POST", "/apply/api-auth/appl/part", body), 201, "SCL00001 part")
	n := int64(r.Body["applNo"].(float64))
	if r.Body["partAddCertificateCount"] != float64(5) || r.Body["partIsMaster"] != false {
		t.Fatalf("doctor part: %s", r.Raw)
	}
	basis := fmt.Sprintf("/apply/api-auth/appl/basis/%d", n)
	fieldError(t, c, basis, map[string]any{"applicantInfo": koreanInfo()}, "applicantInfo.nationality", "does not accept applicants of this nationality")
	info := foreignInfo()
	fieldError(t, c, basis, map[string]any{"applicantInfo": with(info, "g20Answers", []any{})}, "applicantInfo.g20Answers", "G20")
	fieldError(t, c, basis, map[string]any{"applicantInfo": with(info, "financialGuarantor", map[string]any{})}, "applicantInfo.financialGuarantor.name", "required")
	fieldError(t, c, basis, map[string]any{"applicantInfo": with(info, "passportNo", "N/A")}, "applicantInfo.passportNo", "passport")
	none := with(info, "passportNo", "0000", "passportIssueDate", "", "passportExpiryDate", "", "passportIssueCountry", "",
		"visaTypeCode", "00999", "visaNo", "", "visaExpiryDate", "")
	r = must(t, c.Do("POST", basis, map[string]any{"applicantInfo": none}), 200, "passport 0000, visa None")
	got := r.Body["applicantInfo"].(map[string]any)
	if got["passportNo"] != "0000" || got["foreignerRegistrationNo"] != "9707075******" || r.Body["applicantName"] != "Minh Van Nguyen" {
		t.Fatalf("none values: %s", r.Raw)
	}
	r = must(t, c.Do("POST", basis, map[string]any{"applicantInfo": info}), 200, "with passport")
	if r.Body["applicantInfo"].(map[string]any)["passportNo"] != "C1******" {
		t.Fatalf("passport mask: %s", r.Raw)
	}

	// Media acting at ARTS01.
	n2 := e.create(c, "ARTS01", "MA01", true)
	basis2 := fmt.Sprintf("/apply/api-auth/appl/basis/%d", n2)
	k := koreanInfo()
	k["emergencyContact"] = map[string]any{}
	fieldError(t, c, basis2, map[string]any{"applicantInfo": k}, "applicantInfo.videoEssayUrl", "required")
	fieldError(t, c, basis2, map[string]any{"applicantInfo": with(k, "videoEssayUrl", "https://www.youtube.com/watch?v=abc")}, "applicantInfo.videoEssayUrl", "Streaming links")
	fieldError(t, c, basis2, map[string]any{"applicantInfo": with(k, "videoEssayUrl", "ftp://files.example.com/a.mp4")}, "applicantInfo.videoEssayUrl", "http or https")
	must(t, c.Do("POST", basis2, map[string]any{"applicantInfo": with(k, "videoEssayUrl", "https://files.example.com/audition/kim.mp4")}), 200, "video file link")
	// Another major of the same school has no video essay rule.
	r = must(t, c.Do("POST", "/apply/api-auth/appl/part", with(e.partBody("ARTS01", "DR01", true, e.recruit(c, "ARTS01")), "applNo", n2)), 200, "part change")
	if r.Body["partMajorCode"] != "DR01" || r.Body["status"] != "BASIS_SAVE" {
		t.Fatalf("part change: %s", r.Raw)
	}
	must(t, c.Do("POST", basis2, map[string]any{"applicantInfo": k}), 200, "no video needed")
	// An application stays in its round.
	moved := e.partBody("236", "IS01", true, e.recruit(c, "236"))
	moved["applNo"] = n2
	fieldError(t, c, "/apply/api-auth/appl/part", moved, "applPartRequestList[0].recruitPartSeq", "stays in its round")
}

// Every {applNo} route answers only its owner and the staff the permission
// table allows; everyone else gets the same 404 as for a number that does
// not exist, with no data.
func TestApplyOwnerOnly(t *testing.T) {
	e := newApplyEnv(t)
	owner := e.as("applicant1")
	n := e.create(owner, "236", "IS01", true)
	must(t, owner.Do("POST", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), map[string]any{"applicantInfo": koreanInfo()}), 200, "basis")
	must(t, owner.Do("PUT", fmt.Sprintf("/apply/api-auth/appl/draft/%d/ACAD_SAVE", n), map[string]any{"secret": "draft text"}), 200, "draft")
	scl := e.create(owner, "SCL00001", "IT01", true)

	type call struct{ method, path string }
	routes := func(n int64) []call {
		p := func(f string) string { return fmt.Sprintf(f, n) }
		return []call{
			{"GET", p("/apply/api-auth/appl/info/%d")}, {"GET", p("/apply/api-auth/appl/mode/%d?type=edit")},
			{"GET", p("/apply/api-auth/appl/part/%d")}, {"POST", p("/apply/api-auth/appl/cancel/%d")},
			{"GET", p("/apply/api-auth/appl/pay/info/%d")},
			{"GET", p("/apply/api-auth/appl/basis/%d")}, {"POST", p("/apply/api-auth/appl/basis/%d")},
			{"GET", p("/apply/api-auth/appl/acad/%d")}, {"POST", p("/apply/api-auth/appl/acad/%d")},
			{"GET", p("/apply/api-auth/appl/lang/%d")}, {"POST", p("/apply/api-auth/appl/lang/%d")},
			{"GET", p("/apply/api-auth/appl/career/%d")}, {"POST", p("/apply/api-auth/appl/career/%d")},
			{"GET", p("/apply/api-auth/appl/add-info/%d")}, {"POST", p("/apply/api-auth/appl/add-info/%d")},
			{"GET", p("/apply/api-auth/survey/%d")}, {"POST", "/apply/api-auth/survey/save"},
			{"PUT", p("/apply/api-auth/appl/draft/%d/ACAD_SAVE")}, {"GET", p("/apply/api-auth/appl/draft/%d/ACAD_SAVE")},
			{"DELETE", p("/apply/api-auth/appl/draft/%d/ACAD_SAVE")}, {"POST", "/apply/api-auth/appl/part"},
		}
	}
	bodyFor := func(cl call, n int64) any {
		switch {
		case cl.path == "/apply/api-auth/survey/save":
			return map[string]any{"applNo": n, "answers": []any{}}
		case cl.path == "/apply/api-auth/appl/part":
			return with(e.partBody("236", "KS02", true, e.recruit(owner, "236")), "applNo", n)
		case cl.method == "PUT":
			return map[string]any{"x": 1}
		case cl.method == "POST":
			return map[string]any{"applicantInfo": koreanInfo(), "acadList": acadList()}
		}
		return nil
	}
	notFound := func(who string, c *apptest.Client, n int64) {
		t.Helper()
		for _, cl := range routes(n) {
			r := c.Do(cl.method, cl.path, bodyFor(cl, n))
			if r.Status != http.StatusNotFound || r.Body["code"] != "application.not_found" {
				t.Fatalf("%s %s %s: %d %s", who, cl.method, cl.path, r.Status, r.Raw)
			}
			for _, leak := range []string{"applicantInfo", "김하늘", "draft text", "schoolComm", "partMajorCode"} {
				if strings.Contains(r.Raw, leak) {
					t.Fatalf("%s %s %s leaks %q: %s", who, cl.method, cl.path, leak, r.Raw)
				}
			}
		}
	}
	other := e.as("applicant2")
	notFound("another applicant", other, n)
	notFound("unknown number", other, 999999)
	notFound("settlement staff", e.as("settle"), n)
	notFound("closing staff", e.as("closer"), n)
	notFound("school admin of another school", e.as("schooladmin"), scl)
	notFound("setting admin of another school", e.as("setadmin"), n)
	if r := other.Do("GET", "/apply/api-auth/appl/info/abc", nil); r.Status != 404 {
		t.Fatalf("bad number: %d", r.Status)
	}
	if r := other.Do("GET", "/apply/api-auth/appl/list", nil); r.Status != 200 || len(r.List) != 0 {
		t.Fatalf("other's list: %s", r.Raw)
	}
	guest := apptest.NewClient(t, e.srv)
	if r := guest.Do("GET", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), nil); r.Status != 401 {
		t.Fatalf("guest: %d", r.Status)
	}

	// Staff who may read applications of the school read them (masked,
	// logged) but do not change them through the applicant's form.
	for _, who := range []string{"sysadmin", "schooladmin"} {
		c := e.as(who)
		r := must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), nil), 200, who+" reads")
		if r.Body["applicantInfo"].(map[string]any)["residentNoLast"] != "2******" || r.Body["draft"] != nil {
			t.Fatalf("%s read: %s", who, r.Raw)
		}
		r = c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), map[string]any{"applicantInfo": koreanInfo()})
		if r.Status != 403 || r.Body["code"] != "application.owner_only" {
			t.Fatalf("%s writes: %d %s", who, r.Status, r.Raw)
		}
		if r := c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/draft/%d/ACAD_SAVE", n), nil); r.Status != 403 {
			t.Fatalf("%s reads a draft: %d %s", who, r.Status, r.Raw)
		}
	}
	var logged int
	if err := e.a.DB.Pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE action = 'application.read' AND target = $1",
		fmt.Sprintf("application:%d", n)).Scan(&logged); err != nil || logged < 2 {
		t.Fatalf("admin reads logged: %d %v", logged, err)
	}
	// Staff cannot open an application for themselves.
	r := e.as("sysadmin").Do("POST", "/apply/api-auth/appl/part", e.partBody("236", "KS02", true, e.recruit(owner, "236")))
	if r.Status != 403 {
		t.Fatalf("admin applies: %d %s", r.Status, r.Raw)
	}
	// The owner still has everything.
	if r := owner.Do("GET", fmt.Sprintf("/apply/api-auth/appl/draft/%d/ACAD_SAVE", n), nil); r.Status != 200 || !strings.Contains(r.Raw, "draft text") {
		t.Fatalf("owner's draft: %d %s", r.Status, r.Raw)
	}
}

func (e *applyEnv) setWindow(school, start, end string) {
	e.t.Helper()
	_, err := e.a.DB.Pool.Exec(context.Background(),
		"UPDATE recruit_window SET starts_at = now() + $2::interval, ends_at = now() + $3::interval WHERE school_code = $1 AND window_type = 'SUBMIT'",
		school, start, end)
	if err != nil {
		e.t.Fatal(err)
	}
}

// Saves outside the round's SUBMIT window are refused with a message that
// names the deadline, except for ROLE_TIME_INDEPENDENT.
func TestApplyWindow(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	free := e.as("timefree")
	n := e.create(c, "SKKGSB", "MBA", true)
	nf := e.create(free, "SKKGSB", "EMBA", true)
	round := e.recruit(c, "GSPP01")
	e.setWindow("SKKGSB", "-10 days", "-1 day")
	e.setWindow("GSPP01", "1 day", "10 days")

	basis := func(n int64) string { return fmt.Sprintf("/apply/api-auth/appl/basis/%d", n) }
	c.Lang = "en"
	r := c.Do("POST", basis(n), map[string]any{"applicantInfo": koreanInfo()})
	if r.Status != 403 || r.Body["code"] != "window.closed" || !strings.Contains(r.Body["message"].(string), "The period has ended (closed ") {
		t.Fatalf("closed: %d %s", r.Status, r.Raw)
	}
	c.Lang = "ko"
	r = c.Do("POST", basis(n), map[string]any{"applicantInfo": koreanInfo()})
	if r.Status != 403 || !strings.Contains(r.Body["message"].(string), "접수 기간이 종료되었습니다. (마감 ") {
		t.Fatalf("closed ko: %d %s", r.Status, r.Raw)
	}
	for _, cl := range []struct{ m, p string }{
		{"PUT", fmt.Sprintf("/apply/api-auth/appl/draft/%d/BASIS_SAVE", n)},
		{"POST", fmt.Sprintf("/apply/api-auth/appl/cancel/%d", n)},
	} {
		if r := c.Do(cl.m, cl.p, map[string]any{"a": 1}); r.Status != 403 || r.Body["code"] != "window.closed" {
			t.Fatalf("%s %s: %d %s", cl.m, cl.p, r.Status, r.Raw)
		}
	}
	r = c.Do("POST", "/apply/api-auth/appl/part", e.partBody("GSPP01", "PP01", true, round))
	if r.Status != 403 || r.Body["code"] != "window.not_open" {
		t.Fatalf("not open: %d %s", r.Status, r.Raw)
	}
	// Reading still works; the list offers view only.
	must(t, c.Do("GET", basis(n), nil), 200, "read after close")
	r = must(t, c.Do("GET", "/apply/api-auth/appl/list", nil), 200, "list")
	if it := r.List[0].(map[string]any); fmt.Sprint(it["actions"]) != "[view]" || it["submitOpen"] != false {
		t.Fatalf("actions after close: %v", it)
	}

	// ROLE_TIME_INDEPENDENT is never refused for time.
	must(t, free.Do("POST", basis(nf), map[string]any{"applicantInfo": koreanInfo()}), 200, "exempt save")
	must(t, free.Do("PUT", fmt.Sprintf("/apply/api-auth/appl/draft/%d/ACAD_SAVE", nf), map[string]any{"a": 1}), 200, "exempt draft")
	must(t, free.Do("POST", "/apply/api-auth/appl/part", e.partBody("GSPP01", "PP01", true, round)), 201, "exempt part")
	r = must(t, free.Do("GET", "/apply/api-auth/appl/list", nil), 200, "exempt list")
	for _, it := range r.List {
		if !strings.Contains(fmt.Sprint(it.(map[string]any)["actions"]), "edit") {
			t.Fatalf("exempt actions: %v", it)
		}
	}

	// Open again: the same request goes through.
	e.setWindow("SKKGSB", "-10 days", "1 day")
	must(t, c.Do("POST", basis(n), map[string]any{"applicantInfo": koreanInfo()}), 200, "reopened")
}

// Nothing typed is lost: a draft kept per step survives until the step is
// saved, is encrypted at rest, and is refused when it is not a JSON object.
func TestApplyDrafts(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant1")
	n := e.create(c, "GSPP01", "MPPM", true)
	draft := fmt.Sprintf("/apply/api-auth/appl/draft/%d/BASIS_SAVE", n)
	typed := map[string]any{"applicantInfo": map[string]any{"korName": "박초안", "residentNoLast": "1234567"}}
	r := must(t, c.Do("PUT", draft, typed), 200, "put draft")
	if r.Body["savedAt"] == nil || r.Body["step"] != "BASIS_SAVE" {
		t.Fatalf("put: %s", r.Raw)
	}
	r = must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), nil), 200, "step with draft")
	d := r.Body["draft"].(map[string]any)
	if d["data"].(map[string]any)["applicantInfo"].(map[string]any)["korName"] != "박초안" || d["savedAt"] == nil {
		t.Fatalf("draft with step: %s", r.Raw)
	}
	r = must(t, c.Do("GET", draft, nil), 200, "get draft")
	if !strings.Contains(r.Raw, "박초안") {
		t.Fatalf("get draft: %s", r.Raw)
	}
	var sealed []byte
	if err := e.a.DB.Pool.QueryRow(context.Background(), "SELECT data_enc FROM appl_draft WHERE appl_no = $1", n).Scan(&sealed); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(sealed), "1234567") || strings.Contains(string(sealed), "박초안") {
		t.Fatal("draft stored in the clear")
	}
	// Survives a new session (reload, closed tab).
	again := e.as("applicant1")
	if r := again.Do("GET", draft, nil); !strings.Contains(r.Raw, "박초안") {
		t.Fatalf("draft after new login: %s", r.Raw)
	}
	// Refusals.
	for _, bad := range []struct {
		path string
		body any
		code string
	}{
		{draft, []any{1, 2}, "draft.not_object"},
		{draft, "text", "draft.not_object"},
		{fmt.Sprintf("/apply/api-auth/appl/draft/%d/SUBMIT", n), map[string]any{}, "application.step_not_in_list"},
		{draft, map[string]any{"big": strings.Repeat("x", 300<<10)}, "draft.too_large"},
	} {
		if r := c.Do("PUT", bad.path, bad.body); r.Status != 400 || r.Body["code"] != bad.code {
			t.Fatalf("%v: %d %s", bad.code, r.Status, r.Raw)
		}
	}
	// Saving the step drops its draft.
	must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), map[string]any{"applicantInfo": koreanInfo()}), 200, "save")
	if r := c.Do("GET", draft, nil); r.Body["data"] != nil {
		t.Fatalf("draft after save: %s", r.Raw)
	}
	// A draft older than the last save is not offered; a newer one is.
	must(t, c.Do("PUT", draft, typed), 200, "new draft")
	r = must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), nil), 200, "step")
	if r.Body["draft"] == nil {
		t.Fatalf("newer draft not offered: %s", r.Raw)
	}
	if r := c.Do("DELETE", draft, nil); r.Status != 204 {
		t.Fatalf("delete: %d", r.Status)
	}
	if r := c.Do("GET", draft, nil); r.Body["data"] != nil {
		t.Fatalf("after delete: %s", r.Raw)
	}
}

// Cancel before completion, then the form opens in view mode only and
// refuses changes; a new application for the round may start.
func TestApplyCancelAndModes(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant2")
	n := e.create(c, "236", "KS02", false)
	r := must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/mode/%d?type=edit", n), nil), 200, "mode edit")
	if r.Body["mode"] != "edit" {
		t.Fatalf("mode: %s", r.Raw)
	}
	if r := c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/mode/%d?type=review", n), nil); r.Status != 409 {
		t.Fatalf("review of an application not under review: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/mode/%d?type=EDIT", n), nil); r.Status != 400 {
		t.Fatalf("bad mode: %d %s", r.Status, r.Raw)
	}
	r = must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/cancel/%d", n), nil), 200, "cancel")
	if r.Body["status"] != "CANCEL" || fmt.Sprint(r.Body["actions"]) != "[view]" || r.Body["nextStep"] != nil {
		t.Fatalf("cancelled: %s", r.Raw)
	}
	r = must(t, c.Do("GET", fmt.Sprintf("/apply/api-auth/appl/mode/%d?type=edit", n), nil), 200, "mode after cancel")
	if r.Body["mode"] != "view" {
		t.Fatalf("mode after cancel: %s", r.Raw)
	}
	r = c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), map[string]any{"applicantInfo": koreanInfo()})
	if r.Status != 409 || r.Body["code"] != "application.not_modifiable" {
		t.Fatalf("save after cancel: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/cancel/%d", n), nil); r.Status != 409 {
		t.Fatalf("cancel twice: %d %s", r.Status, r.Raw)
	}
	n2 := e.create(c, "236", "KS02", false)
	r = must(t, c.Do("GET", "/apply/api-auth/appl/list", nil), 200, "list")
	if len(r.List) != 2 || r.List[0].(map[string]any)["applNo"] != float64(n2) {
		t.Fatalf("list after new application: %s", r.Raw)
	}
}

// Defect 7: basic info shows each section only to those it applies to, and
// the server requires exactly what is shown: the sections come with the step
// for each origin of the nationality, a Korean's passport, visa, alien
// registration, guarantor and G20 data are neither required nor checked but
// dropped, and a foreigner must still give them where the round requires.
func TestApplyBasisSections(t *testing.T) {
	e := newApplyEnv(t)
	c := e.as("applicant2")
	c.Lang = "en"
	round := e.recruit(c, "SCL00001")
	r := must(t, c.Do("POST", "/apply/api-auth/appl/part", e.partBody("SCL00001", "IC01", false, round)), 201, "SCL00001 part")
	basis := fmt.Sprintf("/apply/api-auth/appl/basis/%d", int64(r.Body["applNo"].(float64)))
	r = must(t, c.Do("GET", basis, nil), 200, "basis")
	sections := func(r apptest.Response, origin string) map[string]bool {
		t.Helper()
		out := map[string]bool{}
		all, _ := r.Body["sections"].(map[string]any)
		list, ok := all[origin].([]any)
		if !ok {
			t.Fatalf("no sections for %s: %s", origin, r.Raw)
		}
		for _, s := range list {
			m := s.(map[string]any)
			out[m["code"].(string)] = m["required"].(bool)
		}
		return out
	}
	foreignOnly := []string{"passport", "visa", "alienRegistration", "financialGuarantor", "g20"}
	for _, origin := range []string{"none", "korean"} {
		got := sections(r, origin)
		for _, code := range foreignOnly {
			if _, shown := got[code]; shown {
				t.Errorf("%s applicant is shown %s: %v", origin, code, got)
			}
		}
		if _, shown := got["emergencyContact"]; !shown {
			t.Errorf("%s applicant is not shown the emergency contact: %v", origin, got)
		}
	}
	foreign := sections(r, "foreign")
	for _, code := range []string{"passport", "visa", "g20", "financialGuarantor"} {
		if !foreign[code] {
			t.Errorf("foreign applicant: %s not required at SCL00001: %v", code, foreign)
		}
	}
	// the foreigner who leaves out a required section is refused at its field
	fieldError(t, c, basis, map[string]any{"applicantInfo": with(foreignInfo(), "financialGuarantor", map[string]any{})}, "applicantInfo.financialGuarantor.name", "required")

	// A Korean at a school that accepts Koreans: what was typed in a hidden
	// section (before changing the nationality) is neither checked nor kept.
	k := e.as("applicant1")
	n := e.create(k, "236", "IS01", true)
	kb := fmt.Sprintf("/apply/api-auth/appl/basis/%d", n)
	info := with(koreanInfo(), "passportNo", "AB", "passportIssueDate", "never", "visaTypeCode", "bogus", "foreignerRegistrationNo", "12",
		"financialGuarantor", map[string]any{"name": "x", "phone": "not a phone"}, "g20Member", true, "g20Answers", []any{"840"})
	r = must(t, k.Do("POST", kb, map[string]any{"applicantInfo": info}), 200, "Korean with hidden data")
	got := r.Body["applicantInfo"].(map[string]any)
	if got["passportNo"] != "" || got["passportIssueDate"] != "" || got["visaTypeCode"] != "" || got["foreignerRegistrationNo"] != "" ||
		got["financialGuarantor"].(map[string]any)["phone"] != "" || got["g20Member"] != false || len(got["g20Answers"].([]any)) != 0 {
		t.Fatalf("hidden sections kept: %s", r.Raw)
	}
	if got["korName"] != "김하늘" || got["emergencyContact"].(map[string]any)["name"] != "김부모" {
		t.Fatalf("shown sections lost: %s", r.Raw)
	}
	if _, ok := r.Body["sections"].(map[string]any)["korean"]; !ok {
		t.Fatalf("save answer without sections: %s", r.Raw)
	}
	r = must(t, k.Do("GET", kb, nil), 200, "basis after save")
	if r.Body["applicantInfo"].(map[string]any)["passportNo"] != "" {
		t.Fatalf("stored passport: %s", r.Raw)
	}
}

// Item 7 of issue 8: the SPA's fixed form values come from core.
func TestFormRules(t *testing.T) {
	e := newApplyEnv(t)
	guest := apptest.NewClient(t, e.srv)
	r := must(t, guest.Do("GET", "/apply/api/form-rules", nil), 200, "form rules")
	b := r.Body
	g20, _ := b["g20Countries"].([]any)
	if b["koreaCode"] != "410" || b["passportNone"] != "N/A" || b["visaNone"] != "00999" || b["visaOther"] != "00099" ||
		b["g20None"] != "NONE" || len(g20) != 19 || g20[len(g20)-1] != "840" || b["maxFamily"] != float64(10) {
		t.Fatalf("form rules: %s", r.Raw)
	}
	u := b["userId"].(map[string]any)
	if u["minLength"] != float64(4) || u["maxLength"] != float64(20) || u["pattern"] != "^[A-Za-z0-9]+$" {
		t.Fatalf("userId rule: %s", r.Raw)
	}
	if r := guest.Do("POST", "/apply/api/form-rules", nil); r.Status < 400 {
		t.Fatalf("POST form rules: %d", r.Status)
	}
}
