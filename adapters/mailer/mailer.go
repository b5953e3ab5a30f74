// Package mailer renders the service's mails from embedded ko/en templates and
// sends them, over SMTP or, in development, as .eml files in a folder.
//
// Requests never call a Sender: they queue a mail through the outbox
// (adapters/jobs), and the worker renders and sends it.
package mailer

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/mail"
	"strings"

	gomail "github.com/wneessen/go-mail"
)

// Message is one rendered mail to one recipient.
type Message struct {
	To      string
	Subject string
	Text    string // plain-text body, always sent
	HTML    string // optional alternative
	Locale  string // "ko" or "en": the Content-Language
	// Key names the mail for good (the outbox row's task id): every attempt
	// to send it carries the same Message-ID, so when a worker dies after
	// the SMTP server took the mail and the queue sends it again, mail
	// systems see one message twice, not two messages. "": a random id.
	Key string
}

// Sender delivers a message.
type Sender interface {
	Send(ctx context.Context, msg Message) error
}

// ErrPermanent marks a failure that retrying cannot fix: a malformed address,
// a recipient the server refuses, a template that cannot render.
var ErrPermanent = errors.New("mailer: permanent failure")

// IsPermanent reports whether err is not worth retrying.
func IsPermanent(err error) bool { return errors.Is(err, ErrPermanent) }

func permanent(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrPermanent, fmt.Sprintf(format, args...))
}

// buildMsg turns a Message into a go-mail message with the headers an
// automated mail should carry. eightBit leaves the body unencoded (UTF-8), for
// files a person reads in an editor; over SMTP the body is quoted-printable.
func buildMsg(from *mail.Address, m Message, eightBit bool) (*gomail.Msg, error) {
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return nil, permanent("invalid recipient: %v", err)
	}
	if strings.TrimSpace(m.Text) == "" {
		return nil, permanent("empty body")
	}
	opts := []gomail.MsgOption{gomail.WithNoDefaultUserAgent()}
	if eightBit {
		opts = append(opts, gomail.WithEncoding(gomail.NoEncoding))
	}
	msg := gomail.NewMsg(opts...)
	msg.FromMailAddress(from)
	msg.ToMailAddress(to)
	// A header must be one line; a school name from the database could smuggle
	// a newline into the subject.
	msg.Subject(strings.Join(strings.Fields(m.Subject), " "))
	msg.SetGenHeader(gomail.HeaderContentLang, NormalizeLocale(m.Locale))
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	msg.SetGenHeader(gomail.HeaderXAutoResponseSuppress, "All")
	msg.SetMessageIDWithValue(messageID(from, m.Key))
	msg.SetDate()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}

// ParseFrom checks a From address such as `GradApply <no-reply@example.com>`.
func ParseFrom(from string) (*mail.Address, error) {
	if from == "" {
		return nil, errors.New("mailer: no From address configured")
	}
	a, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("mailer: invalid From address %q: %w", from, err)
	}
	return a, nil
}

// messageID is in the sender's domain, as receivers expect: derived from
// key when the mail has one (the same on every attempt), else random.
func messageID(from *mail.Address, key string) string {
	domain := "localhost"
	if i := strings.LastIndexByte(from.Address, '@'); i >= 0 {
		domain = from.Address[i+1:]
	}
	if key != "" {
		sum := sha256.Sum256([]byte("gradapply-mail:" + key))
		return hex.EncodeToString(sum[:16]) + "@" + domain
	}
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:]) + "@" + domain
}
