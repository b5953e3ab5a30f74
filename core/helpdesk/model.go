package helpdesk

import (
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/textrule"
)

// Kind tells an FAQ entry from a help post.
type Kind string

const (
	KindFAQ  Kind = "FAQ"
	KindHelp Kind = "HELP" // a help-board post (seed section 3)
)

// ParseKind reads a kind.
func ParseKind(s string) (Kind, error) {
	switch k := Kind(s); k {
	case KindFAQ, KindHelp:
		return k, nil
	}
	return "", apperr.Invalid(CodeKind).With("field", "kind")
}

// Limits of the texts (characters).
const (
	MaxName   = 100
	MaxTitle  = 300
	MaxText   = 10000
	MaxOrder  = 9999
	MaxSearch = 100
)

// Category groups FAQ entries; the public page shows one tab per category.
type Category struct {
	ID      int64
	KorName string
	EngName string
	Order   int
}

// Validate checks a category a staff member saves.
func (c Category) Validate() error {
	var f apperr.Fields
	text(&f, "korName", c.KorName, MaxName)
	text(&f, "engName", c.EngName, MaxName)
	order(&f, c.Order)
	return f.Err()
}

// Entry is an FAQ entry or a help post. For an FAQ entry the title is the
// question and Body is empty; a help post has a title, the question's text
// (Body) and the answer. Texts come in Korean (Ko) and English (En).
type Entry struct {
	ID         int64
	Kind       Kind
	CategoryID int64 // FAQ only
	TitleKo    string
	TitleEn    string
	BodyKo     string // HELP only
	BodyEn     string
	AnswerKo   string
	AnswerEn   string
	Published  bool
	Order      int
	CreatedAt  time.Time
	UpdatedAt  time.Time
	UpdatedBy  string
}

// Normalise trims the texts and drops what the kind does not have.
func (e Entry) Normalise() Entry {
	for _, s := range []*string{&e.TitleKo, &e.TitleEn, &e.BodyKo, &e.BodyEn, &e.AnswerKo, &e.AnswerEn} {
		*s = strings.TrimSpace(strings.ReplaceAll(*s, "\r\n", "\n"))
	}
	if e.Kind == KindFAQ {
		e.BodyKo, e.BodyEn = "", ""
	} else {
		e.CategoryID = 0
	}
	return e
}

// Validate checks an entry a staff member saves (normalised first): both
// languages of every text the kind has, within the limits; an FAQ entry
// names a category (whether it exists is the store's check).
func (e Entry) Validate() error {
	var f apperr.Fields
	if _, err := ParseKind(string(e.Kind)); err != nil {
		f.Add("kind", CodeKind)
	}
	if e.Kind == KindFAQ && e.CategoryID <= 0 {
		f.Add("categoryId", CodeRequired)
	}
	text(&f, "titleKo", e.TitleKo, MaxTitle)
	text(&f, "titleEn", e.TitleEn, MaxTitle)
	if e.Kind == KindHelp {
		text(&f, "bodyKo", e.BodyKo, MaxText)
		text(&f, "bodyEn", e.BodyEn, MaxText)
	}
	text(&f, "answerKo", e.AnswerKo, MaxText)
	text(&f, "answerEn", e.AnswerEn, MaxText)
	order(&f, e.Order)
	return f.Err()
}

func text(f *apperr.Fields, field, v string, max int) {
	switch {
	case strings.TrimSpace(v) == "":
		f.Add(field, CodeRequired)
	case !textrule.Within(v, max):
		f.AddParam(field, CodeTooLong, "max", max)
	}
}

func order(f *apperr.Fields, n int) {
	if n < 0 || n > MaxOrder {
		f.AddParam("order", CodeOrder, "max", MaxOrder)
	}
}

// Lang is the language a search looks in.
type Lang string

const (
	Ko Lang = "ko"
	En Lang = "en"
)

// Query selects entries. Search is a substring of the title, body or
// answer in Lang (case-insensitive); CategoryID 0 is every category;
// Published nil is both.
type Query struct {
	Kind       Kind
	Lang       Lang
	Search     string
	CategoryID int64
	Published  *bool
	Sort       string // one of SortFields; "" is the public order
	Desc       bool
	Offset     int
	Limit      int
}

// SortFields are what the back office may sort entries by.
var SortFields = []string{"id", "order", "categoryId", "published", "updatedAt", "titleKo", "titleEn"}
