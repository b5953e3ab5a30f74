package postgres

import (
	"context"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"

	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/privacy"
)

// Retention applies the retention policy to the tables (seed section 9).
// Complaints are the 1:1 inquiries, counted from their last activity.
// Rejected applicants are the applications with a reject decision,
// counted from their round's release (issue 23). Kinds this build keeps no
// records of answer Holds false: consignment and contract records beyond
// the payments, web visits (request logs go to the process log, not the
// database) and separate applicant lists.
type Retention struct{ DB *DB }

var _ privacy.Store = Retention{}

// Holds says which kinds live in this database.
func (s Retention) Holds(k privacy.Kind) bool {
	switch k {
	case privacy.Application, privacy.Academic, privacy.Payment, privacy.AccessLog, privacy.Complaint, privacy.RejectedApplicant:
		return true
	}
	return false
}

// applicationSince is when an application's retention starts: the end of
// its round's last window (the end of the purpose), else its creation.
const applicationSince = `coalesce((SELECT max(w.ends_at) FROM recruit_window w WHERE w.school_code = a.school_code
	AND w.enter_year = a.enter_year AND w.recruit_part_seq = a.recruit_part_seq), a.created_at)`

// rejectedSince is when a rejected applicant's retention starts: the
// release of its round's results (NULL: not rejected, or not released).
const rejectedSince = `(SELECT r.release_at FROM decision d JOIN decision_release r ON r.school_code = d.school_code
	AND r.enter_year = d.enter_year AND r.recruit_part_seq = d.recruit_part_seq WHERE d.appl_no = a.appl_no AND d.kind = 'reject')`

// personalParts are the application tables anonymisation empties. The
// academic record (kept semi-permanently), the chosen part, the consents
// and the survey answers (the school's statistics) stay.
var personalParts = []string{"appl_basis", "appl_lang", "appl_career", "appl_certificate", "appl_essay", "appl_draft"}

// Expire applies one kind's action to what is due.
func (s Retention) Expire(ctx context.Context, k privacy.Kind, cutoff time.Time, action privacy.Action) (privacy.ExpireResult, error) {
	var r privacy.ExpireResult
	err := s.DB.InTx(ctx, func(ctx context.Context) error {
		var err error
		switch k {
		case privacy.Application:
			r, err = s.anonymiseApplications(ctx, sq.Expr(applicationSince+" <= ?", cutoff), sq.Expr("true"), action)
		case privacy.RejectedApplicant:
			r, err = s.anonymiseApplications(ctx, sq.Expr(rejectedSince+" <= ?", cutoff), sq.Expr(rejectedSince+" IS NOT NULL"), action)
		case privacy.Academic:
			err = s.count(ctx, &r.Kept, Builder.Select("count(*)").From("appl_acad"))
		case privacy.Payment:
			// Payment records: the recorded payments, every attempt and its
			// log, and the audit entries that explain them.
			for _, t := range []struct {
				table, col string
				where      sq.Sqlizer
			}{{"pay_attempt", "coalesce(paid_at, created_at)", nil}, {"pay_record", "at", nil}, {"audit_log", "created_at", paymentAudit()}} {
				one, err := s.deleteOlder(ctx, t.table, t.col, cutoff, action, t.where)
				if err != nil {
					return err
				}
				r.Done, r.Kept = r.Done+one.Done, r.Kept+one.Kept
			}
		case privacy.AccessLog:
			r, err = s.deleteOlder(ctx, "audit_log", "created_at", cutoff, action, sq.Expr("NOT (?)", paymentAudit()))
		case privacy.Complaint:
			r, err = s.deleteInquiries(ctx, cutoff, action)
		default:
			err = fmt.Errorf("postgres: retention: no records of kind %s", k)
		}
		return err
	})
	return r, err
}

func (s Retention) count(ctx context.Context, n *int, b sq.SelectBuilder) error {
	if err := s.DB.queryRow(ctx, b).Scan(n); err != nil {
		return fmt.Errorf("postgres: retention count: %w", err)
	}
	return nil
}

// paymentAudit selects the audit entries of the payment class
// (privacy.AuditKind).
func paymentAudit() sq.Sqlizer {
	or := sq.Or{}
	for _, p := range privacy.PaymentAuditPrefixes() {
		or = append(or, sq.Expr("starts_with(action, ?)", p))
	}
	return or
}

