package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/inquiry"
)

// Inquiries stores the 1:1 inquiries.
type Inquiries struct{ DB *DB }

var _ inquiry.Store = Inquiries{}

var inquiryCols = []string{"inquiry_no", "user_id", "type", "title", "body", "school_code", "status", "file_name",
	"file_stored", "file_size", "posts", "unread", "created_at", "updated_at"}

// postJSON is one post of inquiry.posts. Its keys are the Go names core's
// type had when the rows were first written, kept here so that renaming a
// field of inquiry.Post never breaks a stored thread.
type postJSON struct {
	Staff  bool      `json:"Staff"`
	Author string    `json:"Author"`
	Body   string    `json:"Body"`
	At     time.Time `json:"At"`
}

func scanInquiry(row pgx.Row) (inquiry.Inquiry, error) {
	var q inquiry.Inquiry
	var typ, st string
	var posts []postJSON
	err := row.Scan(&q.No, &q.UserID, &typ, &q.Title, &q.Body, &q.SchoolCode, &st, &q.File.Name, &q.File.Stored,
		&q.File.Size, &posts, &q.Unread, &q.CreatedAt, &q.UpdatedAt)
	q.Type, q.Status = inquiry.Type(typ), inquiry.Status(st)
	if posts != nil {
		q.Posts = make([]inquiry.Post, len(posts))
		for i, p := range posts {
			q.Posts[i] = inquiry.Post{Staff: p.Staff, Author: p.Author, Body: p.Body, At: p.At}
		}
	}
	return q, err
}

func inquiryValues(q inquiry.Inquiry) map[string]any {
	posts := make([]postJSON, len(q.Posts))
	for i, p := range q.Posts {
		posts[i] = postJSON{Staff: p.Staff, Author: p.Author, Body: p.Body, At: p.At}
	}
	return map[string]any{"type": string(q.Type), "title": q.Title, "body": q.Body, "school_code": q.SchoolCode,
		"status": string(q.Status), "file_name": q.File.Name, "file_stored": q.File.Stored, "file_size": q.File.Size,
		"posts": posts, "unread": q.Unread, "updated_at": q.UpdatedAt}
}

func (s Inquiries) one(ctx context.Context, b sq.SelectBuilder) (inquiry.Inquiry, error) {
	q, err := scanInquiry(s.DB.queryRow(ctx, b))
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return q, apperr.NotFound(inquiry.CodeNotFound)
	case err != nil:
		return q, fmt.Errorf("postgres: inquiry: %w", err)
	}
	return q, nil
}

// Create stores a new inquiry.
func (s Inquiries) Create(ctx context.Context, q inquiry.Inquiry) (inquiry.Inquiry, error) {
	v := inquiryValues(q)
	v["user_id"], v["created_at"] = q.UserID, q.CreatedAt
	if err := s.DB.queryRow(ctx, Builder.Insert("inquiry").SetMap(v).Suffix("RETURNING inquiry_no")).Scan(&q.No); err != nil {
		return q, fmt.Errorf("postgres: create inquiry: %w", err)
	}
	return q, nil
}

// Get answers one inquiry.
func (s Inquiries) Get(ctx context.Context, no int64) (inquiry.Inquiry, error) {
	return s.one(ctx, Builder.Select(inquiryCols...).From("inquiry").Where(sq.Eq{"inquiry_no": no}))
}

// Update locks the inquiry's row for fn and writes back what fn changed.
func (s Inquiries) Update(ctx context.Context, no int64, fn func(q *inquiry.Inquiry) error) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		q, err := s.one(ctx, Builder.Select(inquiryCols...).From("inquiry").Where(sq.Eq{"inquiry_no": no}).Suffix("FOR UPDATE"))
		if err != nil {
			return err
		}
		if err := fn(&q); err != nil {
			return err
		}
		if _, err := s.DB.exec(ctx, Builder.Update("inquiry").SetMap(inquiryValues(q)).Where(sq.Eq{"inquiry_no": no})); err != nil {
			return fmt.Errorf("postgres: update inquiry: %w", err)
		}
		return nil
	})
}

func inquiryWhere(b sq.SelectBuilder, f inquiry.Query) sq.SelectBuilder {
	eq := sq.Eq{}
	if f.UserID != "" {
		eq["user_id"] = f.UserID
	}
	if f.SchoolCode != "" {
		eq["school_code"] = f.SchoolCode
	}
	if f.Status != "" {
		eq["status"] = string(f.Status)
	}
	if f.Type != "" {
		eq["type"] = string(f.Type)
	}
	b = b.Where(eq)
	if !f.From.IsZero() {
		b = b.Where(sq.GtOrEq{"created_at": f.From})
	}
	if !f.To.IsZero() {
		b = b.Where(sq.Lt{"created_at": f.To})
	}
	if f.Text != "" {
		like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(f.Text) + "%"
		b = b.Where(sq.Or{sq.ILike{"title": like}, sq.ILike{"body": like}, sq.ILike{"user_id": like}})
	}
	return b
}

// List answers a page of the inquiries a query selects, newest first
// unless the query asks for the oldest.
func (s Inquiries) List(ctx context.Context, f inquiry.Query) ([]inquiry.Inquiry, int, error) {
	var total int
	if err := s.DB.queryRow(ctx, inquiryWhere(Builder.Select("count(*)").From("inquiry"), f)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: count inquiries: %w", err)
	}
	order := []string{"created_at DESC", "inquiry_no DESC"}
	if f.Oldest {
		order = []string{"created_at", "inquiry_no"}
	}
	b := inquiryWhere(Builder.Select(inquiryCols...).From("inquiry"), f).OrderBy(order...).Offset(u64(f.Offset))
	if f.Limit > 0 {
		b = b.Limit(u64(f.Limit))
	}
	rows, err := s.DB.query(ctx, b)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: inquiries: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (inquiry.Inquiry, error) { return scanInquiry(r) })
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: inquiries: %w", err)
	}
	return out, total, nil
}

// Unread counts a member's inquiries with an unread answer.
func (s Inquiries) Unread(ctx context.Context, userID string) (int, error) {
	var n int
	if err := s.DB.queryRow(ctx, Builder.Select("count(*)").From("inquiry").Where(sq.Eq{"user_id": userID, "unread": true})).Scan(&n); err != nil {
		return 0, fmt.Errorf("postgres: unread inquiries: %w", err)
	}
	return n, nil
}
