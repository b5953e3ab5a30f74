package competition_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/apperr/apperrtest"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/competition"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/window"
)

var (
	now  = time.Date(2026, 11, 20, 3, 0, 0, 0, time.UTC)
	open = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1}
)

// counting counts the counts the service asks for.
type counting struct {
	competition.Counter
	mu sync.Mutex
	n  int
}

func (c *counting) Count(ctx context.Context, k application.RoundKey) ([]competition.Count, error) {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
	return c.Counter.Count(ctx, k)
}

type env struct {
	svc     *competition.Service
	counter *counting
	clock   *time.Time
}

func submit(start, end time.Time) []window.Window {
	return []window.Window{{Kind: window.Submit, Start: start, End: end}}
}

func newEnv(t *testing.T) env {
	t.Helper()
	st := memstore.New()
	st.SetSchools(application.School{SchoolCode: "236", KorName: "경영전문대학원", EngName: "Graduate School of Business", Slug: "gsb"},
		application.School{SchoolCode: "999", KorName: "다른대학원", EngName: "Other"})
	parts := []application.Offer{
		{ApplPartNo: 11, MajorCode: "M1", MajorKorName: "경영학", MajorEngName: "Business", IsMaster: true, Quota: 2},
		{ApplPartNo: 12, MajorCode: "M2", MajorKorName: "회계학", MajorEngName: "Accounting", IsMaster: true}, // no quota announced
	}
	st.SetRound(application.Round{RoundKey: open, KorName: "전기", EngName: "Spring", Parts: parts,
		Windows: submit(now.Add(-48*time.Hour), now.Add(48*time.Hour))})
	// closed 10 days ago: still shown; 40 days ago: gone; not yet open: not shown; hidden: not shown
	st.SetRound(application.Round{RoundKey: application.RoundKey{SchoolCode: "236", EnterYear: 2026, RecruitPartSeq: 2}, KorName: "후기",
		Windows: submit(now.Add(-20*24*time.Hour), now.Add(-10*24*time.Hour))})
	st.SetRound(application.Round{RoundKey: application.RoundKey{SchoolCode: "236", EnterYear: 2026, RecruitPartSeq: 1}, KorName: "지난",
		Windows: submit(now.Add(-60*24*time.Hour), now.Add(-40*24*time.Hour))})
	st.SetRound(application.Round{RoundKey: application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 3}, KorName: "다음",
		Windows: submit(now.Add(24*time.Hour), now.Add(72*time.Hour))})
	st.SetRound(application.Round{RoundKey: application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 2}, KorName: "숨김",
		Windows: submit(now.Add(-48*time.Hour), now.Add(48*time.Hour)), CompetitionHidden: true})
	seed := func(n int64, part int64, s application.Status) {
		st.Seed(application.Header{ApplNo: n, UserID: "u", Round: open, State: application.State{Status: s}}, application.Part{ApplPartNo: part})
	}
	seed(1, 11, application.Complete)
	seed(2, 11, application.Complete)
	seed(3, 11, application.Complete)
	seed(4, 11, application.Submit)
	seed(5, 12, application.VbankIssue)
	seed(6, 12, application.FileSave) // not submitted
	clock := now
	c := &counting{Counter: memstore.Competition{Store: st}}
	return env{svc: &competition.Service{Ref: memstore.Reference{Store: st}, Counter: c, Clock: func() time.Time { return clock }},
		counter: c, clock: &clock}
}

func TestPageSetsApplicantsAgainstQuotas(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	p, err := e.svc.School(context.Background(), "236")
	if err != nil {
		t.Fatal(err)
	}
	if p.SchoolKorName != "경영전문대학원" || !p.CountedAt.Equal(now) {
		t.Fatalf("page %+v", p)
	}
	names := []string{}
	for _, b := range p.Rounds {
		names = append(names, b.KorName)
	}
	// the open round and the one closed ten days ago; not the old, the coming or the hidden one
	if len(names) != 2 || names[0] != "전기" || names[1] != "후기" {
		t.Fatalf("rounds shown: %v", names)
	}
	b := p.Rounds[0]
	if !b.SubmitOpen || p.Rounds[1].SubmitOpen || len(b.Lines) != 2 {
		t.Fatalf("board %+v", b)
	}
	m1, m2 := b.Lines[0], b.Lines[1]
	if m1.MajorKorName != "경영학" || m1.Quota != 2 || m1.Submitted != 4 || m1.Completed != 3 || m1.Ratio == nil || *m1.Ratio != 1.5 {
		t.Fatalf("경영학 %+v", m1)
	}
	if m2.Submitted != 1 || m2.Completed != 0 || m2.Ratio != nil {
		t.Fatalf("회계학, no quota: %+v", m2)
	}
	if b.Totals.Quota != 2 || b.Totals.Submitted != 5 || b.Totals.Completed != 3 || *b.Totals.Ratio != 1.5 {
		t.Fatalf("totals %+v", b.Totals)
	}
	bySlug, err := e.svc.School(context.Background(), "gsb")
	if err != nil || bySlug.SchoolCode != "236" || len(bySlug.Rounds) != 2 {
		t.Fatalf("by slug: %+v %v", bySlug, err)
	}
}

func TestCountedOncePerMinuteHoweverManyAsk(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := e.svc.School(ctx, "236"); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if e.counter.n != 2 { // one count per round shown
		t.Fatalf("50 readers at once counted %d times, want 2", e.counter.n)
	}
	*e.clock = now.Add(59 * time.Second)
	if p, _ := e.svc.School(ctx, "236"); e.counter.n != 2 || !p.CountedAt.Equal(now) {
		t.Fatalf("within the minute: counted %d, at %v", e.counter.n, p.CountedAt)
	}
	*e.clock = now.Add(time.Minute)
	if p, _ := e.svc.School(ctx, "236"); e.counter.n != 4 || !p.CountedAt.Equal(now.Add(time.Minute)) {
		t.Fatalf("after the minute: counted %d, at %v", e.counter.n, p.CountedAt)
	}
}

func TestUnknownOrMissingSchool(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	_, err := e.svc.School(context.Background(), "nope")
	apperrtest.WantCode(t, err, apperr.KindNotFound, competition.CodeSchoolUnknown)
	_, err = e.svc.School(context.Background(), " ")
	apperrtest.WantField(t, err, "schoolCode", form.CodeRequired)
	p, err := e.svc.School(context.Background(), "999")
	if err != nil || len(p.Rounds) != 0 {
		t.Fatalf("a school without rounds: %+v %v", p, err)
	}
}
