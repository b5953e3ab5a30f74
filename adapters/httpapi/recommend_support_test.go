package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/jobs"
)

// Support cancels a request the recommender has opened (issue 11, "via
// support"): the applicant cannot, a school admin cannot, a reason is
// required at its field; then the key link says the request does not
// exist, the applicant and the recommender are mailed the reason, and the
// audit log holds who, which request, the status it ended and why.
func TestSupportCancelsOpenedRequest(t *testing.T) {
	e := newApplyEnv(t)
	ctx := context.Background()
	c := e.as("applicant1")
	n := e.create(c, "236", "DC01", true)
	base := fmt.Sprintf("/apply/api-auth/appl/recommend/%d", n)
	r := must(t, c.Do("POST", base, recommendRequest("lee@example.com", "en")), 201, "request")
	no := int64(r.Body["reqNo"].(float64))
	key := keyFor(t, e.a, "lee@example.com")
	rc := apptest.NewClient(t, e.srv)
	must(t, rc.Do("GET", "/apply/api/recommend/"+key+"/form", nil), 200, "open")
	must(t, c.Do("DELETE", fmt.Sprintf("%s/%d", base, no), nil), 403, "the applicant cancels after opening")

	path := fmt.Sprintf("/apply/api-auth/admin/recommend/cancel/%d", no)
	must(t, e.as("schooladmin").Do("POST", path, map[string]any{"reason": "x"}), 403, "a school admin cancels")
	sys := e.as("sysadmin")
	sys.Lang = "en"
	r = must(t, sys.Do("POST", path, map[string]any{"reason": " "}), 400, "no reason")
	if f := fields(r); f["reason"] == nil || !strings.Contains(fmt.Sprint(f["reason"]), "required") {
		t.Fatalf("reason field: %s", r.Raw)
	}
	must(t, sys.Do("POST", path, map[string]any{"reason": "The applicant asked for another recommender."}), 200, "cancel")
	rc.Lang = "en"
	if r := rc.Do("GET", "/apply/api/recommend/"+key, nil); r.Status != 404 || r.Body["code"] != "recommend.no_request" {
		t.Fatalf("the link after the cancel: %d %s", r.Status, r.Raw)
	}
	must(t, sys.Do("POST", path, map[string]any{"reason": "again"}), 404, "second cancel")
	if list := must(t, c.Do("GET", base, nil), 200, "list").Body["list"].([]any); len(list) != 0 {
		t.Fatalf("the applicant still lists the cancelled request: %v", list)
	}
	to := e.column("SELECT payload->>'to' FROM outbox WHERE payload->>'kind' = 'recommend_cancelled' ORDER BY id")
	if len(to) != 2 || to[1] != "lee@example.com" || to[0] == "" || to[0] == "lee@example.com" {
		t.Fatalf("cancel mails to %v, want the applicant then the recommender", to)
	}
	var detail string
	if err := e.a.DB.Pool.QueryRow(ctx, "SELECT detail::text FROM audit_log WHERE actor = 'sysadmin' AND action = 'recommend.cancel' AND target = $1",
		fmt.Sprintf("recommendation:%d", no)).Scan(&detail); err != nil || !strings.Contains(detail, "00020") || !strings.Contains(detail, "another recommender") {
		t.Fatalf("audit %q: %v", detail, err)
	}
}

// The reminder is a periodic task of the worker's scheduler: run twice on
// one day it reminds each unfinished request once (a cancelled one never),
// and both runs are in the audit log.
func TestReminderIsAPeriodicTask(t *testing.T) {
	e := newApplyEnv(t)
	ctx := context.Background()
	c := e.as("applicant1")
	n := e.create(c, "236", "DC01", true)
	base := fmt.Sprintf("/apply/api-auth/appl/recommend/%d", n)
	must(t, c.Do("POST", base, recommendRequest("park@example.com", "ko")), 201, "request")
	r := must(t, c.Do("POST", base, recommendRequest("choi@example.com", "ko")), 201, "request")
	must(t, c.Do("DELETE", fmt.Sprintf("%s/%v", base, r.Body["reqNo"]), nil), 204, "cancel")
	// The letters are due tomorrow.
	e.exec("UPDATE recruit_window SET starts_at = now() - interval '10 days', ends_at = now() + interval '1 day' WHERE school_code = '236' AND window_type = 'RECOMMEND'")
	e.a.Reference.Flush()
	e.a.Config.RecommendRemindDays = 3 // RECOMMEND_REMIND_DAYS' default

	periodic, err := e.a.Periodic()
	if err != nil {
		t.Fatal(err)
	}
	var cron string
	for _, p := range periodic {
		if p.Type == jobs.TypeRecommendRemind {
			cron = p.Cron
		}
	}
	if cron == "" {
		t.Fatalf("no %s in the periodic jobs", jobs.TypeRecommendRemind)
	}
	mux := asynq.NewServeMux()
	jobs.HandlePeriodic(mux, periodic, nil)
	count := func(to string) int {
		var k int
		if err := e.a.DB.Pool.QueryRow(ctx, "SELECT count(*) FROM outbox WHERE payload->>'kind' = 'recommend_request' AND payload->>'to' = $1", to).Scan(&k); err != nil {
			t.Fatal(err)
		}
		return k
	}
	for range 2 {
		if err := mux.ProcessTask(ctx, asynq.NewTask(jobs.TypeRecommendRemind, nil)); err != nil {
			t.Fatal(err)
		}
	}
	if p, ch := count("park@example.com"), count("choi@example.com"); p != 2 || ch != 1 {
		t.Fatalf("request mails: park %d (want the request and one reminder), choi %d (cancelled: the request only)", p, ch)
	}
	runs := e.column("SELECT detail::text FROM audit_log WHERE action = 'job.recommend_remind' ORDER BY id")
	if len(runs) != 2 || !strings.Contains(runs[0], `"reminded": 1`) || !strings.Contains(runs[1], `"reminded": 0`) {
		t.Fatalf("audited runs: %v", runs)
	}
}

// column answers the first column of a query's rows, as text.
func (e *applyEnv) column(q string) []string {
	e.t.Helper()
	rows, err := e.a.DB.Pool.Query(context.Background(), q)
	if err != nil {
		e.t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		e.t.Fatal(err)
	}
	return out
}
