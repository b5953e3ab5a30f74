package jobs_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/core/mailmsg"
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

func mailTask(t *testing.T, m jobs.Mail) *asynq.Task {
	t.Helper()
	task, err := codec.NewMailTask(m)
	if err != nil {
		t.Fatal(err)
	}
	return task
}

func TestMailHandlerRendersAndSends(t *testing.T) {
	t.Parallel()
	s := &fakeSender{}
	mux := jobs.NewServeMux(s, codec, quiet)
	task := mailTask(t, jobs.Mail{Locale: "en", To: "kim@example.com", Message: signupCode("007007")})
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
	// The code keeps its leading zeros and the minutes print as written; the
	// HTML alternative carries it too.
	if !strings.Contains(m.Text, "Confirmation code: 007007") || !strings.Contains(m.Text, "valid for 10 minutes") ||
		!strings.Contains(m.HTML, "007007") {
		t.Fatalf("text:\n%s\nhtml:\n%s", m.Text, m.HTML)
	}
}

func TestMailHandlerPermanentFailuresSkipRetry(t *testing.T) {
	t.Parallel()
	valid := func(to string) []byte {
		b, err := codec.Encode(jobs.Mail{Locale: "ko", To: to, Message: signupCode("123456")})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// The sealed code of a mail to a@ pasted into a mail to b@ does not open.
	moved := strings.Replace(string(valid("a@example.com")), "a@example.com", "b@example.com", 1)
	otherKey, err := jobs.NewMailCodec(bytes.Repeat([]byte{8}, 32))
	if err != nil {
		t.Fatal(err)
	}
	foreign, err := otherKey.Encode(jobs.Mail{Locale: "ko", To: "a@example.com", Message: signupCode("123456")})
	if err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		payload string
		err     error
	}{
		"not json":        {payload: "{", err: nil},
		"unknown kind":    {payload: `{"kind":"spam","locale":"ko","to":"a@example.com","data":{}}`},
		"bad recipient":   {payload: `{"kind":"application_complete","locale":"ko","to":"nobody","data":{"school":"s","round":"r","examNumber":"1"}}`},
		"missing field":   {payload: `{"kind":"application_complete","locale":"ko","to":"a@example.com","data":{"school":"s","round":"r"}}`},
		"no data at all":  {payload: `{"kind":"application_complete","locale":"ko","to":"a@example.com"}`},
		"code not sealed": {payload: `{"kind":"signup_code","locale":"ko","to":"a@example.com","data":{"code":"123456","validMinutes":10}}`},
		"code moved":      {payload: moved},
		"another key":     {payload: string(foreign)},
		"refused by SMTP": {payload: string(valid("a@example.com")), err: mailer.ErrPermanent},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := &fakeSender{err: tc.err}
			err := jobs.NewServeMux(s, codec, quiet).ProcessTask(context.Background(), asynq.NewTask(jobs.TypeMailSend, []byte(tc.payload)))
			if !errors.Is(err, asynq.SkipRetry) {
				t.Fatalf("err = %v, want SkipRetry", err)
			}
			if len(s.sent) != 0 {
				t.Fatalf("sent %+v", s.sent)
			}
		})
	}
}

// A mail with a field this build does not know was written by a newer
// build during a rolling deploy: it is retried (for a worker of that build),
// neither dropped nor sent without the field.
func TestMailHandlerRetriesMailFromNewerBuild(t *testing.T) {
	t.Parallel()
	s := &fakeSender{}
	payload := `{"kind":"application_complete","locale":"ko","to":"a@example.com","data":{"school":"s","round":"r","examNumber":"1","fee":"50000"}}`
	err := jobs.NewServeMux(s, codec, quiet).ProcessTask(context.Background(), asynq.NewTask(jobs.TypeMailSend, []byte(payload)))
	if err == nil || errors.Is(err, asynq.SkipRetry) || !errors.Is(err, jobs.ErrNewerPayload) {
		t.Fatalf("err = %v, want a retryable ErrNewerPayload", err)
	}
	if len(s.sent) != 0 {
		t.Fatalf("sent %+v", s.sent)
	}
}

func TestMailHandlerRetriesTemporaryFailures(t *testing.T) {
	t.Parallel()
	s := &fakeSender{err: errors.New("dial tcp: connection refused")}
	task := mailTask(t, jobs.Mail{Locale: "ko", To: "a@example.com", Message: signupCode("123456")})
	err := jobs.NewServeMux(s, codec, quiet).ProcessTask(context.Background(), task)
	if err == nil || errors.Is(err, asynq.SkipRetry) {
		t.Fatalf("err = %v, want a retryable error", err)
	}
}

