package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/survey"
)

// Surveys stores site surveys, their responses and the schools'
// application survey questions (issues 12 and 14).
type Surveys struct{ DB *DB }

var _ survey.Store = Surveys{}

var surveyCols = []string{"s.survey_id", "s.school_code", "s.title_ko", "s.title_en", "to_char(s.start_day, 'YYYY-MM-DD')",
	"to_char(s.end_day, 'YYYY-MM-DD')", "s.audience", "s.enter_year", "s.recruit_part_seq", "s.is_completion", "s.created_by", "s.updated_at",
	"(SELECT count(*) FROM site_survey_response r WHERE r.survey_id = s.survey_id)"}

func scanSurvey(row pgx.Row) (survey.Survey, error) {
	var x survey.Survey
	err := row.Scan(&x.ID, &x.SchoolCode, &x.TitleKo, &x.TitleEn, &x.StartDay, &x.EndDay, &x.Audience, &x.EnterYear, &x.RecruitPartSeq,
		&x.Completion, &x.CreatedBy, &x.UpdatedAt, &x.Responses)
	return x, err
}

func (s Surveys) list(ctx context.Context, b sq.SelectBuilder) ([]survey.Survey, error) {
	rows, err := s.DB.query(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("postgres: surveys: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (survey.Survey, error) { return scanSurvey(r) })
	if err != nil {
		return nil, fmt.Errorf("postgres: surveys: %w", err)
	}
	return out, nil
}

// List answers a page of surveys, newest first.
func (s Surveys) List(ctx context.Context, q survey.Query) ([]survey.Survey, int, error) {
	where := sq.And{}
	if q.SchoolCode != "" {
		where = append(where, sq.Eq{"s.school_code": q.SchoolCode})
	}
	var total int
	if err := s.DB.queryRow(ctx, Builder.Select("count(*)").From("site_survey s").Where(where)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: survey list: %w", err)
	}
	list, err := s.list(ctx, Builder.Select(surveyCols...).From("site_survey s").Where(where).
		OrderBy("s.survey_id DESC").Offset(u64(q.Offset)).Limit(u64(q.Limit)))
	return list, total, err
}

// Get answers one survey with its questions.
func (s Surveys) Get(ctx context.Context, id int64) (survey.Survey, error) {
	return s.get(ctx, sq.Eq{"s.survey_id": id}, false)
}

func (s Surveys) get(ctx context.Context, where sq.Sqlizer, lock bool) (survey.Survey, error) {
	b := Builder.Select(surveyCols...).From("site_survey s").Where(where)
	if lock {
		b = b.Suffix("FOR UPDATE")
	}
	x, err := scanSurvey(s.DB.queryRow(ctx, b))
	if errors.Is(err, pgx.ErrNoRows) {
		return x, apperr.NotFound(survey.CodeNotFound)
	}
	if err != nil {
		return x, fmt.Errorf("postgres: survey: %w", err)
	}
	x.Questions, err = s.questions(ctx, x.ID)
	return x, err
}

func (s Surveys) questions(ctx context.Context, id int64) ([]application.Question, error) {
	rows, err := s.DB.query(ctx, Builder.Select("question_code", "input_type", "kor_text", "eng_text", "required").
		From("site_survey_question").Where(sq.Eq{"survey_id": id}).OrderBy("seq", "question_code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: survey questions: %w", err)
	}
	qs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (application.Question, error) {
		q := application.Question{Depth: 1, IsLeaf: true}
		return q, row.Scan(&q.Code, &q.InputType, &q.KorText, &q.EngText, &q.Required)
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: survey questions: %w", err)
	}
	rows, err = s.DB.query(ctx, Builder.Select("question_code", "item_code", "kor_value", "eng_value", "has_comment", "seq").
		From("site_survey_item").Where(sq.Eq{"survey_id": id}).OrderBy("seq", "item_code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: survey items: %w", err)
	}
	return qs, attachItems(rows, qs)
}

func (s Surveys) writeQuestions(ctx context.Context, id int64, qs []application.Question) error {
	if _, err := s.DB.exec(ctx, Builder.Delete("site_survey_question").Where(sq.Eq{"survey_id": id})); err != nil {
		return fmt.Errorf("postgres: survey questions: %w", err)
	}
	for i, q := range qs {
		if _, err := s.DB.exec(ctx, Builder.Insert("site_survey_question").
			Columns("survey_id", "question_code", "input_type", "kor_text", "eng_text", "required", "seq").
			Values(id, q.Code, q.InputType, q.KorText, q.EngText, q.Required, i+1)); err != nil {
			return fmt.Errorf("postgres: survey question: %w", err)
		}
		for j, it := range q.Items {
			if _, err := s.DB.exec(ctx, Builder.Insert("site_survey_item").
				Columns("survey_id", "question_code", "item_code", "kor_value", "eng_value", "has_comment", "seq").
				Values(id, q.Code, it.Code.Code, it.KorValue, it.EngValue, it.HasComment, j+1)); err != nil {
				return fmt.Errorf("postgres: survey item: %w", err)
			}
		}
	}
	return nil
}

func surveyConflict(err error) error {
	if IsUniqueViolation(err, "site_survey_completion_idx") {
		var f apperr.Fields
		f.Add("completion", survey.CodeCompletionTwice)
		return f.Err()
	}
	return fmt.Errorf("postgres: survey: %w", err)
}

// Create stores a new survey.
func (s Surveys) Create(ctx context.Context, x survey.Survey) (int64, error) {
	var id int64
	err := s.DB.InTx(ctx, func(ctx context.Context) error {
		if err := s.DB.queryRow(ctx, Builder.Insert("site_survey").
			Columns("school_code", "title_ko", "title_en", "start_day", "end_day", "audience", "enter_year", "recruit_part_seq", "is_completion", "created_by").
			Values(x.SchoolCode, x.TitleKo, x.TitleEn, x.StartDay, x.EndDay, x.Audience, x.EnterYear, x.RecruitPartSeq, x.Completion, x.CreatedBy).
			Suffix("RETURNING survey_id")).Scan(&id); err != nil {
			return surveyConflict(err)
		}
		return s.writeQuestions(ctx, id, x.Questions)
	})
	return id, err
}

// Update locks the survey and writes what fn answers.
func (s Surveys) Update(ctx context.Context, id int64, fn func(old survey.Survey) (survey.Survey, error)) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		old, err := s.get(ctx, sq.Eq{"s.survey_id": id}, true)
		if err != nil {
			return err
		}
		x, err := fn(old)
		if err != nil {
			return err
		}
		if _, err := s.DB.exec(ctx, Builder.Update("site_survey").SetMap(map[string]any{
			"title_ko": x.TitleKo, "title_en": x.TitleEn, "start_day": x.StartDay, "end_day": x.EndDay, "audience": x.Audience,
			"enter_year": x.EnterYear, "recruit_part_seq": x.RecruitPartSeq, "is_completion": x.Completion, "updated_at": sq.Expr("now()"),
		}).Where(sq.Eq{"survey_id": id})); err != nil {
			return surveyConflict(err)
		}
		if old.Responses > 0 {
			return nil // frozen: the service refused any change
		}
		return s.writeQuestions(ctx, id, x.Questions)
	})
}

