package recommendation

import (
	"context"
	"io"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
)

// Profile is what a recommender enters once and finds prefilled for the
// next letter (decisions.md), keyed by e-mail.
type Profile struct {
	Email       string
	Name        string
	Institution string
	Position    string
	Phone       string
}

// Store keeps requests. A stored request changes only through Update (or
// is made by Add), each of which owns its transaction (joining the
// caller's when ctx carries one) and lock; a not-found error is
// CodeNoRequest.
type Store interface {
	// Add locks the application's requests (two asked at once cannot both
	// pass the round's limit), hands fn the live ones, oldest first, and
	// stores the request fn makes, answering it numbered. fn's error
	// stores nothing.
	Add(ctx context.Context, applNo int64, fn func(live []Req) (*Req, error)) (Req, error)
	Get(ctx context.Context, no int64) (Req, error)
	ByKey(ctx context.Context, keyHash string) (Req, error)
	// ForApplication lists an application's requests not cancelled, oldest first.
	ForApplication(ctx context.Context, applNo int64) ([]Req, error)
	// ForEmail lists the requests not cancelled addressed to an e-mail.
	ForEmail(ctx context.Context, email string) ([]Req, error)
	// Unfinished lists the requests neither cancelled nor completed.
	Unfinished(ctx context.Context) ([]Req, error)
	// UsesTemplate reports whether a letter was saved on a template version.
	UsesTemplate(ctx context.Context, k application.RoundKey, version int) (bool, error)
	// Update locks the request's row, hands it to fn and writes back what
	// fn changed (Req.Changed), all in one transaction. A key hash held by
	// another request is a conflict (CodeKeyInvalid); fn's error changes
	// nothing.
	Update(ctx context.Context, no int64, fn func(ctx context.Context, r *Req) error) error
}

// Profiles keeps recommenders' own details.
type Profiles interface {
	// Profile answers ok false for an e-mail never seen.
	Profile(ctx context.Context, email string) (Profile, bool, error)
	PutProfile(ctx context.Context, p Profile) error
}

// Templates keeps letter templates by round and version.
type Templates interface {
	// Latest answers ok false when the round has none.
	Latest(ctx context.Context, k application.RoundKey) (Template, bool, error)
	// Version answers a not-found error for an unknown version.
	Version(ctx context.Context, k application.RoundKey, version int) (Template, error)
	// PutTemplate writes t under (t.Round, t.Version), replacing that version.
	PutTemplate(ctx context.Context, t Template) error
}

// Rounds reads a round (windows and names).
type Rounds interface {
	Round(ctx context.Context, k application.RoundKey) (application.Round, error)
}

// FileStore keeps letter files and PDFs (the documents' store).
type FileStore interface {
	Put(ctx context.Context, r io.Reader, limit int64) (name string, size int64, err error)
	Open(ctx context.Context, name string) (io.ReadCloser, error)
	Delete(ctx context.Context, name string) error
}

// ErrTooLarge is what FileStore.Put answers when the body passes the
// limit: letters share the documents' file store.
var ErrTooLarge = document.ErrTooLarge

// Printer renders a submitted letter as a PDF.
type Printer interface {
	Letter(ctx context.Context, d LetterDoc) ([]byte, error)
}

// LetterDoc is what the letter PDF shows.
type LetterDoc struct {
	Lang          string // ko or en
	SchoolName    string
	RoundName     string
	ApplicantName string
	Profile       Profile
	Questions     []Question
	Letter        Letter
	SubmittedAt   time.Time
	FileName      string
}
