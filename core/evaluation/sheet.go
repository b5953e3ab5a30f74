package evaluation

import (
	"errors"
	"maps"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/textrule"
)

// Sheet is one reviewer's evaluation of one application: the assignment
// (who assigned it and when) and the reviewer's scores and comment, a
// draft until submitted. Built by Assign or UnmarshalSheetFromDatabase; it
// changes through SaveDraft, Submit and Withdraw, inside Sheets.Update.
type Sheet struct {
	applNo      int64
	reviewer    string
	round       application.RoundKey
	assignedBy  string
	assignedAt  time.Time
	scores      map[string]int
	comment     string
	savedAt     *time.Time
	submittedAt *time.Time
	withdrawn   bool
}

// SheetData is a sheet as stores keep it.
type SheetData struct {
	ApplNo      int64
	Reviewer    string
	Round       application.RoundKey
	AssignedBy  string
	AssignedAt  time.Time
	Scores      map[string]int
	Comment     string
	SavedAt     *time.Time
	SubmittedAt *time.Time
}

var errSheet = errors.New("evaluation: invalid sheet")

// Assign is the empty sheet of a new assignment.
func Assign(k application.RoundKey, applNo int64, reviewer, by string, now time.Time) (Sheet, error) {
	if k.SchoolCode == "" || applNo <= 0 || reviewer == "" || by == "" {
		return Sheet{}, errSheet
	}
	return Sheet{applNo: applNo, reviewer: reviewer, round: k, assignedBy: by, assignedAt: now, scores: map[string]int{}}, nil
}

// UnmarshalSheetFromDatabase rebuilds a stored sheet (stores only).
func UnmarshalSheetFromDatabase(d SheetData) (Sheet, error) {
	if d.ApplNo <= 0 || d.Reviewer == "" || d.Round.SchoolCode == "" {
		return Sheet{}, errSheet
	}
	s := maps.Clone(d.Scores)
	if s == nil {
		s = map[string]int{}
	}
	return Sheet{applNo: d.ApplNo, reviewer: d.Reviewer, round: d.Round, assignedBy: d.AssignedBy, assignedAt: d.AssignedAt,
		scores: s, comment: d.Comment, savedAt: d.SavedAt, submittedAt: d.SubmittedAt}, nil
}

// Data is the sheet as stores keep it.
func (s Sheet) Data() SheetData {
	return SheetData{ApplNo: s.applNo, Reviewer: s.reviewer, Round: s.round, AssignedBy: s.assignedBy, AssignedAt: s.assignedAt,
		Scores: maps.Clone(s.scores), Comment: s.comment, SavedAt: s.savedAt, SubmittedAt: s.submittedAt}
}

// SaveDraft replaces the draft's scores and comment. Scores may be
// partial, each within its criterion's range; a criterion the rubric does
// not have is refused.
func (s *Sheet) SaveDraft(r Rubric, scores map[string]int, comment string, now time.Time) error {
	if s.submittedAt != nil {
		return apperr.Conflict(CodeSubmitted)
	}
	comment = strings.TrimSpace(comment)
	var f apperr.Fields
	for k, v := range scores {
		c, ok := r.criterion(k)
		if !ok || v < c.Min || v > c.Max {
			f.AddParam("scores."+k, CodeScore, "max", c.Max)
		}
	}
	if !textrule.Within(comment, MaxComment) {
		f.AddParam("comment", CodeCommentTooLong, "max", MaxComment)
	}
	if err := f.Err(); err != nil {
		return err
	}
	s.scores, s.comment, s.savedAt = maps.Clone(scores), comment, &now
	if s.scores == nil {
		s.scores = map[string]int{}
	}
	return nil
}

// Submit fixes the sheet: every criterion of the rubric scored within its
// range. Scores of criteria the rubric no longer has are dropped.
func (s *Sheet) Submit(r Rubric, now time.Time) error {
	if s.submittedAt != nil {
		return apperr.Conflict(CodeSubmitted)
	}
	var f apperr.Fields
	kept := map[string]int{}
	for _, c := range r.criteria {
		v, ok := s.scores[c.Key]
		switch {
		case !ok:
			f.Add("scores."+c.Key, CodeScoreMissing)
		case v < c.Min || v > c.Max:
			f.AddParam("scores."+c.Key, CodeScore, "max", c.Max)
		default:
			kept[c.Key] = v
		}
	}
	if err := f.Err(); err != nil {
		return err
	}
	s.scores, s.submittedAt = kept, &now
	return nil
}

// Withdraw ends the assignment: the store deletes the sheet. A submitted
// sheet stays.
func (s *Sheet) Withdraw() error {
	if s.submittedAt != nil {
		return apperr.Conflict(CodeSubmitted)
	}
	s.withdrawn = true
	return nil
}

func (s Sheet) ApplNo() int64               { return s.applNo }
func (s Sheet) Reviewer() string            { return s.reviewer }
func (s Sheet) Round() application.RoundKey { return s.round }
func (s Sheet) AssignedBy() string          { return s.assignedBy }
func (s Sheet) AssignedAt() time.Time       { return s.assignedAt }
func (s Sheet) Scores() map[string]int      { return maps.Clone(s.scores) }
func (s Sheet) Comment() string             { return s.comment }
func (s Sheet) Submitted() bool             { return s.submittedAt != nil }
func (s Sheet) SubmittedAt() *time.Time     { return s.submittedAt }
func (s Sheet) SavedAt() *time.Time         { return s.savedAt }
func (s Sheet) Withdrawn() bool             { return s.withdrawn }
