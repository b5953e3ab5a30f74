package recommendation

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/window"
)

// KeyBytes is the randomness of a key: 256 bits, above the 128 required.
const KeyBytes = 32

// KeyLen is the length of a key as text.
var KeyLen = base64.RawURLEncoding.EncodedLen(KeyBytes)

// NewKey makes a key from r (crypto/rand when r is nil) and returns it with
// the hash to store.
func NewKey(r io.Reader) (key, hash string, err error) {
	if r == nil {
		r = rand.Reader
	}
	b := make([]byte, KeyBytes)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", "", apperr.Wrap(apperr.KindInternal, CodeKeyInvalid, err)
	}
	key = base64.RawURLEncoding.EncodeToString(b)
	return key, HashKey(key), nil
}

// ParseKey checks that a key from a URL has the shape of a key; it answers
// "Incorrect approach" (not found) otherwise, so a guessed path learns
// nothing.
func ParseKey(s string) error {
	if len(s) != KeyLen {
		return apperr.NotFound(CodeKeyInvalid)
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil || len(b) != KeyBytes {
		return apperr.NotFound(CodeKeyInvalid)
	}
	return nil
}

// HashKey is what the database stores and looks a key up by.
func HashKey(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])
}

// CheckDeadline says whether a key may still be used to open, save or
// submit a letter: only inside the round's RECOMMEND window, unless the
// applicant is exempt from time limits (ROLE_TIME_INDEPENDENT).
func CheckDeadline(round window.Round, now time.Time, applicantExempt bool) error {
	err := round.Allow(window.ActWriteRecommend, now, applicantExempt)
	switch apperr.CodeOf(err) {
	case "":
		return nil
	case window.CodeNotOpen:
		return apperr.Forbidden(CodeNotOpenYet)
	}
	return apperr.Forbidden(CodeDeadlinePassed)
}
