package document

import (
	"context"
	"io"
	"time"

	"github.com/gradapply/gradapply/core/application"
)

// FileStore keeps uploaded files under names it generates. Put streams r
// (never holding it whole) and stores at most limit bytes: a longer body,
// a read error or a cancelled ctx leaves nothing behind and answers an
// error (ErrTooLarge for the limit).
type FileStore interface {
	Put(ctx context.Context, r io.Reader, limit int64) (name string, size int64, err error)
	Open(ctx context.Context, name string) (io.ReadCloser, error)
	Delete(ctx context.Context, name string) error
}

// ErrTooLarge is what FileStore.Put answers when the body passes the limit.
var ErrTooLarge = tooLarge{}

type tooLarge struct{}

func (tooLarge) Error() string { return "file store: body over the limit" }

// DocItem is a document item of a round with its names and group.
type DocItem struct {
	Item
	KorName, EngName           string
	GroupCode                  string
	GroupKorName, GroupEngName string
	Seq                        int
	Level                      ItemLevel // where the row is stored
}

// ItemLevel is where a document item is defined.
type ItemLevel int

// Item levels, most specific first.
const (
	LevelRound   ItemLevel = iota // the round's own items
	LevelSchool                   // the school's items for every round
	LevelDefault                  // the service defaults
)

// PickItems applies the document-item precedence: the items of the most
// specific level present (the round's, else the school's, else the
// defaults) apply as a whole, in the order given.
func PickItems(rows []DocItem) []DocItem {
	best := LevelDefault + 1
	for _, it := range rows {
		best = min(best, it.Level)
	}
	var out []DocItem
	for _, it := range rows {
		if it.Level == best {
			out = append(out, it)
		}
	}
	return out
}

// Document is an uploaded file of an application: a regular item (Slot 0)
// or an extra slot (item ExtraItemCode, Slot 1 to 5).
type Document struct {
	FileKey    string
	ApplNo     int64
	ItemCode   string
	Slot       int
	FileName   string
	StoredName string
	Ext        string
	Size       int64
	UploadedAt time.Time
}

// Documents stores the document items of rounds and the uploaded files.
type Documents interface {
	// Items answers every item row that may apply to the round (the
	// round's, the school's and the defaults, each with its Level) in
	// display order; PickItems decides which apply.
	Items(ctx context.Context, k application.RoundKey) ([]DocItem, error)
	List(ctx context.Context, applNo int64) ([]Document, error)
	// Put stores d, replacing the document of the same item and slot; it
	// answers the replaced one (ok false when none).
	Put(ctx context.Context, d Document) (replaced Document, ok bool, err error)
	// Get answers a not-found error (CodeFileNotFound) for an unknown key.
	Get(ctx context.Context, applNo int64, fileKey string) (Document, error)
	Delete(ctx context.Context, applNo int64, fileKey string) error
}
