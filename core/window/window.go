package window

import (
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
)

// Kind is a recruitment time-window type (spec section 4).
type Kind string

const (
	Submit           Kind = "SUBMIT"            // fill in, save steps and submit the application
	Complete         Kind = "COMPLETE"          // pay and so complete a submitted application
	RecommendRequest Kind = "RECOMMEND_REQUEST" // applicant sends or cancels recommendation requests
	Recommend        Kind = "RECOMMEND"         // recommenders write and submit letters; keys die after it
)

// Kinds lists every window type.
var Kinds = []Kind{Complete, Submit, Recommend, RecommendRequest}

// ParseKind reads a window type.
func ParseKind(s string) (Kind, error) {
	for _, k := range Kinds {
		if string(k) == s {
			return k, nil
		}
	}
	return "", apperr.Invalid(CodeUnknownKind)
}

// Action is something a window gates.
type Action string

const (
	ActEdit             Action = "edit"              // create an application part, save a step, upload, delete a file
	ActSubmit           Action = "submit"            // SUBMIT transition
	ActPay              Action = "pay"               // start a payment; COMPLETE transition
	ActRequestRecommend Action = "recommend.request" // send, resend or cancel a request
	ActWriteRecommend   Action = "recommend.write"   // open, save or submit a letter
)

// Gate tells which window an action needs.
var Gate = map[Action]Kind{
	ActEdit:             Submit,
	ActSubmit:           Submit,
	ActPay:              Complete,
	ActRequestRecommend: RecommendRequest,
	ActWriteRecommend:   Recommend,
}

// Window is the half-open interval [Start, End) of one type in one round.
type Window struct {
	Kind  Kind
	Start time.Time
	End   time.Time
	// ClosedEarly is set when closing staff ended the window before its
	// stored end (CloseAt): End is then the closing time, and nobody, not
	// even a time-independent applicant, acts in it afterwards.
	ClosedEarly bool
}

// Closable are the windows closing a round ends: filling in, submitting
// and paying. The recommendation windows run on (letters for submitted
// applications may still arrive).
var Closable = []Kind{Submit, Complete}

// CloseAt is the windows of a round closed at the given time: each
// Closable window that had not ended by then ends then (a window that had
// not started never opens). The stored windows are not changed, so a
// reopened round gets them back.
func CloseAt(ws []Window, at time.Time) []Window {
	out := make([]Window, len(ws))
	for i, w := range ws {
		out[i] = w
		if !slices.Contains(Closable, w.Kind) || !at.Before(w.End) {
			continue
		}
		w.End = at
		if at.Before(w.Start) {
			w.End = w.Start
		}
		w.ClosedEarly = true
		out[i] = w
	}
	return out
}

// FromDates builds a window from yyyy-MM-dd dates, both inclusive: it opens
// at 00:00 KST of start and closes at 24:00 KST of end.
func FromDates(kind Kind, start, end string) (Window, error) {
	var f apperr.Fields
	s, ok1 := CheckDate(&f, "startDay", start)
	e, ok2 := CheckDate(&f, "endDay", end)
	if ok1 && ok2 && e.Before(s) {
		f.Add("endDay", CodeEndAfterStart)
	}
	if err := f.Err(); err != nil {
		return Window{}, err
	}
	return Window{Kind: kind, Start: s, End: EndOfDay(e)}, nil
}

// Contains reports whether now lies inside the window.
func (w Window) Contains(now time.Time) bool {
	return !now.Before(w.Start) && now.Before(w.End)
}

// Check returns nil inside the window, else a forbidden error saying
// whether the window has not opened yet or has closed (with the start and
// end as yyyy-MM-dd HH:mm in Asia/Seoul as parameters).
func (w Window) Check(now time.Time) error {
	switch {
	case now.Before(w.Start):
		return apperr.Forbidden(CodeNotOpen).With("kind", string(w.Kind)).With("start", w.Start.In(Seoul).Format("2006-01-02 15:04"))
	case !now.Before(w.End):
		return apperr.Forbidden(CodeClosed).With("kind", string(w.Kind)).With("end", w.End.In(Seoul).Format("2006-01-02 15:04"))
	}
	return nil
}

// Round is the set of windows of one recruitment round.
type Round map[Kind]Window

// NewRound collects windows by kind; a later window of the same kind
// replaces an earlier one.
func NewRound(ws ...Window) Round {
	r := Round{}
	for _, w := range ws {
		r[w.Kind] = w
	}
	return r
}

// Allow decides whether an action may happen now. exempt is true when the
// acting applicant holds ROLE_TIME_INDEPENDENT; for recommenders (who have
// no account) the caller passes the exemption of the applicant the letter
// is for, so an exempt applicant's late request can still be answered.
func (r Round) Allow(a Action, now time.Time, exempt bool) error {
	kind, ok := Gate[a]
	if !ok {
		return apperr.Invalid(CodeUnknownKind)
	}
	w, ok := r[kind]
	if ok && w.ClosedEarly && !w.Contains(now) {
		return apperr.Forbidden(CodeRoundClosed).With("kind", string(kind)).With("end", w.End.In(Seoul).Format("2006-01-02 15:04"))
	}
	if exempt {
		return nil
	}
	if !ok {
		return apperr.Forbidden(CodeNotSet).With("kind", string(kind))
	}
	return w.Check(now)
}

// Open reports whether the window of a kind is open now (no exemption).
func (r Round) Open(k Kind, now time.Time) bool {
	w, ok := r[k]
	return ok && w.Contains(now)
}

// ValidateNew checks the dates an administrator enters for a new window:
// startDay only after today, endDay only after the start date (spec
// section 5 "Dates"). Field names are startDay and endDay.
func ValidateNew(start, end string, now time.Time) error {
	var f apperr.Fields
	s, ok1 := CheckDate(&f, "startDay", start)
	e, ok2 := CheckDate(&f, "endDay", end)
	if ok1 {
		StartAfterToday(&f, "startDay", s, now)
	}
	if ok1 && ok2 {
		EndAfterStart(&f, "endDay", s, e)
	}
	return f.Err()
}