// Current lists the surveys open on day, with questions.
func (s Surveys) Current(ctx context.Context, day string) ([]survey.Survey, error) {
	list, err := s.list(ctx, Builder.Select(surveyCols...).From("site_survey s").
		Where(sq.And{sq.LtOrEq{"s.start_day": day}, sq.GtOrEq{"s.end_day": day}}).OrderBy("s.end_day", "s.survey_id"))
	if err != nil {
		return nil, err
	}
	for i := range list {
		if list[i].Questions, err = s.questions(ctx, list[i].ID); err != nil {
			return nil, err
		}
	}
	return list, nil
}

// Answered tells which of ids the user answered.
func (s Surveys) Answered(ctx context.Context, userID string, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.DB.query(ctx, Builder.Select("survey_id").From("site_survey_response").Where(sq.Eq{"user_id": userID, "survey_id": ids}))
	if err != nil {
		return nil, fmt.Errorf("postgres: survey answered: %w", err)
	}
	var id int64
	_, err = pgx.ForEachRow(rows, []any{&id}, func() error { out[id] = true; return nil })
	return out, err
}

// Answer stores a response; the primary key refuses a second one.
func (s Surveys) Answer(ctx context.Context, id int64, r survey.Response) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		tag, err := s.DB.exec(ctx, Builder.Insert("site_survey_response").Columns("survey_id", "user_id", "answered_at").
			Values(id, r.UserID, r.AnsweredAt).Suffix("ON CONFLICT DO NOTHING"))
		if err != nil {
			return fmt.Errorf("postgres: survey response: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return apperr.Conflict(survey.CodeAnswered)
		}
		for i, a := range r.Answers {
			if _, err := s.DB.exec(ctx, Builder.Insert("site_survey_answer").
				Columns("survey_id", "user_id", "seq", "question_code", "item_code", "answer", "comment").
				Values(id, r.UserID, i+1, a.QuestionCode, a.ItemCode, a.Answer, a.Comment)); err != nil {
				return fmt.Errorf("postgres: survey answer: %w", err)
			}
		}
		return nil
	})
}

