package jobs

import (
	"context"
	"testing"

	"github.com/hibiken/asynq"
)

// The cron specs parse with their Asia/Seoul zone, and a wrong one is
// refused at start rather than never running.
func TestSchedulePeriodicParsesSpecs(t *testing.T) {
	s := asynq.NewScheduler(asynq.RedisClientOpt{Addr: "127.0.0.1:1"}, nil)
	var jobs []Periodic
	for typ, spec := range DefaultPeriodic {
		jobs = append(jobs, Periodic{Type: typ, Cron: spec, Run: func(context.Context) error { return nil }})
	}
	if err := SchedulePeriodic(s, "q", jobs); err != nil {
		t.Fatal(err)
	}
	if err := SchedulePeriodic(s, "q", []Periodic{{Type: "x", Cron: "61 3 * * *"}}); err == nil {
		t.Fatal("a bad cron spec was accepted")
	}
}
