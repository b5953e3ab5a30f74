package notice

import (
	"errors"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/textrule"
)

// Limits of the texts, in characters.
const (
	MaxTitle   = 200
	MaxSubject = 200
	MaxBody    = 20000
)

// Text is something in both languages.
type Text struct{ Ko, En string }

// In is the text in a language (ko unless en).
func (t Text) In(lang string) string {
	if lang == "en" {
		return t.En
	}
	return t.Ko
}

func checkText(f *apperr.Fields, field, code string, t Text, max int) Text {
	t.Ko, t.En = strings.TrimSpace(t.Ko), strings.TrimSpace(t.En)
	if t.Ko == "" || !textrule.Within(t.Ko, max) {
		f.AddParam(field+"Ko", code, "max", max)
	}
	if t.En == "" || !textrule.Within(t.En, max) {
		f.AddParam(field+"En", code, "max", max)
	}
	return t
}

// Content is what staff write: where the notice shows, its texts and
// period. School "" is the whole site; Round, when set, is one of the
// school's rounds.
type Content struct {
	School string
	Round  *application.RoundKey
	Title  Text
	Body   Text
	Starts time.Time
	Ends   time.Time
}

func checkContent(c Content) (Content, error) {
	var f apperr.Fields
	c.Title = checkText(&f, "title", CodeTitle, c.Title, MaxTitle)
	c.Body = checkText(&f, "body", CodeBody, c.Body, MaxBody)
	if c.Starts.IsZero() || !c.Ends.After(c.Starts) {
		f.Add("ends", CodePeriod)
	}
	if c.Round != nil && c.Round.SchoolCode != c.School {
		f.Add("round", CodeRoundSchool)
	}
	if c.Round != nil {
		k := *c.Round
		c.Round = &k
	}
	return c, f.Err()
}

// Notice is one notice. Built by NewNotice or UnmarshalNoticeFromDatabase;
// it changes through Edit and Remove, inside Notices.Update.
type Notice struct {
	id        int64
	content   Content
	createdBy string
	createdAt time.Time
	updatedBy string
	updatedAt time.Time
	removed   bool
}

// NoticeData is a notice as stores keep it.
type NoticeData struct {
	ID        int64
	Content   Content
	CreatedBy string
	CreatedAt time.Time
	UpdatedBy string
	UpdatedAt time.Time
}

var errNotice = errors.New("notice: invalid notice")

// NewNotice is a new notice (numbered by the store).
func NewNotice(c Content, by string, now time.Time) (Notice, error) {
	if by == "" {
		return Notice{}, errNotice
	}
	c, err := checkContent(c)
	if err != nil {
		return Notice{}, err
	}
	return Notice{content: c, createdBy: by, createdAt: now, updatedBy: by, updatedAt: now}, nil
}

// UnmarshalNoticeFromDatabase rebuilds a stored notice (stores only).
func UnmarshalNoticeFromDatabase(d NoticeData) (Notice, error) {
	if d.ID <= 0 {
		return Notice{}, errNotice
	}
	return Notice{id: d.ID, content: d.Content, createdBy: d.CreatedBy, createdAt: d.CreatedAt, updatedBy: d.UpdatedBy, updatedAt: d.UpdatedAt}, nil
}

// Data is the notice as stores keep it.
func (n Notice) Data() NoticeData {
	return NoticeData{ID: n.id, Content: n.content, CreatedBy: n.createdBy, CreatedAt: n.createdAt, UpdatedBy: n.updatedBy,
		UpdatedAt: n.updatedAt}
}

// Edit replaces the texts, period and round; the school stays.
func (n *Notice) Edit(c Content, by string, now time.Time) error {
	c.School = n.content.School
	c, err := checkContent(c)
	if err != nil {
		return err
	}
	n.content, n.updatedBy, n.updatedAt = c, by, now
	return nil
}

// Remove deletes the notice (the store drops it).
func (n *Notice) Remove() { n.removed = true }

// Shows reports whether the notice shows at now.
func (n Notice) Shows(now time.Time) bool {
	return !now.Before(n.content.Starts) && now.Before(n.content.Ends)
}

func (n Notice) ID() int64            { return n.id }
func (n Notice) Content() Content     { return n.content }
func (n Notice) School() string       { return n.content.School }
func (n Notice) CreatedBy() string    { return n.createdBy }
func (n Notice) CreatedAt() time.Time { return n.createdAt }
func (n Notice) UpdatedBy() string    { return n.updatedBy }
func (n Notice) UpdatedAt() time.Time { return n.updatedAt }
func (n Notice) Removed() bool        { return n.removed }
