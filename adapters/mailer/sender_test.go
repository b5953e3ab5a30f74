package mailer_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/adapters/mailer/smtptest"
)

const from = "GradApply 원서접수 <no-reply@gradapply.example>"

func signupMessage(t *testing.T, to string) mailer.Message {
	t.Helper()
	m, err := mailer.Compose(sample["signup_code"], "ko", to)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestFileSenderWritesReadableEML(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "var", "mail")
	var logs bytes.Buffer
	s, err := mailer.NewFileSender(dir, from, slog.New(slog.NewJSONHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	first := signupMessage(t, "홍길동 <hong@example.com>")
	if err := s.Send(ctx, first); err != nil {
		t.Fatal(err)
	}
	second, err := mailer.Compose(sample["password_reset"], "en", "kim@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(ctx, second); err != nil {
		t.Fatal(err)
	}

	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 2 || !strings.HasSuffix(names[0], ".eml") || !strings.HasSuffix(names[1], ".eml") {
		t.Fatalf("files %v, want two .eml (no leftovers)", names)
	}
	// ReadDir sorts by name: the name order must be the sending order.
	raw, err := os.ReadFile(filepath.Join(dir, names[0]))
	if err != nil {
		t.Fatal(err)
	}
	d, err := smtptest.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	if d.Subject != first.Subject || !strings.Contains(d.Subject, "이메일 인증 코드") {
		t.Fatalf("decoded subject %q, want %q", d.Subject, first.Subject)
	}
	if !strings.Contains(d.Text, "인증 코드: 042917") {
		t.Fatalf("body lacks the code:\n%s", d.Text)
	}
	// A plain-text part first, then the HTML alternative.
	if !slices.Equal(d.Parts, []string{"text/plain", "text/html"}) || !strings.Contains(d.HTML, "042917") {
		t.Fatalf("parts %v, html:\n%s", d.Parts, d.HTML)
	}
	if got := d.Header.Get("To"); !strings.Contains(got, "hong@example.com") {
		t.Fatalf("To = %q", got)
	}
	if d.Header.Get("Content-Language") != "ko" || d.Header.Get("Message-Id") == "" || d.Header.Get("Date") == "" {
		t.Fatalf("headers: %v", d.Header)
	}
	fromAddr, err := d.Header.AddressList("From")
	if err != nil || len(fromAddr) != 1 || fromAddr[0].Name != "GradApply 원서접수" {
		t.Fatalf("From = %v (%v)", fromAddr, err)
	}
	raw2, _ := os.ReadFile(filepath.Join(dir, names[1]))
	if d2, _ := smtptest.Decode(raw2); d2.Subject != second.Subject {
		t.Fatalf("second file is %q, want the later mail %q", d2.Subject, second.Subject)
	}

	// The log names the file, for a developer; it never shows the code.
	out := logs.String()
	if !strings.Contains(out, filepath.Join(dir, names[0])) {
		t.Fatalf("log lacks the path:\n%s", out)
	}
	if strings.Contains(out, "042917") {
		t.Fatalf("log leaks the code:\n%s", out)
	}
}

func TestFileSenderRejectsBadRecipient(t *testing.T) {
	t.Parallel()
	s, err := mailer.NewFileSender(t.TempDir(), from, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), signupMessage(t, "not an address")); !mailer.IsPermanent(err) {
		t.Fatalf("err = %v, want permanent", err)
	}
}

func TestSMTPSenderDelivers(t *testing.T) {
	t.Parallel()
	srv := smtptest.New(t, smtptest.Options{})
	s, err := mailer.NewSMTPSender(mailer.SMTPConfig{Host: srv.Host, Port: srv.Port, From: from, TLS: mailer.TLSNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	msg := signupMessage(t, "hong@example.com")
	if err := s.Send(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	got := srv.WaitFor(t, 1, 5*time.Second)[0]
	if !slices.Equal(got.To, []string{"hong@example.com"}) || got.From != "no-reply@gradapply.example" {
		t.Fatalf("envelope from %q to %v", got.From, got.To)
	}
	d, err := smtptest.Decode(got.Raw)
	if err != nil {
		t.Fatal(err)
	}
	if d.Subject != "[GradApply] 이메일 인증 코드" {
		t.Fatalf("subject %q", d.Subject)
	}
	if !strings.Contains(d.Text, "042917") || !strings.Contains(d.HTML, "042917") {
		t.Fatalf("body lacks the code:\n%s\n%s", d.Text, d.HTML)
	}
}

func TestSMTPSenderMandatoryTLSWithAuth(t *testing.T) {
	t.Parallel()
	srv := smtptest.New(t, smtptest.Options{STARTTLS: true, Username: "mailer", Password: "s3cret"})
	cfg := mailer.SMTPConfig{
		Host: srv.Host, Port: srv.Port, From: from, TLS: mailer.TLSMandatory,
		Username: "mailer", Password: "s3cret", Timeout: 5 * time.Second,
		TLSConfig: &tls.Config{RootCAs: srv.RootCAs, MinVersion: tls.VersionTLS12},
	}
	s, err := mailer.NewSMTPSender(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), signupMessage(t, "hong@example.com")); err != nil {
		t.Fatal(err)
	}
	if got := srv.WaitFor(t, 1, 5*time.Second)[0]; got.Auth != "mailer" {
		t.Fatalf("authenticated as %q", got.Auth)
	}

	cfg.Password = "wrong"
	bad, err := mailer.NewSMTPSender(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := bad.Send(context.Background(), signupMessage(t, "hong@example.com")); err == nil {
		t.Fatal("sent with a wrong password")
	}
}

func TestSMTPSenderMandatoryTLSRefusesPlainServer(t *testing.T) {
	t.Parallel()
	srv := smtptest.New(t, smtptest.Options{})
	s, err := mailer.NewSMTPSender(mailer.SMTPConfig{Host: srv.Host, Port: srv.Port, From: from, TLS: mailer.TLSMandatory, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), signupMessage(t, "hong@example.com")); err == nil {
		t.Fatal("sent in the clear under a mandatory TLS policy")
	}
	if n := len(srv.Mails()); n != 0 {
		t.Fatalf("server got %d mails", n)
	}
}

func TestSMTPSenderRefusedRecipientIsPermanent(t *testing.T) {
	t.Parallel()
	srv := smtptest.New(t, smtptest.Options{RejectRcpt: func(a string) bool { return strings.HasPrefix(a, "gone@") }})
	s, err := mailer.NewSMTPSender(mailer.SMTPConfig{Host: srv.Host, Port: srv.Port, From: from, TLS: mailer.TLSNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), signupMessage(t, "gone@example.com")); !mailer.IsPermanent(err) {
		t.Fatalf("err = %v, want permanent", err)
	}
}

func TestSMTPSenderUnreachableIsTemporary(t *testing.T) {
	t.Parallel()
	s, err := mailer.NewSMTPSender(mailer.SMTPConfig{Host: "127.0.0.1", Port: 1, From: from, TLS: mailer.TLSNone, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), signupMessage(t, "hong@example.com"))
	if err == nil || mailer.IsPermanent(err) {
		t.Fatalf("err = %v, want a temporary error", err)
	}
}

func TestNewSelectsTransport(t *testing.T) {
	t.Parallel()
	if s, err := mailer.New(mailer.Config{Transport: "file", Dir: t.TempDir(), From: from}, nil); err != nil {
		t.Fatal(err)
	} else if _, ok := s.(*mailer.FileSender); !ok {
		t.Fatalf("file transport gave %T", s)
	}
	if s, err := mailer.New(mailer.Config{Transport: "smtp", From: from, SMTP: mailer.SMTPConfig{Host: "localhost", TLS: "opportunistic"}}, nil); err != nil {
		t.Fatal(err)
	} else if _, ok := s.(*mailer.SMTPSender); !ok {
		t.Fatalf("smtp transport gave %T", s)
	}
	for name, cfg := range map[string]mailer.Config{
		"unknown transport": {Transport: "pigeon", From: from},
		"no from":           {Transport: "file", Dir: t.TempDir()},
		"no dir":            {Transport: "file", From: from},
		"no host":           {Transport: "smtp", From: from},
		"bad tls":           {Transport: "smtp", From: from, SMTP: mailer.SMTPConfig{Host: "h", TLS: "maybe"}},
	} {
		if _, err := mailer.New(cfg, nil); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// The mail kinds added with letters, payments and review go through the real
// go-mail SMTP transport to a server: the From and To headers as configured,
// a Korean subject RFC 2047-encoded on the wire and decoded back, a plain-text
// part then an HTML part, and the key link in both.
func TestSMTPSenderDeliversRecentKinds(t *testing.T) {
	t.Parallel()
	srv := smtptest.New(t, smtptest.Options{})
	s, err := mailer.NewSMTPSender(mailer.SMTPConfig{Host: srv.Host, Port: srv.Port, From: from, TLS: mailer.TLSNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		kind, locale, to, subject string
		text                      []string // each in the text part and the HTML part
	}{
		{"recommend_request", "ko", "이재원 <lee@example.com>", "[GradApply] 김지원 지원자의 추천서 작성 요청 - 국제대학원",
			[]string{"https://apply.example/recommend/abc", "2027-04-14 24:00", "12"}},
		{"recommend_request", "en", "lee@example.com", "[GradApply] Recommendation request from 김지원 - 국제대학원",
			[]string{"https://apply.example/recommend/abc", "Deadline: "}},
		{"payment_receipt", "ko", "hong@example.com", "[GradApply] 국제대학원 전형료 결제 영수증",
			[]string{"2026-1-IS-0007", "ga12-abc", "USD 62.94"}},
		{"review_complete", "ko", "hong@example.com", "[GradApply] 국제대학원 지원서 검토 완료",
			[]string{"2026 전기", "지원서 검토가 완료되었습니다"}},
	}
	for i, tc := range cases {
		msg, err := mailer.Compose(sample[tc.kind], tc.locale, tc.to)
		if err != nil {
			t.Fatalf("%s: %v", tc.kind, err)
		}
		if err := s.Send(context.Background(), msg); err != nil {
			t.Fatalf("%s: %v", tc.kind, err)
		}
		got := srv.WaitFor(t, i+1, 5*time.Second)[i]
		d, err := smtptest.Decode(got.Raw)
		if err != nil {
			t.Fatal(err)
		}
		name := tc.kind + "." + tc.locale
		if raw := d.Header.Get("Subject"); !strings.HasPrefix(raw, "=?UTF-8?") || d.Subject != tc.subject {
			t.Errorf("%s: subject on the wire %q decodes to %q, want %q", name, raw, d.Subject, tc.subject)
		}
		fromHdr, err := d.Header.AddressList("From")
		if err != nil || len(fromHdr) != 1 || fromHdr[0].Address != "no-reply@gradapply.example" || fromHdr[0].Name != "GradApply 원서접수" {
			t.Errorf("%s: From %v (%v)", name, fromHdr, err)
		}
		toHdr, err := d.Header.AddressList("To")
		wantTo := tc.to[strings.Index(tc.to, "<")+1:]
		wantTo = strings.TrimSuffix(wantTo, ">")
		if err != nil || len(toHdr) != 1 || toHdr[0].Address != wantTo || len(got.To) != 1 || got.To[0] != wantTo {
			t.Errorf("%s: To header %v envelope %v (%v), want %s", name, toHdr, got.To, err, wantTo)
		}
		if !slices.Equal(d.Parts, []string{"text/plain", "text/html"}) {
			t.Errorf("%s: parts %v", name, d.Parts)
		}
		for _, want := range tc.text {
			if !strings.Contains(d.Text, want) || !strings.Contains(d.HTML, want) {
				t.Errorf("%s: %q missing from\n%s\n---\n%s", name, want, d.Text, d.HTML)
			}
		}
	}
}
