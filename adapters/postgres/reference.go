package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// Reference reads the reference data of the form. Rounds (without their
// windows, which are read fresh every time so a changed deadline applies at
// once) and the code sets are cached for TTL: every save needs them and
// they change rarely.
type Reference struct {
	DB  *DB
	TTL time.Duration // 0: no cache

	mu      sync.Mutex
	rounds  map[application.RoundKey]cachedRound
	lookups *cachedLookups
}

type cachedRound struct {
	r  application.Round
	at time.Time
}

type cachedLookups struct {
	lk    form.Lookups
	codes codeSet
	at    time.Time
}

var _ application.Reference = (*Reference)(nil)

// Flush drops the cache (after reference data changed).
func (s *Reference) Flush() {
	s.mu.Lock()
	s.rounds, s.lookups = nil, nil
	s.mu.Unlock()
}

// Schools lists the schools.
func (s *Reference) Schools(ctx context.Context) ([]application.School, error) {
	rows, err := s.DB.query(ctx, Builder.Select("school_code", "kor_name", "eng_name", "slug", "color", "logo_url", "contact_email", "contact_phone").
		From("school").OrderBy("kor_name"))
	if err != nil {
		return nil, fmt.Errorf("postgres: schools: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (application.School, error) {
		var x application.School
		return x, r.Scan(&x.SchoolCode, &x.KorName, &x.EngName, &x.Slug, &x.Color, &x.LogoURL, &x.ContactEmail, &x.ContactPhone)
	})
}

// Countries lists every country in code order.
func (s *Reference) Countries(ctx context.Context) ([]application.Country, error) {
	rows, err := s.DB.query(ctx, Builder.Select("code", "kor_name", "eng_name", "order_kr", "order_en").From("country").OrderBy("code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: countries: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (application.Country, error) {
		var x application.Country
		return x, r.Scan(&x.Code, &x.KorName, &x.EngName, &x.OrderKr, &x.OrderEn)
	})
}

// SearchUnivs finds universities by part of a name.
func (s *Reference) SearchUnivs(ctx context.Context, q, country string, limit int) ([]application.Univ, error) {
	b := Builder.Select("school_code", "kor_name", "eng_name", "country_code").From("univ")
	if q != "" {
		like := "%" + escapeLike(q) + "%"
		b = b.Where(sq.Or{sq.ILike{"kor_name": like}, sq.ILike{"eng_name": like}})
	}
	if country != "" {
		b = b.Where(sq.Eq{"country_code": country})
	}
	rows, err := s.DB.query(ctx, b.OrderBy("kor_name").Limit(u64(limit)))
	if err != nil {
		return nil, fmt.Errorf("postgres: univ search: %w", err)
	}
	return pgx.CollectRows(rows, scanUniv)
}

func scanUniv(r pgx.CollectableRow) (application.Univ, error) {
	var x application.Univ
	return x, r.Scan(&x.SchoolCode, &x.KorName, &x.EngName, &x.CountryCode)
}

