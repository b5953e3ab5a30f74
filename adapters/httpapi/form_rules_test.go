package httpapi_test

import (
	"math/rand/v2"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/school"
)

// The password rule the SPA gets (GET /apply/api/form-rules) refuses what
// core refuses and accepts what core accepts: the sign-up, change and reset
// forms check it, and keep no copy of their own.
func TestFormRulesPassword(t *testing.T) {
	e := newApplyEnv(t)
	r := must(t, apptest.NewClient(t, e.srv).Do("GET", "/apply/api/form-rules", nil), 200, "form rules")
	rule, ok := r.Body["password"].(map[string]any)
	if !ok {
		t.Fatalf("no password rule: %s", r.Raw)
	}
	minLen, _ := rule["minLength"].(float64)
	maxLen, _ := rule["maxLength"].(float64)
	pattern, _ := rule["pattern"].(string)
	required, _ := rule["required"].([]any)
	if minLen < 1 || maxLen < minLen || pattern == "" || len(required) == 0 {
		t.Fatalf("password rule: %s", r.Raw)
	}
	whole := regexp.MustCompile(pattern)
	var classes []*regexp.Regexp
	for _, c := range required {
		classes = append(classes, regexp.MustCompile(c.(string)))
	}
	// what the SPA does with it (src/lib/form-rules.ts)
	served := func(pw string) bool {
		n := utf8.RuneCountInString(pw)
		if n < int(minLen) || n > int(maxLen) || !whole.MatchString(pw) {
			return false
		}
		for _, c := range classes {
			if !c.MatchString(pw) {
				return false
			}
		}
		return true
	}
	check := func(pw string) {
		t.Helper()
		if core, got := account.ValidatePassword(pw) == "", served(pw); core != got {
			t.Errorf("%q: core accepts %v, the served rule %v", pw, core, got)
		}
	}
	for _, pw := range []string{
		"", "Passw0rd", "Pass w0rd", "Passw0rd\t", "Pässw0rd", "비밀번호Ab1", "Passw0rd!~", "Pa1!@#$%", "Pa1", "passw0rd", "PASSW0RD",
		"Password", "Abcdefgh1234567", "Abcdefgh12345678", "Abcdefgh123456789", "Ab1\x7f5678", "Ab1\x005678", "Ab1😀5678", "Ab1\"'`\\{}|~",
	} {
		check(pw)
	}
	// and on many generated ones: mostly characters the rule allows, now and
	// then one it refuses, so that both answers come often
	allowed := []rune("aqzAQZ059!~_{}")
	refused := []rune(" \t\x7f\u00e9\u3131가😀")
	rng := rand.New(rand.NewPCG(19, 7))
	for range 5000 {
		pw := make([]rune, rng.IntN(20))
		for i := range pw {
			if rng.IntN(40) == 0 {
				pw[i] = refused[rng.IntN(len(refused))]
			} else {
				pw[i] = allowed[rng.IntN(len(allowed))]
			}
		}
		check(string(pw))
	}
}

// Issue 21: the video essay field says a streaming link is refused as it is
// typed, from the hosts the server refuses (GET /apply/api/form-rules), not
// from a copy: a link under each served host is one core refuses as
// streaming.
func TestFormRulesStreamingHosts(t *testing.T) {
	e := newApplyEnv(t)
	r := must(t, apptest.NewClient(t, e.srv).Do("GET", "/apply/api/form-rules", nil), 200, "form rules")
	video, _ := r.Body["videoEssay"].(map[string]any)
	hosts, _ := video["streamingHosts"].([]any)
	if len(hosts) == 0 {
		t.Fatalf("no streaming hosts: %s", r.Raw)
	}
	rule := school.DefaultVideoEssay()
	served := map[string]bool{}
	for _, h := range hosts {
		host := h.(string)
		served[host] = true
		for _, link := range []string{"https://" + host + "/watch?v=1", "https://m." + host + "/v/1.mp4"} {
			if code := rule.Check(link); code != school.CodeVideoStreaming {
				t.Errorf("%s: core answers %q, not streaming", link, code)
			}
		}
	}
	// every host core refuses is served
	for _, link := range []string{"https://youtu.be/x", "https://www.youtube.com/watch?v=x", "https://tv.naver.com/v/1", "https://chzzk.naver.com/live/1"} {
		u, _ := url.Parse(link)
		host := strings.TrimPrefix(u.Hostname(), "www.")
		if rule.Check(link) == school.CodeVideoStreaming && !served[host] {
			t.Errorf("%s: core refuses it, the served list lacks %s", link, host)
		}
	}
	if n := len(rule.StreamingHosts); n != len(hosts) {
		t.Errorf("served %d hosts, core has %d", len(hosts), n)
	}
}
