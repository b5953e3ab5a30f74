package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// PayStaff is the store of the staff money pages (core/payment.StaffStore):
// attempt lists, cancellations, failures and settlement closings.
type PayStaff struct{ DB *DB }

var _ payment.StaffStore = PayStaff{}

// payColsP is payCols qualified with the attempt's alias p.
var payColsP = func() string {
	cols := strings.Split(payCols, ", ")
	for i, c := range cols {
		cols[i] = "p." + c
	}
	return strings.Join(cols, ", ")
}()

// extraRow scans an attempt's columns and then further ones.
type extraRow struct {
	pgx.Row
	extra []any
}

func (r extraRow) Scan(dest ...any) error { return r.Row.Scan(append(dest, r.extra...)...) }

var attemptSorts = map[string]string{"createdAt": "p.created_at", "paidAt": "p.paid_at", "applNo": "p.appl_no",
	"total": "p.total", "result": "p.result"}

func attemptWhere(b sq.SelectBuilder, q payment.AttemptQuery) sq.SelectBuilder {
	if q.School != "" {
		b = b.Where(sq.Eq{"p.school_code": q.School})
	}
	if q.ApplNo > 0 {
		b = b.Where(sq.Eq{"p.appl_no": q.ApplNo})
	}
	if q.ApplID != "" {
		b = b.Where(sq.Eq{"a.appl_id": q.ApplID})
	}
	if q.Search != "" {
		like := "%" + strings.NewReplacer("%", `\%`, "_", `\_`).Replace(q.Search) + "%"
		b = b.Where(sq.Or{sq.ILike{"a.applicant_name": like}, sq.ILike{"p.user_id": like}, sq.ILike{"p.payment_id": like}})
	}
	if q.EnterYear > 0 {
		b = b.Where(sq.Eq{"a.enter_year": q.EnterYear})
	}
	if q.RecruitPartSeq > 0 {
		b = b.Where(sq.Eq{"a.recruit_part_seq": q.RecruitPartSeq})
	}
	if q.Result != "" {
		b = b.Where(sq.Eq{"p.result": string(q.Result)})
	}
	if q.Provider != "" {
		b = b.Where(sq.Eq{"p.provider": string(q.Provider)})
	}
	if !q.From.IsZero() {
		b = b.Where(sq.GtOrEq{"p.created_at": q.From})
	}
	if !q.To.IsZero() {
		b = b.Where(sq.Lt{"p.created_at": q.To})
	}
	if !q.PaidFrom.IsZero() {
		b = b.Where(sq.GtOrEq{"p.paid_at": q.PaidFrom})
	}
	if !q.PaidTo.IsZero() {
		b = b.Where(sq.Lt{"p.paid_at": q.PaidTo})
	}
	return b
}

