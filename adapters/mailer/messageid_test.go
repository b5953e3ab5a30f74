package mailer_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/adapters/mailer/smtptest"
)

// Mail is sent at least once: a worker killed after the SMTP server took a
// mail, before the queue recorded it, sends it again. Every attempt of one
// outbox row carries the same Message-ID, so mail systems see one message
// twice (and a client shows it once), while two mails stay two.
func TestAttemptsOfOneMailShareItsMessageID(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := mailer.NewFileSender(dir, from, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	send := func(key string) {
		m := signupMessage(t, "hong@example.com")
		m.Key = key
		if err := s.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	send("outbox-41-1764000000") // first attempt
	send("outbox-41-1764000000") // the retry after a crash
	send("outbox-42-1764000001") // another mail
	send("")                     // a mail without a key
	send("")

	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		d, err := smtptest.Decode(raw)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, d.Header.Get("Message-Id"))
	}
	if len(ids) != 5 {
		t.Fatalf("%d mails written, want 5", len(ids))
	}
	if ids[0] != ids[1] {
		t.Errorf("the retry has Message-ID %s, the first attempt %s: want the same", ids[1], ids[0])
	}
	distinct := slices.Compact(slices.Sorted(slices.Values(ids)))
	if len(distinct) != 4 {
		t.Errorf("Message-IDs %v: want 4 distinct (one mail sent twice, three others)", ids)
	}
	for _, id := range ids {
		if len(id) < 10 || id[len(id)-len("@gradapply.example>"):] != "@gradapply.example>" {
			t.Errorf("Message-ID %q is not in the sender's domain", id)
		}
	}
}