// Univ finds one university.
func (s *Reference) Univ(ctx context.Context, code string) (application.Univ, bool, error) {
	rows, err := s.DB.query(ctx, Builder.Select("school_code", "kor_name", "eng_name", "country_code").From("univ").Where(sq.Eq{"school_code": code}))
	if err != nil {
		return application.Univ{}, false, fmt.Errorf("postgres: univ: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanUniv)
	if err != nil || len(list) == 0 {
		return application.Univ{}, false, err
	}
	return list[0], true, nil
}

// UnivNames maps university codes to their names (for academic lists).
func (s *Reference) UnivNames(ctx context.Context, codes []string) (map[string]application.Univ, error) {
	out := map[string]application.Univ{}
	if len(codes) == 0 {
		return out, nil
	}
	rows, err := s.DB.query(ctx, Builder.Select("school_code", "kor_name", "eng_name", "country_code").From("univ").Where(sq.Eq{"school_code": codes}))
	if err != nil {
		return nil, fmt.Errorf("postgres: univ names: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanUniv)
	for _, u := range list {
		out[u.SchoolCode] = u
	}
	return out, err
}

func (s *Reference) codes(ctx context.Context, school, group string) ([]application.Code, error) {
	rows, err := s.DB.query(ctx, Builder.Select("code", "kor_value", "eng_value", "seq").From("common_code").
		Where(sq.Eq{"school_code": school, "code_group": group}).OrderBy("seq", "code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: codes: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (application.Code, error) {
		var c application.Code
		return c, r.Scan(&c.Code, &c.KorValue, &c.EngValue, &c.Seq)
	})
}

// CodeGroup answers a group's codes as stored for school ("" the SYSTEM
// ones); the fallback is core's.
func (s *Reference) CodeGroup(ctx context.Context, school, group string) ([]application.Code, bool, error) {
	list, err := s.codes(ctx, school, group)
	return list, len(list) > 0, err
}

// codeSet answers whether a SYSTEM code exists.
type codeSet map[string]map[string]bool

func (c codeSet) Has(group, code string) bool { return c[group][code] }

// Lookups answers the code sets validation needs.
func (s *Reference) Lookups(ctx context.Context) (form.Lookups, form.CodeChecker, error) {
	s.mu.Lock()
	c := s.lookups
	s.mu.Unlock()
	if c != nil && time.Since(c.at) < s.TTL {
		return c.lk, c.codes, nil
	}
	set := func(q sq.SelectBuilder) (form.Set, error) {
		rows, err := s.DB.query(ctx, q)
		if err != nil {
			return nil, err
		}
		codes, err := pgx.CollectRows(rows, pgx.RowTo[string])
		return form.SetOf(codes...), err
	}
	countries, err := set(Builder.Select("code").From("country"))
	if err != nil {
		return form.Lookups{}, nil, fmt.Errorf("postgres: lookups: %w", err)
	}
	univs, err := set(Builder.Select("school_code").From("univ"))
	if err != nil {
		return form.Lookups{}, nil, fmt.Errorf("postgres: lookups: %w", err)
	}
	rows, err := s.DB.query(ctx, Builder.Select("code_group", "code").From("common_code").Where(sq.Eq{"school_code": ""}))
	if err != nil {
		return form.Lookups{}, nil, fmt.Errorf("postgres: lookups: %w", err)
	}
	codes := codeSet{}
	var g, code string
	if _, err := pgx.ForEachRow(rows, []any{&g, &code}, func() error {
		if codes[g] == nil {
			codes[g] = map[string]bool{}
		}
		codes[g][code] = true
		return nil
	}); err != nil {
		return form.Lookups{}, nil, fmt.Errorf("postgres: lookups: %w", err)
	}
	lk := form.Lookups{Countries: countries, Schools: univs,
		CompanyTypes: form.Set(codes["COMP_TYPE"]), EmploymentTypes: form.Set(codes["EMPLOYMENT_TYPE"])}
	s.mu.Lock()
	s.lookups = &cachedLookups{lk: lk, codes: codes, at: time.Now()}
	s.mu.Unlock()
	return lk, codes, nil
}

// Rounds lists a school's rounds, newest first.
func (s *Reference) Rounds(ctx context.Context, schoolCode string) ([]application.Round, error) {
	rows, err := s.DB.query(ctx, Builder.Select("enter_year", "recruit_part_seq").From("recruit_part").
		Where(sq.Eq{"school_code": schoolCode}).OrderBy("enter_year DESC", "recruit_part_seq DESC"))
	if err != nil {
		return nil, fmt.Errorf("postgres: rounds: %w", err)
	}
	var keys []application.RoundKey
	var y, seq int
	if _, err := pgx.ForEachRow(rows, []any{&y, &seq}, func() error {
		keys = append(keys, application.RoundKey{SchoolCode: schoolCode, EnterYear: y, RecruitPartSeq: seq})
		return nil
	}); err != nil {
		return nil, fmt.Errorf("postgres: rounds: %w", err)
	}
	out := make([]application.Round, 0, len(keys))
	for _, k := range keys {
		r, err := s.Round(ctx, k)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// Round loads a round with everything the form needs.
func (s *Reference) Round(ctx context.Context, k application.RoundKey) (application.Round, error) {
	r, err := s.RoundFacts(ctx, k)
	if err != nil {
		return r, err
	}
	ws, closure, err := s.windows(ctx, k)
	if err != nil {
		return application.Round{}, err
	}
	r.Windows = ws
	return r.WithClosure(closure), nil
}

// RoundFacts is Round without the windows and closure (cached).
func (s *Reference) RoundFacts(ctx context.Context, k application.RoundKey) (application.Round, error) {
	s.mu.Lock()
	c, ok := s.rounds[k]
	s.mu.Unlock()
	var r application.Round
	if ok && time.Since(c.at) < s.TTL {
		r = c.r
	} else {
		var err error
		if r, err = s.loadRound(ctx, k); err != nil {
			return application.Round{}, err
		}
		s.mu.Lock()
		if s.rounds == nil {
			s.rounds = map[application.RoundKey]cachedRound{}
		}
		s.rounds[k] = cachedRound{r: r, at: time.Now()}
		s.mu.Unlock()
	}
	return r, nil
}

// windows reads the round's windows, never cached, with its early close
// (round_closure, nil when open) in the same query.
func (s *Reference) windows(ctx context.Context, k application.RoundKey) ([]window.Window, *application.Closure, error) {
	rows, err := s.DB.query(ctx, Builder.Select("w.window_type", "w.starts_at", "w.ends_at", "c.closed_at", "c.closed_by", "c.reason").
		From("recruit_window w").LeftJoin("round_closure c USING (school_code, enter_year, recruit_part_seq)").
		Where(sq.Eq{"w.school_code": k.SchoolCode, "w.enter_year": k.EnterYear, "w.recruit_part_seq": k.RecruitPartSeq}).OrderBy("w.window_type"))
	if err != nil {
		return nil, nil, fmt.Errorf("postgres: windows: %w", err)
	}
	var closure *application.Closure
	ws, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (window.Window, error) {
		var w window.Window
		var kind string
		var at *time.Time
		var by, reason *string
		err := r.Scan(&kind, &w.Start, &w.End, &at, &by, &reason)
		w.Kind = window.Kind(kind)
		if err == nil && at != nil {
			closure = &application.Closure{At: *at, By: *by, Reason: *reason}
		}
		return w, err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("postgres: windows: %w", err)
	}
	return ws, closure, nil
}

func (s *Reference) loadRound(ctx context.Context, k application.RoundKey) (application.Round, error) {
	r := application.Round{RoundKey: k}
	where := sq.Eq{"p.school_code": k.SchoolCode, "p.enter_year": k.EnterYear, "p.recruit_part_seq": k.RecruitPartSeq}
	var ownSteps []string
	err := s.DB.queryRow(ctx, Builder.Select("p.kor_name", "p.eng_name", "s.kor_name", "s.eng_name", "s.color", "p.fee_krw", "p.fee_usd", "p.steps",
		"p.competition_hidden").
		From("recruit_part p").Join("school s USING (school_code)").Where(where)).
		Scan(&r.KorName, &r.EngName, &r.SchoolKorName, &r.SchoolEngName, &r.Color, &r.FeeKrw, &r.FeeUsd, &ownSteps, &r.CompetitionHidden)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, apperr.NotFound(application.CodeRoundNotFound)
	}
	if err != nil {
		return r, fmt.Errorf("postgres: round: %w", err)
	}
	sc := k.SchoolCode
	wrap := func(what string, err error) error { return fmt.Errorf("postgres: round %s: %w", what, err) }

	// Steps: the round's own list, else the school's (core decides).
	rows, err := s.DB.query(ctx, Builder.Select("step").From("school_step").Where(sq.Eq{"school_code": sc}))
	if err != nil {
		return r, wrap("steps", err)
	}
	have, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return r, wrap("steps", err)
	}
	var req []application.Status
	for _, st := range application.OptionalSteps {
		for _, h := range have {
			if string(st) == h {
				req = append(req, st)
			}
		}
	}
	if r.Steps, err = application.ResolveSteps(statuses(ownSteps), req); err != nil {
		return r, wrap("steps", err)
	}

	// Rules.
	r.Rules = school.Default(sc)
	var limits []byte
	err = s.DB.queryRow(ctx, Builder.Select("refused_nationalities", "passport_none", "visa_none", "g20_required",
		"language_required", "etc_document", "text_limits").From("school_setting").Where(sq.Eq{"school_code": sc})).
		Scan(&r.Rules.RefusedNationalities, &r.Rules.PassportNone, &r.Rules.VisaNone, &r.Rules.G20Required,
			&r.Rules.LanguageRequired, &r.Rules.ExtraDocuments, &limits)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
	case err != nil:
		return r, wrap("settings", err)
	default:
		if err := json.Unmarshal(limits, &r.Rules.TextLimits); err != nil {
			return r, wrap("text limits", err)
		}
	}

	// Essays.
	rows, err = s.DB.query(ctx, Builder.Select("essay_no", "words", "chars", "question_kor", "question_eng").From("school_essay").
		Where(sq.Eq{"school_code": sc}).OrderBy("essay_no"))
	if err != nil {
		return r, wrap("essays", err)
	}
	if r.Essays, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (application.EssayQuestion, error) {
		var e application.EssayQuestion
		return e, row.Scan(&e.No, &e.Words, &e.Chars, &e.KorQuestion, &e.EngQuestion)
	}); err != nil {
		return r, wrap("essays", err)
	}
	r.Rules.Essays = make([]school.EssayRule, len(r.Essays))
	for i, e := range r.Essays {
		r.Rules.Essays[i] = e.EssayRule
	}

	// Consents: the round's own items and the school's (core decides).
	rows, err = s.DB.query(ctx, Builder.Select("code", "title_ko", "title_en", "body_ko", "body_en", "to_char(version, 'YYYY-MM-DD')", "enter_year").
		From("consent_item").Where(sq.Eq{"school_code": sc}).
		Where(sq.Or{sq.Eq{"enter_year": 0}, sq.Eq{"enter_year": k.EnterYear, "recruit_part_seq": k.RecruitPartSeq}}).OrderBy("seq", "code"))
	if err != nil {
		return r, wrap("consents", err)
	}
	var it school.ConsentItem
	var year int
	if _, err := pgx.ForEachRow(rows, []any{&it.Code, &it.TitleKo, &it.TitleEn, &it.BodyKo, &it.BodyEn, &it.Version, &year}, func() error {
		if year == 0 {
			r.SchoolConsents = append(r.SchoolConsents, it)
		} else {
			r.RoundConsents = append(r.RoundConsents, it)
		}
		return nil
	}); err != nil {
		return r, wrap("consents", err)
	}

	// Parts offered.
	rows, err = s.DB.query(ctx, Builder.Select("p.appl_part_no", "p.major_code", "m.kor_name", "m.eng_name", "p.is_master",
		"p.detail_remk_kor", "p.detail_remk_eng", "p.add_certificate_count", "m.video_essay", "p.quota").
		From("recruit_part_major p").Join("school_major m USING (school_code, major_code)").Where(where).
		OrderBy("p.seq", "p.appl_part_no"))
	if err != nil {
		return r, wrap("parts", err)
	}
	if r.Parts, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (application.Offer, error) {
		var o application.Offer
		return o, row.Scan(&o.ApplPartNo, &o.MajorCode, &o.MajorKorName, &o.MajorEngName, &o.IsMaster, &o.RemkKor, &o.RemkEng,
			&o.AddCertificateCount, &o.VideoEssay, &o.Quota)
	}); err != nil {
		return r, wrap("parts", err)
	}

	if r.SystemCategories, _, err = s.CodeGroup(ctx, "", "CATEGORY"); err != nil {
		return r, wrap("categories", err)
	}
	if r.SystemStayTypes, _, err = s.CodeGroup(ctx, "", "STAY_TYPE"); err != nil {
		return r, wrap("stay types", err)
	}
	if r.Categories, _, err = s.CodeGroup(ctx, sc, "CATEGORY"); err != nil {
		return r, wrap("categories", err)
	}
	if r.StayTypes, _, err = s.CodeGroup(ctx, sc, "STAY_TYPE"); err != nil {
		return r, wrap("stay types", err)
	}

	// Language exams with their names.
	rows, err = s.DB.query(ctx, Builder.Select("e.exam_code", "e.input_type", "e.max_score::float8",
		"coalesce(c.kor_value, e.exam_code)", "coalesce(c.eng_value, e.exam_code)").
		From("school_lang_exam e").
		LeftJoin("common_code c ON c.school_code = '' AND c.code_group = 'LANG_EXAM' AND c.code = e.exam_code").
		Where(sq.Eq{"e.school_code": sc}).OrderBy("e.seq", "e.exam_code"))
	if err != nil {
		return r, wrap("exams", err)
	}
	if r.LanguageExams, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (application.Exam, error) {
		var e application.Exam
		var typ string
		err := row.Scan(&e.Code, &typ, &e.MaxScore, &e.KorName, &e.EngName)
		e.InputType = form.InputType(typ)
		return e, err
	}); err != nil {
		return r, wrap("exams", err)
	}

	// Surveys.
	if r.PartSurvey, err = s.questions(ctx, sc, application.StagePart); err != nil {
		return r, wrap("part survey", err)
	}
	if r.Survey, err = s.questions(ctx, sc, application.StageSurvey); err != nil {
		return r, wrap("survey", err)
	}

	// Info settings.
	rows, err = s.DB.query(ctx, Builder.Select("appl_part_no", "item_code", "display", "required").From("recruit_info_item p").Where(where))
	if err != nil {
		return r, wrap("info items", err)
	}
	if r.InfoItems, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (application.InfoItem, error) {
		var x application.InfoItem
		return x, row.Scan(&x.ApplPartNo, &x.ItemCode, &x.Display, &x.Required)
	}); err != nil {
		return r, wrap("info items", err)
	}
	return r, nil
}