// ListAttempts lists attempts with their application's exam number,
// applicant and round; Limit 0 lists all.
func (s PayStaff) ListAttempts(ctx context.Context, q payment.AttemptQuery) ([]payment.AttemptRow, int, error) {
	from := "pay_attempt p JOIN application a ON a.appl_no = p.appl_no"
	var total int
	if err := s.DB.queryRow(ctx, attemptWhere(Builder.Select("count(*)").From(from), q)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: count pay attempts: %w", err)
	}
	order := attemptSorts[q.Sort]
	if order == "" {
		order = "p.created_at"
	}
	dir := " ASC"
	if q.Desc {
		dir = " DESC"
	}
	b := attemptWhere(Builder.Select(payColsP+", coalesce(a.appl_id, ''), a.applicant_name, a.enter_year, a.recruit_part_seq, a.status").
		From(from), q).OrderBy(order+dir+" NULLS LAST", "p.payment_id"+dir).Offset(u64(q.Offset))
	b = limited(b, q.Limit)
	rows, err := s.DB.query(ctx, b)
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: pay attempts: %w", err)
	}
	defer rows.Close()
	out := []payment.AttemptRow{}
	for rows.Next() {
		var r payment.AttemptRow
		att, err := scanAttempt(extraRow{rows, []any{&r.ApplID, &r.ApplicantName, &r.Round.EnterYear, &r.Round.RecruitPartSeq, &r.AppStatus}})
		if err != nil {
			return nil, 0, err
		}
		r.Attempt, r.Round.SchoolCode = att, att.SchoolCode()
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// AddCancel stores a cancellation in the caller's transaction.
func (s PayStaff) AddCancel(ctx context.Context, c payment.Cancellation) error {
	var acct any
	if c.Refund != nil {
		b, _ := marshalRefundAccount(c.Refund)
		acct = b
	}
	_, err := s.DB.exec(ctx, Builder.Insert("pay_cancel").Columns("id", "payment_id", "appl_no", "school_code", "provider", "pay_type",
		"cancel_type", "currency", "amount", "reason", "refund_account", "cancelled_by", "at", "provider_cancel_id", "answer", "pending",
		"applicant_reason").
		Values(c.ID, c.PaymentID, c.ApplNo, c.SchoolCode, string(c.Provider), string(c.PayType), string(c.Type),
			string(c.Amount.Currency()), c.Amount.Amount(), c.Reason, acct, c.By, c.At, c.ProviderCancelID, c.Answer, c.Pending,
			c.ApplicantReason))
	if err != nil {
		return fmt.Errorf("postgres: add pay cancel: %w", err)
	}
	return nil
}

// SettleCancel writes back a followed-up cancellation in the caller's
// transaction: its answer, pending flag, settled and overdue times.
func (s PayStaff) SettleCancel(ctx context.Context, c payment.Cancellation) error {
	_, err := s.DB.exec(ctx, Builder.Update("pay_cancel").Set("answer", c.Answer).Set("pending", c.Pending).
		Set("settled_at", timeOrNil(c.SettledAt)).Set("overdue_at", timeOrNil(c.OverdueAt)).Where(sq.Eq{"id": c.ID}))
	if err != nil {
		return fmt.Errorf("postgres: settle pay cancel: %w", err)
	}
	return nil
}

func cancelWhere(b sq.SelectBuilder, q payment.CancelQuery) sq.SelectBuilder {
	if q.School != "" {
		b = b.Where(sq.Eq{"school_code": q.School})
	}
	if q.ApplNo > 0 {
		b = b.Where(sq.Eq{"appl_no": q.ApplNo})
	}
	if q.UserID != "" {
		b = b.Where("payment_id IN (SELECT payment_id FROM pay_attempt WHERE user_id = ?)", q.UserID)
	}
	if q.PaymentID != "" {
		b = b.Where(sq.Eq{"payment_id": q.PaymentID})
	}
	if q.Answer == payment.AnswerPending {
		b = b.Where("pending") // the partial index
	} else if q.Answer != "" {
		b = b.Where(sq.Eq{"answer": q.Answer})
	}
	if !q.From.IsZero() {
		b = b.Where(sq.GtOrEq{"at": q.From})
	}
	if !q.To.IsZero() {
		b = b.Where(sq.Lt{"at": q.To})
	}
	return b
}

// Cancels lists cancellations, oldest first unless Desc; Limit 0 lists all.
func (s PayStaff) Cancels(ctx context.Context, q payment.CancelQuery) ([]payment.Cancellation, int, error) {
	var total int
	if err := s.DB.queryRow(ctx, cancelWhere(Builder.Select("count(*)").From("pay_cancel"), q)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: count pay cancels: %w", err)
	}
	order := "at"
	if q.Sort == "amount" {
		order = "amount"
	}
	dir := " ASC"
	if q.Desc {
		dir = " DESC"
	}
	b := cancelWhere(Builder.Select("id", "payment_id", "appl_no", "school_code", "provider", "pay_type", "cancel_type", "currency",
		"amount", "reason", "refund_account", "cancelled_by", "at", "provider_cancel_id", "answer", "pending", "settled_at", "overdue_at",
		"applicant_reason").
		From("pay_cancel"), q).
		OrderBy(order+dir, "id"+dir).Offset(u64(q.Offset))
	rows, err := s.DB.query(ctx, limited(b, q.Limit))
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: pay cancels: %w", err)
	}
	defer rows.Close()
	out := []payment.Cancellation{}
	for rows.Next() {
		var c payment.Cancellation
		var prov, typ, ct, cur string
		var amount int64
		var acct []byte
		var settled, overdue *time.Time
		if err := rows.Scan(&c.ID, &c.PaymentID, &c.ApplNo, &c.SchoolCode, &prov, &typ, &ct, &cur, &amount, &c.Reason, &acct,
			&c.By, &c.At, &c.ProviderCancelID, &c.Answer, &c.Pending, &settled, &overdue, &c.ApplicantReason); err != nil {
			return nil, 0, fmt.Errorf("postgres: pay cancel: %w", err)
		}
		if settled != nil {
			c.SettledAt = *settled
		}
		if overdue != nil {
			c.OverdueAt = *overdue
		}
		c.Provider, c.PayType, c.Type = payment.Provider(prov), payment.PayType(typ), payment.CancelType(ct)
		c.Amount, _ = money.New(amount, money.Currency(cur))
		if len(acct) > 0 {
			if c.Refund, err = unmarshalRefundAccount(acct); err != nil {
				return nil, 0, fmt.Errorf("postgres: pay cancel account: %w", err)
			}
		}
		out = append(out, c)
	}
	return out, total, rows.Err()
}

