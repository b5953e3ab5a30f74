package httpapi_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// After an applicant pays through the test gateway, the metrics (served by
// their own handler, never the public port) show the payment, the
// submission, the requests by route pattern, the pool, the outbox and the
// queue; the public port answers 404 for /metrics.
func TestMetricsAfterAPayment(t *testing.T) {
	e := newPayEnv(t)
	c := e.as("applicant1")
	n := e.fillAndSubmit(c)
	e.payByCard(c, n)

	rec := httptest.NewRecorder()
	e.a.Metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body := rec.Body.String()
	for _, want := range []string{
		`gradapply_payments_total{provider="testpg",result="PAID"} 1`,
		`gradapply_submissions_total 1`,
		`gradapply_http_requests_total{method="POST",route="/apply/api-auth/appl/submit/:applNo",status="200"} 1`,
		`gradapply_http_request_duration_seconds_count{method="POST",route="/apply/api-auth/appl/pay/start/:applNo"}`,
		`gradapply_db_pool_max_connections`,
		`gradapply_outbox_waiting`,
		`gradapply_outbox_oldest_seconds`,
		`gradapply_letters_submitted_total 0`,
		`gradapply_queue_tasks{queue=`,
		`gradapply_metrics_read_errors{source="database"} 0`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(body, "/appl/submit/"+strconv.FormatInt(n, 10)) {
		t.Error("a series is labelled with a path holding an id instead of the route pattern")
	}
	res, err := http.Get(e.srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if res.StatusCode != 404 || strings.Contains(string(b), "gradapply_") {
		t.Fatalf("public /metrics: %d %.200s", res.StatusCode, b)
	}
	// Liveness and readiness apart.
	for _, p := range []string{"/actuator/health/liveness", "/actuator/health/readiness"} {
		if r := c.Do("GET", p, nil); r.Status != 200 || r.Body["status"] != "UP" {
			t.Errorf("%s: %d %s", p, r.Status, r.Raw)
		}
	}
}
