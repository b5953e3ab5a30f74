// Package captcha is the self-hosted proof-of-work captcha (ALTCHA):
// challenges signed with a server key, each solution accepted once.
package captcha

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"time"

	"github.com/altcha-org/altcha-lib-go"
)

// Replay remembers solutions already used.
type Replay interface {
	Once(ctx context.Context, key string, ttl time.Duration) bool
}

// Altcha creates and verifies challenges.
type Altcha struct {
	Key       string
	MaxNumber int64 // work factor; the browser tries up to this many hashes
	TTL       time.Duration
	Replay    Replay
}

// Challenge makes a new signed challenge that expires after TTL.
func (a Altcha) Challenge() (altcha.Challenge, error) {
	exp := time.Now().Add(a.ttl())
	return altcha.CreateChallenge(altcha.ChallengeOptions{HMACKey: a.Key, MaxNumber: a.MaxNumber, Expires: &exp})
}

func (a Altcha) ttl() time.Duration {
	if a.TTL == 0 {
		return 10 * time.Minute
	}
	return a.TTL
}

// Verify accepts a base64 payload from the widget once. The replay guard
// keys on the solved challenge and its signature, not on the payload's
// bytes: the same solution re-encoded (other key order, spacing, number
// written differently) is the same solution and is refused the second time.
func (a Altcha) Verify(ctx context.Context, payload string) bool {
	if payload == "" || len(payload) > 4096 {
		return false
	}
	raw, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return false
	}
	var p altcha.Payload
	if err := json.Unmarshal(raw, &p); err != nil {
		return false
	}
	ok, err := altcha.VerifySolutionSafe(p, a.Key, true)
	if err != nil || !ok {
		return false
	}
	if a.Replay != nil && !a.Replay.Once(ctx, "altcha:"+p.Challenge+":"+p.Signature, a.ttl()) {
		return false
	}
	return true
}
