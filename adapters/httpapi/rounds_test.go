package httpapi_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

const roundsAPI = "/apply/api-auth/admin/recruit-parts"

// day is a yyyy-MM-dd date n days from today in Seoul.
func day(n int) string {
	seoul, _ := time.LoadLocation("Asia/Seoul")
	return time.Now().In(seoul).AddDate(0, 0, n).Format("2006-01-02")
}

// newRoundBody is a round of school 236 with windows, fees, two document
// items, one consent item and an exam-number rule.
func newRoundBody(year, seq int) map[string]any {
	return map[string]any{
		"schoolCode": "236", "enterYear": year, "recruitPartSeq": seq,
		"korName": "후기 특별전형", "engName": "Fall special admission",
		"feeKrw": 80000, "feeUsd": 7000, "payTypes": []string{"card", "vbank", "visa_master"},
		"payChannels":  map[string]any{"card": map[string]any{"storeId": "store-test-1", "channelKey": "channel-key-card"}},
		"lettersAsked": 2, "applIdRule": "S{YY}{ROUND:1}-{SEQ:3}",
		"windows": []any{
			map[string]any{"type": "SUBMIT", "startDay": day(1), "endDay": day(20)},
			map[string]any{"type": "COMPLETE", "startDay": day(1), "endDay": day(21)},
		},
		"parts": []any{map[string]any{"majorCode": "IS01", "isMaster": true}},
		"documents": []any{
			map[string]any{"itemCode": "P01", "grpCode": "basic", "grpKorName": "기본 서류", "grpEngName": "Basic", "korName": "연구계획서",
				"engName": "Research plan", "required": true, "extensions": []string{"PDF"}, "maxSize": 0},
			map[string]any{"itemCode": "P02", "grpCode": "basic", "grpKorName": "기본 서류", "grpEngName": "Basic", "korName": "포트폴리오",
				"engName": "Portfolio", "required": false, "extensions": []string{"pdf", "jpeg"}, "maxSize": 10485760},
		},
		"consents": []any{map[string]any{"code": "special", "titleKo": "특별전형 동의", "titleEn": "Special admission consent",
			"bodyKo": "첫 번째 본문", "bodyEn": "First body"}},
	}
}

