package memstore

import (
	"context"
	"maps"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/survey"
)

// Surveys is survey.Store in memory.
type Surveys struct{ *Store }

var _ survey.Store = Surveys{}

type schoolQ struct {
	application.Question
	retired      bool
	retiredItems map[string]bool
}

type surveyData struct {
	next      int64
	surveys   map[int64]survey.Survey
	responses map[int64][]survey.Response
	schoolQs  map[[2]string][]schoolQ // school, stage
}

func (r *surveyData) clone() *surveyData {
	if r == nil {
		return &surveyData{surveys: map[int64]survey.Survey{}, responses: map[int64][]survey.Response{}, schoolQs: map[[2]string][]schoolQ{}}
	}
	return &surveyData{next: r.next, surveys: maps.Clone(r.surveys), responses: maps.Clone(r.responses), schoolQs: maps.Clone(r.schoolQs)}
}

func (d *data) survey() *surveyData {
	if d.sites == nil {
		d.sites = (*surveyData)(nil).clone()
	}
	return d.sites
}

func cloneQuestions(qs []application.Question) []application.Question {
	out := slices.Clone(qs)
	for i := range out {
		out[i].Items = slices.Clone(out[i].Items)
	}
	return out
}

func (s Surveys) withCount(d *data, x survey.Survey) survey.Survey {
	x.Responses = len(d.survey().responses[x.ID])
	x.Questions = cloneQuestions(x.Questions)
	return x
}

// List answers a page of surveys, newest first.
func (s Surveys) List(ctx context.Context, q survey.Query) ([]survey.Survey, int, error) {
	var out []survey.Survey
	total := 0
	err := s.do(ctx, func(d *data) error {
		var all []survey.Survey
		for _, x := range d.survey().surveys {
			if q.SchoolCode == "" || x.SchoolCode == q.SchoolCode {
				x = s.withCount(d, x)
				x.Questions = nil
				all = append(all, x)
			}
		}
		slices.SortFunc(all, func(a, b survey.Survey) int { return int(b.ID - a.ID) })
		total = len(all)
		out = all[min(q.Offset, total):min(q.Offset+q.Limit, total)]
		return nil
	})
	return out, total, err
}

// Get answers one survey.
func (s Surveys) Get(ctx context.Context, id int64) (survey.Survey, error) {
	var x survey.Survey
	err := s.do(ctx, func(d *data) error {
		v, ok := d.survey().surveys[id]
		if !ok {
			return apperr.NotFound(survey.CodeNotFound)
		}
		x = s.withCount(d, v)
		return nil
	})
	return x, err
}

func completionTaken(d *data, x survey.Survey) error {
	for _, o := range d.survey().surveys {
		if x.Completion && o.Completion && o.ID != x.ID && o.Round() == x.Round() {
			var f apperr.Fields
			f.Add("completion", survey.CodeCompletionTwice)
			return f.Err()
		}
	}
	return nil
}

// Create stores a new survey.
func (s Surveys) Create(ctx context.Context, x survey.Survey) (int64, error) {
	err := s.do(ctx, func(d *data) error {
		sd := d.survey()
		sd.next++
		x.ID, x.UpdatedAt, x.Responses = sd.next, s.now(), 0
		x.Questions = cloneQuestions(x.Questions)
		if err := completionTaken(d, x); err != nil {
			return err
		}
		sd.surveys = maps.Clone(sd.surveys)
		sd.surveys[x.ID] = x
		return nil
	})
	return x.ID, err
}

// Update writes what fn answers.
func (s Surveys) Update(ctx context.Context, id int64, fn func(old survey.Survey) (survey.Survey, error)) error {
	return s.do(ctx, func(d *data) error {
		old, ok := d.survey().surveys[id]
		if !ok {
			return apperr.NotFound(survey.CodeNotFound)
		}
		old = s.withCount(d, old)
		x, err := fn(old)
		if err != nil {
			return err
		}
		x.ID, x.UpdatedAt, x.CreatedBy = id, s.now(), old.CreatedBy
		if old.Responses > 0 {
			x.Questions = old.Questions
		}
		if err := completionTaken(d, x); err != nil {
			return err
		}
		x.Questions = cloneQuestions(x.Questions)
		d.survey().surveys[id] = x
		return nil
	})
}

// Current lists the surveys open on day.
func (s Surveys) Current(ctx context.Context, day string) ([]survey.Survey, error) {
	var out []survey.Survey
	err := s.do(ctx, func(d *data) error {
		for _, x := range d.survey().surveys {
			if x.StartDay <= day && day <= x.EndDay {
				out = append(out, s.withCount(d, x))
			}
		}
		slices.SortFunc(out, func(a, b survey.Survey) int {
			if a.EndDay != b.EndDay {
				if a.EndDay < b.EndDay {
					return -1
				}
				return 1
			}
			return int(a.ID - b.ID)
		})
		return nil
	})
	return out, err
}

// Answered tells which of ids the user answered.
func (s Surveys) Answered(ctx context.Context, userID string, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	err := s.do(ctx, func(d *data) error {
		for _, id := range ids {
			out[id] = slices.ContainsFunc(d.survey().responses[id], func(r survey.Response) bool { return r.UserID == userID })
		}
		return nil
	})
	return out, err
}

