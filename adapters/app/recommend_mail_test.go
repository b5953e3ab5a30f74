package app_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/mailer/smtptest"
)

// Request mails go out through the real worker and an SMTP server: in the
// recommender's language, with a plain-text part and the applicant's name
// in the subject; a recipient the server refuses shows as refused on the
// applicant's list, one it takes as sent.
func TestRecommendRequestMailOverSMTP(t *testing.T) {
	t.Parallel()
	srv := smtptest.New(t, smtptest.Options{RejectRcpt: func(a string) bool { return strings.HasPrefix(a, "nobody@") }})
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	a := apptest.New(t, func(c *config.Config) {
		c.DemoData = true
		c.MailTransport, c.SMTPHost, c.SMTPPort, c.SMTPTLS = "smtp", srv.Host, srv.Port, "none"
		c.MailFrom = "GradApply <no-reply@gradapply.example>"
		c.JobQueue = "test-" + hex.EncodeToString(b)
	})
	ctx, cancel := context.WithCancel(context.Background())
	j, err := a.StartJobs(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); j.Stop() })
	hs := apptest.Serve(t, a)
	c := apptest.NewClient(t, hs)
	if r := c.Do("POST", "/user/api/login", map[string]any{"userId": "applicant1", "password": "GradApply2026"}); r.Status != 200 {
		t.Fatalf("login: %d %s", r.Status, r.Raw)
	}
	r := c.Do("GET", "/apply/api/recruit/list?schoolCode=236", nil)
	year := r.List[0].(map[string]any)["enterYear"]
	round := c.Do("GET", fmt.Sprintf("/apply/api/recruit?schoolCode=236&partSeq=1&enterYear=%v", year), nil).Body
	cons := map[string]string{}
	for _, it := range round["consents"].([]any) {
		m := it.(map[string]any)
		cons[m["code"].(string)] = m["version"].(string)
	}
	part := map[string]any{"applPartRequestList": []any{map[string]any{"schoolCode": "236", "enterYear": year, "recruitPartSeq": 1,
		"majorCode": "DC01", "isMaster": true, "isGeneralType": true, "stayTypeCode": "00001",
		"categoryCode": round["categories"].([]any)[0].(map[string]any)["code"]}}, "consents": cons}
	if ps, _ := round["partSurvey"].([]any); len(ps) > 0 {
		part["surveyRequest"] = map[string]any{"answers": []any{map[string]any{"questionCode": "p1", "itemCode": "01", "inputType": "radio"}}}
	}
	r = c.Do("POST", "/apply/api-auth/appl/part", part)
	if r.Status != 201 {
		t.Fatalf("part: %d %s", r.Status, r.Raw)
	}
	base := fmt.Sprintf("/apply/api-auth/appl/recommend/%v", r.Body["applNo"])
	for _, to := range []struct{ email, locale string }{{"lee@example.com", "en"}, {"nobody@example.com", "ko"}} {
		if r := c.Do("POST", base, map[string]any{"profName": "Lee Jaewon", "email": to.email, "institution": "KU",
			"position": "Professor", "locale": to.locale}); r.Status != 201 {
			t.Fatalf("request: %d %s", r.Status, r.Raw)
		}
	}
	mail := srv.WaitFor(t, 1, 20*time.Second)[0]
	raw := string(mail.Raw)
	if mail.To[0] != "lee@example.com" || !strings.Contains(raw, "Recommendation request from") || !strings.Contains(raw, "text/plain") ||
		!strings.Contains(raw, "text/html") || !strings.Contains(raw, "/recommend/") {
		t.Fatalf("mail:\n%s", raw)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		list := c.Do("GET", base, nil).Body["list"].([]any)
		lee, nobody := list[0].(map[string]any), list[1].(map[string]any)
		if lee["mailSentAt"] != nil && nobody["mailRefusedAt"] != nil {
			if nobody["mailSentAt"] != nil || !strings.Contains(fmt.Sprint(nobody["mailError"]), "550") {
				t.Fatalf("refused: %v", nobody)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("mail results not recorded: %v", list)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
