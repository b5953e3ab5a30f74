package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
)

func surveyBody(school, audience string, start, end string) map[string]any {
	return map[string]any{"schoolCode": school, "titleKo": "만족도 조사", "titleEn": "Satisfaction survey",
		"startDay": start, "endDay": end, "audience": audience,
		"questions": []any{
			map[string]any{"questionCode": "q1", "inputType": "radio", "korText": "만족하십니까?", "engText": "Are you satisfied?", "required": true,
				"items": []any{map[string]any{"itemCode": "y", "korValue": "예", "engValue": "Yes"},
					map[string]any{"itemCode": "n", "korValue": "아니오", "engValue": "No", "hasComment": true}}},
			map[string]any{"questionCode": "q2", "inputType": "textarea", "korText": "의견", "engText": "Comments"},
		}}
}

// A school admin publishes a survey to the applicants of their school; an
// applicant of that school sees and answers it once; one of another school
// does not see it; a closed survey refuses answers; the admin reads the
// counts and the free text, and the export is logged.
func TestSiteSurveyAnswerOnceAndResults(t *testing.T) {
	e := newApplyEnv(t)
	e.submitted("applicant1", "236", "DC01")
	school := e.as("schooladmin") // bound to 236
	school.Lang = "en"

	// Validation at the field, in the caller's language.
	bad := surveyBody("236", "ALL", "2026-01-10", "2026-01-01")
	bad["titleEn"] = ""
	r := must(t, school.Do("POST", "/apply/api-auth/admin/surveys", bad), 400, "invalid survey")
	f := fields(r)
	if f["titleEn"] == nil || f["endDay"] != "The end day must not be before the start day." || !strings.Contains(fmt.Sprint(f["audience"]), "provider") {
		t.Fatalf("fields: %v", f)
	}

	// A school admin publishes for their own school only: another school's
	// code is refused, no code means their own.
	must(t, school.Do("POST", "/apply/api-auth/admin/surveys", surveyBody("SKKGSB", "SCHOOL", "2020-01-01", "2099-12-31")), 404, "another school's survey")
	r = must(t, school.Do("POST", "/apply/api-auth/admin/surveys", surveyBody("", "SCHOOL", "2020-01-01", "2099-12-31")), 201, "create")
	id := int64(r.Body["id"].(float64))
	if r.Body["schoolCode"] != "236" {
		t.Fatalf("school of the survey: %v", r.Body["schoolCode"])
	}
	closed := must(t, school.Do("POST", "/apply/api-auth/admin/surveys", surveyBody("236", "SCHOOL", "2020-01-01", "2020-01-31")), 201, "closed")
	closedID := int64(closed.Body["id"].(float64))

	app := e.as("applicant1")
	r = must(t, app.Do("GET", "/apply/api-auth/surveys", nil), 200, "open surveys")
	// Besides the demo data's own surveys (the site survey for everyone,
	// 236's completion survey): the new one, unanswered; not the closed one.
	open := surveysByID(r.List)
	if sv, ok := open[id]; !ok || sv["answered"] != false || open[closedID] != nil {
		t.Fatalf("applicant's open surveys: %s", r.Raw)
	}
	other := e.as("applicant2") // no application of 236
	if r := must(t, other.Do("GET", "/apply/api-auth/surveys", nil), 200, "other's list"); surveysByID(r.List)[id] != nil {
		t.Fatalf("a survey for 236 shown to someone without an application there: %s", r.Raw)
	}
	must(t, other.Do("GET", fmt.Sprintf("/apply/api-auth/surveys/%d", id), nil), 404, "not meant for them")
	must(t, other.Do("POST", fmt.Sprintf("/apply/api-auth/surveys/%d/answers", id), map[string]any{"answers": []any{}}), 404, "answer not meant for them")

	// A required question left out; an unknown item.
	app.Lang = "en"
	r = must(t, app.Do("POST", fmt.Sprintf("/apply/api-auth/surveys/%d/answers", id),
		map[string]any{"answers": []any{map[string]any{"questionCode": "q2", "answer": "좋아요"}}}), 400, "missing q1")
	if fields(r)["answers.q1"] != "This is required" {
		t.Fatalf("fields: %v", fields(r))
	}
	answers := map[string]any{"answers": []any{map[string]any{"questionCode": "q1", "itemCode": "n", "comment": "느려요"},
		map[string]any{"questionCode": "q2", "answer": "서류 업로드가 편했습니다"}}}
	r = must(t, app.Do("POST", fmt.Sprintf("/apply/api-auth/surveys/%d/answers", id), answers), 200, "answer")
	if r.Body["answered"] != true {
		t.Fatalf("after answering: %s", r.Raw)
	}
	r = must(t, app.Do("POST", fmt.Sprintf("/apply/api-auth/surveys/%d/answers", id), answers), 409, "answer twice")
	if r.Body["message"] != "You have already answered this survey." {
		t.Fatalf("twice: %s", r.Raw)
	}
	r = must(t, app.Do("POST", fmt.Sprintf("/apply/api-auth/surveys/%d/answers", closedID), answers), 409, "closed")
	if r.Body["message"] != "This survey is not open for answers." {
		t.Fatalf("closed: %s", r.Raw)
	}

	// Results: counts per item, the comment and the free text, no user id.
	r = must(t, school.Do("GET", fmt.Sprintf("/apply/api-auth/admin/surveys/%d/results", id), nil), 200, "results")
	if r.Body["total"] != float64(1) || strings.Contains(r.Raw, "applicant1") {
		t.Fatalf("results: %s", r.Raw)
	}
	q1 := r.Body["results"].([]any)[0].(map[string]any)["counts"].([]any)
	if q1[0].(map[string]any)["count"] != float64(0) || q1[1].(map[string]any)["count"] != float64(1) ||
		fmt.Sprint(q1[1].(map[string]any)["comments"]) != "[느려요]" {
		t.Fatalf("counts: %v", q1)
	}
	if fmt.Sprint(r.Body["results"].([]any)[1].(map[string]any)["texts"]) != "[서류 업로드가 편했습니다]" {
		t.Fatalf("texts: %s", r.Raw)
	}
	// Questions of an answered survey are frozen; its title is not.
	upd := surveyBody("236", "SCHOOL", "2020-01-01", "2099-12-31")
	upd["questions"] = upd["questions"].([]any)[:1]
	r = must(t, school.Do("PUT", fmt.Sprintf("/apply/api-auth/admin/surveys/%d", id), upd), 400, "frozen")
	if fields(r)["questions"] != "The questions of a survey with responses cannot change." {
		t.Fatalf("frozen: %v", fields(r))
	}
	upd = surveyBody("236", "SCHOOL", "2020-01-01", "2099-12-31")
	upd["titleEn"] = "Renamed"
	if r := must(t, school.Do("PUT", fmt.Sprintf("/apply/api-auth/admin/surveys/%d", id), upd), 200, "rename"); r.Body["titleEn"] != "Renamed" {
		t.Fatalf("rename: %s", r.Raw)
	}

	// The export is CSV and is written to the access log.
	r = must(t, school.Do("GET", fmt.Sprintf("/apply/api-auth/admin/surveys/%d/export", id), nil), 200, "export")
	if !strings.Contains(r.Raw, "No (느려요)") || !strings.Contains(r.Raw, "서류 업로드가 편했습니다") || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("export: %q", r.Raw)
	}
	sys := e.as("sysadmin")
	r = must(t, sys.Do("GET", "/apply/api-auth/admin/access-log?filter="+filter(map[string]any{"action": "survey.export"}), nil), 200, "access log")
	if !strings.Contains(r.Raw, fmt.Sprintf("survey:%d", id)) {
		t.Fatalf("the export is not in the access log: %s", r.Raw)
	}

	// Another school's admin: the list is empty and every route of the survey is missing.
	must(t, sys.Do("PUT", "/apply/api-auth/admin/roles/applicant2", map[string]any{"roles": []string{"ROLE_SCHL_ADMIN"}, "schoolCode": "SKKGSB"}), 200, "other admin")
	skk := e.as("applicant2")
	if r := must(t, skk.Do("GET", "/apply/api-auth/admin/surveys", nil), 200, "other list"); len(r.List) != 0 {
		t.Fatalf("another school's surveys listed: %s", r.Raw)
	}
	for _, p := range []string{"", "/results", "/export"} {
		must(t, skk.Do("GET", fmt.Sprintf("/apply/api-auth/admin/surveys/%d%s", id, p), nil), 404, "other school "+p)
	}
	must(t, skk.Do("PUT", fmt.Sprintf("/apply/api-auth/admin/surveys/%d", id), upd), 404, "other school update")
	// An applicant may not manage surveys.
	must(t, app.Do("GET", "/apply/api-auth/admin/surveys", nil), 403, "applicant")
}

