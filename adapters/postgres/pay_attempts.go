package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// PayAttempts stores payment attempts and their records (core/payment.Store).
type PayAttempts struct{ DB *DB }

var _ payment.Store = PayAttempts{}

const payCols = "payment_id, appl_no, user_id, school_code, provider, pay_type, currency, fee, surcharge, total, result, " +
	"status, tx_id, paid, refunded, provider_order_id, vbank, fail_reason, locale, created_at, updated_at, paid_at, provider_cancelled_at"

var paySelect = Builder.Select(payCols).From("pay_attempt")

func scanAttempt(row pgx.Row) (payment.Attempt, error) {
	var d payment.AttemptData
	var prov, typ, cur, result string
	var fee, sur, total, paid, refunded int64
	var vbank []byte
	var paidAt, cancelledAt *time.Time
	err := row.Scan(&d.PaymentID, &d.ApplNo, &d.UserID, &d.SchoolCode, &prov, &typ, &cur, &fee, &sur, &total, &result,
		&d.Payment.Status, &d.Payment.TxID, &paid, &refunded, &d.ProviderOrderID, &vbank, &d.FailReason, &d.Locale,
		&d.CreatedAt, &d.UpdatedAt, &paidAt, &cancelledAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return payment.Attempt{}, apperr.NotFound(payment.CodeNotFound)
	}
	if err != nil {
		return payment.Attempt{}, fmt.Errorf("postgres: pay attempt: %w", err)
	}
	c := money.Currency(cur)
	m := func(n int64) money.Money { v, _ := money.New(n, c); return v }
	d.Provider = payment.Provider(prov)
	d.Quote = payment.Quote{PayType: payment.PayType(typ), Fee: m(fee), Surcharge: m(sur), Total: m(total)}
	d.Payment.PayType, d.Payment.Expected, d.Payment.Result = d.Quote.PayType, d.Quote.Total, payment.Result(result)
	d.Payment.Paid, d.Payment.Refunded = m(paid), m(refunded)
	if len(vbank) > 0 {
		if d.Vbank, err = unmarshalVbank(vbank); err != nil {
			return payment.Attempt{}, fmt.Errorf("postgres: pay attempt vbank: %w", err)
		}
	}
	if paidAt != nil {
		d.PaidAt = *paidAt
	}
	if cancelledAt != nil {
		d.ProviderCancelledAt = *cancelledAt
	}
	a, err := payment.UnmarshalAttemptFromDatabase(d)
	if err != nil {
		return a, fmt.Errorf("postgres: pay attempt %s: %w", d.PaymentID, err)
	}
	return a, nil
}