func (s *Reference) questions(ctx context.Context, sc, stage string) ([]application.Question, error) {
	rows, err := s.DB.query(ctx, Builder.Select("question_code", "parent_code", "depth", "is_leaf", "input_type", "kor_text", "eng_text", "required").
		From("survey_question").Where(sq.Eq{"school_code": sc, "stage": stage, "retired": false}).OrderBy("seq", "question_code"))
	if err != nil {
		return nil, err
	}
	qs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (application.Question, error) {
		var q application.Question
		return q, row.Scan(&q.Code, &q.ParentCode, &q.Depth, &q.IsLeaf, &q.InputType, &q.KorText, &q.EngText, &q.Required)
	})
	if err != nil || len(qs) == 0 {
		return qs, err
	}
	rows, err = s.DB.query(ctx, Builder.Select("question_code", "item_code", "kor_value", "eng_value", "has_comment", "seq").
		From("survey_item").Where(sq.Eq{"school_code": sc, "stage": stage, "retired": false}).OrderBy("seq", "item_code"))
	if err != nil {
		return nil, err
	}
	return qs, attachItems(rows, qs)
}

// attachItems reads rows of (question_code, item_code, kor_value,
// eng_value, has_comment, seq) onto their questions.
func attachItems(rows pgx.Rows, qs []application.Question) error {
	var qc string
	var it application.Item
	_, err := pgx.ForEachRow(rows, []any{&qc, &it.Code.Code, &it.KorValue, &it.EngValue, &it.HasComment, &it.Seq}, func() error {
		for i := range qs {
			if qs[i].Code == qc {
				qs[i].Items = append(qs[i].Items, it)
			}
		}
		return nil
	})
	return err
}