// A school admin edits the SURVEY step's questions: the applicant's step
// shows them; a question an application answered is retired, not deleted,
// and another school's admin cannot touch them.
func TestSchoolSurveyQuestionsEdit(t *testing.T) {
	e := newApplyEnv(t)
	app, n := e.submitted("applicant1", "236", "DC01")
	e.setStatus(n, "FILE_SAVE")
	school := e.as("schooladmin")
	school.Lang = "en"
	path := "/apply/api-auth/admin/schools/236/survey-questions/SURVEY"
	r := must(t, school.Do("GET", path, nil), 200, "questions")
	before := r.Body["questions"].([]any)
	if len(before) == 0 {
		t.Fatal("school 236 has no survey questions in the demo data")
	}
	// The applicant answers the first question (SURVEY step saved).
	step := must(t, app.Do("GET", fmt.Sprintf("/apply/api-auth/survey/%d", n), nil), 200, "survey step")
	var ans []any
	for _, q := range step.Body["questions"].([]any) {
		m := q.(map[string]any)
		a := map[string]any{"questionCode": m["questionCode"], "inputType": m["inputType"]}
		if items, _ := m["items"].([]any); len(items) > 0 {
			a["itemCode"] = items[0].(map[string]any)["itemCode"]
		} else {
			a["answer"] = "text"
		}
		ans = append(ans, a)
	}
	must(t, app.Do("POST", "/apply/api-auth/survey/save", map[string]any{"applNo": n, "answers": ans}), 200, "save survey")

	bad := map[string]any{"questions": []any{map[string]any{"questionCode": "x 1", "inputType": "radio", "korText": "", "engText": "E"}}}
	r = must(t, school.Do("PUT", path, bad), 400, "invalid")
	f := fields(r)
	if f["questions[0].questionCode"] == nil || f["questions[0].korText"] == nil || f["questions[0].items"] != "A choice question needs at least one item." {
		t.Fatalf("fields: %v", f)
	}
	first := before[0].(map[string]any)["questionCode"].(string)
	next := map[string]any{"questions": []any{map[string]any{"questionCode": "new1", "inputType": "text", "korText": "추가 질문입니다", "engText": "A new question", "required": true}}}
	r = must(t, school.Do("PUT", path, next), 200, "save")
	if !strings.Contains(fmt.Sprint(r.Body["retired"]), first) || len(r.Body["questions"].([]any)) != 1 {
		t.Fatalf("after save: %s", r.Raw)
	}
	var kept int
	if err := e.a.DB.Pool.QueryRow(t.Context(), "SELECT count(*) FROM survey_question WHERE school_code = '236' AND stage = 'SURVEY' AND question_code = $1 AND retired", first).Scan(&kept); err != nil || kept != 1 {
		t.Fatalf("the answered question is kept retired: %d %v", kept, err)
	}
	step = must(t, app.Do("GET", fmt.Sprintf("/apply/api-auth/survey/%d", n), nil), 200, "survey step after")
	qs := step.Body["questions"].([]any)
	if len(qs) != 1 || qs[0].(map[string]any)["engText"] != "A new question" {
		t.Fatalf("applicant's step: %v", qs)
	}
	must(t, school.Do("GET", "/apply/api-auth/admin/schools/SKKGSB/survey-questions/SURVEY", nil), 404, "other school")
	must(t, school.Do("PUT", "/apply/api-auth/admin/schools/SKKGSB/survey-questions/SURVEY", next), 404, "other school save")
	must(t, school.Do("GET", "/apply/api-auth/admin/schools/236/survey-questions/NOPE", nil), 404, "unknown stage")
	must(t, app.Do("GET", path, nil), 403, "applicant")
}

