package postgres_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/examno"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/window"
)

// roundEnv is a school with one round, one major and one part, and the
// round service on the real stores.
type roundEnv struct {
	db     *postgres.DB
	k      application.RoundKey
	partNo int64
	svc    *round.Service
}

func newRoundEnv(t *testing.T) roundEnv {
	t.Helper()
	db, _ := pgtest.New(t)
	ctx := context.Background()
	k := application.RoundKey{SchoolCode: "R01", EnterYear: 2031, RecruitPartSeq: 1}
	at := time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := postgres.InsertDemoSchool(ctx, db, postgres.DemoSchool{SchoolCode: k.SchoolCode, KorName: "회차대학원", EngName: "Round School",
		Slug: "rounds", EnterYear: k.EnterYear, RoundKor: "1차", RoundEng: "Round 1", Opens: at, Closes: at.AddDate(0, 1, 0)}); err != nil {
		t.Fatal(err)
	}
	var partNo int64
	if _, err := db.Pool.Exec(ctx, "INSERT INTO school_major (school_code, major_code, kor_name, eng_name) VALUES ('R01', 'M1', '전공', 'Major')"); err != nil {
		t.Fatal(err)
	}
	if err := db.Pool.QueryRow(ctx, `INSERT INTO recruit_part_major (school_code, enter_year, recruit_part_seq, major_code, is_master)
		VALUES ('R01', 2031, 1, 'M1', true) RETURNING appl_part_no`).Scan(&partNo); err != nil {
		t.Fatal(err)
	}
	codec, err := jobs.NewMailCodec(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	svc := &round.Service{Store: postgres.Rounds{DB: db}, Docs: postgres.Documents{DB: db}, Ref: &postgres.Reference{DB: db},
		Audit: postgres.AccessLog{DB: db}, Mailer: jobs.OutboxMailer{DB: db, Codec: codec}, Recipients: postgres.Applicants{DB: db},
		Tx: db, Clock: window.At(2030, 11, 1, 9, 0)}
	return roundEnv{db: db, k: k, partNo: partNo, svc: svc}
}

func (e roundEnv) addApplications(t *testing.T, n int) []int64 {
	t.Helper()
	ctx := context.Background()
	nos := make([]int64, n)
	for i := range nos {
		if err := e.db.Pool.QueryRow(ctx, `INSERT INTO application (user_id, school_code, enter_year, recruit_part_seq, status)
			VALUES ($1, 'R01', 2031, 1, 'SUBMIT') RETURNING appl_no`, fmt.Sprintf("load%02d", i)).Scan(&nos[i]); err != nil {
			t.Fatal(err)
		}
		if _, err := e.db.Pool.Exec(ctx, `INSERT INTO application_part (appl_no, appl_part_no, major_code, is_master, is_general_type, category_code)
			VALUES ($1, $2, 'M1', true, true, '00001')`, nos[i], e.partNo); err != nil {
			t.Fatal(err)
		}
	}
	return nos
}

var sysAdmin = permission.Principal{UserID: "sysadmin", Roles: []permission.Role{permission.RoleSysAdmin}}

// remake/applid under concurrent completions: every completion keeps a
// unique number and the numbers follow the completion order, whichever of
// a completion and a re-numbering takes the round's number lock first.
func TestRemakeApplIDsUnderConcurrentCompletions(t *testing.T) {
	t.Parallel()
	e := newRoundEnv(t)
	ctx := context.Background()
	db, k := e.db, e.k
	const rule = "R{YY}-{SEQ:4}"
	if _, err := db.Pool.Exec(ctx, "UPDATE recruit_part SET appl_id_rule = $1", rule); err != nil {
		t.Fatal(err)
	}
	const n = 60
	nos := e.addApplications(t, n)
	numbers := postgres.ExamNumbers{DB: db}
	// complete does with the number what a completion does (core/submission
	// complete), in its own transaction: take the sequence (the counter
	// lock), read the rule, store the number and COMPLETE.
	complete := func(applNo int64) error {
		return db.InTx(ctx, func(ctx context.Context) error {
			seq, r, err := numbers.Next(ctx, k)
			if err != nil {
				return err
			}
			tpl, err := examno.Parse(r)
			if err != nil {
				return err
			}
			id, err := tpl.Number(examno.Values{EnterYear: k.EnterYear, RecruitPartSeq: 1, MajorCode: "M1"}, seq)
			if err != nil {
				return err
			}
			if err := numbers.Assign(ctx, applNo, id, time.Now()); err != nil {
				return err
			}
			return postgres.ExecInTx(ctx, db, "UPDATE application SET status = 'COMPLETE' WHERE appl_no = $1", applNo)
		})
	}
	if _, err := e.svc.RemakeApplIDs(ctx, sysAdmin, k, rule); apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("remake without completions: %v", err)
	}
	for _, no := range nos[:4] {
		if err := complete(no); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, n+8)
	for _, no := range nos[4:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := complete(no); err != nil {
				errs <- fmt.Errorf("completion %d: %w", no, err)
			}
		}()
	}
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := e.svc.RemakeApplIDs(ctx, sysAdmin, k, rule); err != nil {
				errs <- fmt.Errorf("remake: %w", err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var want []string
	for i := 1; i <= n; i++ {
		want = append(want, fmt.Sprintf("R31-%04d", i))
	}
	if got := e.numbersInCompletionOrder(t); !slices.Equal(got, want) {
		t.Fatalf("numbers in completion order:\n got %v\nwant %v", got, want)
	}
	var last, audits int
	_ = db.Pool.QueryRow(ctx, "SELECT last_seq FROM appl_id_counter").Scan(&last)
	_ = db.Pool.QueryRow(ctx, "SELECT count(*) FROM audit_log WHERE action = 'round.remake_applid' AND actor = 'sysadmin'").Scan(&audits)
	if last != n || audits != 20 {
		t.Fatalf("counter %d (want %d), remake audit rows %d (want 20)", last, n, audits)
	}

	// A new rule renumbers every completion in order; a payment in flight
	// refuses it and changes nothing.
	waiting := e.addApplications(t, 1)[0]
	if _, err := db.Pool.Exec(ctx, "UPDATE application SET status = 'VBANK_ISSUE' WHERE appl_no = $1", waiting); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.RemakeApplIDs(ctx, sysAdmin, k, "X{SEQ:5}"); apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("remake with a payment in flight: %v", err)
	}
	if got := e.numbersInCompletionOrder(t); !slices.Equal(got, want) {
		t.Fatalf("a refused remake changed numbers: %v", got)
	}
	if _, err := db.Pool.Exec(ctx, "UPDATE application SET status = 'CANCEL' WHERE appl_no = $1", waiting); err != nil {
		t.Fatal(err)
	}
	if r, err := e.svc.RemakeApplIDs(ctx, sysAdmin, k, "X{SEQ:5}"); err != nil || r.Count != n || r.Changed != n {
		t.Fatalf("remake with a new rule: %+v %v", r, err)
	}
	if got := e.numbersInCompletionOrder(t); got[0] != "X00001" || got[n-1] != fmt.Sprintf("X%05d", n) {
		t.Fatalf("renumbered by the new rule: %v", got)
	}
}

func (e roundEnv) numbersInCompletionOrder(t *testing.T) []string {
	t.Helper()
	rows, err := e.db.Pool.Query(context.Background(), "SELECT appl_id FROM application WHERE status = 'COMPLETE' ORDER BY completed_at, appl_no")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		got = append(got, id)
	}
	return got
}
