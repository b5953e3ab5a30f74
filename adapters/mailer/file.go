package mailer

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/mail"
	"os"
	"path/filepath"
	"time"
)

// FileSender writes each message as an RFC 5322 .eml file into a folder, for
// development: a person opens the newest file to read a sign-up code. Names
// start with the UTC time to the nanosecond, so they sort in sending order.
type FileSender struct {
	dir    string
	from   *mail.Address
	logger *slog.Logger
	now    func() time.Time
}

// NewFileSender creates dir if needed. A nil logger means slog.Default().
func NewFileSender(dir, from string, logger *slog.Logger) (*FileSender, error) {
	if dir == "" {
		return nil, fmt.Errorf("mailer: MAIL_DIR is required for the file transport")
	}
	f, err := ParseFrom(from)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("mailer: mail dir: %w", err)
	}
	if err := os.MkdirAll(abs, 0o750); err != nil {
		return nil, fmt.Errorf("mailer: mail dir: %w", err)
	}
	if logger == nil {
		logger = slog.Default()
	}
	return &FileSender{dir: abs, from: f, logger: logger, now: time.Now}, nil
}

// Dir is the absolute folder the files go to.
func (s *FileSender) Dir() string { return s.dir }

// Send writes the message and logs its path. The file appears complete or not
// at all (written under a temporary name, then renamed).
func (s *FileSender) Send(ctx context.Context, m Message) error {
	msg, err := buildMsg(s.from, m, true)
	if err != nil {
		return err
	}
	var rnd [4]byte
	_, _ = rand.Read(rnd[:])
	name := s.now().UTC().Format("20060102T150405.000000000Z") + "-" + hex.EncodeToString(rnd[:]) + ".eml"
	path := filepath.Join(s.dir, name)

	tmp, err := os.CreateTemp(s.dir, ".writing-*")
	if err != nil {
		return fmt.Errorf("mailer: file: %w", err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	if _, err := msg.WriteTo(tmp); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("mailer: file: write: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("mailer: file: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("mailer: file: %w", err)
	}
	// The path only: the body holds codes and links that logs must not.
	s.logger.InfoContext(ctx, "mail written to file", "path", path, "subject", m.Subject)
	return nil
}
