package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/refundrequest"
)

// RefundRequests stores applicants' refund requests and the schools'
// refund rule texts.
type RefundRequests struct{ DB *DB }

var (
	_ refundrequest.Store     = RefundRequests{}
	_ refundrequest.RuleStore = RefundRequests{}
)

var refundCols = []string{"id", "payment_id", "appl_no", "user_id", "school_code", "pay_type", "provider", "currency", "paid",
	"remaining", "paid_at", "reason", "refund_account", "state", "created_at", "decided_at", "decided_by", "answer", "note",
	"refunded", "cancel_id"}

var refundSelect = Builder.Select(refundCols...).From("refund_request")

func scanRefund(row pgx.Row) (refundrequest.Request, error) {
	var r refundrequest.Row
	var typ, prov, cur, st string
	var paid, remaining, refunded int64
	var acct []byte
	var decided *time.Time
	err := row.Scan(&r.ID, &r.Paid.PaymentID, &r.Paid.ApplNo, &r.Paid.UserID, &r.Paid.SchoolCode, &typ, &prov, &cur, &paid,
		&remaining, &r.Paid.PaidAt, &r.Reason, &acct, &st, &r.CreatedAt, &decided, &r.DecidedBy, &r.Answer, &r.Note,
		&refunded, &r.CancelID)
	if err != nil {
		return refundrequest.Request{}, err
	}
	c := money.Currency(cur)
	m := func(n int64) money.Money { v, _ := money.New(n, c); return v }
	r.Paid.PayType, r.Paid.Provider, r.State = payment.PayType(typ), payment.Provider(prov), refundrequest.State(st)
	r.Paid.Paid, r.Paid.Remaining, r.Refunded = m(paid), m(remaining), m(refunded)
	if decided != nil {
		r.DecidedAt = *decided
	}
	if len(acct) > 0 {
		var err error
		if r.Account, err = unmarshalRefundAccount(acct); err != nil {
			return refundrequest.Request{}, fmt.Errorf("postgres: refund account: %w", err)
		}
	}
	return refundrequest.UnmarshalRequestFromDatabase(r)
}

// decisionValues are the columns an answer changes.
func decisionValues(r refundrequest.Row) map[string]any {
	var decided any
	if !r.DecidedAt.IsZero() {
		decided = r.DecidedAt
	}
	return map[string]any{"state": string(r.State), "decided_at": decided, "decided_by": r.DecidedBy, "answer": r.Answer,
		"note": r.Note, "refunded": r.Refunded.Amount(), "cancel_id": r.CancelID}
}

func (s RefundRequests) one(ctx context.Context, b sq.SelectBuilder) (refundrequest.Request, error) {
	r, err := scanRefund(s.DB.queryRow(ctx, b))
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return r, apperr.NotFound(refundrequest.CodeNotFound)
	case err != nil:
		return r, fmt.Errorf("postgres: refund request: %w", err)
	}
	return r, nil
}

// Create stores a new request; a second pending one of a payment is a
// conflict (the partial unique index decides, under concurrency too).
func (s RefundRequests) Create(ctx context.Context, r refundrequest.Request) (refundrequest.Request, error) {
	row := r.Row()
	var acct any
	if row.Account != nil {
		b, err := marshalRefundAccount(row.Account)
		if err != nil {
			return r, fmt.Errorf("postgres: refund account: %w", err)
		}
		acct = b
	}
	v := decisionValues(row)
	p := row.Paid
	v["payment_id"], v["appl_no"], v["user_id"], v["school_code"] = p.PaymentID, p.ApplNo, p.UserID, p.SchoolCode
	v["pay_type"], v["provider"], v["currency"] = string(p.PayType), string(p.Provider), string(p.Paid.Currency())
	v["paid"], v["remaining"], v["paid_at"] = p.Paid.Amount(), p.Remaining.Amount(), p.PaidAt
	v["reason"], v["refund_account"], v["created_at"] = row.Reason, acct, row.CreatedAt
	var id int64
	if err := s.DB.queryRow(ctx, Builder.Insert("refund_request").SetMap(v).Suffix("RETURNING id")).Scan(&id); err != nil {
		if IsUniqueViolation(err, "refund_request_open_idx") {
			return r, apperr.Conflict(refundrequest.CodeOpenExists)
		}
		return r, fmt.Errorf("postgres: create refund request: %w", err)
	}
	row.ID = id
	return refundrequest.UnmarshalRequestFromDatabase(row)
}