func (s PayAttempts) list(ctx context.Context, b sq.SelectBuilder) ([]payment.Attempt, error) {
	rows, err := s.DB.query(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("postgres: pay attempts: %w", err)
	}
	defer rows.Close()
	var out []payment.Attempt
	for rows.Next() {
		a, err := scanAttempt(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

func vbankJSON(d payment.AttemptData) (any, any) {
	if d.Vbank == nil {
		return nil, nil
	}
	return marshalVbank(d.Vbank), d.Vbank.Due
}

func timeOrNil(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t
}

func inFlight(err error) error {
	if IsUniqueViolation(err, "pay_attempt_in_flight") {
		return apperr.Conflict(payment.CodeInFlight)
	}
	return err
}

// Insert stores a new attempt; a conflict when one is in flight.
func (s PayAttempts) Insert(ctx context.Context, a payment.Attempt) error {
	d := a.Data()
	vb, due := vbankJSON(d)
	_, err := s.DB.exec(ctx, Builder.Insert("pay_attempt").
		Columns("payment_id", "appl_no", "user_id", "school_code", "provider", "pay_type", "currency", "fee", "surcharge", "total",
			"result", "status", "tx_id", "paid", "refunded", "provider_order_id", "vbank", "vbank_due", "fail_reason", "locale",
			"created_at", "updated_at", "paid_at", "provider_cancelled_at").
		Values(d.PaymentID, d.ApplNo, d.UserID, d.SchoolCode, string(d.Provider), string(d.Quote.PayType), string(d.Quote.Currency()),
			d.Quote.Fee.Amount(), d.Quote.Surcharge.Amount(), d.Quote.Total.Amount(), string(d.Payment.Result), d.Payment.Status,
			d.Payment.TxID, d.Payment.Paid.Amount(), d.Payment.Refunded.Amount(), d.ProviderOrderID, vb, due, d.FailReason, d.Locale,
			d.CreatedAt, d.UpdatedAt, timeOrNil(d.PaidAt), timeOrNil(d.ProviderCancelledAt)))
	if IsUniqueViolation(err, "pay_attempt_pkey") {
		return apperr.Conflict(payment.CodeInFlight)
	}
	if err := inFlight(err); err != nil {
		return fmt.Errorf("postgres: insert pay attempt: %w", err)
	}
	return nil
}

// Get loads an attempt.
func (s PayAttempts) Get(ctx context.Context, paymentID string) (payment.Attempt, error) {
	return scanAttempt(s.DB.queryRow(ctx, paySelect.Where(sq.Eq{"payment_id": paymentID})))
}

// ByProviderOrder finds an attempt by the provider's order id.
func (s PayAttempts) ByProviderOrder(ctx context.Context, p payment.Provider, orderID string) (payment.Attempt, error) {
	if orderID == "" {
		return payment.Attempt{}, apperr.NotFound(payment.CodeNotFound)
	}
	return scanAttempt(s.DB.queryRow(ctx, paySelect.Where(sq.Eq{"provider": string(p), "provider_order_id": orderID}).Limit(1)))
}

// Update changes an attempt through fn in the caller's transaction (its
// own when there is none): the row is read locked, and written back, with
// the writes queued after it, when fn changed it.
func (s PayAttempts) Update(ctx context.Context, paymentID string, fn func(ctx context.Context, a *payment.Attempt) error) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		a, err := scanAttempt(s.DB.queryRow(ctx, paySelect.Where(sq.Eq{"payment_id": paymentID}).Suffix("FOR UPDATE")))
		if err != nil {
			return err
		}
		if err := fn(ctx, &a); err != nil {
			return err
		}
		if !a.Changed() {
			return nil
		}
		d := a.Data()
		vb, due := vbankJSON(d)
		return s.DB.writeLater(ctx, Builder.Update("pay_attempt").SetMap(map[string]any{
			"result": string(d.Payment.Result), "status": d.Payment.Status, "tx_id": d.Payment.TxID,
			"paid": d.Payment.Paid.Amount(), "refunded": d.Payment.Refunded.Amount(), "provider_order_id": d.ProviderOrderID,
			"vbank": vb, "vbank_due": due, "fail_reason": d.FailReason, "updated_at": d.UpdatedAt, "paid_at": timeOrNil(d.PaidAt),
			"provider_cancelled_at": timeOrNil(d.ProviderCancelledAt),
		}).Where(sq.Eq{"payment_id": paymentID}))
	})
}

// ByApplication lists an application's attempts, newest first.
func (s PayAttempts) ByApplication(ctx context.Context, applNo int64) ([]payment.Attempt, error) {
	return s.list(ctx, paySelect.Where(sq.Eq{"appl_no": applNo}).OrderBy("created_at DESC", "payment_id DESC"))
}

// ByUser lists a user's attempts, newest first.
func (s PayAttempts) ByUser(ctx context.Context, userID string) ([]payment.Attempt, error) {
	return s.list(ctx, paySelect.Where(sq.Eq{"user_id": userID}).OrderBy("created_at DESC", "payment_id DESC"))
}

func limited(b sq.SelectBuilder, limit int) sq.SelectBuilder {
	if limit > 0 {
		return b.Limit(u64(limit))
	}
	return b
}

// Stuck lists attempts PROCEEDING since before the time, oldest first.
func (s PayAttempts) Stuck(ctx context.Context, before time.Time, limit int) ([]payment.Attempt, error) {
	return s.list(ctx, limited(paySelect.Where(sq.Eq{"result": string(payment.Proceeding)}).
		Where(sq.Lt{"created_at": before}).OrderBy("created_at", "payment_id"), limit))
}

// DueVbanks lists virtual accounts past their deadline, oldest first.
func (s PayAttempts) DueVbanks(ctx context.Context, before time.Time, limit int) ([]payment.Attempt, error) {
	return s.list(ctx, limited(paySelect.Where(sq.Eq{"result": string(payment.VbankIssue)}).
		Where(sq.Lt{"vbank_due": before}).OrderBy("vbank_due", "payment_id"), limit))
}