// Responses lists a survey's responses in answer order.
func (s Surveys) Responses(ctx context.Context, id int64) ([]survey.Response, error) {
	rows, err := s.DB.query(ctx, Builder.Select("r.user_id", "r.answered_at", "coalesce(a.question_code, '')", "coalesce(a.item_code, '')",
		"coalesce(a.answer, '')", "coalesce(a.comment, '')").
		From("site_survey_response r").LeftJoin("site_survey_answer a USING (survey_id, user_id)").
		Where(sq.Eq{"r.survey_id": id}).OrderBy("r.answered_at", "r.user_id", "a.seq"))
	if err != nil {
		return nil, fmt.Errorf("postgres: survey responses: %w", err)
	}
	var out []survey.Response
	var user string
	var at time.Time
	var a form.SurveyAnswer
	_, err = pgx.ForEachRow(rows, []any{&user, &at, &a.QuestionCode, &a.ItemCode, &a.Answer, &a.Comment}, func() error {
		if n := len(out); n == 0 || out[n-1].UserID != user {
			out = append(out, survey.Response{UserID: user, AnsweredAt: at})
		}
		if a.QuestionCode != "" {
			out[len(out)-1].Answers = append(out[len(out)-1].Answers, a)
		}
		return nil
	})
	return out, err
}

// Completion answers the round's completion survey.
func (s Surveys) Completion(ctx context.Context, k application.RoundKey) (survey.Survey, error) {
	return s.get(ctx, sq.Eq{"s.school_code": k.SchoolCode, "s.enter_year": k.EnterYear, "s.recruit_part_seq": k.RecruitPartSeq, "s.is_completion": true}, false)
}

// SchoolRounds lists a school's rounds.
func (s Surveys) SchoolRounds(ctx context.Context, schoolCode string) ([]application.RoundKey, bool, error) {
	var n int
	if err := s.DB.queryRow(ctx, Builder.Select("count(*)").From("school").Where(sq.Eq{"school_code": schoolCode})).Scan(&n); err != nil {
		return nil, false, fmt.Errorf("postgres: school: %w", err)
	}
	if n == 0 {
		return nil, false, nil
	}
	rows, err := s.DB.query(ctx, Builder.Select("school_code", "enter_year", "recruit_part_seq").From("recruit_part").
		Where(sq.Eq{"school_code": schoolCode}).OrderBy("enter_year", "recruit_part_seq"))
	if err != nil {
		return nil, false, fmt.Errorf("postgres: school rounds: %w", err)
	}
	ks, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (application.RoundKey, error) {
		var k application.RoundKey
		return k, r.Scan(&k.SchoolCode, &k.EnterYear, &k.RecruitPartSeq)
	})
	return ks, true, err
}

// SchoolQuestions answers the school's questions in force.
func (s Surveys) SchoolQuestions(ctx context.Context, schoolCode, stage string) ([]application.Question, error) {
	return (&Reference{DB: s.DB}).questions(ctx, schoolCode, stage)
}

