package portone_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/portone"
)

func TestParseSecret(t *testing.T) {
	t.Parallel()
	s, err := portone.ParseSecret("whsec_c2VjcmV0LWJ5dGVz")
	if err != nil || string(s) != "secret-bytes" {
		t.Fatalf("%q %v", s, err)
	}
	if s.String() != "whsec_c2VjcmV0LWJ5dGVz" {
		t.Fatal(s.String())
	}
	for _, bad := range []string{"", "whsec_", "whsec_!!!"} {
		if _, err := portone.ParseSecret(bad); err == nil {
			t.Fatalf("%q accepted", bad)
		}
	}
}

func TestVerifyStandardWebhooks(t *testing.T) {
	t.Parallel()
	oldS, newS, other := portone.Secret("old-secret"), portone.Secret("new-secret"), portone.Secret("someone-else")
	now := time.Unix(1_800_000_000, 0)
	body := []byte(`{"type":"Transaction.Paid","timestamp":"2027-01-15T08:00:00Z","data":{"storeId":"s","paymentId":"p","transactionId":"t"}}`)
	headers := func(h map[string]string) func(string) string {
		return func(k string) string { return h[strings.ToLower(k)] }
	}
	cases := []struct {
		name    string
		v       portone.Verifier
		h       map[string]string
		body    []byte
		now     time.Time
		wantErr bool
	}{
		{"current secret", portone.Verifier{Secrets: []portone.Secret{newS}}, portone.SignHeaders("msg_1", now, body, newS), body, now, false},
		{"rotation: signed with the old secret only, both configured", portone.Verifier{Secrets: []portone.Secret{newS, oldS}}, portone.SignHeaders("msg_1", now, body, oldS), body, now, false},
		{"rotation: PortOne signs with both", portone.Verifier{Secrets: []portone.Secret{newS}}, portone.SignHeaders("msg_1", now, body, oldS, newS), body, now, false},
		{"signed by someone else", portone.Verifier{Secrets: []portone.Secret{newS, oldS}}, portone.SignHeaders("msg_1", now, body, other), body, now, true},
		{"body changed", portone.Verifier{Secrets: []portone.Secret{newS}}, portone.SignHeaders("msg_1", now, body, newS), []byte(strings.Replace(string(body), `"p"`, `"q"`, 1)), now, true},
		{"4 minutes old", portone.Verifier{Secrets: []portone.Secret{newS}}, portone.SignHeaders("msg_1", now.Add(-4*time.Minute), body, newS), body, now, false},
		{"6 minutes old", portone.Verifier{Secrets: []portone.Secret{newS}}, portone.SignHeaders("msg_1", now.Add(-6*time.Minute), body, newS), body, now, true},
		{"6 minutes ahead", portone.Verifier{Secrets: []portone.Secret{newS}}, portone.SignHeaders("msg_1", now.Add(6*time.Minute), body, newS), body, now, true},
		{"tolerance configured", portone.Verifier{Secrets: []portone.Secret{newS}, Tolerance: time.Minute}, portone.SignHeaders("msg_1", now.Add(-2*time.Minute), body, newS), body, now, true},
		{"no secret configured", portone.Verifier{}, portone.SignHeaders("msg_1", now, body, newS), body, now, true},
		{"missing id", portone.Verifier{Secrets: []portone.Secret{newS}}, map[string]string{"webhook-timestamp": strconv.FormatInt(now.Unix(), 10), "webhook-signature": "v1," + newS.Signature("msg_1", now.Unix(), body)}, body, now, true},
		{"other version", portone.Verifier{Secrets: []portone.Secret{newS}}, map[string]string{"webhook-id": "msg_1", "webhook-timestamp": strconv.FormatInt(now.Unix(), 10), "webhook-signature": "v2," + newS.Signature("msg_1", now.Unix(), body)}, body, now, true},
		{"id replaced", portone.Verifier{Secrets: []portone.Secret{newS}}, map[string]string{"webhook-id": "msg_2", "webhook-timestamp": strconv.FormatInt(now.Unix(), 10), "webhook-signature": "v1," + newS.Signature("msg_1", now.Unix(), body)}, body, now, true},
		{"garbage among signatures", portone.Verifier{Secrets: []portone.Secret{newS}}, map[string]string{"webhook-id": "msg_1", "webhook-timestamp": strconv.FormatInt(now.Unix(), 10), "webhook-signature": "v1,%%% v1 v1," + newS.Signature("msg_1", now.Unix(), body)}, body, now, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := tc.v.Verify(headers(tc.h), tc.body, tc.now)
			if tc.wantErr != (err != nil) {
				t.Fatalf("err %v, want error %v", err, tc.wantErr)
			}
			if err != nil && !errors.Is(err, portone.ErrSignature) {
				t.Fatalf("%v does not wrap ErrSignature", err)
			}
		})
	}
}

func FuzzVerifyNeverAcceptsUnsigned(f *testing.F) {
	f.Add("msg_1", "1800000000", "v1,abc", []byte("{}"))
	s := portone.Secret("secret")
	f.Fuzz(func(t *testing.T, id, ts, sig string, body []byte) {
		h := map[string]string{"webhook-id": id, "webhook-timestamp": ts, "webhook-signature": sig}
		err := portone.Verifier{Secrets: []portone.Secret{s}, Tolerance: 100 * 365 * 24 * time.Hour}.Verify(func(k string) string { return h[k] }, body, time.Unix(1_800_000_000, 0))
		if err == nil {
			m := hmac.New(sha256.New, s)
			m.Write([]byte(id + "." + ts + "."))
			m.Write(body)
			if !strings.Contains(sig, base64.StdEncoding.EncodeToString(m.Sum(nil))) {
				t.Fatalf("accepted a delivery not signed with the secret")
			}
		}
	})
}