// deleteOlder deletes the rows of table (those matching class, when given)
// whose col is at or before cutoff, and counts the class's rows left.
func (s Retention) deleteOlder(ctx context.Context, table, col string, cutoff time.Time, action privacy.Action, class sq.Sqlizer) (privacy.ExpireResult, error) {
	var r privacy.ExpireResult
	if action != privacy.Delete {
		return r, fmt.Errorf("postgres: retention: %s can only be deleted", table)
	}
	del := Builder.Delete(table).Where(col+" <= ?", cutoff)
	left := Builder.Select("count(*)").From(table)
	if class != nil {
		del, left = del.Where(class), left.Where(class)
	}
	tag, err := s.DB.exec(ctx, del)
	if err != nil {
		return r, fmt.Errorf("postgres: retention %s: %w", table, err)
	}
	r.Done = int(tag.RowsAffected())
	return r, s.count(ctx, &r.Kept, left)
}

// anonymiseApplications anonymises the applications not yet anonymised
// that are due, and counts those of the class left.
func (s Retention) anonymiseApplications(ctx context.Context, when, class sq.Sqlizer, action privacy.Action) (privacy.ExpireResult, error) {
	var r privacy.ExpireResult
	if action != privacy.Anonymise {
		return r, fmt.Errorf("postgres: retention: applications are anonymised, not %s", action)
	}
	rows, err := s.DB.query(ctx, Builder.Select("a.appl_no").From("application a").
		Where("a.anonymised_at IS NULL").Where(when).OrderBy("a.appl_no").Suffix("FOR UPDATE OF a"))
	if err != nil {
		return r, fmt.Errorf("postgres: retention applications: %w", err)
	}
	var due []int64
	for rows.Next() {
		var n int64
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return r, fmt.Errorf("postgres: retention applications: %w", err)
		}
		due = append(due, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return r, err
	}
	if len(due) > 0 {
		in := sq.Eq{"appl_no": due}
		frows, err := s.DB.query(ctx, Builder.Select("stored_name").From("appl_document").Where(in))
		if err != nil {
			return r, fmt.Errorf("postgres: retention files: %w", err)
		}
		for frows.Next() {
			var f string
			if err := frows.Scan(&f); err != nil {
				frows.Close()
				return r, err
			}
			r.Files = append(r.Files, f)
		}
		frows.Close()
		for _, t := range append(personalParts, "appl_document") {
			if _, err := s.DB.exec(ctx, Builder.Delete(t).Where(in)); err != nil {
				return r, fmt.Errorf("postgres: retention %s: %w", t, err)
			}
		}
		if _, err := s.DB.exec(ctx, Builder.Update("application").Set("applicant_name", "").Set("user_id", nil).
			Set("user_pk", nil).Set("anonymised_at", sq.Expr("now()")).Where(in)); err != nil {
			return r, fmt.Errorf("postgres: retention anonymise: %w", err)
		}
	}
	r.Done = len(due)
	return r, s.count(ctx, &r.Kept, Builder.Select("count(*)").From("application a").Where("a.anonymised_at IS NULL").Where(class))
}

// JobAudit writes a job run to audit_log.
type JobAudit struct{ DB *DB }

var _ port.AuditLog = JobAudit{}

// Record appends one entry.
func (a JobAudit) Record(ctx context.Context, actor, action, target string, detail map[string]any) error {
	return AccessLog(a).Record(ctx, actor, action, target, detail)
}

// deleteInquiries deletes the inquiries last touched at or before cutoff,
// answering their attachments for the job to remove.
func (s Retention) deleteInquiries(ctx context.Context, cutoff time.Time, action privacy.Action) (privacy.ExpireResult, error) {
	var r privacy.ExpireResult
	if action != privacy.Delete {
		return r, fmt.Errorf("postgres: retention: inquiries can only be deleted")
	}
	rows, err := s.DB.query(ctx, Builder.Delete("inquiry").Where("updated_at <= ?", cutoff).Suffix("RETURNING file_stored"))
	if err != nil {
		return r, fmt.Errorf("postgres: retention inquiries: %w", err)
	}
	for rows.Next() {
		var f string
		if err := rows.Scan(&f); err != nil {
			rows.Close()
			return r, fmt.Errorf("postgres: retention inquiries: %w", err)
		}
		r.Done++
		if f != "" {
			r.Files = append(r.Files, f)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return r, err
	}
	return r, s.count(ctx, &r.Kept, Builder.Select("count(*)").From("inquiry"))
}
