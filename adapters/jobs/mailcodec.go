package jobs

import (
	"bytes"
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/gradapply/gradapply/adapters/fieldcrypt"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// sealedPrefix starts every sealed secret in a payload.
const sealedPrefix = "sealed:v1:"

// mailKeyInfo separates the mail key from other keys derived from the same
// FIELD_ENCRYPTION_KEY.
const mailKeyInfo = "gradapply mail secrets v1"

// MailCodec turns a Mail into the payload stored in the outbox and queued,
// and back. Every mailmsg.Secret in the message is sealed with AES-256-GCM
// under a key derived (HKDF-SHA256) from FIELD_ENCRYPTION_KEY, bound to the
// kind, the recipient and the field: copied into another mail it does not
// open. Only the worker opens it, just before rendering.
type MailCodec struct {
	c *fieldcrypt.Cipher
}

// NewMailCodec derives the mail key from the field-encryption key (32 bytes).
func NewMailCodec(fieldKey []byte) (*MailCodec, error) {
	if len(fieldKey) != 32 {
		return nil, errors.New("jobs: mail codec: FIELD_ENCRYPTION_KEY must be 32 bytes")
	}
	key, err := hkdf.Key(sha256.New, fieldKey, nil, mailKeyInfo, 32)
	if err != nil {
		return nil, fmt.Errorf("jobs: mail codec: %w", err)
	}
	c, err := fieldcrypt.New(key)
	if err != nil {
		return nil, fmt.Errorf("jobs: mail codec: %w", err)
	}
	return &MailCodec{c: c}, nil
}

func secretAD(kind, to, path string) string {
	if a, err := mail.ParseAddress(to); err == nil {
		to = a.Address
	}
	return "mail|" + kind + "|" + strings.ToLower(to) + "|" + path
}

// Encode validates a mail and returns its payload, secrets sealed.
func (c *MailCodec) Encode(m Mail) ([]byte, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	msg := mailmsg.Clone(m.Message)
	kind := msg.Kind()
	err := mailmsg.Walk(msg, func(path string, s *mailmsg.Secret) error {
		if *s == "" {
			return nil
		}
		if c == nil {
			return fmt.Errorf("%w: %s has a secret and no key to seal it", ErrInvalidPayload, kind)
		}
		*s = mailmsg.Secret(sealedPrefix + base64.RawURLEncoding.EncodeToString(c.c.SealString(string(*s), secretAD(kind, m.To, path))))
		return nil
	})
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidPayload, err)
	}
	b, err := json.Marshal(mailWire{Kind: kind, Locale: m.Locale, To: m.To, Data: data})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidPayload, err)
	}
	return b, nil
}

// Decode reads a payload into its typed message, opens its secrets and
// validates it. Its errors wrap ErrInvalidPayload (no retry can fix it) or
// ErrNewerPayload.
func (c *MailCodec) Decode(b []byte) (Mail, error) {
	var w mailWire
	if err := json.Unmarshal(b, &w); err != nil {
		return Mail{}, fmt.Errorf("%w: %v", ErrInvalidPayload, err)
	}
	msg, ok := mailmsg.New(w.Kind)
	if !ok {
		return Mail{}, fmt.Errorf("%w: unknown mail kind %q", ErrInvalidPayload, w.Kind)
	}
	if len(w.Data) == 0 || string(w.Data) == "null" {
		return Mail{}, fmt.Errorf("%w: %s: no data", ErrInvalidPayload, w.Kind)
	}
	if err := json.Unmarshal(w.Data, msg); err != nil {
		return Mail{}, fmt.Errorf("%w: %s data: %v", ErrInvalidPayload, w.Kind, err)
	}
	// A field this type does not know: a newer server wrote the mail during
	// a rolling deploy. Not invalid, and not to be sent without it: a retry
	// lets an up-to-date worker take it.
	strict, _ := mailmsg.New(w.Kind)
	dec := json.NewDecoder(bytes.NewReader(w.Data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(strict); err != nil {
		return Mail{}, fmt.Errorf("%w: %s: %v", ErrNewerPayload, w.Kind, err)
	}
	err := mailmsg.Walk(msg, func(path string, s *mailmsg.Secret) error {
		if *s == "" {
			return nil
		}
		sealed, ok := strings.CutPrefix(string(*s), sealedPrefix)
		if !ok {
			return fmt.Errorf("%w: %s.%s is not sealed", ErrInvalidPayload, w.Kind, path)
		}
		raw, err := base64.RawURLEncoding.DecodeString(sealed)
		if err != nil {
			return fmt.Errorf("%w: %s.%s: %v", ErrInvalidPayload, w.Kind, path, err)
		}
		if c == nil {
			return fmt.Errorf("%w: %s.%s: no key to open it", ErrInvalidPayload, w.Kind, path)
		}
		plain, err := c.c.OpenString(raw, secretAD(w.Kind, w.To, path))
		if err != nil {
			return fmt.Errorf("%w: %s.%s: %v", ErrInvalidPayload, w.Kind, path, err)
		}
		*s = mailmsg.Secret(plain)
		return nil
	})
	if err != nil {
		return Mail{}, err
	}
	m := Mail{Locale: w.Locale, To: w.To, Message: msg}
	if err := m.Validate(); err != nil {
		return Mail{}, err
	}
	return m, nil
}
