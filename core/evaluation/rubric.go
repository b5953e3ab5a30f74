package evaluation

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/textrule"
)

// Limits of a rubric.
const (
	MaxCriteria = 20
	MaxName     = 100
	MaxWeight   = 100
	MaxScore    = 1000
	MaxComment  = 4000
)

// Criterion is one line of a rubric: its key (what a sheet's scores are
// keyed by), its names, its weight and the range of its scores.
type Criterion struct {
	Key            string
	NameKo, NameEn string
	Weight         int
	Min, Max       int
}

// Name is the criterion's name in a language (ko unless en).
func (c Criterion) Name(lang string) string {
	if lang == "en" {
		return c.NameEn
	}
	return c.NameKo
}

var keyShape = regexp.MustCompile(`^[a-z0-9_]{1,40}$`)

// checkCriteria validates a rubric's criteria, answering them trimmed.
func checkCriteria(in []Criterion) ([]Criterion, error) {
	var f apperr.Fields
	if len(in) == 0 || len(in) > MaxCriteria {
		f.AddParam("criteria", CodeCriteria, "max", MaxCriteria)
		return nil, f.Err()
	}
	out := make([]Criterion, len(in))
	seen := map[string]bool{}
	for i, c := range in {
		c.Key, c.NameKo, c.NameEn = strings.TrimSpace(c.Key), strings.TrimSpace(c.NameKo), strings.TrimSpace(c.NameEn)
		var cf apperr.Fields
		if !keyShape.MatchString(c.Key) || seen[c.Key] {
			cf.Add("key", CodeCriterionKey)
		}
		seen[c.Key] = true
		if c.NameKo == "" || !textrule.Within(c.NameKo, MaxName) {
			cf.AddParam("nameKo", CodeCriterionName, "max", MaxName)
		}
		if c.NameEn == "" || !textrule.Within(c.NameEn, MaxName) {
			cf.AddParam("nameEn", CodeCriterionName, "max", MaxName)
		}
		if c.Weight < 1 || c.Weight > MaxWeight {
			cf.AddParam("weight", CodeWeight, "max", MaxWeight)
		}
		if c.Min < 0 || c.Min >= c.Max || c.Max > MaxScore {
			cf.AddParam("max", CodeRange, "max", MaxScore)
		}
		f.Merge("criteria["+itoa(i)+"]", cf)
		out[i] = c
	}
	return out, f.Err()
}

// Rubric is a round's scoring rubric, the aggregate of the round's
// evaluation settings. Built by NewRubric or UnmarshalRubricFromDatabase;
// it changes through SetCriteria (until locked) and Lock, inside
// Rubrics.Update.
type Rubric struct {
	round     application.RoundKey
	criteria  []Criterion
	lockedAt  *time.Time
	updatedBy string
	updatedAt time.Time
}

// RubricData is a rubric as stores keep it.
type RubricData struct {
	Round     application.RoundKey
	Criteria  []Criterion
	LockedAt  *time.Time
	UpdatedBy string
	UpdatedAt time.Time
}

var errRubric = errors.New("evaluation: invalid rubric")

// NewRubric is a round's first rubric, set by staff.
func NewRubric(k application.RoundKey, criteria []Criterion, by string, now time.Time) (Rubric, error) {
	if k.SchoolCode == "" || by == "" {
		return Rubric{}, errRubric
	}
	c, err := checkCriteria(criteria)
	if err != nil {
		return Rubric{}, err
	}
	return Rubric{round: k, criteria: c, updatedBy: by, updatedAt: now}, nil
}

// UnmarshalRubricFromDatabase rebuilds a stored rubric (stores only).
func UnmarshalRubricFromDatabase(d RubricData) (Rubric, error) {
	if d.Round.SchoolCode == "" || len(d.Criteria) == 0 {
		return Rubric{}, errRubric
	}
	return Rubric{round: d.Round, criteria: slices.Clone(d.Criteria), lockedAt: d.LockedAt, updatedBy: d.UpdatedBy,
		updatedAt: d.UpdatedAt}, nil
}

// Data is the rubric as stores keep it.
func (r Rubric) Data() RubricData {
	return RubricData{Round: r.round, Criteria: slices.Clone(r.criteria), LockedAt: r.lockedAt, UpdatedBy: r.updatedBy,
		UpdatedAt: r.updatedAt}
}

// SetCriteria replaces the criteria; refused once a sheet was submitted.
func (r *Rubric) SetCriteria(criteria []Criterion, by string, now time.Time) error {
	if r.lockedAt != nil {
		return apperr.Conflict(CodeRubricLocked)
	}
	c, err := checkCriteria(criteria)
	if err != nil {
		return err
	}
	r.criteria, r.updatedBy, r.updatedAt = c, by, now
	return nil
}

// Lock fixes the rubric: the first sheet of the round is being submitted.
// Locking a locked rubric keeps its first time.
func (r *Rubric) Lock(now time.Time) {
	if r.lockedAt == nil {
		r.lockedAt = &now
	}
}

func (r Rubric) Round() application.RoundKey { return r.round }
func (r Rubric) Criteria() []Criterion       { return slices.Clone(r.criteria) }
func (r Rubric) Locked() bool                { return r.lockedAt != nil }
func (r Rubric) UpdatedBy() string           { return r.updatedBy }
func (r Rubric) UpdatedAt() time.Time        { return r.updatedAt }

// criterion finds a criterion by key.
func (r Rubric) criterion(key string) (Criterion, bool) {
	i := slices.IndexFunc(r.criteria, func(c Criterion) bool { return c.Key == key })
	if i < 0 {
		return Criterion{}, false
	}
	return r.criteria[i], true
}

// Total is the weighted total of complete scores, 0..100 (doc.go); ok is
// false when a criterion is not scored.
func (r Rubric) Total(scores map[string]int) (float64, bool) {
	var sum, weights float64
	for _, c := range r.criteria {
		s, ok := scores[c.Key]
		if !ok {
			return 0, false
		}
		sum += float64(c.Weight) * float64(s-c.Min) / float64(c.Max-c.Min)
		weights += float64(c.Weight)
	}
	return round2(sum * 100 / weights), true
}
