package captcha_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/altcha-org/altcha-lib-go"

	"github.com/gradapply/gradapply/adapters/captcha"
)

type memReplay struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (m *memReplay) Once(_ context.Context, key string, _ time.Duration) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.seen[key] {
		return false
	}
	m.seen[key] = true
	return true
}

// Issue 8, defect 9: one solved challenge is accepted once, however the
// payload carrying it is encoded.
func TestSolutionAcceptedOnceHoweverEncoded(t *testing.T) {
	t.Parallel()
	a := captcha.Altcha{Key: "test-key", MaxNumber: 500, Replay: &memReplay{seen: map[string]bool{}}}
	ch, err := a.Challenge()
	if err != nil {
		t.Fatal(err)
	}
	sol, err := altcha.SolveChallenge(ch.Challenge, ch.Salt, altcha.Algorithm(ch.Algorithm), int(ch.MaxNumber), 0, nil)
	if err != nil || sol == nil {
		t.Fatalf("solve: %v", err)
	}
	std, _ := json.Marshal(altcha.Payload{Algorithm: ch.Algorithm, Challenge: ch.Challenge, Number: int64(sol.Number),
		Salt: ch.Salt, Signature: ch.Signature})
	// The same solution, written another way: other key order and spaces.
	reordered := fmt.Sprintf(`{ "signature": %q, "salt": %q, "number": %d, "challenge": %q, "algorithm": %q }`,
		ch.Signature, ch.Salt, sol.Number, ch.Challenge, ch.Algorithm)
	enc := base64.StdEncoding.EncodeToString
	ctx := context.Background()
	if !a.Verify(ctx, enc([]byte(reordered))) {
		t.Fatal("a good solution refused")
	}
	for name, p := range map[string]string{"original encoding": enc(std), "same bytes": enc([]byte(reordered))} {
		if a.Verify(ctx, p) {
			t.Errorf("%s: a used solution accepted again", name)
		}
	}
	if a.Verify(ctx, "") || a.Verify(ctx, "not base64!") || a.Verify(ctx, enc([]byte(`{"challenge":"x"}`))) {
		t.Error("garbage accepted")
	}
}
