package postgres

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/helpdesk"
)

// Helpdesk stores the FAQ categories and the FAQ and help-board entries.
type Helpdesk struct{ DB *DB }

var _ helpdesk.Store = Helpdesk{}

func helpForeignKey(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23503"
}

// Categories answers every category by order, then id.
func (s Helpdesk) Categories(ctx context.Context) ([]helpdesk.Category, error) {
	rows, err := s.DB.query(ctx, Builder.Select("id", "kor_name", "eng_name", "sort_order").From("helpdesk_category").OrderBy("sort_order", "id"))
	if err != nil {
		return nil, fmt.Errorf("postgres: helpdesk categories: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (helpdesk.Category, error) {
		var c helpdesk.Category
		return c, r.Scan(&c.ID, &c.KorName, &c.EngName, &c.Order)
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: helpdesk categories: %w", err)
	}
	return out, nil
}

// Category answers one category.
func (s Helpdesk) Category(ctx context.Context, id int64) (helpdesk.Category, error) {
	c := helpdesk.Category{ID: id}
	err := s.DB.queryRow(ctx, Builder.Select("kor_name", "eng_name", "sort_order").From("helpdesk_category").Where(sq.Eq{"id": id})).
		Scan(&c.KorName, &c.EngName, &c.Order)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, apperr.NotFound(helpdesk.CodeCategoryNotFound)
	}
	if err != nil {
		return c, fmt.Errorf("postgres: helpdesk category: %w", err)
	}
	return c, nil
}

// SaveCategory creates or replaces a category.
func (s Helpdesk) SaveCategory(ctx context.Context, c helpdesk.Category) (helpdesk.Category, error) {
	var err error
	if c.ID == 0 {
		err = s.DB.queryRow(ctx, Builder.Insert("helpdesk_category").Columns("kor_name", "eng_name", "sort_order").
			Values(c.KorName, c.EngName, c.Order).Suffix("RETURNING id")).Scan(&c.ID)
	} else {
		var tag pgconn.CommandTag
		tag, err = s.DB.exec(ctx, Builder.Update("helpdesk_category").SetMap(map[string]any{
			"kor_name": c.KorName, "eng_name": c.EngName, "sort_order": c.Order}).Where(sq.Eq{"id": c.ID}))
		if err == nil && tag.RowsAffected() == 0 {
			return c, apperr.NotFound(helpdesk.CodeCategoryNotFound)
		}
	}
	if err != nil {
		return c, fmt.Errorf("postgres: helpdesk category save: %w", err)
	}
	return c, nil
}

// DeleteCategory removes a category no entry uses.
func (s Helpdesk) DeleteCategory(ctx context.Context, id int64) error {
	var n int
	if err := s.DB.queryRow(ctx, Builder.Select("count(*)").From("helpdesk_entry").Where(sq.Eq{"category_id": id})).Scan(&n); err != nil {
		return fmt.Errorf("postgres: helpdesk category delete: %w", err)
	}
	if n > 0 {
		return apperr.Conflict(helpdesk.CodeCategoryInUse).With("count", n)
	}
	tag, err := s.DB.exec(ctx, Builder.Delete("helpdesk_category").Where(sq.Eq{"id": id}))
	if helpForeignKey(err) { // an entry was added meanwhile
		return apperr.Conflict(helpdesk.CodeCategoryInUse).With("count", 1)
	}
	if err != nil {
		return fmt.Errorf("postgres: helpdesk category delete: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return apperr.NotFound(helpdesk.CodeCategoryNotFound)
	}
	return nil
}

var helpColumns = []string{"e.id", "e.kind", "coalesce(e.category_id, 0)", "e.title_ko", "e.title_en", "e.body_ko", "e.body_en",
	"e.answer_ko", "e.answer_en", "e.published", "e.sort_order", "e.created_at", "e.updated_at", "e.updated_by"}

func scanHelpEntry(r pgx.Row) (helpdesk.Entry, error) {
	var e helpdesk.Entry
	var kind string
	err := r.Scan(&e.ID, &kind, &e.CategoryID, &e.TitleKo, &e.TitleEn, &e.BodyKo, &e.BodyEn, &e.AnswerKo, &e.AnswerEn,
		&e.Published, &e.Order, &e.CreatedAt, &e.UpdatedAt, &e.UpdatedBy)
	e.Kind = helpdesk.Kind(kind)
	return e, err
}

var helpSort = map[string]string{"id": "e.id", "order": "e.sort_order", "categoryId": "e.category_id", "published": "e.published",
	"updatedAt": "e.updated_at", "titleKo": "e.title_ko", "titleEn": "e.title_en"}

// Entries answers a page of matching entries and the total. The search
// is a case-insensitive substring (ILIKE, the pattern characters escaped)
// of the title, body or answer in the query's language.
func (s Helpdesk) Entries(ctx context.Context, q helpdesk.Query) ([]helpdesk.Entry, int, error) {
	where := sq.And{sq.Eq{"e.kind": string(q.Kind)}}
	if q.CategoryID != 0 {
		where = append(where, sq.Eq{"e.category_id": q.CategoryID})
	}
	if q.Published != nil {
		where = append(where, sq.Eq{"e.published": *q.Published})
	}
	if q.Search != "" {
		like := "%" + escapeLike(q.Search) + "%"
		sfx := "_ko"
		if q.Lang == helpdesk.En {
			sfx = "_en"
		}
		where = append(where, sq.Or{sq.ILike{"e.title" + sfx: like}, sq.ILike{"e.body" + sfx: like}, sq.ILike{"e.answer" + sfx: like}})
	}
	var total int
	if err := s.DB.queryRow(ctx, Builder.Select("count(*)").From("helpdesk_entry e").Where(where)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: helpdesk entries: %w", err)
	}
	b := Builder.Select(helpColumns...).From("helpdesk_entry e").LeftJoin("helpdesk_category c ON c.id = e.category_id").Where(where)
	if col, ok := helpSort[q.Sort]; ok {
		dir := " ASC"
		if q.Desc {
			dir = " DESC"
		}
		b = b.OrderBy(col+dir, "e.id"+dir)
	} else if q.Kind == helpdesk.KindHelp {
		b = b.OrderBy("e.id DESC")
	} else {
		b = b.OrderBy("c.sort_order", "e.category_id", "e.sort_order", "e.id")
	}
	rows, err := s.DB.query(ctx, b.Offset(u64(q.Offset)).Limit(u64(q.Limit)))
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: helpdesk entries: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (helpdesk.Entry, error) { return scanHelpEntry(r) })
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: helpdesk entries: %w", err)
	}
	return out, total, nil
}

