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
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/examno"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/submission"
)

// Documents stores document items and uploaded files.
type Documents struct{ DB *DB }

var _ submission.Documents = Documents{}

// Items answers every item row that may apply to the round with its level
// (0 the round's, 1 the school's, 2 the defaults); core picks (PickItems).
func (s Documents) Items(ctx context.Context, k application.RoundKey) ([]submission.DocItem, error) {
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
	var out []submission.DocItem
	for rows.Next() {
		var it submission.DocItem
		if err := rows.Scan(&it.Code, &it.GroupCode, &it.GroupKorName, &it.GroupEngName, &it.KorName, &it.EngName,
			&it.Required, &it.Extensions, &it.MaxSize, &it.Seq, &it.Level); err != nil {
			return nil, fmt.Errorf("postgres: doc items: %w", err)
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

const docCols = "file_key, appl_no, item_code, slot, file_name, stored_name, ext, size, uploaded_at"

func scanDoc(row pgx.Row) (submission.Document, error) {
	var d submission.Document
	err := row.Scan(&d.FileKey, &d.ApplNo, &d.ItemCode, &d.Slot, &d.FileName, &d.StoredName, &d.Ext, &d.Size, &d.UploadedAt)
	return d, err
}

// List answers an application's documents.
func (s Documents) List(ctx context.Context, applNo int64) ([]submission.Document, error) {
	rows, err := s.DB.query(ctx, Builder.Select(docCols).From("appl_document").Where(sq.Eq{"appl_no": applNo}).
		OrderBy("slot", "item_code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: documents: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (submission.Document, error) { return scanDoc(r) })
	if err != nil {
		return nil, fmt.Errorf("postgres: documents: %w", err)
	}
	return out, nil
}

// Put stores a document, replacing the one of the same item and slot.
func (s Documents) Put(ctx context.Context, d submission.Document) (submission.Document, bool, error) {
	var old submission.Document
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
func (s Documents) Get(ctx context.Context, applNo int64, fileKey string) (submission.Document, error) {
	d, err := scanDoc(s.DB.queryRow(ctx, Builder.Select(docCols).From("appl_document").
		Where(sq.Eq{"appl_no": applNo, "file_key": fileKey})))
	if errors.Is(err, pgx.ErrNoRows) {
		return d, apperr.NotFound(submission.CodeFileNotFound)
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
		return apperr.NotFound(submission.CodeFileNotFound)
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

// ExamNumbers numbers completed applications.
type ExamNumbers struct{ DB *DB }

var _ submission.ExamNumbers = ExamNumbers{}

// Rule answers the round's exam-number template.
func (s ExamNumbers) Rule(ctx context.Context, k application.RoundKey) (string, error) {
	var rule string
	err := s.DB.queryRow(ctx, Builder.Select("appl_id_rule").From("recruit_part").
		Where(sq.Eq{"school_code": k.SchoolCode, "enter_year": k.EnterYear, "recruit_part_seq": k.RecruitPartSeq})).Scan(&rule)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", apperr.NotFound(application.CodeRoundNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("postgres: exam-number rule: %w", err)
	}
	return rule, nil
}

// Next takes the round's next sequence number. The counter row is created
// once (ON CONFLICT DO NOTHING) and then updated with UPDATE ... RETURNING,
// which holds its row lock until the caller's transaction ends: concurrent
// completions of a round queue on it and each gets its own number, and a
// number is never given twice.
func (s ExamNumbers) Next(ctx context.Context, k application.RoundKey) (int, error) {
	if _, err := s.DB.exec(ctx, Builder.Insert("appl_id_counter").Columns("school_code", "enter_year", "recruit_part_seq").
		Values(k.SchoolCode, k.EnterYear, k.RecruitPartSeq).Suffix("ON CONFLICT DO NOTHING")); err != nil {
		return 0, fmt.Errorf("postgres: exam-number counter: %w", err)
	}
	var n int
	err := s.DB.queryRow(ctx, Builder.Update("appl_id_counter").Set("last_seq", sq.Expr("last_seq + 1")).
		Where(sq.Eq{"school_code": k.SchoolCode, "enter_year": k.EnterYear, "recruit_part_seq": k.RecruitPartSeq}).
		Suffix("RETURNING last_seq")).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("postgres: exam-number counter: %w", err)
	}
	return n, nil
}

// Assign stores an exam number; a number already given in the round is a
// conflict (application_appl_id_key).
func (s ExamNumbers) Assign(ctx context.Context, applNo int64, applID string, at time.Time) error {
	_, err := s.DB.exec(ctx, Builder.Update("application").Set("appl_id", applID).Set("completed_at", at).
		Where(sq.Eq{"appl_no": applNo}))
	// Only the exam-number constraint means the number is taken; any other
	// failure stays an internal error.
	if IsUniqueViolation(err, "application_appl_id_key") {
		return apperr.Conflict(examno.CodeNumberTaken)
	}
	if err != nil {
		return fmt.Errorf("postgres: assign exam number: %w", err)
	}
	return nil
}

// Payments records payments.
type Payments struct{ DB *DB }

// Record stores a paid quote.
func (s Payments) Record(ctx context.Context, applNo int64, q payment.Quote, at time.Time) error {
	cur := string(q.Currency())
	_, err := s.DB.exec(ctx, Builder.Insert("appl_payment").
		Columns("appl_no", "pay_type", "currency", "fee", "surcharge", "total", "paid_at").
		Values(applNo, string(q.PayType), cur, q.Fee.Amount(), q.Surcharge.Amount(), q.Total.Amount(), at))
	if err != nil {
		return fmt.Errorf("postgres: payment: %w", err)
	}
	return nil
}

// Consents stores the consents accepted at submission.
type Consents struct{ DB *DB }

// Accept stores (or renews) accepted consent items.
func (s Consents) Accept(ctx context.Context, applNo int64, acc []school.Acceptance) error {
	for _, a := range acc {
		_, err := s.DB.exec(ctx, Builder.Insert("appl_consent").Columns("appl_no", "code", "version", "accepted_at").
			Values(applNo, a.Code, a.Version, a.At).
			Suffix("ON CONFLICT (appl_no, code) DO UPDATE SET version = EXCLUDED.version, accepted_at = EXCLUDED.accepted_at"))
		if err != nil {
			return fmt.Errorf("postgres: consent: %w", err)
		}
	}
	return nil
}

// Applicants reads applicants' contact data and completed applications.
type Applicants struct{ DB *DB }

// Contact answers a user's e-mail and locale.
func (s Applicants) Contact(ctx context.Context, userID string) (submission.Contact, error) {
	var c submission.Contact
	err := s.DB.queryRow(ctx, Builder.Select("email", "locale").From("app_user").Where(sq.Eq{"user_id": userID})).Scan(&c.Email, &c.Locale)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, apperr.NotFound("user.not_found")
	}
	if err != nil {
		return c, fmt.Errorf("postgres: contact: %w", err)
	}
	return c, nil
}

// CompletedByEmail lists the COMPLETE applications of the accounts using
// an address (compared case-insensitively).
func (s Applicants) CompletedByEmail(ctx context.Context, email string) ([]submission.Completed, error) {
	rows, err := s.DB.query(ctx, Builder.Select("sc.kor_name", "sc.eng_name", "p.kor_name", "p.eng_name", "a.appl_id", "u.locale").
		From("app_user u").
		Join("application a ON a.user_pk = u.id").
		Join("recruit_part p ON p.school_code = a.school_code AND p.enter_year = a.enter_year AND p.recruit_part_seq = a.recruit_part_seq").
		Join("school sc ON sc.school_code = a.school_code").
		Where(sq.Eq{"lower(u.email)": email, "a.status": "COMPLETE"}).Where("a.appl_id IS NOT NULL").
		OrderBy("a.completed_at", "a.appl_no"))
	if err != nil {
		return nil, fmt.Errorf("postgres: completed by email: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (submission.Completed, error) {
		var c submission.Completed
		return c, r.Scan(&c.SchoolKorName, &c.SchoolEngName, &c.RoundKorName, &c.RoundEngName, &c.ApplID, &c.Locale)
	})
}