// answeredSQL: an application of the school answered the question (and item).
const answeredSQL = `EXISTS (SELECT 1 FROM appl_survey_answer a JOIN application p USING (appl_no)
	WHERE p.school_code = survey_question.school_code AND a.stage = survey_question.stage AND a.question_code = survey_question.question_code)`

const itemAnsweredSQL = `EXISTS (SELECT 1 FROM appl_survey_answer a JOIN application p USING (appl_no)
	WHERE p.school_code = survey_item.school_code AND a.stage = survey_item.stage AND a.question_code = survey_item.question_code
	AND a.item_code = survey_item.item_code)`

// SaveSchoolQuestions replaces the school's questions of a stage; what an
// application answered is retired instead of deleted.
func (s Surveys) SaveSchoolQuestions(ctx context.Context, schoolCode, stage string, qs []application.Question) ([]string, error) {
	var retired []string
	err := s.DB.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.DB.q(ctx).Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('survey_question:' || $1))", schoolCode); err != nil {
			return fmt.Errorf("postgres: survey lock: %w", err)
		}
		var keep []string
		for i, q := range qs {
			keep = append(keep, q.Code)
			if _, err := s.DB.exec(ctx, Builder.Insert("survey_question").
				Columns("school_code", "stage", "question_code", "input_type", "kor_text", "eng_text", "required", "seq", "retired").
				Values(schoolCode, stage, q.Code, q.InputType, q.KorText, q.EngText, q.Required, i+1, false).
				Suffix(`ON CONFLICT (school_code, stage, question_code) DO UPDATE SET input_type = EXCLUDED.input_type,
					kor_text = EXCLUDED.kor_text, eng_text = EXCLUDED.eng_text, required = EXCLUDED.required, seq = EXCLUDED.seq,
					retired = false, parent_code = '', depth = 1, is_leaf = true`)); err != nil {
				return fmt.Errorf("postgres: survey question: %w", err)
			}
			var items []string
			for j, it := range q.Items {
				items = append(items, it.Code.Code)
				if _, err := s.DB.exec(ctx, Builder.Insert("survey_item").
					Columns("school_code", "stage", "question_code", "item_code", "kor_value", "eng_value", "has_comment", "seq", "retired").
					Values(schoolCode, stage, q.Code, it.Code.Code, it.KorValue, it.EngValue, it.HasComment, j+1, false).
					Suffix(`ON CONFLICT (school_code, stage, question_code, item_code) DO UPDATE SET kor_value = EXCLUDED.kor_value,
						eng_value = EXCLUDED.eng_value, has_comment = EXCLUDED.has_comment, seq = EXCLUDED.seq, retired = false`)); err != nil {
					return fmt.Errorf("postgres: survey item: %w", err)
				}
			}
			gone := sq.And{sq.Eq{"school_code": schoolCode, "stage": stage, "question_code": q.Code, "retired": false}, sq.NotEq{"item_code": items}}
			r, err := s.retire(ctx, "survey_item", gone, itemAnsweredSQL, "question_code || '/' || item_code")
			if err != nil {
				return err
			}
			retired = append(retired, r...)
		}
		gone := sq.And{sq.Eq{"school_code": schoolCode, "stage": stage, "retired": false}, sq.NotEq{"question_code": keep}}
		r, err := s.retire(ctx, "survey_question", gone, answeredSQL, "question_code")
		retired = append(retired, r...)
		return err
	})
	return retired, err
}

// retire marks the rows of table matching gone that were answered as
// retired (answering what) and deletes the others.
func (s Surveys) retire(ctx context.Context, table string, gone sq.And, answered, name string) ([]string, error) {
	rows, err := s.DB.query(ctx, Builder.Update(table).Set("retired", true).Where(append(gone, sq.Expr(answered))).Suffix("RETURNING "+name))
	if err != nil {
		return nil, fmt.Errorf("postgres: retire %s: %w", table, err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("postgres: retire %s: %w", table, err)
	}
	if _, err := s.DB.exec(ctx, Builder.Delete(table).Where(append(gone, sq.Expr("NOT "+answered)))); err != nil {
		return nil, fmt.Errorf("postgres: delete %s: %w", table, err)
	}
	return out, nil
}