// Get answers one request.
func (s RefundRequests) Get(ctx context.Context, id int64) (refundrequest.Request, error) {
	return s.one(ctx, refundSelect.Where(sq.Eq{"id": id}))
}

// Update locks the request's row for fn and writes back its answer.
func (s RefundRequests) Update(ctx context.Context, id int64, fn func(ctx context.Context, r *refundrequest.Request) error) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		r, err := s.one(ctx, refundSelect.Where(sq.Eq{"id": id}).Suffix("FOR UPDATE"))
		if err != nil {
			return err
		}
		before := r.Row()
		if err := fn(ctx, &r); err != nil {
			return err
		}
		after := r.Row()
		if after.State == before.State && after.Answer == before.Answer && after.Note == before.Note {
			return nil
		}
		if _, err := s.DB.exec(ctx, Builder.Update("refund_request").SetMap(decisionValues(after)).Where(sq.Eq{"id": id})); err != nil {
			return fmt.Errorf("postgres: update refund request: %w", err)
		}
		return nil
	})
}

func refundWhere(b sq.SelectBuilder, q refundrequest.Query) sq.SelectBuilder {
	eq := sq.Eq{}
	if q.State != "" {
		eq["state"] = string(q.State)
	}
	if q.School != "" {
		eq["school_code"] = q.School
	}
	if q.UserID != "" {
		eq["user_id"] = q.UserID
	}
	if q.ApplNo != 0 {
		eq["appl_no"] = q.ApplNo
	}
	if q.PaymentID != "" {
		eq["payment_id"] = q.PaymentID
	}
	return b.Where(eq)
}

// List answers a page of the requests a query selects, newest first
// unless it asks for the oldest.
func (s RefundRequests) List(ctx context.Context, q refundrequest.Query) ([]refundrequest.Request, int, error) {
	var total int
	if err := s.DB.queryRow(ctx, refundWhere(Builder.Select("count(*)").From("refund_request"), q)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: count refund requests: %w", err)
	}
	order := []string{"created_at DESC", "id DESC"}
	if q.Oldest {
		order = []string{"created_at", "id"}
	}
	rows, err := s.DB.query(ctx, limited(refundWhere(refundSelect, q).OrderBy(order...).Offset(u64(q.Offset)), q.Limit))
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: refund requests: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (refundrequest.Request, error) { return scanRefund(r) })
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: refund requests: %w", err)
	}
	return out, total, nil
}

var ruleSelect = Builder.Select("school_code", "text_ko", "text_en", "updated_by", "updated_at").From("refund_rule")

func scanRule(row pgx.Row) (refundrequest.Rule, error) {
	var r refundrequest.Rule
	err := row.Scan(&r.SchoolCode, &r.Ko, &r.En, &r.UpdatedBy, &r.UpdatedAt)
	return r, err
}

// Rule answers a school's rule text.
func (s RefundRequests) Rule(ctx context.Context, school string) (refundrequest.Rule, bool, error) {
	r, err := scanRule(s.DB.queryRow(ctx, ruleSelect.Where(sq.Eq{"school_code": school})))
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return refundrequest.Rule{}, false, nil
	case err != nil:
		return r, false, fmt.Errorf("postgres: refund rule: %w", err)
	}
	return r, true, nil
}

// PutRule stores a school's rule text, replacing the one it had.
func (s RefundRequests) PutRule(ctx context.Context, r refundrequest.Rule) error {
	_, err := s.DB.exec(ctx, Builder.Insert("refund_rule").Columns("school_code", "text_ko", "text_en", "updated_by", "updated_at").
		Values(r.SchoolCode, r.Ko, r.En, r.UpdatedBy, r.UpdatedAt).
		Suffix("ON CONFLICT (school_code) DO UPDATE SET text_ko = EXCLUDED.text_ko, text_en = EXCLUDED.text_en, "+
			"updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at"))
	if err != nil {
		return fmt.Errorf("postgres: put refund rule: %w", err)
	}
	return nil
}

// Rules lists every stored rule text by school code.
func (s RefundRequests) Rules(ctx context.Context) ([]refundrequest.Rule, error) {
	rows, err := s.DB.query(ctx, ruleSelect.OrderBy("school_code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: refund rules: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (refundrequest.Rule, error) { return scanRule(r) })
	if err != nil {
		return nil, fmt.Errorf("postgres: refund rules: %w", err)
	}
	return out, nil
}
