package jobs_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/mailer"
)

type fakeSender struct {
	mu   sync.Mutex
	sent []mailer.Message
	err  error
}

func (f *fakeSender) Send(_ context.Context, m mailer.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	f.sent = append(f.sent, m)
	return nil
}

func mailTask(t *testing.T, p jobs.MailPayload) *asynq.Task {
	t.Helper()
	task, err := jobs.NewMailTask(p)
	if err != nil {
		t.Fatal(err)
	}
	return task
}

func TestMailHandlerRendersAndSends(t *testing.T) {
	t.Parallel()
	s := &fakeSender{}
	mux := jobs.NewServeMux(s, quiet)
	task := mailTask(t, jobs.MailPayload{Kind: mailer.KindSignupCode, Locale: "en", To: "kim@example.com", Data: signupCode("007007")})
	if err := mux.ProcessTask(context.Background(), task); err != nil {
		t.Fatal(err)
	}
	if len(s.sent) != 1 {
		t.Fatalf("sent %d", len(s.sent))
	}
	m := s.sent[0]
	if m.To != "kim@example.com" || m.Locale != "en" || m.Subject != "[GradApply] Your e-mail confirmation code" {
		t.Fatalf("message %+v", m)
	}
	// The code keeps its leading zeros and the minutes print as written.
	if !strings.Contains(m.Text, "Confirmation code: 007007") || !strings.Contains(m.Text, "valid for 10 minutes") {
		t.Fatalf("text:\n%s", m.Text)
	}
}

func TestMailHandlerPermanentFailuresSkipRetry(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		payload string
		err     error
	}{
		"not json":        {payload: "{", err: nil},
		"unknown kind":    {payload: `{"kind":"spam","locale":"ko","to":"a@example.com","data":{}}`},
		"bad recipient":   {payload: `{"kind":"signup_code","locale":"ko","to":"nobody","data":{"code":"1","validMinutes":10}}`},
		"missing data":    {payload: `{"kind":"signup_code","locale":"ko","to":"a@example.com","data":{"code":"1"}}`},
		"no data at all":  {payload: `{"kind":"signup_code","locale":"ko","to":"a@example.com"}`},
		"refused by SMTP": {payload: `{"kind":"signup_code","locale":"ko","to":"a@example.com","data":{"code":"1","validMinutes":10}}`, err: mailer.ErrPermanent},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := &fakeSender{err: tc.err}
			err := jobs.NewServeMux(s, quiet).ProcessTask(context.Background(), asynq.NewTask(jobs.TypeMailSend, []byte(tc.payload)))
			if !errors.Is(err, asynq.SkipRetry) {
				t.Fatalf("err = %v, want SkipRetry", err)
			}
		})
	}
}

func TestMailHandlerRetriesTemporaryFailures(t *testing.T) {
	t.Parallel()
	s := &fakeSender{err: errors.New("dial tcp: connection refused")}
	task := mailTask(t, jobs.MailPayload{Kind: mailer.KindSignupCode, Locale: "ko", To: "a@example.com", Data: signupCode("123456")})
	err := jobs.NewServeMux(s, quiet).ProcessTask(context.Background(), task)
	if err == nil || errors.Is(err, asynq.SkipRetry) {
		t.Fatalf("err = %v, want a retryable error", err)
	}
}

// Queue refuses a mail that could never be sent, so the mistake surfaces in
// the request (and its tests), not in an archived job.
func TestOutboxMailerRejectsInvalidMail(t *testing.T) {
	t.Parallel()
	w := &recordingOutbox{}
	m := jobs.OutboxMailer{DB: w}
	ctx := context.Background()
	for name, call := range map[string]func() error{
		"unknown kind": func() error { return m.Queue(ctx, "signup", "ko", "a@example.com", signupCode("1")) },
		"bad address":  func() error { return m.Queue(ctx, "signup_code", "ko", "a@", signupCode("1")) },
		"missing key": func() error {
			return m.Queue(ctx, "password_reset", "ko", "a@example.com", map[string]any{"link": "x"})
		},
		"no applications": func() error {
			return m.Queue(ctx, "exam_number", "ko", "a@example.com", map[string]any{})
		},
		"empty applications": func() error {
			return m.Queue(ctx, "exam_number", "ko", "a@example.com", map[string]any{"applications": []any{}})
		},
	} {
		if err := call(); !errors.Is(err, jobs.ErrInvalidPayload) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if len(w.rows) != 0 {
		t.Fatalf("wrote %d rows", len(w.rows))
	}
	if err := m.Queue(ctx, "exam_number", "en", "a@example.com", map[string]any{"applications": []map[string]any{
		{"school": "S", "round": "R", "examNumber": "N-1"},
	}}); err != nil {
		t.Fatal(err)
	}
	if len(w.rows) != 1 || w.rows[0] != jobs.TypeMailSend {
		t.Fatalf("rows %v", w.rows)
	}
}

type recordingOutbox struct{ rows []string }

func (r *recordingOutbox) Enqueue(_ context.Context, taskType string, _ any) error {
	r.rows = append(r.rows, taskType)
	return nil
}
