package inquiry

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
)

// Type is what an inquiry is about.
type Type string

// The inquiry types (the seed names none but HELP, which is the public
// help board's).
const (
	TypeApplication    Type = "application"
	TypePayment        Type = "payment"
	TypeRecommendation Type = "recommendation"
	TypeAccount        Type = "account"
	TypeOther          Type = "other"
)

// Types lists the inquiry types in display order.
var Types = []Type{TypeApplication, TypePayment, TypeRecommendation, TypeAccount, TypeOther}

// ParseType reports whether s names a type.
func ParseType(s string) (Type, bool) {
	t := Type(s)
	return t, slices.Contains(Types, t)
}

// Status is where an inquiry stands.
type Status string

const (
	Waiting  Status = "waiting"  // asked or followed up, no answer since
	Answered Status = "answered" // staff answered the last message
	Closed   Status = "closed"   // nothing more can be added
)

// ParseStatus reports whether s names a status.
func ParseStatus(s string) (Status, bool) {
	st := Status(s)
	return st, st == Waiting || st == Answered || st == Closed
}

// Limits of the texts, in characters.
const (
	MaxTitle = 100
	MaxBody  = 4000
)

// Attachment is the file of an inquiry: the name as given and where the
// file store keeps it.
type Attachment struct {
	Name   string
	Stored string
	Size   int64
}

// Post is one message after the question: a staff answer or the member's
// follow-up.
type Post struct {
	Staff  bool
	Author string // user id
	Body   string
	At     time.Time
}

// Inquiry is one member's question and its thread.
type Inquiry struct {
	No         int64
	UserID     string
	Type       Type
	Title      string
	Body       string
	SchoolCode string // "" when about no school in particular
	Status     Status
	File       Attachment
	Posts      []Post
	// Unread is set when staff answer and cleared when the member opens it.
	Unread    bool
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Draft is what a member sends to ask.
type Draft struct {
	Type       string
	Title      string
	Body       string
	SchoolCode string
}

func checkText(f *apperr.Fields, field, s string, limit int) string {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		f.Add(field, form.CodeRequired)
	case utf8.RuneCountInString(s) > limit:
		f.AddParam(field, form.CodeTooLong, "max", limit)
	}
	return s
}

// New makes an inquiry from a draft, every field checked at once. The
// school is checked by the service (it needs the school list).
func New(userID string, d Draft, now time.Time) (Inquiry, error) {
	var f apperr.Fields
	t, ok := ParseType(d.Type)
	if !ok {
		f.Add("type", CodeType)
	}
	q := Inquiry{UserID: userID, Type: t, Status: Waiting, SchoolCode: strings.TrimSpace(d.SchoolCode),
		CreatedAt: now, UpdatedAt: now}
	q.Title = checkText(&f, "title", d.Title, MaxTitle)
	q.Body = checkText(&f, "body", d.Body, MaxBody)
	if err := f.Err(); err != nil {
		return Inquiry{}, err
	}
	return q, nil
}

// add appends a post to an open inquiry.
func (q *Inquiry) add(p Post) error {
	if q.Status == Closed {
		return apperr.Conflict(CodeClosed)
	}
	var f apperr.Fields
	p.Body = checkText(&f, "body", p.Body, MaxBody)
	if err := f.Err(); err != nil {
		return err
	}
	q.Posts = append(q.Posts, p)
	q.UpdatedAt = p.At
	return nil
}

// FollowUp adds the member's message: the inquiry waits for staff again.
func (q *Inquiry) FollowUp(body string, now time.Time) error {
	if err := q.add(Post{Author: q.UserID, Body: body, At: now}); err != nil {
		return err
	}
	q.Status = Waiting
	return nil
}

// Answer adds a staff answer: the member has something unread.
func (q *Inquiry) Answer(staff, body string, now time.Time) error {
	if err := q.add(Post{Staff: true, Author: staff, Body: body, At: now}); err != nil {
		return err
	}
	q.Status, q.Unread = Answered, true
	return nil
}

// Close ends the thread; closing twice is harmless.
func (q *Inquiry) Close(now time.Time) {
	if q.Status != Closed {
		q.Status, q.UpdatedAt = Closed, now
	}
}
