package survey

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
)

// Query is a page of the back office's survey list.
type Query struct {
	SchoolCode string // "" every survey (system admin); else that school's
	Offset     int
	Limit      int
}

// Response is one user's answers to a survey.
type Response struct {
	UserID     string
	AnsweredAt time.Time
	Answers    []form.SurveyAnswer
}

// Store keeps site surveys, their responses and the schools' application
// survey questions.
type Store interface {
	// List answers a page of surveys, newest first, with Responses counted
	// (questions not loaded).
	List(ctx context.Context, q Query) ([]Survey, int, error)
	// Get answers a not-found error (CodeNotFound) for an unknown survey.
	Get(ctx context.Context, id int64) (Survey, error)
	// Create stores a new survey and answers its id; a second completion
	// survey of a round is a conflict (CodeCompletionTwice).
	Create(ctx context.Context, s Survey) (int64, error)
	// Update locks the survey, calls fn with what is stored and writes
	// what fn answers (questions too), in one transaction.
	Update(ctx context.Context, id int64, fn func(old Survey) (Survey, error)) error
	// Current lists the surveys open on day (yyyy-MM-dd) with questions.
	Current(ctx context.Context, day string) ([]Survey, error)
	// Answered tells which of ids the user answered.
	Answered(ctx context.Context, userID string, ids []int64) (map[int64]bool, error)
	// Answer stores a response; a second one of the same user is a
	// conflict (CodeAnswered).
	Answer(ctx context.Context, id int64, r Response) error
	// Responses lists a survey's responses in answer order.
	Responses(ctx context.Context, id int64) ([]Response, error)
	// Completion answers the round's completion survey (CodeNotFound when
	// it has none).
	Completion(ctx context.Context, k application.RoundKey) (Survey, error)

	// SchoolRounds lists a school's rounds; ok false for an unknown school.
	SchoolRounds(ctx context.Context, schoolCode string) (rounds []application.RoundKey, ok bool, err error)
	// SchoolQuestions answers a school's application survey questions of
	// a stage that are in force (not retired), in order.
	SchoolQuestions(ctx context.Context, schoolCode, stage string) ([]application.Question, error)
	// SaveSchoolQuestions replaces them, in one transaction: a question or
	// item qs lacks is deleted, or retired when an application answered it
	// (retired answers the question codes and code/item pairs retired); a
	// retired one given again is in force again.
	SaveSchoolQuestions(ctx context.Context, schoolCode, stage string, qs []application.Question) (retired []string, err error)
}

// Applications lists a user's applications (for the audience).
type Applications interface {
	ListByUser(ctx context.Context, userID string) ([]application.Header, error)
}