// Entry answers one entry.
func (s Helpdesk) Entry(ctx context.Context, id int64) (helpdesk.Entry, error) {
	e, err := scanHelpEntry(s.DB.queryRow(ctx, Builder.Select(helpColumns...).From("helpdesk_entry e").Where(sq.Eq{"e.id": id})))
	if errors.Is(err, pgx.ErrNoRows) {
		return e, apperr.NotFound(helpdesk.CodeNotFound)
	}
	if err != nil {
		return e, fmt.Errorf("postgres: helpdesk entry: %w", err)
	}
	return e, nil
}

// SaveEntry creates or replaces an entry.
func (s Helpdesk) SaveEntry(ctx context.Context, e helpdesk.Entry) (helpdesk.Entry, error) {
	var cat any
	if e.Kind == helpdesk.KindFAQ {
		cat = e.CategoryID
	}
	cols := map[string]any{"category_id": cat, "title_ko": e.TitleKo, "title_en": e.TitleEn, "body_ko": e.BodyKo,
		"body_en": e.BodyEn, "answer_ko": e.AnswerKo, "answer_en": e.AnswerEn, "published": e.Published, "sort_order": e.Order,
		"updated_by": e.UpdatedBy, "updated_at": sq.Expr("now()")}
	var err error
	if e.ID == 0 {
		cols["kind"] = string(e.Kind)
		err = s.DB.queryRow(ctx, Builder.Insert("helpdesk_entry").SetMap(cols).Suffix("RETURNING id, created_at, updated_at")).
			Scan(&e.ID, &e.CreatedAt, &e.UpdatedAt)
	} else {
		err = s.DB.queryRow(ctx, Builder.Update("helpdesk_entry").SetMap(cols).Where(sq.Eq{"id": e.ID}).
			Suffix("RETURNING created_at, updated_at")).Scan(&e.CreatedAt, &e.UpdatedAt)
		if errors.Is(err, pgx.ErrNoRows) {
			return e, apperr.NotFound(helpdesk.CodeNotFound)
		}
	}
	if helpForeignKey(err) {
		var f apperr.Fields
		f.Add("categoryId", helpdesk.CodeCategoryUnknown)
		return e, f.Err()
	}
	if err != nil {
		return e, fmt.Errorf("postgres: helpdesk entry save: %w", err)
	}
	return e, nil
}

// DeleteEntry removes an entry.
func (s Helpdesk) DeleteEntry(ctx context.Context, id int64) error {
	tag, err := s.DB.exec(ctx, Builder.Delete("helpdesk_entry").Where(sq.Eq{"id": id}))
	if err != nil {
		return fmt.Errorf("postgres: helpdesk entry delete: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return apperr.NotFound(helpdesk.CodeNotFound)
	}
	return nil
}
