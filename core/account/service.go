package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"math/big"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/port"
)

// Service is the account use cases, one file or small group of files per
// actor: the member's own (self_*.go: sign-up, sign-in, finding an id or a
// password, My Info, withdrawal), staff's (staff_*.go: the applicant list,
// member management, measures, roles) and the scheduled jobs' (job_*.go:
// dormancy, the fix period). The rules of a member's changes are the
// Member aggregate's (member.go).
type Service struct {
	Users         Users
	Confirmations Confirmations
	Passwords     Hasher
	Codes         Hasher
	Failures      Counter
	Captcha       Captcha
	Mailer        port.Mailer
	Tx            port.Tx
	Clock         Clock
	Access        port.AuditLog
	// Life stores the lifecycle changes (issue 14); LinkKey signs reset
	// links and My Info tickets; PublicURL starts the links in mails.
	Life      Lifecycle
	LinkKey   []byte
	PublicURL string
	Files     FileRemover // nil: drafts' files stay on disk
	// Members is what member management reads and writes besides the
	// member (staff_*.go).
	Members Members
	// Mails lists and resends a member's mails (support tools).
	Mails MemberMails
	// NewCode makes a confirmation code; nil means six random digits.
	NewCode func() string
}

func (s *Service) code() string {
	if s.NewCode != nil {
		return s.NewCode()
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return fmt.Sprintf("%06d", n.Int64())
}

func (s *Service) url(path string) string { return strings.TrimRight(s.PublicURL, "/") + path }

func (s *Service) sign(parts ...string) string {
	m := hmac.New(sha256.New, s.LinkKey)
	for _, p := range parts {
		m.Write([]byte(p))
		m.Write([]byte{0})
	}
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// closeAccount ends an account in the caller's transaction: the member closed,
// what it leaves elsewhere detached. The files of its drafts are for
// removeFiles after the commit.
func (s *Service) closeAccount(ctx context.Context, m *Member) (Closed, error) {
	if err := m.Close(s.Clock.Now()); err != nil {
		return Closed{}, err
	}
	return s.Life.Detach(ctx, m.PK())
}

// removeFiles deletes the files of a closed account's drafts after the
// commit; a file that will not go is logged by the store, not fatal.
func (s *Service) removeFiles(ctx context.Context, names []string) error {
	if s.Files == nil {
		return nil
	}
	for _, n := range names {
		if err := s.Files.Delete(ctx, n); err != nil {
			return err
		}
	}
	return nil
}

// SameSecret compares two secrets in constant time.
func SameSecret(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

func fieldErr(field, code string) error {
	return &apperr.Error{Kind: apperr.KindInvalid, Code: code, Fields: []apperr.FieldError{{Field: field, Code: code}}}
}

func conflictField(field, code string) error {
	return &apperr.Error{Kind: apperr.KindConflict, Code: code, Fields: []apperr.FieldError{{Field: field, Code: code}}}
}

func locale(l string) string {
	if l == "en" {
		return "en"
	}
	return "ko"
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}
