package postgres_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
)

// What the worker notes of a mail shows in the member's list: queued until
// the mail server takes it, failed with the attempts while it refuses,
// sent once it took it.
func TestMemberMailDeliveryState(t *testing.T) {
	t.Parallel()
	db, _ := pgtest.New(t)
	ctx := context.Background()
	codec, err := jobs.NewMailCodec(bytes.Repeat([]byte{9}, 32))
	if err != nil {
		t.Fatal(err)
	}
	m, err := account.NewMember(account.NewUser{UserID: "kim", Email: "kim@example.com", PasswordHash: "h", Locale: "ko", Roles: []permission.Role{permission.RoleUser}})
	if err != nil {
		t.Fatal(err)
	}
	u, err := postgres.Users{DB: db}.Create(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	box := jobs.OutboxMailer{DB: db, Codec: codec}
	if err := box.Queue(port.MailTo(ctx, u.PK), "ko", "김 <kim.old@example.com>", mailmsg.EmailCorrected{UserID: "kim", LoginURL: "https://x/login"}); err != nil {
		t.Fatal(err)
	}
	mails := postgres.MemberMails{DB: db}
	state := func() account.SentMail {
		t.Helper()
		list, err := mails.MailsTo(ctx, u.PK, 10)
		if err != nil || len(list) != 1 {
			t.Fatalf("mails %+v %v", list, err)
		}
		return list[0]
	}
	first := state()
	if first.State() != account.MailQueued || first.To != "k***@example.com" {
		t.Fatalf("new mail %+v", first)
	}
	if err := db.NoteMailSend(ctx, first.ID, errors.New("421 busy")); err != nil {
		t.Fatal(err)
	}
	if got := state(); got.State() != account.MailFailed || got.Attempts != 1 {
		t.Fatalf("after a refusal %+v", got)
	}
	if err := db.NoteMailSend(ctx, first.ID, nil); err != nil {
		t.Fatal(err)
	}
	if got := state(); got.State() != account.MailSent {
		t.Fatalf("after delivery %+v", got)
	}
}
