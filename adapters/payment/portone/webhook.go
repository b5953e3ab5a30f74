package portone

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Standard Webhooks headers.
const (
	HeaderWebhookID        = "webhook-id"
	HeaderWebhookTimestamp = "webhook-timestamp"
	HeaderWebhookSignature = "webhook-signature"
)

// DefaultTolerance is how far a webhook's timestamp may be from now.
const DefaultTolerance = 5 * time.Minute

// Webhook verification failures; every one wraps ErrSignature.
var (
	ErrSignature      = errors.New("portone: webhook signature refused")
	errMissingHeaders = fmt.Errorf("%w: missing webhook-id, webhook-timestamp or webhook-signature", ErrSignature)
	errBadTimestamp   = fmt.Errorf("%w: webhook-timestamp is not a number", ErrSignature)
	errTooOld         = fmt.Errorf("%w: webhook-timestamp too old", ErrSignature)
	errTooNew         = fmt.Errorf("%w: webhook-timestamp in the future", ErrSignature)
	errNoMatch        = fmt.Errorf("%w: no signature matches", ErrSignature)
	errNoSecret       = fmt.Errorf("%w: no webhook secret configured", ErrSignature)
)

// Secret is a webhook secret: the bytes PortOne's "whsec_<base64>" stands for.
type Secret []byte

// ParseSecret reads a secret as PortOne shows it ("whsec_" and base64;
// the prefix is optional).
func ParseSecret(s string) (Secret, error) {
	b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(strings.TrimSpace(s), "whsec_"))
	if err != nil || len(b) == 0 {
		return nil, fmt.Errorf("portone: a webhook secret is whsec_ followed by base64")
	}
	return b, nil
}

// String writes the secret as PortOne shows it.
func (s Secret) String() string { return "whsec_" + base64.StdEncoding.EncodeToString(s) }

// Signature is the v1 signature of one delivery: HMAC-SHA256 over
// "id.timestamp.body", base64.
func (s Secret) Signature(id string, ts int64, body []byte) string {
	return base64.StdEncoding.EncodeToString(s.mac(id, strconv.FormatInt(ts, 10), body))
}

// mac signs the timestamp exactly as the header carries it.
func (s Secret) mac(id, ts string, body []byte) []byte {
	m := hmac.New(sha256.New, s)
	m.Write([]byte(id + "." + ts + "."))
	m.Write(body)
	return m.Sum(nil)
}

// SignHeaders answers the three headers of a delivery signed with each
// secret (several during a rotation), as PortOne sends them.
func SignHeaders(id string, at time.Time, body []byte, secrets ...Secret) map[string]string {
	ts := at.Unix()
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		sigs = append(sigs, "v1,"+s.Signature(id, ts, body))
	}
	return map[string]string{
		HeaderWebhookID:        id,
		HeaderWebhookTimestamp: strconv.FormatInt(ts, 10),
		HeaderWebhookSignature: strings.Join(sigs, " "),
	}
}

// Verifier checks Standard Webhooks signatures against up to two secrets
// (the current one and, during a rotation, the previous or next one).
type Verifier struct {
	Secrets   []Secret
	Tolerance time.Duration // 0 means DefaultTolerance
}

// Verify checks a delivery's headers (looked up by get, case-insensitive
// on the caller's side) against its raw body at time now. Any failure
// wraps ErrSignature.
func (v Verifier) Verify(get func(string) string, body []byte, now time.Time) error {
	if len(v.Secrets) == 0 {
		return errNoSecret
	}
	id, tsHeader, sigHeader := get(HeaderWebhookID), get(HeaderWebhookTimestamp), get(HeaderWebhookSignature)
	if id == "" || tsHeader == "" || sigHeader == "" {
		return errMissingHeaders
	}
	ts, err := strconv.ParseInt(tsHeader, 10, 64)
	if err != nil {
		return errBadTimestamp
	}
	tol := v.Tolerance
	if tol <= 0 {
		tol = DefaultTolerance
	}
	at := time.Unix(ts, 0)
	if now.Sub(at) > tol {
		return errTooOld
	}
	if at.Sub(now) > tol {
		return errTooNew
	}
	want := make([][]byte, 0, len(v.Secrets))
	for _, s := range v.Secrets {
		want = append(want, s.mac(id, tsHeader, body))
	}
	for _, vs := range strings.Fields(sigHeader) {
		version, sig, ok := strings.Cut(vs, ",")
		if !ok || version != "v1" {
			continue
		}
		got, err := base64.StdEncoding.DecodeString(sig)
		if err != nil {
			continue
		}
		for _, w := range want {
			if hmac.Equal(got, w) {
				return nil
			}
		}
	}
	return errNoMatch
}
