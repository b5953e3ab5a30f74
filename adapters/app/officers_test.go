package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/app"
	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/notice"
	"github.com/gradapply/gradapply/core/permission"
)

// The result mails and a bulk mail, as the worker sends them: on
// PostgreSQL through the wired services and the outbox, a completed
// application of 236 decided and released; each periodic task queues the
// applicant's mail once (a second run adds nothing), and the applicant
// reads the result once it is out.
func TestOfficerMailTasksQueueEachMailOnce(t *testing.T) {
	t.Parallel()
	a := apptest.New(t, func(c *config.Config) { c.DemoData = true })
	ctx := context.Background()
	var k application.RoundKey
	k.SchoolCode, k.RecruitPartSeq = "236", 1
	if err := a.DB.Pool.QueryRow(ctx, `SELECT enter_year FROM recruit_part WHERE school_code = '236' AND recruit_part_seq = 1
		ORDER BY enter_year DESC LIMIT 1`).Scan(&k.EnterYear); err != nil {
		t.Fatal(err)
	}
	// A completed application (the submission flow is tested elsewhere).
	var applNo int64
	if err := a.DB.Pool.QueryRow(ctx, `INSERT INTO application (user_id, user_pk, school_code, enter_year, recruit_part_seq, status, appl_id, applicant_name)
		SELECT user_id, id, $1, $2, 1, 'COMPLETE', '2027-TEST-0001', '김지원' FROM app_user WHERE user_id = 'applicant1' RETURNING appl_no`,
		k.SchoolCode, k.EnterYear).Scan(&applNo); err != nil {
		t.Fatal(err)
	}
	admin := permission.Principal{UserID: "schooladmin", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
	applicant := permission.Principal{UserID: "applicant1", Roles: []permission.Role{permission.RoleUser}}
	o := a.Officers
	if _, err := o.Decisions.DecideMany(ctx, admin, k, []decision.Item{{ApplNo: applNo, Kind: decision.Admit}}); err != nil {
		t.Fatal(err)
	}
	msgs := map[decision.Kind]decision.Message{decision.Admit: {Ko: "합격을 축하합니다.", En: "Congratulations."},
		decision.Waitlist: {Ko: "예비 합격입니다.", En: "You are on the waitlist."}, decision.Reject: {Ko: "불합격입니다.", En: "We regret."}}
	if _, err := o.Decisions.SetRelease(ctx, admin, k, time.Now().Add(time.Hour), msgs); err != nil {
		t.Fatal(err)
	}
	count := func(kind string) int {
		t.Helper()
		var n int
		if err := a.DB.Pool.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE payload->>'kind' = $1 AND payload->>'to' = 'applicant1@demo.gradapply.example'`,
			kind).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	runTask(t, a, app.TypeResultMails, 1)
	if list, _ := o.Decisions.MyResults(ctx, applicant); len(list) != 0 || count("result_released") != 0 {
		t.Fatalf("before the release: %d results, %d mails", len(list), count("result_released"))
	}
	if _, err := o.Decisions.SetRelease(ctx, admin, k, time.Now().Add(-time.Minute), msgs); err != nil {
		t.Fatal(err)
	}
	runTask(t, a, app.TypeResultMails, 2)
	if n := count("result_released"); n != 1 {
		t.Fatalf("%d result mails", n)
	}
	if list, err := o.Decisions.MyResults(ctx, applicant); err != nil || len(list) != 1 || list[0].Kind != decision.Admit {
		t.Fatalf("after the release: %+v %v", list, err)
	}
	if pr, err := o.Decisions.ProgressOf(ctx, admin, k); err != nil || pr.Mailed != 1 || pr.Total != 1 {
		t.Fatalf("progress %+v %v", pr, err)
	}

	m, err := o.Notices.Compose(ctx, admin, k, notice.Letter{Filter: notice.Filter{Decision: decision.Admit},
		Subject: notice.Text{Ko: "등록 안내", En: "Enrolment"}, Body: notice.Text{Ko: "등록은 2월입니다.", En: "Enrolment is in February."}})
	if err != nil {
		t.Fatal(err)
	}
	if _, n, err := o.Notices.Send(ctx, admin, m.ID()); err != nil || n != 1 {
		t.Fatalf("send %d %v", n, err)
	}
	runTask(t, a, app.TypeBulkMails, 2)
	if n := count("bulk_mail"); n != 1 {
		t.Fatalf("%d bulk mails", n)
	}
	if m, pr, err := o.Notices.ProgressOf(ctx, admin, m.ID()); err != nil || pr.Sent != 1 || m.State() != notice.Done {
		t.Fatalf("bulk progress %+v %s %v", pr, m.State(), err)
	}
}
