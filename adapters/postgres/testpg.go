package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/adapters/payment/testpg"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// TestPG keeps the test gateway's payments (testpg.Store).
type TestPG struct{ DB *DB }

var _ testpg.Store = TestPG{}

const testpgCols = "payment_id, pay_type, currency, amount, order_name, status, tx_id, vbank, vbank_due, return_url, locale, fail_reason, paid_at, created_at"

func scanTestPG(row pgx.Row) (testpg.Payment, bool, error) {
	var p testpg.Payment
	var typ, cur, st string
	var amount int64
	var vbank []byte
	var due, paid *time.Time
	err := row.Scan(&p.PaymentID, &typ, &cur, &amount, &p.OrderName, &st, &p.TxID, &vbank, &due, &p.ReturnURL, &p.Locale,
		&p.FailReason, &paid, &p.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, false, nil
	}
	if err != nil {
		return p, false, fmt.Errorf("postgres: testpg payment: %w", err)
	}
	p.PayType, p.Status = payment.PayType(typ), payment.RemoteStatus(st)
	p.Amount, _ = money.New(amount, money.Currency(cur))
	if len(vbank) > 0 {
		if p.Vbank, err = unmarshalVbank(vbank); err != nil {
			return p, false, fmt.Errorf("postgres: testpg vbank: %w", err)
		}
	}
	if due != nil {
		p.VbankDue = *due
	}
	if paid != nil {
		p.PaidAt = *paid
	}
	return p, true, nil
}

// Create stores a new payment, or answers the stored one.
func (s TestPG) Create(ctx context.Context, p testpg.Payment) (testpg.Payment, bool, error) {
	tag, err := s.DB.exec(ctx, Builder.Insert("testpg_payment").
		Columns("payment_id", "pay_type", "currency", "amount", "order_name", "status", "vbank_due", "return_url", "locale", "created_at").
		Values(p.PaymentID, string(p.PayType), string(p.Amount.Currency()), p.Amount.Amount(), p.OrderName, string(p.Status),
			timeOrNil(p.VbankDue), p.ReturnURL, p.Locale, p.CreatedAt).Suffix("ON CONFLICT (payment_id) DO NOTHING"))
	if err != nil {
		return p, false, fmt.Errorf("postgres: testpg create: %w", err)
	}
	if tag.RowsAffected() == 1 {
		return p, true, nil
	}
	got, _, err := s.Get(ctx, p.PaymentID)
	return got, false, err
}

// Get loads a payment.
func (s TestPG) Get(ctx context.Context, paymentID string) (testpg.Payment, bool, error) {
	return scanTestPG(s.DB.queryRow(ctx, Builder.Select(testpgCols).From("testpg_payment").Where(sq.Eq{"payment_id": paymentID})))
}

// Update changes a payment under its row lock.
func (s TestPG) Update(ctx context.Context, paymentID string, fn func(p *testpg.Payment) error) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		p, ok, err := scanTestPG(s.DB.queryRow(ctx, Builder.Select(testpgCols).From("testpg_payment").
			Where(sq.Eq{"payment_id": paymentID}).Suffix("FOR UPDATE")))
		if err != nil {
			return err
		}
		if !ok {
			return payment.ErrNotFound
		}
		if err := fn(&p); err != nil {
			return err
		}
		var vbank any
		if p.Vbank != nil {
			vbank = marshalVbank(p.Vbank)
		}
		_, err = s.DB.exec(ctx, Builder.Update("testpg_payment").SetMap(map[string]any{
			"status": string(p.Status), "tx_id": p.TxID, "vbank": vbank, "fail_reason": p.FailReason, "paid_at": timeOrNil(p.PaidAt),
		}).Where(sq.Eq{"payment_id": paymentID}))
		if err != nil {
			return fmt.Errorf("postgres: testpg update: %w", err)
		}
		return nil
	})
}
