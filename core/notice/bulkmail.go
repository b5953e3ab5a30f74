package notice

import (
	"errors"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
)

// State is where a bulk mail stands.
type State string

const (
	Draft   State = "draft"   // being written: it may change
	Sending State = "sending" // recipients fixed, batches going out
	Done    State = "done"    // every recipient's mail queued
)

// Filter chooses a round's applicants: by the effective status of their
// application ("" any) and by its decision ("" any).
type Filter struct {
	Status   application.Status
	Decision decision.Kind
}

// statuses are the application statuses a filter may name.
var statuses = []application.Status{application.PartSave, application.BasisSave, application.AcadSave, application.LangSave,
	application.CareerSave, application.AddInfoSave, application.FileSave, application.Survey, application.Submit,
	application.VbankIssue, application.Complete, application.Cancel}

func checkFilter(f *apperr.Fields, x Filter) {
	if x.Status != "" && !slices.Contains(statuses, x.Status) {
		f.Add("status", CodeStatus)
	}
	if x.Decision != "" && !slices.Contains(decision.Kinds, x.Decision) {
		f.Add("decision", CodeDecision)
	}
}

// Letter is what a bulk mail says: subject and body in both languages,
// and whom it goes to.
type Letter struct {
	Filter  Filter
	Subject Text
	Body    Text
}

func checkLetter(l Letter) (Letter, error) {
	var f apperr.Fields
	checkFilter(&f, l.Filter)
	l.Subject = checkText(&f, "subject", CodeSubject, l.Subject, MaxSubject)
	l.Body = checkText(&f, "body", CodeMailBody, l.Body, MaxBody)
	return l, f.Err()
}

// BulkMail is one mail to a round's applicants. Built by NewBulkMail or
// UnmarshalBulkMailFromDatabase; it changes through Edit, Start and
// Finish, inside Mails.Update.
type BulkMail struct {
	id        int64
	round     application.RoundKey
	letter    Letter
	state     State
	createdBy string
	createdAt time.Time
	sentBy    string
	sentAt    *time.Time
	doneAt    *time.Time
}

// BulkMailData is a bulk mail as stores keep it.
type BulkMailData struct {
	ID        int64
	Round     application.RoundKey
	Letter    Letter
	State     State
	CreatedBy string
	CreatedAt time.Time
	SentBy    string
	SentAt    *time.Time
	DoneAt    *time.Time
}

var errMail = errors.New("notice: invalid bulk mail")

// NewBulkMail is a draft to a round's applicants.
func NewBulkMail(k application.RoundKey, l Letter, by string, now time.Time) (BulkMail, error) {
	if k.SchoolCode == "" || by == "" {
		return BulkMail{}, errMail
	}
	l, err := checkLetter(l)
	if err != nil {
		return BulkMail{}, err
	}
	return BulkMail{round: k, letter: l, state: Draft, createdBy: by, createdAt: now}, nil
}

// UnmarshalBulkMailFromDatabase rebuilds a stored mail (stores only).
func UnmarshalBulkMailFromDatabase(d BulkMailData) (BulkMail, error) {
	if d.ID <= 0 || d.Round.SchoolCode == "" || !slices.Contains([]State{Draft, Sending, Done}, d.State) {
		return BulkMail{}, errMail
	}
	return BulkMail{id: d.ID, round: d.Round, letter: d.Letter, state: d.State, createdBy: d.CreatedBy, createdAt: d.CreatedAt,
		sentBy: d.SentBy, sentAt: d.SentAt, doneAt: d.DoneAt}, nil
}

// Data is the mail as stores keep it.
func (m BulkMail) Data() BulkMailData {
	return BulkMailData{ID: m.id, Round: m.round, Letter: m.letter, State: m.state, CreatedBy: m.createdBy, CreatedAt: m.createdAt,
		SentBy: m.sentBy, SentAt: m.sentAt, DoneAt: m.doneAt}
}

// Edit replaces a draft's letter.
func (m *BulkMail) Edit(l Letter) error {
	if m.state != Draft {
		return apperr.Conflict(CodeNotDraft)
	}
	l, err := checkLetter(l)
	if err != nil {
		return err
	}
	m.letter = l
	return nil
}

// Start sends a draft: from now on it does not change and goes out.
func (m *BulkMail) Start(by string, now time.Time) error {
	if m.state != Draft {
		return apperr.Conflict(CodeNotDraft)
	}
	m.state, m.sentBy, m.sentAt = Sending, by, &now
	return nil
}

// Finish records that every recipient's mail is queued.
func (m *BulkMail) Finish(now time.Time) {
	if m.state == Sending {
		m.state, m.doneAt = Done, &now
	}
}

func (m BulkMail) ID() int64                   { return m.id }
func (m BulkMail) Round() application.RoundKey { return m.round }
func (m BulkMail) Letter() Letter              { return m.letter }
func (m BulkMail) State() State                { return m.state }
func (m BulkMail) CreatedBy() string           { return m.createdBy }
func (m BulkMail) CreatedAt() time.Time        { return m.createdAt }
func (m BulkMail) SentBy() string              { return m.sentBy }
func (m BulkMail) SentAt() *time.Time          { return m.sentAt }
func (m BulkMail) DoneAt() *time.Time          { return m.doneAt }