// Answer stores a response once per user.
func (s Surveys) Answer(ctx context.Context, id int64, r survey.Response) error {
	return s.do(ctx, func(d *data) error {
		sd := d.survey()
		if _, ok := sd.surveys[id]; !ok {
			return apperr.NotFound(survey.CodeNotFound)
		}
		if slices.ContainsFunc(sd.responses[id], func(x survey.Response) bool { return x.UserID == r.UserID }) {
			return apperr.Conflict(survey.CodeAnswered)
		}
		r.Answers = slices.Clone(r.Answers)
		sd.responses[id] = append(sd.responses[id][:len(sd.responses[id]):len(sd.responses[id])], r)
		return nil
	})
}

// Responses lists a survey's responses in answer order.
func (s Surveys) Responses(ctx context.Context, id int64) ([]survey.Response, error) {
	var out []survey.Response
	err := s.do(ctx, func(d *data) error {
		out = slices.Clone(d.survey().responses[id])
		slices.SortStableFunc(out, func(a, b survey.Response) int { return a.AnsweredAt.Compare(b.AnsweredAt) })
		return nil
	})
	return out, err
}

// Completion answers the round's completion survey.
func (s Surveys) Completion(ctx context.Context, k application.RoundKey) (survey.Survey, error) {
	var x survey.Survey
	err := s.do(ctx, func(d *data) error {
		for _, v := range d.survey().surveys {
			if v.Completion && v.Round() == k {
				x = s.withCount(d, v)
				return nil
			}
		}
		return apperr.NotFound(survey.CodeNotFound)
	})
	return x, err
}

// SchoolRounds lists a school's rounds (a school is known by SetSchools or
// by a round of it).
func (s Surveys) SchoolRounds(ctx context.Context, schoolCode string) ([]application.RoundKey, bool, error) {
	var out []application.RoundKey
	ok := false
	err := s.do(ctx, func(d *data) error {
		ok = slices.ContainsFunc(d.schools, func(x application.School) bool { return x.SchoolCode == schoolCode })
		for k := range d.rounds {
			if k.SchoolCode == schoolCode {
				out, ok = append(out, k), true
			}
		}
		slices.SortFunc(out, func(a, b application.RoundKey) int {
			return a.EnterYear*100 + a.RecruitPartSeq - b.EnterYear*100 - b.RecruitPartSeq
		})
		return nil
	})
	return out, ok, err
}

// SchoolQuestions answers the school's questions in force.
func (s Surveys) SchoolQuestions(ctx context.Context, schoolCode, stage string) ([]application.Question, error) {
	var out []application.Question
	err := s.do(ctx, func(d *data) error {
		for _, q := range d.survey().schoolQs[[2]string{schoolCode, stage}] {
			if q.retired {
				continue
			}
			x := q.Question
			x.Items = slices.DeleteFunc(slices.Clone(x.Items), func(it application.Item) bool { return q.retiredItems[it.Code.Code] })
			out = append(out, x)
		}
		return nil
	})
	return out, err
}

// answered reports whether an application of the school answered the
// question (and the item, when item is not "").
func answered(d *data, schoolCode, stage, question, item string) bool {
	for k, sd := range d.surveys {
		if k.stage != stage || d.apps[k.applNo].Round.SchoolCode != schoolCode {
			continue
		}
		for _, a := range sd.Answers {
			if a.QuestionCode == question && (item == "" || a.ItemCode == item) {
				return true
			}
		}
	}
	return false
}

// SaveSchoolQuestions replaces the school's questions; what applications
// answered is retired instead of deleted.
func (s Surveys) SaveSchoolQuestions(ctx context.Context, schoolCode, stage string, qs []application.Question) ([]string, error) {
	var retired []string
	err := s.do(ctx, func(d *data) error {
		key := [2]string{schoolCode, stage}
		old := d.survey().schoolQs[key]
		var next []schoolQ
		for _, q := range qs {
			nq := schoolQ{Question: q, retiredItems: map[string]bool{}}
			nq.Items = slices.Clone(q.Items)
			if i := slices.IndexFunc(old, func(o schoolQ) bool { return o.Code == q.Code }); i >= 0 {
				for _, it := range old[i].Items {
					kept := slices.ContainsFunc(q.Items, func(x application.Item) bool { return x.Code.Code == it.Code.Code })
					if !kept && (old[i].retiredItems[it.Code.Code] || answered(d, schoolCode, stage, q.Code, it.Code.Code)) {
						nq.Items = append(nq.Items, it)
						nq.retiredItems[it.Code.Code] = true
						if !old[i].retiredItems[it.Code.Code] && !old[i].retired {
							retired = append(retired, q.Code+"/"+it.Code.Code)
						}
					}
				}
			}
			next = append(next, nq)
		}
		for _, o := range old {
			if slices.ContainsFunc(qs, func(q application.Question) bool { return q.Code == o.Code }) {
				continue
			}
			if o.retired || answered(d, schoolCode, stage, o.Code, "") {
				if !o.retired {
					retired = append(retired, o.Code)
				}
				o.retired = true
				next = append(next, o)
			}
		}
		d.survey().schoolQs[key] = next
		return nil
	})
	return retired, err
}
