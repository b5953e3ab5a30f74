package recommendation

import "github.com/gradapply/gradapply/core/apperr"

// Status is a recommendation status code (spec section 4).
type Status string

const (
	Sent      Status = "00010" // request mailed; the applicant can cancel
	Opened    Status = "00020" // the recommender opened the link
	Creating  Status = "00030" // a draft is saved
	Completed Status = "00040" // submitted; no cancel or delete
)

// Statuses lists every status in order.
var Statuses = []Status{Sent, Opened, Creating, Completed}

// ParseStatus reads a status code.
func ParseStatus(s string) (Status, error) {
	for _, st := range Statuses {
		if string(st) == s {
			return st, nil
		}
	}
	return "", apperr.Invalid(CodeStatusUnknown)
}

// Actor is who acts on a request.
type Actor string

const (
	ByApplicant   Actor = "applicant"   // the applicant who sent the request
	BySupport     Actor = "support"     // service support (a system administrator)
	ByRecommender Actor = "recommender" // the holder of the key
)

// CheckCancel says whether an actor may cancel (or delete) a request in a
// status: the applicant only while sent, support until completed, nobody
// once completed.
func CheckCancel(s Status, by Actor) error {
	switch {
	case s == Completed:
		return apperr.Conflict(CodeCompleted)
	case by == BySupport && (s == Sent || s == Opened || s == Creating):
		return nil
	case by == ByApplicant && s == Sent:
		return nil
	case by == ByApplicant && (s == Opened || s == Creating):
		return apperr.Forbidden(CodeCancelBySupport)
	case by == ByApplicant || by == BySupport:
		return apperr.Invalid(CodeStatusUnknown)
	}
	return apperr.Forbidden(CodeNotAllowed)
}

// OnOpen returns the status after the recommender opens the link: sent
// becomes opened, every other status stays.
func OnOpen(s Status) Status {
	if s == Sent {
		return Opened
	}
	return s
}

// OnSave returns the status after a draft is saved.
func OnSave(s Status) (Status, error) {
	switch s {
	case Sent, Opened, Creating:
		return Creating, nil
	case Completed:
		return s, apperr.Conflict(CodeSubmitted)
	}
	return s, apperr.Invalid(CodeStatusUnknown)
}

// OnSubmit returns the status after the letter is submitted; the letter must
// have passed Validate with submit set.
func OnSubmit(s Status) (Status, error) {
	if s == Completed {
		return s, apperr.Conflict(CodeSubmitted)
	}
	if _, err := ParseStatus(string(s)); err != nil {
		return s, err
	}
	return Completed, nil
}
