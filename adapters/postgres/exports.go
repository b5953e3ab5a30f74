package postgres

import (
	"context"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"

	"github.com/gradapply/gradapply/core/application"
)

// Exports streams a round's submitted applications and their documents
// (core/application export.go), one row at a time.
type Exports struct{ DB *DB }

var _ application.ExportStore = Exports{}

func exportWhere(k application.RoundKey) sq.Sqlizer {
	return sq.And{sq.Eq{"a.school_code": k.SchoolCode, "a.enter_year": k.EnterYear, "a.recruit_part_seq": k.RecruitPartSeq},
		sq.Eq{"a.status": []string{string(application.Submit), string(application.VbankIssue), string(application.Complete)}}}
}

// ExportRows calls fn with each applicant of the round, in exam-number order.
func (s Exports) ExportRows(ctx context.Context, k application.RoundKey, fn func(application.ExportRow) error) error {
	b := Builder.Select("a.appl_no", "coalesce(a.appl_id, '')", "coalesce(a.user_id, '')", "coalesce(b.kor_name, '')",
		"coalesce(nullif(b.eng_name, ''), trim(coalesce(b.first_name, '') || ' ' || coalesce(b.last_name, '')))",
		"coalesce(nullif(b.email, ''), u.email, '')", "coalesce(b.mobile, '')", "coalesce(b.phone, '')", "coalesce(b.nationality, '')",
		"coalesce(p.major_code, '')", "coalesce(m.kor_name, '')", "coalesce(p.is_master, false)", "coalesce(p.category_code, '')", "coalesce(p.stay_type_code, '')",
		"coalesce((SELECT string_agg(l.lang_exam_code || ' ' || coalesce(nullif(l.score, ''), l.level), '; ' ORDER BY l.seq) FROM appl_lang l WHERE l.appl_no = a.appl_no), '')",
		"a.status", "coalesce(a.review_status, '')",
		moneyCols, "a.completed_at", "a.created_at", "a.updated_at", "coalesce(rl.requested, 0)", "coalesce(rl.completed, 0)").
		From("application a").Join("appl_money am ON am.appl_no = a.appl_no").
		LeftJoin("LATERAL (SELECT count(*) AS requested, count(*) FILTER (WHERE r.status = '00040') AS completed FROM recommend_request r WHERE r.appl_no = a.appl_no AND NOT r.cancelled) rl ON true").
		LeftJoin("app_user u ON u.id = a.user_pk").
		LeftJoin("appl_basis b ON b.appl_no = a.appl_no").
		LeftJoin("application_part p ON p.appl_no = a.appl_no AND p.choice_seq = 1").
		LeftJoin("school_major m ON m.school_code = a.school_code AND m.major_code = p.major_code").
		Where(exportWhere(k)).OrderBy("a.appl_id NULLS LAST", "a.appl_no")
	rows, err := s.DB.query(ctx, b)
	if err != nil {
		return fmt.Errorf("postgres: export rows: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r application.ExportRow
		var mm moneyScan
		var st, rst string
		var done *time.Time
		if err := rows.Scan(&r.ApplNo, &r.ApplID, &r.UserID, &r.KorName, &r.EngName, &r.Email, &r.Mobile, &r.Phone, &r.Nationality,
			&r.MajorCode, &r.MajorKorName, &r.IsMaster, &r.CategoryCode, &r.StayTypeCode, &r.Scores, &st, &rst,
			&mm.paid, &mm.inFlight, &mm.method, &mm.currency, &mm.amount, &mm.refunded, &mm.paidAt, &mm.providerCancelled, &done, &r.CreatedAt, &r.UpdatedAt, &r.LettersRequested, &r.LettersCompleted); err != nil {
			return fmt.Errorf("postgres: export row: %w", err)
		}
		r.Status, r.ReviewStatus = application.Status(st), application.Status(rst)
		r.Money = mm.money()
		if done != nil {
			r.CompletedAt = *done
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	return rows.Err()
}

// ExportFiles calls fn with each stored document of the round's
// applications, grouped by application.
func (s Exports) ExportFiles(ctx context.Context, k application.RoundKey, fn func(application.ExportFile) error) error {
	rows, err := s.DB.query(ctx, Builder.Select("a.appl_no", "coalesce(a.appl_id, '')", "d.item_code", "d.slot", "d.file_name", "d.stored_name", "d.ext", "d.size", "d.uploaded_at").
		From("appl_document d").Join("application a ON a.appl_no = d.appl_no").
		Where(exportWhere(k)).OrderBy("a.appl_id NULLS LAST", "a.appl_no", "d.item_code", "d.slot"))
	if err != nil {
		return fmt.Errorf("postgres: export files: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var f application.ExportFile
		if err := rows.Scan(&f.ApplNo, &f.ApplID, &f.ItemCode, &f.Slot, &f.FileName, &f.StoredName, &f.Ext, &f.Size, &f.UploadedAt); err != nil {
			return fmt.Errorf("postgres: export file: %w", err)
		}
		if err := fn(f); err != nil {
			return err
		}
	}
	return rows.Err()
}

// ExportLetters calls fn with the submitted letters of the round's
// exported applications, by application and request.
func (s Exports) ExportLetters(ctx context.Context, k application.RoundKey, fn func(application.ExportLetter) error) error {
	rows, err := s.DB.query(ctx, Builder.Select("r.appl_no", "r.req_no", "r.prof_name", "r.pdf_stored", "r.file_name", "r.file_stored",
		"r.file_size", "r.submitted_at").
		From("recommend_request r").Join("application a ON a.appl_no = r.appl_no").
		Where(exportWhere(k)).Where(sq.Eq{"r.status": "00040", "r.cancelled": false}).Where("r.submitted_at IS NOT NULL").
		OrderBy("a.appl_id NULLS LAST", "a.appl_no", "r.req_no"))
	if err != nil {
		return fmt.Errorf("postgres: export letters: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var l application.ExportLetter
		if err := rows.Scan(&l.ApplNo, &l.ReqNo, &l.ProfName, &l.PDFStored, &l.FileName, &l.FileStored, &l.FileSize, &l.SubmittedAt); err != nil {
			return fmt.Errorf("postgres: export letter: %w", err)
		}
		if err := fn(l); err != nil {
			return err
		}
	}
	return rows.Err()
}

// ExportSize counts the round's applicants and files.
func (s Exports) ExportSize(ctx context.Context, k application.RoundKey) (int, int, int64, error) {
	var apps, files int
	var bytes int64
	err := s.DB.queryRow(ctx, Builder.Select("count(*)",
		"coalesce((SELECT count(*) FROM appl_document d WHERE d.appl_no = ANY(array_agg(a.appl_no))), 0)",
		"coalesce((SELECT sum(d.size) FROM appl_document d WHERE d.appl_no = ANY(array_agg(a.appl_no))), 0)").
		From("application a").Where(exportWhere(k))).Scan(&apps, &files, &bytes)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("postgres: export size: %w", err)
	}
	return apps, files, bytes, nil
}
