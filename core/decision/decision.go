package decision

import (
	"errors"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
)

// Kind is what was decided.
type Kind string

const (
	Admit    Kind = "admit"
	Waitlist Kind = "waitlist"
	Reject   Kind = "reject"
)

// Kinds lists the kinds in display order.
var Kinds = []Kind{Admit, Waitlist, Reject}

// ParseKind reads a kind.
func ParseKind(s string) (Kind, error) {
	switch k := Kind(s); k {
	case Admit, Waitlist, Reject:
		return k, nil
	}
	return "", apperr.Fields{{Field: "decision", Code: CodeKind}}.Err()
}

func checkRank(k Kind, rank int) error {
	if (k == Waitlist) != (rank > 0) || rank < 0 {
		return apperr.Fields{{Field: "rank", Code: CodeRank}}.Err()
	}
	return nil
}

// Decision is the outcome of one application. Built by New or
// UnmarshalDecisionFromDatabase; it changes through Change and
// MarkMailed, inside Decisions.Update or Decisions.MailBatch.
type Decision struct {
	applNo    int64
	round     application.RoundKey
	userID    string
	kind      Kind
	rank      int
	decidedBy string
	decidedAt time.Time
	mailedAt  *time.Time
}

// Data is a decision as stores keep it.
type Data struct {
	ApplNo    int64
	Round     application.RoundKey
	UserID    string
	Kind      Kind
	Rank      int
	DecidedBy string
	DecidedAt time.Time
	MailedAt  *time.Time
}

var errDecision = errors.New("decision: invalid decision")

// New decides a completed application: kind, and a rank for the waitlist.
func New(h application.Header, kind Kind, rank int, by string, now time.Time) (Decision, error) {
	if h.ApplNo <= 0 || by == "" {
		return Decision{}, errDecision
	}
	if h.State.Effective() != application.Complete {
		return Decision{}, apperr.Conflict(CodeNotComplete).With("applNo", h.ApplNo)
	}
	if _, err := ParseKind(string(kind)); err != nil {
		return Decision{}, err
	}
	if err := checkRank(kind, rank); err != nil {
		return Decision{}, err
	}
	return Decision{applNo: h.ApplNo, round: h.Round, userID: h.UserID, kind: kind, rank: rank, decidedBy: by, decidedAt: now}, nil
}

// UnmarshalDecisionFromDatabase rebuilds a stored decision (stores only).
func UnmarshalDecisionFromDatabase(d Data) (Decision, error) {
	if d.ApplNo <= 0 || d.Round.SchoolCode == "" {
		return Decision{}, errDecision
	}
	if _, err := ParseKind(string(d.Kind)); err != nil {
		return Decision{}, err
	}
	return Decision{applNo: d.ApplNo, round: d.Round, userID: d.UserID, kind: d.Kind, rank: d.Rank, decidedBy: d.DecidedBy,
		decidedAt: d.DecidedAt, mailedAt: d.MailedAt}, nil
}

// Data is the decision as stores keep it.
func (d Decision) Data() Data {
	return Data{ApplNo: d.applNo, Round: d.round, UserID: d.userID, Kind: d.kind, Rank: d.rank, DecidedBy: d.decidedBy,
		DecidedAt: d.decidedAt, MailedAt: d.mailedAt}
}

// Change replaces the decision.
func (d *Decision) Change(kind Kind, rank int, by string, now time.Time) error {
	if _, err := ParseKind(string(kind)); err != nil {
		return err
	}
	if err := checkRank(kind, rank); err != nil {
		return err
	}
	d.kind, d.rank, d.decidedBy, d.decidedAt = kind, rank, by, now
	return nil
}

// MarkMailed records that the result mail was queued (or that there was
// nobody to mail); a second call keeps the first time.
func (d *Decision) MarkMailed(now time.Time) {
	if d.mailedAt == nil {
		d.mailedAt = &now
	}
}

func (d Decision) ApplNo() int64               { return d.applNo }
func (d Decision) Round() application.RoundKey { return d.round }
func (d Decision) UserID() string              { return d.userID }
func (d Decision) Kind() Kind                  { return d.kind }
func (d Decision) Rank() int                   { return d.rank }
func (d Decision) DecidedBy() string           { return d.decidedBy }
func (d Decision) DecidedAt() time.Time        { return d.decidedAt }
func (d Decision) MailedAt() *time.Time        { return d.mailedAt }
