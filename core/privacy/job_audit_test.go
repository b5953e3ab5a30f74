package privacy

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"
)

type auditStore struct{}

func (auditStore) Holds(k Kind) bool { return k == Application }
func (auditStore) Expire(context.Context, Kind, time.Time, Action) (ExpireResult, error) {
	return ExpireResult{Done: 2, Kept: 1}, nil
}

type auditLog struct{ detail map[string]any }

func (l *auditLog) Record(_ context.Context, actor, action, target string, d map[string]any) error {
	l.detail = d
	return nil
}

type fixedClock time.Time

func (c fixedClock) Now() time.Time { return time.Time(c) }

// The audit entry of a run names each kind's figures by the keys the log
// has always held; a kind without a cutoff has none.
func TestRunAuditDetail(t *testing.T) {
	t.Parallel()
	log := &auditLog{}
	now := kst(2030, 1, 1)
	rep, err := Job{Policy: DefaultPolicy(), Store: auditStore{}, Audit: log, Clock: fixedClock(now)}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	kinds, _ := log.detail["kinds"].([]map[string]any)
	if len(kinds) != len(rep) || log.detail["at"] != now.UTC().Format(time.RFC3339) {
		t.Fatalf("detail: %v", log.detail)
	}
	for i, r := range rep {
		want := []string{"action", "done", "held", "kept", "kind"}
		if r.Cutoff != "" {
			want = []string{"action", "cutoff", "done", "held", "kept", "kind"}
		}
		if got := slices.Sorted(maps.Keys(kinds[i])); !slices.Equal(got, want) {
			t.Fatalf("%s: keys %v, want %v", r.Kind, got, want)
		}
		if kinds[i]["kind"] != r.Kind || kinds[i]["done"] != r.Done || kinds[i]["held"] != r.Held {
			t.Fatalf("%s: %v", r.Kind, kinds[i])
		}
	}
	if kinds[0]["kind"] != Application || kinds[0]["done"] != 2 || kinds[0]["kept"] != 1 {
		t.Fatalf("application: %v", kinds[0])
	}
}
