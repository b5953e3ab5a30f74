package mailer_test

import (
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/mailer"
)

// sample holds valid data for every kind, as it arrives from JSON.
var sample = map[mailer.Kind]map[string]any{
	mailer.KindSignupCode:       {"code": "042917", "validMinutes": 10},
	mailer.KindSignupRegistered: {},
	mailer.KindExamNumber: {"applications": []any{
		map[string]any{"school": "국제대학원", "round": "2026 전기", "examNumber": "2026-1-IS-0007"},
		map[string]any{"school": "Graduate School of Business", "round": "2026 Fall", "examNumber": "2026-2-MBA-0113"},
	}},
	mailer.KindApplicationComplete: {"school": "행정대학원", "round": "2026 전기", "examNumber": "2026-1-PP-0042"},
	mailer.KindDormancyNotice:      {"userId": "hong123", "closeDate": "2026-09-30", "loginUrl": "https://apply.example/login"},
	mailer.KindPasswordReset:       {"userId": "hong123", "link": "https://apply.example/reset?key=abc", "validMinutes": 30},
}

// mustContain are the values a reader of each mail has to find in it.
var mustContain = map[mailer.Kind][]string{
	mailer.KindSignupCode:          {"042917", "10"},
	mailer.KindExamNumber:          {"국제대학원", "2026-1-IS-0007", "Graduate School of Business", "2026-2-MBA-0113"},
	mailer.KindApplicationComplete: {"행정대학원", "2026 전기", "2026-1-PP-0042"},
	mailer.KindDormancyNotice:      {"hong123", "2026-09-30", "https://apply.example/login"},
	mailer.KindPasswordReset:       {"hong123", "https://apply.example/reset?key=abc", "30"},
}

func TestRenderEveryKindAndLocale(t *testing.T) {
	t.Parallel()
	for _, kind := range mailer.Kinds() {
		subjects := map[string]string{}
		for _, loc := range mailer.Locales {
			t.Run(string(kind)+"."+loc, func(t *testing.T) {
				subject, text, err := mailer.Render(kind, loc, sample[kind])
				if err != nil {
					t.Fatal(err)
				}
				if subject == "" || strings.ContainsAny(subject, "\r\n") {
					t.Fatalf("bad subject %q", subject)
				}
				for _, want := range mustContain[kind] {
					if !strings.Contains(text, want) {
						t.Errorf("text lacks %q:\n%s", want, text)
					}
				}
				if strings.Contains(text, "<no value>") {
					t.Errorf("text has a gap:\n%s", text)
				}
				subjects[loc] = subject
			})
		}
		if subjects["ko"] == subjects["en"] {
			t.Errorf("%s: ko and en subjects are the same: %q", kind, subjects["ko"])
		}
	}
}

func TestRenderLocales(t *testing.T) {
	t.Parallel()
	koSubject, _, _ := mailer.Render(mailer.KindSignupCode, "ko", sample[mailer.KindSignupCode])
	enSubject, _, _ := mailer.Render(mailer.KindSignupCode, "en", sample[mailer.KindSignupCode])
	for _, tc := range []struct{ locale, want string }{
		{"ko", koSubject}, {"ko-KR", koSubject}, {"", koSubject}, {"fr", koSubject},
		{"en", enSubject}, {"en-US", enSubject}, {"EN_gb", enSubject},
	} {
		got, _, err := mailer.Render(mailer.KindSignupCode, tc.locale, sample[mailer.KindSignupCode])
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("locale %q: subject %q, want %q", tc.locale, got, tc.want)
		}
	}
	if !strings.Contains(koSubject, "인증") {
		t.Errorf("Korean subject %q is not Korean", koSubject)
	}
}

func TestRenderErrorsArePermanent(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		kind mailer.Kind
		data any
	}{
		"unknown kind":    {"nope", map[string]any{}},
		"missing key":     {mailer.KindSignupCode, map[string]any{"validMinutes": 10}},
		"nil data":        {mailer.KindApplicationComplete, nil},
		"no exam numbers": {mailer.KindExamNumber, map[string]any{"applications": []any{}}},
		"empty code":      {mailer.KindSignupCode, map[string]any{"code": "", "validMinutes": 10}},
	} {
		_, _, err := mailer.Render(tc.kind, "ko", tc.data)
		if err == nil || !mailer.IsPermanent(err) {
			t.Errorf("%s: err = %v, want a permanent error", name, err)
		}
	}
}

func TestSubjectStaysOneLine(t *testing.T) {
	t.Parallel()
	data := map[string]any{"school": "Evil\r\nBcc: victim@example.com", "round": "r", "examNumber": "1"}
	subject, _, err := mailer.Render(mailer.KindApplicationComplete, "en", data)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(subject, "\r\n") {
		t.Fatalf("subject %q spans lines", subject)
	}
}
