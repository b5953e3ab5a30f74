package submission

import (
	"context"
	"io"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
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
	document.Item
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
// or an extra slot (item document.ExtraItemCode, Slot 1 to 5).
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

// ExamNumbers numbers completed applications.
type ExamNumbers interface {
	// Rule is the round's exam-number template (recruit_part.appl_id_rule).
	Rule(ctx context.Context, k application.RoundKey) (string, error)
	// Next takes the round's next sequence number in the caller's
	// transaction (a counter row updated with UPDATE ... RETURNING): two
	// completions never get the same one, and a number given by a
	// committed completion is never given again (a rolled-back one was
	// never held by anyone).
	Next(ctx context.Context, k application.RoundKey) (int, error)
	// Assign stores the number; a duplicate within the round is a conflict.
	Assign(ctx context.Context, applNo int64, applID string, at time.Time) error
}

// Payments records payments; the payment issue adds the providers. Here
// only free completions are recorded.
type Payments interface {
	Record(ctx context.Context, applNo int64, q payment.Quote, at time.Time) error
}

// Consents stores what was accepted again at submission.
type Consents interface {
	Accept(ctx context.Context, applNo int64, acc []school.Acceptance) error
}

// Contact is how an applicant is mailed.
type Contact struct {
	Email  string
	Locale string // ko or en
}

// Completed is an application in COMPLETE, for the exam-number lookup.
type Completed struct {
	SchoolKorName, SchoolEngName string
	RoundKorName, RoundEngName   string
	ApplID                       string
	Locale                       string
}

// Applicants reads applicants' contact data and completed applications.
type Applicants interface {
	Contact(ctx context.Context, userID string) (Contact, error)
	// CompletedByEmail lists the COMPLETE applications (with an exam
	// number) of the accounts using this address.
	CompletedByEmail(ctx context.Context, email string) ([]Completed, error)
}

// Mailer queues a mail in the caller's transaction (outbox).
type Mailer interface {
	Queue(ctx context.Context, locale, to string, m mailmsg.Message) error
}

// Records answers an application as the applicant's list shows it
// (core/application.Service.Get).
type Records interface {
	Get(ctx context.Context, p permission.Principal, applNo int64) (application.Record, error)
}

// Captcha verifies a solved proof-of-work.
type Captcha interface {
	Verify(ctx context.Context, payload string) bool
}

// Counter counts requests in a window (rate limits).
type Counter interface {
	Incr(ctx context.Context, key string, window time.Duration) (int, error)
}