// Log appends a record.
func (s PayAttempts) Log(ctx context.Context, r payment.Record) error {
	detail, err := json.Marshal(r.Detail)
	if err != nil || r.Detail == nil {
		detail = []byte("{}")
	}
	var applNo any
	if r.ApplNo > 0 {
		applNo = r.ApplNo
	}
	if err := s.DB.writeLater(ctx, Builder.Insert("pay_record").
		Columns("payment_id", "appl_no", "provider", "kind", "source", "from_result", "to_result", "delivery_id", "code", "detail", "alert", "at").
		Values(r.PaymentID, applNo, string(r.Provider), string(r.Kind), string(r.Source), string(r.From), string(r.To),
			r.DeliveryID, r.Code, detail, r.Alert, r.At)); err != nil {
		return fmt.Errorf("postgres: pay record: %w", err)
	}
	return nil
}

// Records lists an application's records (0: those naming none), oldest first.
func (s PayAttempts) Records(ctx context.Context, applNo int64) ([]payment.Record, error) {
	b := Builder.Select("id", "payment_id", "coalesce(appl_no, 0)", "provider", "kind", "source", "from_result", "to_result",
		"delivery_id", "code", "detail", "alert", "at").From("pay_record").OrderBy("id")
	if applNo > 0 {
		b = b.Where(sq.Eq{"appl_no": applNo})
	} else {
		b = b.Where("appl_no IS NULL")
	}
	rows, err := s.DB.query(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("postgres: pay records: %w", err)
	}
	defer rows.Close()
	var out []payment.Record
	for rows.Next() {
		var r payment.Record
		var prov, kind, src, from, to string
		var detail []byte
		if err := rows.Scan(&r.ID, &r.PaymentID, &r.ApplNo, &prov, &kind, &src, &from, &to, &r.DeliveryID, &r.Code,
			&detail, &r.Alert, &r.At); err != nil {
			return nil, fmt.Errorf("postgres: pay record: %w", err)
		}
		r.Provider, r.Kind, r.Source = payment.Provider(prov), payment.RecordKind(kind), payment.Source(src)
		r.From, r.To = payment.Result(from), payment.Result(to)
		if err := json.Unmarshal(detail, &r.Detail); err != nil {
			return nil, fmt.Errorf("postgres: pay record detail: %w", err)
		}
		if len(r.Detail) == 0 {
			r.Detail = nil
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// PaySettings reads what a school or round offers (core/payment.Config).
type PaySettings struct{ DB *DB }

var _ payment.Config = PaySettings{}

// Settings answers the round's own row, else the school's.
func (s PaySettings) Settings(ctx context.Context, k application.RoundKey) (payment.Settings, bool, error) {
	var types []string
	var channels []byte
	err := s.DB.queryRow(ctx, Builder.Select("pay_types", "channels").From("pay_setting").
		Where(sq.Eq{"school_code": k.SchoolCode}).
		Where(sq.Or{sq.Eq{"enter_year": k.EnterYear, "recruit_part_seq": k.RecruitPartSeq}, sq.Eq{"enter_year": 0, "recruit_part_seq": 0}}).
		OrderBy("enter_year DESC").Limit(1)).Scan(&types, &channels)
	if errors.Is(err, pgx.ErrNoRows) {
		return payment.Settings{}, false, nil
	}
	if err != nil {
		return payment.Settings{}, false, fmt.Errorf("postgres: pay setting: %w", err)
	}
	set := payment.Settings{Channels: map[payment.PayType]payment.Channel{}}
	for _, t := range types {
		set.PayTypes = append(set.PayTypes, payment.PayType(t))
	}
	if err := unmarshalChannels(channels, set.Channels); err != nil {
		return payment.Settings{}, false, fmt.Errorf("postgres: pay setting channels: %w", err)
	}
	return set, true, nil
}

// PutSettings stores a school's (enterYear 0) or a round's settings.
func (s PaySettings) PutSettings(ctx context.Context, school string, enterYear, seq int, set payment.Settings) error {
	types := make([]string, len(set.PayTypes))
	for i, t := range set.PayTypes {
		types[i] = string(t)
	}
	ch, err := marshalChannels(set.Channels)
	if err != nil || set.Channels == nil {
		ch = []byte("{}")
	}
	_, err = s.DB.exec(ctx, Builder.Insert("pay_setting").Columns("school_code", "enter_year", "recruit_part_seq", "pay_types", "channels").
		Values(school, enterYear, seq, types, ch).
		Suffix("ON CONFLICT (school_code, enter_year, recruit_part_seq) DO UPDATE SET pay_types = EXCLUDED.pay_types, channels = EXCLUDED.channels"))
	if err != nil {
		return fmt.Errorf("postgres: put pay setting: %w", err)
	}
	return nil
}
