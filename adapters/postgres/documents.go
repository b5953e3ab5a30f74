package postgres

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
)

// Documents stores document items and uploaded files.
type Documents struct{ DB *DB }

var _ document.Documents = Documents{}

// Items answers every item row that may apply to the round with its level
// (0 the round's, 1 the school's, 2 the defaults); core picks (PickItems).
func (s Documents) Items(ctx context.Context, k application.RoundKey) ([]document.DocItem, error) {
	rows, err := s.DB.query(ctx, Builder.Select("item_code", "grp_code", "grp_kor_name", "grp_eng_name", "kor_name", "eng_name",
		"required", "extensions", "max_size", "seq",
		"CASE WHEN enter_year IS NOT NULL THEN 0 WHEN school_code IS NOT NULL THEN 1 ELSE 2 END AS rank").
		From("doc_item").
		Where(sq.Or{
			sq.Eq{"school_code": k.SchoolCode, "enter_year": k.EnterYear, "recruit_part_seq": k.RecruitPartSeq},
			sq.Eq{"school_code": k.SchoolCode, "enter_year": nil},
			sq.Eq{"school_code": nil},
		}).OrderBy("rank", "seq", "item_code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: doc items: %w", err)
	}
	defer rows.Close()
	var out []document.DocItem
	for rows.Next() {
		var it document.DocItem
		if err := rows.Scan(&it.Code, &it.GroupCode, &it.GroupKorName, &it.GroupEngName, &it.KorName, &it.EngName,
			&it.Required, &it.Extensions, &it.MaxSize, &it.Seq, &it.Level); err != nil {
			return nil, fmt.Errorf("postgres: doc items: %w", err)
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

const docCols = "file_key, appl_no, item_code, slot, file_name, stored_name, ext, size, uploaded_at"

func scanDoc(row pgx.Row) (document.Document, error) {
	var d document.Document
	err := row.Scan(&d.FileKey, &d.ApplNo, &d.ItemCode, &d.Slot, &d.FileName, &d.StoredName, &d.Ext, &d.Size, &d.UploadedAt)
	return d, err
}

// List answers an application's documents.
func (s Documents) List(ctx context.Context, applNo int64) ([]document.Document, error) {
	rows, err := s.DB.query(ctx, Builder.Select(docCols).From("appl_document").Where(sq.Eq{"appl_no": applNo}).
		OrderBy("slot", "item_code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: documents: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (document.Document, error) { return scanDoc(r) })
	if err != nil {
		return nil, fmt.Errorf("postgres: documents: %w", err)
	}
	return out, nil
}

// Put stores a document, replacing the one of the same item and slot.
func (s Documents) Put(ctx context.Context, d document.Document) (document.Document, bool, error) {
	var old document.Document
	replaced := false
	err := s.DB.InTx(ctx, func(ctx context.Context) error {
		var err error
		old, err = scanDoc(s.DB.queryRow(ctx, Builder.Delete("appl_document").
			Where(sq.Eq{"appl_no": d.ApplNo, "item_code": d.ItemCode, "slot": d.Slot}).Suffix("RETURNING "+docCols)))
		switch {
		case errors.Is(err, pgx.ErrNoRows):
		case err != nil:
			return fmt.Errorf("postgres: replace document: %w", err)
		default:
			replaced = true
		}
		_, err = s.DB.exec(ctx, Builder.Insert("appl_document").
			Columns("file_key", "appl_no", "item_code", "slot", "file_name", "stored_name", "ext", "size", "uploaded_at").
			Values(d.FileKey, d.ApplNo, d.ItemCode, d.Slot, d.FileName, d.StoredName, d.Ext, d.Size, d.UploadedAt))
		if err != nil {
			return fmt.Errorf("postgres: put document: %w", err)
		}
		return nil
	})
	return old, replaced, err
}

// Get answers one document of an application.
func (s Documents) Get(ctx context.Context, applNo int64, fileKey string) (document.Document, error) {
	d, err := scanDoc(s.DB.queryRow(ctx, Builder.Select(docCols).From("appl_document").
		Where(sq.Eq{"appl_no": applNo, "file_key": fileKey})))
	if errors.Is(err, pgx.ErrNoRows) {
		return d, apperr.NotFound(document.CodeFileNotFound)
	}
	if err != nil {
		return d, fmt.Errorf("postgres: document: %w", err)
	}
	return d, nil
}

// Delete removes a document.
func (s Documents) Delete(ctx context.Context, applNo int64, fileKey string) error {
	tag, err := s.DB.exec(ctx, Builder.Delete("appl_document").Where(sq.Eq{"appl_no": applNo, "file_key": fileKey}))
	if err != nil {
		return fmt.Errorf("postgres: delete document: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return apperr.NotFound(document.CodeFileNotFound)
	}
	return nil
}

// MaxItemSize is the largest size limit of any document item (for the
// upload route's body limit).
func (s Documents) MaxItemSize(ctx context.Context) (int64, error) {
	var m int64
	err := s.DB.queryRow(ctx, Builder.Select("coalesce(max(max_size), 0)").From("doc_item")).Scan(&m)
	if err != nil {
		return 0, fmt.Errorf("postgres: max item size: %w", err)
	}
	return max(m, document.OtherMaxSize), nil
}