// failureCond is a record of a failure: an attempt that failed or
// expired, a refused event, money after the end, a refused cancel.
// A followed-up refund that failed or is overdue is one too, and so is a
// payment the provider cancelled after we recorded it paid.
const failureCond = "(r.kind IN ('refused', 'late_paid') OR r.to_result IN ('FAILED', 'TIMEOUT') AND r.kind = 'changed' OR r.kind = 'refund' AND r.alert" +
	" OR r.code = 'payment.provider_cancelled')"

func failureWhere(b sq.SelectBuilder, q payment.FailureQuery) sq.SelectBuilder {
	b = b.Where(failureCond)
	if q.School != "" {
		b = b.Where(sq.Eq{"p.school_code": q.School})
	}
	if q.Code != "" {
		b = b.Where(sq.Eq{"r.code": q.Code})
	}
	if !q.From.IsZero() {
		b = b.Where(sq.GtOrEq{"r.at": q.From})
	}
	if !q.To.IsZero() {
		b = b.Where(sq.Lt{"r.at": q.To})
	}
	return b
}

// Failures lists failure records, newest first unless !Desc.
func (s PayStaff) Failures(ctx context.Context, q payment.FailureQuery) ([]payment.Record, int, error) {
	from := "pay_record r LEFT JOIN pay_attempt p ON p.payment_id = r.payment_id AND r.payment_id <> ''"
	var total int
	if err := s.DB.queryRow(ctx, failureWhere(Builder.Select("count(*)").From(from), q)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: count pay failures: %w", err)
	}
	dir := " ASC"
	if q.Desc {
		dir = " DESC"
	}
	b := failureWhere(Builder.Select("r.id", "r.payment_id", "coalesce(r.appl_no, 0)", "r.provider", "r.kind", "r.source",
		"r.from_result", "r.to_result", "r.delivery_id", "r.code", "r.detail", "r.alert", "r.at").From(from), q).
		OrderBy("r.id" + dir).Offset(u64(q.Offset))
	rows, err := s.DB.query(ctx, limited(b, q.Limit))
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: pay failures: %w", err)
	}
	defer rows.Close()
	out := []payment.Record{}
	for rows.Next() {
		var r payment.Record
		var prov, kind, src, fr, to string
		var detail []byte
		if err := rows.Scan(&r.ID, &r.PaymentID, &r.ApplNo, &prov, &kind, &src, &fr, &to, &r.DeliveryID, &r.Code, &detail, &r.Alert, &r.At); err != nil {
			return nil, 0, fmt.Errorf("postgres: pay failure: %w", err)
		}
		r.Provider, r.Kind, r.Source = payment.Provider(prov), payment.RecordKind(kind), payment.Source(src)
		r.From, r.To = payment.Result(fr), payment.Result(to)
		_ = json.Unmarshal(detail, &r.Detail)
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// Close stores a closing; overlapping closed periods of the school are
// refused (checked under a per-school advisory lock in the caller's
// transaction).
func (s PayStaff) Close(ctx context.Context, c payment.Closing) error {
	if _, err := s.DB.q(ctx).Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('settlement:' || $1))", c.School); err != nil {
		return fmt.Errorf("postgres: settlement lock: %w", err)
	}
	found, err := s.Closings(ctx, c.School, c.From, c.To)
	if err != nil {
		return err
	}
	if len(found) > 0 {
		return apperr.Conflict(payment.CodePeriodClosed)
	}
	rows, err := marshalClosingRows(c.Rows)
	if err != nil {
		return err
	}
	if _, err := s.DB.exec(ctx, Builder.Insert("settlement_close").Columns("school_code", "period_from", "period_to", "rows", "closed_by", "closed_at").
		Values(c.School, c.From, c.To, rows, c.By, c.At)); err != nil {
		return fmt.Errorf("postgres: close settlement: %w", err)
	}
	return nil
}

// Closings lists a school's closings overlapping [from, to).
func (s PayStaff) Closings(ctx context.Context, school string, from, to time.Time) ([]payment.Closing, error) {
	rows, err := s.DB.query(ctx, Builder.Select("school_code", "period_from", "period_to", "rows", "closed_by", "closed_at").
		From("settlement_close").Where(sq.Eq{"school_code": school}).Where(sq.Lt{"period_from": to}).Where(sq.Gt{"period_to": from}).
		OrderBy("period_from"))
	if err != nil {
		return nil, fmt.Errorf("postgres: settlement closings: %w", err)
	}
	defer rows.Close()
	var out []payment.Closing
	for rows.Next() {
		var c payment.Closing
		var body []byte
		if err := rows.Scan(&c.School, &c.From, &c.To, &body, &c.By, &c.At); err != nil {
			return nil, fmt.Errorf("postgres: settlement closing: %w", err)
		}
		var err error
		if c.Rows, err = unmarshalClosingRows(body); err != nil {
			return nil, fmt.Errorf("postgres: settlement closing rows: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