// Queue refuses a mail that could never be sent, so the mistake surfaces in
// the request (and its tests), not in an archived job.
func TestOutboxMailerRejectsInvalidMail(t *testing.T) {
	t.Parallel()
	w := &recordingOutbox{}
	m := jobs.OutboxMailer{DB: w, Codec: codec}
	ctx := context.Background()
	for name, call := range map[string]func() error{
		"unknown kind":       func() error { return m.Queue(ctx, "ko", "a@example.com", unregistered{}) },
		"no message":         func() error { return m.Queue(ctx, "ko", "a@example.com", nil) },
		"bad address":        func() error { return m.Queue(ctx, "ko", "a@", signupCode("1")) },
		"empty code":         func() error { return m.Queue(ctx, "ko", "a@example.com", signupCode("")) },
		"missing link":       func() error { return m.Queue(ctx, "ko", "a@example.com", mailmsg.PasswordReset{UserID: "u"}) },
		"empty applications": func() error { return m.Queue(ctx, "ko", "a@example.com", mailmsg.ExamNumbers{}) },
		// Without a key a secret would be stored in plain text: refused.
		"secret without a key": func() error {
			return jobs.OutboxMailer{DB: w}.Queue(ctx, "ko", "a@example.com", signupCode("123456"))
		},
	} {
		if err := call(); !errors.Is(err, jobs.ErrInvalidPayload) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if len(w.rows) != 0 {
		t.Fatalf("wrote %d rows", len(w.rows))
	}
	// A mail without secrets needs no key.
	err := jobs.OutboxMailer{DB: w}.Queue(ctx, "en", "a@example.com", mailmsg.ExamNumbers{Applications: []mailmsg.ExamNumber{
		{School: "S", Round: "R", ExamNumber: "N-1"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(w.rows) != 1 || w.rows[0] != jobs.TypeMailSend {
		t.Fatalf("rows %v", w.rows)
	}
}

// Encode and Decode give back the message as it was, secrets open, and
// leave the caller's message untouched.
func TestMailCodecRoundTrip(t *testing.T) {
	t.Parallel()
	for _, in := range []jobs.Mail{
		{Locale: "ko", To: "신청자 <applicant@example.com>", Message: signupCode("000123")},
		{Locale: "en", To: "a@example.com", Message: mailmsg.PasswordReset{UserID: "hong123", Link: "https://apply.example/reset?key=abc", ValidMinutes: 30}},
		{Locale: "en", To: "a@example.com", Message: &mailmsg.ExamNumbers{Applications: []mailmsg.ExamNumber{{School: "S", Round: "R", ExamNumber: "N-1"}, {School: "T", Round: "Q", ExamNumber: "N-2"}}}},
	} {
		before := fmt.Sprintf("%+v", in.Message)
		b, err := codec.Encode(in)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprintf("%+v", in.Message) != before {
			t.Fatalf("Encode changed the caller's message: %+v", in.Message)
		}
		out, err := codec.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		want := reflect.ValueOf(in.Message)
		for want.Kind() == reflect.Pointer {
			want = want.Elem()
		}
		if out.Locale != in.Locale || out.To != in.To || !reflect.DeepEqual(reflect.ValueOf(out.Message).Elem().Interface(), want.Interface()) {
			t.Fatalf("round trip: %+v -> %s -> %+v", in, b, out)
		}
	}
}

type unregistered struct{}

func (unregistered) Kind() string { return "unregistered" }

type recordingOutbox struct{ rows []string }

func (r *recordingOutbox) Enqueue(_ context.Context, taskType string, _ any) error {
	r.rows = append(r.rows, taskType)
	return nil
}

// Mails queued by a server from before core dropped its JSON tags carry
// camelCase keys; a worker of this build still reads them whole.
func TestCodecReadsPayloadsWrittenWithCamelCaseKeys(t *testing.T) {
	old := []byte(`{"kind":"exam_number","locale":"ko","to":"a@example.com","data":{"applications":[{"school":"S","round":"R","examNumber":"N-1"}]}}`)
	out, err := codec.Decode(old)
	if err != nil {
		t.Fatal(err)
	}
	got, ok := out.Message.(*mailmsg.ExamNumbers)
	if !ok || len(got.Applications) != 1 || got.Applications[0] != (mailmsg.ExamNumber{School: "S", Round: "R", ExamNumber: "N-1"}) {
		t.Fatalf("decoded %#v", out.Message)
	}
}

// A mail handed to the SMTP server is counted by kind; one it refuses is not.
func TestMailHandlerCountsSentMail(t *testing.T) {
	t.Parallel()
	var counted []string
	ok := &jobs.MailHandler{Sender: &fakeSender{}, Codec: codec, Logger: quiet, Sent: func(kind string) { counted = append(counted, kind) }}
	if err := ok.ProcessTask(context.Background(), mailTask(t, jobs.Mail{Locale: "ko", To: "kim@example.com", Message: signupCode("123456")})); err != nil {
		t.Fatal(err)
	}
	if len(counted) != 1 || counted[0] != "signup_code" {
		t.Fatalf("counted %v", counted)
	}
}

// The worker tells what the mail server did with each attempt (the
// member's mail list shows it), and the outbox row is read from the task id.
func TestMailHandlerOutcome(t *testing.T) {
	t.Parallel()
	var got []error
	outcome := func(_ context.Context, _ string, err error) error { got = append(got, err); return nil }
	s := &fakeSender{}
	mux := jobs.NewServeMuxWith(&jobs.MailHandler{Sender: s, Codec: codec, Logger: quiet, Outcome: outcome})
	task := mailTask(t, jobs.Mail{Locale: "ko", To: "kim@example.com", Message: mailmsg.EmailCorrected{UserID: "kim", LoginURL: "https://x/login"}})
	if err := mux.ProcessTask(context.Background(), task); err != nil {
		t.Fatal(err)
	}
	s.err = errors.New("421 try later")
	if err := mux.ProcessTask(context.Background(), task); err == nil {
		t.Fatal("a refused send succeeded")
	}
	if len(got) != 2 || got[0] != nil || got[1] == nil {
		t.Fatalf("outcomes %v, want delivered then failed", got)
	}
	for in, want := range map[string]int64{"outbox-42-1764115200": 42, "outbox-7": 7, "pay-42": 0, "outbox-x-1": 0, "": 0} {
		if id, ok := jobs.OutboxID(in); id != want || ok != (want > 0) {
			t.Errorf("OutboxID(%q) = %d, %v", in, id, ok)
		}
	}
}