// An applicant's free text that a spreadsheet would run as a formula reaches
// staff in the CSV export as text (behind an apostrophe), in answers and in
// comments alike.
func TestSurveyExportNeutralisesFormulas(t *testing.T) {
	e := newApplyEnv(t)
	e.submitted("applicant1", "236", "DC01")
	school := e.as("schooladmin")
	r := must(t, school.Do("POST", "/apply/api-auth/admin/surveys", surveyBody("236", "SCHOOL", "2020-01-01", "2099-12-31")), 201, "create")
	id := int64(r.Body["id"].(float64))
	app := e.as("applicant1")
	must(t, app.Do("POST", fmt.Sprintf("/apply/api-auth/surveys/%d/answers", id), map[string]any{"answers": []any{
		map[string]any{"questionCode": "q1", "itemCode": "n", "comment": "@SUM(1+1)"},
		map[string]any{"questionCode": "q2", "answer": `=HYPERLINK("https://evil.example","click")`}}}), 200, "answer")
	r = must(t, school.Do("GET", fmt.Sprintf("/apply/api-auth/admin/surveys/%d/export", id), nil), 200, "export")
	if !strings.Contains(r.Raw, `'=HYPERLINK(`) {
		t.Fatalf("the formula answer is not neutralised: %q", r.Raw)
	}
	if strings.Contains(r.Raw, ",=HYPERLINK") || strings.Contains(r.Raw, "\"=HYPERLINK") {
		t.Fatalf("a live formula cell in the export: %q", r.Raw)
	}
}

// surveysByID indexes a list of surveys by id.
func surveysByID(list []any) map[int64]map[string]any {
	out := map[int64]map[string]any{}
	for _, x := range list {
		sv := x.(map[string]any)
		out[int64(sv["id"].(float64))] = sv
	}
	return out
}