func (e *applyEnv) auditCount(actor, action, target string) int {
	e.t.Helper()
	var n int
	if err := e.a.DB.Pool.QueryRow(context.Background(),
		"SELECT count(*) FROM audit_log WHERE actor = $1 AND action = $2 AND target = $3 AND detail IS NOT NULL", actor, action, target).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestRoundCreateEditAndAudit(t *testing.T) {
	e := newApplyEnv(t)
	admin := e.as("schooladmin") // bound to 236
	body := newRoundBody(e.year, 7)
	r := admin.Do("POST", roundsAPI, body)
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	id := fmt.Sprintf("236-%d-7", e.year)
	if r.Body["id"] != id || r.Body["applIdRule"] != "S{YY}{ROUND:1}-{SEQ:3}" {
		t.Fatalf("created round: %s", r.Raw)
	}
	docs := r.Body["documents"].([]any)
	if len(docs) != 2 || fmt.Sprint(docs[1].(map[string]any)["extensions"]) != "[pdf jpg]" || fmt.Sprint(docs[0].(map[string]any)["extensions"]) != "[pdf]" {
		t.Fatalf("documents not normalised: %v", docs)
	}
	cons := r.Body["consents"].([]any)
	if v := cons[0].(map[string]any)["version"]; v != day(0) {
		t.Fatalf("new consent version %v, want today %s", v, day(0))
	}
	// The pay types are the payment settings of the round (what /appl/pay offers).
	var payTypes string
	if err := e.a.DB.Pool.QueryRow(context.Background(), "SELECT array_to_string(pay_types, ',') FROM pay_setting WHERE school_code = '236' AND recruit_part_seq = 7").Scan(&payTypes); err != nil || payTypes != "card,vbank,visa_master" {
		t.Fatalf("pay setting of the round: %q %v", payTypes, err)
	}
	if n := e.auditCount("schooladmin", "round.create", fmt.Sprintf("round:236/%d/7", e.year)); n != 1 {
		t.Fatalf("audit rows of the creation: %d", n)
	}
	// Applicants see it, with the round's own documents and consent.
	pub := apptest.NewClient(t, e.srv)
	pr := pub.Do("GET", fmt.Sprintf("/apply/api/recruit?schoolCode=236&enterYear=%d&partSeq=7", e.year), nil)
	if pr.Status != 200 || len(pr.Body["consents"].([]any)) != 1 {
		t.Fatalf("public round: %d %s", pr.Status, pr.Raw)
	}
	// The list shows it with Content-Range.
	l := admin.Do("GET", roundsAPI+"?sort="+url.QueryEscape(`["recruitPartSeq","DESC"]`)+"&range="+url.QueryEscape("[0,9]"), nil)
	if l.Status != 200 || !strings.HasPrefix(l.Header.Get("Content-Range"), "recruit-parts 0-1/2") {
		t.Fatalf("list: %d %s %s", l.Status, l.Header.Get("Content-Range"), l.Raw)
	}
	if l.List[0].(map[string]any)["id"] != id {
		t.Fatalf("list order: %s", l.Raw)
	}
	if bad := admin.Do("GET", roundsAPI+"?sort="+url.QueryEscape(`["password","ASC"]`), nil); bad.Status != 400 {
		t.Fatalf("sort outside the allow-list: %d", bad.Status)
	}
	// An edit is audited with what changed.
	body["feeKrw"] = 90000
	if u := admin.Do("PUT", roundsAPI+"/"+id, body); u.Status != 200 || u.Body["feeKrw"].(float64) != 90000 {
		t.Fatalf("update: %d %s", u.Status, u.Raw)
	}
	var detail string
	if err := e.a.DB.Pool.QueryRow(context.Background(), "SELECT detail::text FROM audit_log WHERE action = 'round.update' AND actor = 'schooladmin'").Scan(&detail); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(detail, `"changed": ["feeKrw"]`) || !strings.Contains(detail, "80000") || !strings.Contains(detail, "90000") {
		t.Fatalf("audit detail: %s", detail)
	}
	// The same school and sequence again is refused at the field.
	if d := admin.Do("POST", roundsAPI, body); d.Status != 400 || fields(d)["recruitPartSeq"] == nil {
		t.Fatalf("duplicate: %d %s", d.Status, d.Raw)
	}
}

// Dates are refused as the seed says (startDay only after today, endDay
// only after the start), at the field, in ko and en.
func TestRoundWindowDatesRefusedAtTheField(t *testing.T) {
	e := newApplyEnv(t)
	admin := e.as("schooladmin")
	body := newRoundBody(e.year, 8)
	body["windows"] = []any{
		map[string]any{"type": "SUBMIT", "startDay": day(0), "endDay": day(5)},
		map[string]any{"type": "COMPLETE", "startDay": day(3), "endDay": day(3)},
	}
	for _, c := range []struct{ lang, start, end string }{
		{"ko", "시작일은 오늘 이후여야 합니다.", "종료일은 시작일 이후여야 합니다."},
		{"en", "The start date must be after today.", "The end date must be after the start date."},
	} {
		admin.Lang = c.lang
		r := admin.Do("POST", roundsAPI, body)
		f := fields(r)
		if r.Status != 400 || f["windows.SUBMIT.startDay"] != c.start || f["windows.COMPLETE.endDay"] != c.end {
			t.Fatalf("%s: %d %s", c.lang, r.Status, r.Raw)
		}
	}
	var n int
	_ = e.a.DB.Pool.QueryRow(context.Background(), "SELECT count(*) FROM recruit_part WHERE recruit_part_seq = 8").Scan(&n)
	if n != 0 {
		t.Fatal("a refused round was stored")
	}
	// A rule the numbering cannot use is refused with the reason.
	body = newRoundBody(e.year, 8)
	body["applIdRule"] = "{YYYY}{NOPE}"
	admin.Lang = "en"
	if r := admin.Do("POST", roundsAPI, body); r.Status != 400 || !strings.Contains(fmt.Sprint(fields(r)["applIdRule"]), "NOPE") {
		t.Fatalf("bad rule: %d %s", r.Status, r.Raw)
	}
}

// Every new route with each of the 8 roles (guest included): who may use
// it, and a school admin of another school gets 404 or 403 on every route
// of the round.
func TestRoundRoutesPermissions(t *testing.T) {
	e := newApplyEnv(t)
	if r := e.as("schooladmin").Do("POST", roundsAPI, newRoundBody(e.year, 9)); r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	id := fmt.Sprintf("236-%d-9", e.year)
	edit := newRoundBody(e.year, 9)
	routes := []struct {
		method, path string
		body         any
		remake       bool
	}{
		{"GET", roundsAPI, nil, false},
		{"GET", roundsAPI + "/" + id, nil, false},
		{"PUT", roundsAPI + "/" + id, edit, false},
		{"POST", roundsAPI + "/" + id + "/appl-id-check", map[string]any{"rule": "{YYYY}-{SEQ:4}"}, false},
		{"POST", roundsAPI + "/" + id + "/remake-applid", map[string]any{"rule": ""}, true},
		{"GET", "/apply/api-auth/admin/schools/236", nil, false},
		{"PUT", "/apply/api-auth/admin/schools/236", nil, false},
	}
	// status by user for a normal route; remake is the system admin's only.
	users := []struct {
		user           string
		normal, remake []int
	}{
		{"", []int{401}, []int{401}},
		{"applicant1", []int{403}, []int{403}},
		{"timefree", []int{403}, []int{403}},
		{"settle", []int{403}, []int{403}},
		{"closer", []int{403}, []int{403}},
		{"setadmin", []int{404, 200}, []int{403}}, // bound to SKKGSB: 236 is not theirs (the list answers 200 without it)
		{"schooladmin", []int{200}, []int{403}},
		{"sysadmin", []int{200}, []int{409}}, // allowed; nothing completed yet
	}
	sch := e.as("sysadmin").Do("GET", "/apply/api-auth/admin/schools/236", nil)
	for _, u := range users {
		c := apptest.NewClient(t, e.srv)
		if u.user != "" {
			c = e.as(u.user)
		}
		for _, rt := range routes {
			body := rt.body
			if rt.method == "PUT" && strings.Contains(rt.path, "/schools/") {
				body = sch.Body
			}
			r := c.Do(rt.method, rt.path, body)
			want := u.normal
			if rt.remake {
				want = u.remake
			}
			ok := false
			for _, w := range want {
				if r.Status == w {
					ok = true
				}
			}
			if u.user == "setadmin" && rt.path == roundsAPI {
				ok = r.Status == 200 && !strings.Contains(r.Raw, `"schoolCode":"236"`) && strings.Contains(r.Raw, `"schoolCode":"SKKGSB"`)
			} else if u.user == "setadmin" && !rt.remake {
				ok = r.Status == 404
			}
			if !ok {
				t.Errorf("%s %s as %q: %d %s, want %v", rt.method, rt.path, u.user, r.Status, r.Raw, want)
			}
		}
	}
	// The set admin creating a round for 236 is refused, and nothing is stored.
	if r := e.as("setadmin").Do("POST", roundsAPI, newRoundBody(e.year, 10)); r.Status != 403 {
		t.Fatalf("set admin creates for another school: %d %s", r.Status, r.Raw)
	}
}

// Editing a consent text an applicant accepted makes a new version; the
// applicant's application still shows the text of the version accepted.
func TestRoundConsentEditKeepsAcceptedVersion(t *testing.T) {
	e := newApplyEnv(t)
	ctx := context.Background()
	admin := e.as("schooladmin")
	body := newRoundBody(e.year, 11)
	if r := admin.Do("POST", roundsAPI, body); r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	// The day comes: the SUBMIT window opens.
	if _, err := e.a.DB.Pool.Exec(ctx, "UPDATE recruit_window SET starts_at = now() - interval '1 hour' WHERE recruit_part_seq = 11"); err != nil {
		t.Fatal(err)
	}
	applicant := e.as("applicant1")
	pr := applicant.Do("GET", fmt.Sprintf("/apply/api/recruit?schoolCode=236&enterYear=%d&partSeq=11", e.year), nil)
	if pr.Status != 200 || pr.Body["submitOpen"] != true {
		t.Fatalf("round: %d %s", pr.Status, pr.Raw)
	}
	part := e.partBody("236", "IS01", true, pr.Body)
	part["applPartRequestList"].([]any)[0].(map[string]any)["recruitPartSeq"] = 11
	r := applicant.Do("POST", "/apply/api-auth/appl/part", part)
	if r.Status != 201 {
		t.Fatalf("apply: %d %s", r.Status, r.Raw)
	}
	applNo := int64(r.Body["applNo"].(float64))

	body["consents"] = []any{map[string]any{"code": "special", "titleKo": "특별전형 동의", "titleEn": "Special admission consent",
		"bodyKo": "고친 본문", "bodyEn": "Edited body"}}
	id := fmt.Sprintf("236-%d-11", e.year)
	u := admin.Do("PUT", roundsAPI+"/"+id, body)
	if u.Status != 200 {
		t.Fatalf("edit: %d %s", u.Status, u.Raw)
	}
	if v := u.Body["consents"].([]any)[0].(map[string]any)["version"]; v != day(1) {
		t.Fatalf("edited text in use: version %v, want a new one (%s)", v, day(1))
	}
	// Saving the same text again keeps that version.
	if u := admin.Do("PUT", roundsAPI+"/"+id, body); u.Body["consents"].([]any)[0].(map[string]any)["version"] != day(1) {
		t.Fatalf("unchanged text got a new version: %s", u.Raw)
	}
	got := applicant.Do("GET", fmt.Sprintf("/apply/api-auth/appl/consents/%d", applNo), nil)
	if got.Status != 200 || len(got.List) != 1 {
		t.Fatalf("accepted consents: %d %s", got.Status, got.Raw)
	}
	c := got.List[0].(map[string]any)
	if c["bodyKo"] != "첫 번째 본문" || c["version"] != day(0) || c["acceptedAt"] == "" {
		t.Fatalf("the applicant sees %v, want the version accepted (%s, 첫 번째 본문)", c, day(0))
	}
	// New applicants get the new text.
	pr = apptest.NewClient(t, e.srv).Do("GET", fmt.Sprintf("/apply/api/recruit?schoolCode=236&enterYear=%d&partSeq=11", e.year), nil)
	if nc := pr.Body["consents"].([]any)[0].(map[string]any); nc["bodyKo"] != "고친 본문" || nc["version"] != day(1) {
		t.Fatalf("public round consent after the edit: %v", nc)
	}
	// Another applicant cannot read them.
	if o := e.as("applicant2").Do("GET", fmt.Sprintf("/apply/api-auth/appl/consents/%d", applNo), nil); o.Status != 404 {
		t.Fatalf("another applicant: %d %s", o.Status, o.Raw)
	}
	// Anyone may read the earlier version, dated, after the one in force.
	h := apptest.NewClient(t, e.srv).Do("GET", fmt.Sprintf("/apply/api/recruit/consents?schoolCode=236&enterYear=%d&partSeq=11", e.year), nil)
	if h.Status != 200 || len(h.List) != 1 {
		t.Fatalf("consent versions: %d %s", h.Status, h.Raw)
	}
	vs := h.List[0].(map[string]any)["versions"].([]any)
	if len(vs) != 2 || vs[0].(map[string]any)["bodyKo"] != "고친 본문" || vs[0].(map[string]any)["version"] != day(1) ||
		vs[1].(map[string]any)["bodyKo"] != "첫 번째 본문" || vs[1].(map[string]any)["version"] != day(0) {
		t.Fatalf("versions %v", vs)
	}
}

// The demo schools' consents: the dated versions of the seed, each text
// stating the right to refuse and its consequence in both languages, and
// the earlier versions listed after the one in force; a round that does
// not exist answers 404 and a missing parameter names the field.
func TestSchoolConsentVersions(t *testing.T) {
	e := newApplyEnv(t)
	c := apptest.NewClient(t, e.srv)
	for school, want := range map[string]struct {
		version, earlier string
		items            int
	}{"SCL00001": {"2023-08-23", "2021-09-01", 7}, "236": {"2022-03-29", "2020-02-14", 6}, "GSPP01": {"2024-09-10", "", 6}} {
		list := c.Do("GET", "/apply/api/recruit/list?schoolCode="+school, nil)
		if list.Status != 200 || len(list.List) == 0 {
			t.Fatalf("%s rounds: %d %s", school, list.Status, list.Raw)
		}
		rd := list.List[0].(map[string]any)
		r := c.Do("GET", fmt.Sprintf("/apply/api/recruit/consents?schoolCode=%s&enterYear=%v&partSeq=%v", school, rd["enterYear"], rd["recruitPartSeq"]), nil)
		if r.Status != 200 || len(r.List) != want.items {
			t.Fatalf("%s: %d, %d items %s", school, r.Status, len(r.List), r.Raw)
		}
		for _, it := range r.List {
			vs := it.(map[string]any)["versions"].([]any)
			cur := vs[0].(map[string]any)
			if cur["version"] != want.version || !strings.Contains(cur["bodyKo"].(string), "거부할 권리") ||
				!strings.Contains(cur["bodyKo"].(string), "제출할 수 없습니다") || !strings.Contains(cur["bodyEn"].(string), "you may refuse") ||
				!strings.Contains(cur["bodyEn"].(string), "cannot be submitted") {
				t.Errorf("%s %v: %v", school, it.(map[string]any)["code"], cur)
			}
			if want.earlier == "" && len(vs) != 1 || want.earlier != "" && (len(vs) != 2 || vs[1].(map[string]any)["version"] != want.earlier) {
				t.Errorf("%s %v versions: %v", school, it.(map[string]any)["code"], vs)
			}
		}
	}
	if r := c.Do("GET", "/apply/api/recruit/consents?schoolCode=NOPE&enterYear=2026&partSeq=1", nil); r.Status != 404 {
		t.Fatalf("unknown round: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("GET", "/apply/api/recruit/consents?enterYear=2026&partSeq=1", nil); r.Status != 400 || !strings.Contains(r.Raw, "schoolCode") {
		t.Fatalf("no school: %d %s", r.Status, r.Raw)
	}
}

// School settings: the colour and logo the applicant site shows, the
// variants as data; refused values at their fields; audited.
func TestSchoolSettings(t *testing.T) {
	e := newApplyEnv(t)
	admin := e.as("schooladmin")
	r := admin.Do("GET", "/apply/api-auth/admin/schools/236", nil)
	if r.Status != 200 || r.Body["passportNone"] == nil {
		t.Fatalf("school: %d %s", r.Status, r.Raw)
	}
	body := r.Body
	body["color"], body["logoUrl"], body["contactEmail"] = "#123456", "https://elsewhere.example/logo.png", "nope"
	admin.Lang = "en"
	bad := admin.Do("PUT", "/apply/api-auth/admin/schools/236", body)
	if f := fields(bad); bad.Status != 400 || f["logoUrl"] != "The logo must be a path on this site (/...)." || f["contactEmail"] == nil {
		t.Fatalf("refused settings: %d %s", bad.Status, bad.Raw)
	}
	body["logoUrl"], body["contactEmail"] = "/favicon.svg", "admission@ewha.example"
	body["refusedNationalities"] = []string{"410"}
	body["passportNone"] = "0000"
	if ok := admin.Do("PUT", "/apply/api-auth/admin/schools/236", body); ok.Status != 200 || ok.Body["passportNone"] != "0000" {
		t.Fatalf("save: %d %s", ok.Status, ok.Raw)
	}
	list := apptest.NewClient(t, e.srv).Do("GET", "/apply/api/standard/schl", nil)
	if !strings.Contains(list.Raw, `"logoUrl":"/favicon.svg"`) || !strings.Contains(list.Raw, `"color":"#123456"`) {
		t.Fatalf("the applicant site's school list: %s", list.Raw)
	}
	// The variant applies to applications: Korean nationality is refused now.
	pr := e.recruit(apptest.NewClient(t, e.srv), "236")
	if rules := pr["rules"].(map[string]any); fmt.Sprint(rules["refusedNationalities"]) != "[410]" || rules["passportNone"] != "0000" {
		t.Fatalf("round rules after the school change: %v", rules)
	}
	if n := e.auditCount("schooladmin", "school.update", "school:236"); n != 1 {
		t.Fatalf("audit rows: %d", n)
	}
	if o := e.as("setadmin").Do("PUT", "/apply/api-auth/admin/schools/236", body); o.Status != 404 {
		t.Fatalf("another school's admin: %d", o.Status)
	}
}

// A round's own step list (issue 12 item 1): set in the round form,
// refused at the field when it drops a mandatory step, given to applicants
// as the round's steps, used by submit's completeness check, and frozen
// once the round has applications.
func TestRoundStepList(t *testing.T) {
	e := newApplyEnv(t)
	ctx := context.Background()
	admin := e.as("schooladmin")
	admin.Lang = "en"
	body := newRoundBody(e.year, 13)
	body["documents"] = body["documents"].([]any)[1:] // only the optional portfolio
	body["steps"] = []string{"FILE_SAVE", "BASIS_SAVE", "LANG_SAVE"}
	r := admin.Do("POST", roundsAPI, body)
	if r.Status != 400 || !strings.Contains(fmt.Sprint(fields(r)["steps"]), "cannot be dropped (ACAD_SAVE)") {
		t.Fatalf("a list without the academic history: %d %s", r.Status, r.Raw)
	}
	body["steps"] = []string{"FILE_SAVE", "BASIS_SAVE", "LANG_SAVE", "ACAD_SAVE"} // any order; no career, additional info or survey
	must(t, admin.Do("POST", roundsAPI, body), 201, "create")
	id := fmt.Sprintf("236-%d-13", e.year)
	if got := must(t, admin.Do("GET", roundsAPI+"/"+id, nil), 200, "get").Body["steps"]; fmt.Sprint(got) != "[BASIS_SAVE ACAD_SAVE LANG_SAVE FILE_SAVE]" {
		t.Fatalf("stored steps %v", got)
	}
	e.exec("UPDATE recruit_window SET starts_at = now() - interval '1 hour' WHERE school_code = '236' AND recruit_part_seq = 13")
	e.a.Reference.Flush()

	c := e.as("applicant1")
	pr := must(t, c.Do("GET", fmt.Sprintf("/apply/api/recruit?schoolCode=236&enterYear=%d&partSeq=13", e.year), nil), 200, "round")
	if fmt.Sprint(pr.Body["steps"]) != "[APPL_PART_SAVE BASIS_SAVE ACAD_SAVE LANG_SAVE FILE_SAVE]" {
		t.Fatalf("the applicant's step list: %v", pr.Body["steps"])
	}
	part := e.partBody("236", "IS01", true, pr.Body)
	part["applPartRequestList"].([]any)[0].(map[string]any)["recruitPartSeq"] = 13
	n := int64(must(t, c.Do("POST", "/apply/api-auth/appl/part", part), 201, "apply").Body["applNo"].(float64))
	// The documents are the round's last step: saved, the application may be submitted.
	e.setStatus(n, "LANG_SAVE")
	r = must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/submit/%d", n), map[string]any{"consents": consents(pr.Body)}), 409, "early submit")
	if r.Body["code"] != "application.steps_incomplete" {
		t.Fatalf("early submit: %s", r.Raw)
	}
	e.setStatus(n, "FILE_SAVE")
	if r := must(t, c.Do("POST", fmt.Sprintf("/apply/api-auth/appl/submit/%d", n), map[string]any{"consents": consents(pr.Body)}), 200, "submit"); r.Body["status"] != "SUBMIT" {
		t.Fatalf("submit: %s", r.Raw)
	}
	// With an application in the round, the list no longer changes.
	body["steps"] = []string{"BASIS_SAVE", "ACAD_SAVE", "LANG_SAVE", "FILE_SAVE", "SURVEY"}
	r = must(t, admin.Do("PUT", roundsAPI+"/"+id, body), 400, "change with applications")
	if !strings.Contains(fmt.Sprint(fields(r)["steps"]), "cannot change once the round has applications") {
		t.Fatalf("change with applications: %s", r.Raw)
	}
	var stored []string
	if err := e.a.DB.Pool.QueryRow(ctx, "SELECT steps FROM recruit_part WHERE school_code = '236' AND recruit_part_seq = 13").Scan(&stored); err != nil || len(stored) != 4 {
		t.Fatalf("stored %v %v", stored, err)
	}
}
