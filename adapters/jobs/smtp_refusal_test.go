package jobs_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/adapters/mailer/smtptest"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// A recipient the SMTP server refuses (550 at RCPT): the task is dropped
// without retries, and the Delivered hook (which writes mailRefusedAt and
// the server's answer on a recommendation request) is told the refusal;
// a recipient the server takes is reported as delivered.
func TestMailHandlerReportsSMTPRefusal(t *testing.T) {
	t.Parallel()
	srv := smtptest.New(t, smtptest.Options{RejectRcpt: func(a string) bool { return strings.HasPrefix(a, "gone@") }})
	sender, err := mailer.NewSMTPSender(mailer.SMTPConfig{Host: srv.Host, Port: srv.Port,
		From: "GradApply <no-reply@gradapply.example>", TLS: mailer.TLSNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	type report struct {
		requestNo int64
		refused   error
	}
	var reports []report
	mux := jobs.NewServeMuxWith(&jobs.MailHandler{Sender: sender, Codec: codec, Logger: quiet,
		Delivered: func(_ context.Context, m mailmsg.Message, refused error) error {
			reports = append(reports, report{m.(*mailmsg.RecommendRequest).RequestNo, refused})
			return nil
		}})
	req := func(no int64) mailmsg.RecommendRequest {
		return mailmsg.RecommendRequest{RequestNo: no, RecommenderName: "이재원", ApplicantName: "김지원", School: "국제대학원",
			Round: "2027 전기", Deadline: "2027-04-14 24:00", Link: "https://apply.example/recommend/k"}
	}
	err = mux.ProcessTask(context.Background(), mailTask(t, jobs.Mail{Locale: "ko", To: "gone@example.com", Message: req(7)}))
	if !errors.Is(err, asynq.SkipRetry) || !strings.Contains(err.Error(), "550") {
		t.Fatalf("refused recipient: err = %v, want a 550 that skips retries", err)
	}
	if err := mux.ProcessTask(context.Background(), mailTask(t, jobs.Mail{Locale: "ko", To: "lee@example.com", Message: req(8)})); err != nil {
		t.Fatal(err)
	}
	if len(reports) != 2 || reports[0].requestNo != 7 || reports[0].refused == nil || !strings.Contains(reports[0].refused.Error(), "550") ||
		reports[1].requestNo != 8 || reports[1].refused != nil {
		t.Fatalf("reports %+v", reports)
	}
	if got := srv.WaitFor(t, 1, 5*time.Second); len(got) != 1 || got[0].To[0] != "lee@example.com" {
		t.Fatalf("server received %+v", got)
	}
}
