package decision

import (
	"errors"
	"maps"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/textrule"
)

// MaxMessage is the length of a release message, in characters.
const MaxMessage = 4000

// Message is the school's words to the applicants of one decision.
type Message struct{ Ko, En string }

// In is the message in a language (ko unless en).
func (m Message) In(lang string) string {
	if lang == "en" {
		return m.En
	}
	return m.Ko
}

// Release is when a round's results are published and what the school
// says for each decision. Built by NewRelease or
// UnmarshalReleaseFromDatabase; it changes through Reschedule (until the
// release time), inside Releases.Update.
type Release struct {
	round    application.RoundKey
	at       time.Time
	messages map[Kind]Message
	setBy    string
	setAt    time.Time
}

// ReleaseData is a release as stores keep it.
type ReleaseData struct {
	Round    application.RoundKey
	At       time.Time
	Messages map[Kind]Message
	SetBy    string
	SetAt    time.Time
}

var errRelease = errors.New("decision: invalid release")

func checkRelease(at time.Time, messages map[Kind]Message) (map[Kind]Message, error) {
	var f apperr.Fields
	if at.IsZero() {
		f.Add("at", CodeReleaseAt)
	}
	out := map[Kind]Message{}
	for _, k := range Kinds {
		m := messages[k]
		m.Ko, m.En = strings.TrimSpace(m.Ko), strings.TrimSpace(m.En)
		if m.Ko == "" || !textrule.Within(m.Ko, MaxMessage) {
			f.AddParam("messages."+string(k)+".ko", CodeMessage, "max", MaxMessage)
		}
		if m.En == "" || !textrule.Within(m.En, MaxMessage) {
			f.AddParam("messages."+string(k)+".en", CodeMessage, "max", MaxMessage)
		}
		out[k] = m
	}
	return out, f.Err()
}

// NewRelease sets a round's release: a time and a message per decision.
func NewRelease(k application.RoundKey, at time.Time, messages map[Kind]Message, by string, now time.Time) (Release, error) {
	if k.SchoolCode == "" || by == "" {
		return Release{}, errRelease
	}
	m, err := checkRelease(at, messages)
	if err != nil {
		return Release{}, err
	}
	return Release{round: k, at: at, messages: m, setBy: by, setAt: now}, nil
}

// UnmarshalReleaseFromDatabase rebuilds a stored release (stores only).
func UnmarshalReleaseFromDatabase(d ReleaseData) (Release, error) {
	if d.Round.SchoolCode == "" || d.At.IsZero() {
		return Release{}, errRelease
	}
	return Release{round: d.Round, at: d.At, messages: maps.Clone(d.Messages), setBy: d.SetBy, setAt: d.SetAt}, nil
}

// Data is the release as stores keep it.
func (r Release) Data() ReleaseData {
	return ReleaseData{Round: r.round, At: r.at, Messages: maps.Clone(r.messages), SetBy: r.setBy, SetAt: r.setAt}
}

// Released reports whether the results are out at now.
func (r Release) Released(now time.Time) bool { return !now.Before(r.at) }

// Reschedule changes the time and messages; refused once released.
func (r *Release) Reschedule(at time.Time, messages map[Kind]Message, by string, now time.Time) error {
	if r.Released(now) {
		return apperr.Conflict(CodeReleased)
	}
	m, err := checkRelease(at, messages)
	if err != nil {
		return err
	}
	r.at, r.messages, r.setBy, r.setAt = at, m, by, now
	return nil
}

func (r Release) Round() application.RoundKey { return r.round }
func (r Release) At() time.Time               { return r.at }
func (r Release) Message(k Kind) Message      { return r.messages[k] }
func (r Release) SetBy() string               { return r.setBy }
func (r Release) SetAt() time.Time            { return r.setAt }
