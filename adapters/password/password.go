// Package password hashes passwords with argon2id and confirmation codes
// with HMAC-SHA256.
package password

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2 parameters (OWASP's second recommended set: m=19 MiB, t=2, p=1).
type Argon2 struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
}

// Default is the production setting.
var Default = Argon2{Memory: 19 * 1024, Time: 2, Threads: 1}

// dummy is verified against for unknown users so both paths take as long.
var dummy, _ = Default.Hash("not-a-real-password-0")

// Hash returns an encoded argon2id hash with a random salt.
func (a Argon2) Hash(secret string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(secret), salt, a.Time, a.Memory, a.Threads, 32)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, a.Memory, a.Time, a.Threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// Verify checks a secret against an encoded hash; an empty hash still
// costs one derivation.
func (a Argon2) Verify(encoded, secret string) bool {
	if encoded == "" {
		encoded = dummy
	}
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil || len(want) == 0 || len(want) > 64 {
		return false
	}
	got := argon2.IDKey([]byte(secret), salt, t, m, p, uint32(len(want))) // #nosec G115 -- len(want) is 1..64, checked above
	return subtle.ConstantTimeCompare(got, want) == 1 && encoded != dummy
}

// HMAC hashes short secrets (confirmation codes) under a server key; the
// few allowed attempts make a slow hash unnecessary.
type HMAC struct{ Key []byte }

// Hash returns hex(HMAC-SHA256(key, secret)).
func (h HMAC) Hash(secret string) (string, error) {
	m := hmac.New(sha256.New, h.Key)
	m.Write([]byte(secret))
	return hex.EncodeToString(m.Sum(nil)), nil
}

// Verify compares in constant time.
func (h HMAC) Verify(hash, secret string) bool {
	want, _ := h.Hash(secret)
	return subtle.ConstantTimeCompare([]byte(hash), []byte(want)) == 1
}
