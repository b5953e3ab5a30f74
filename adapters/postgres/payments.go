package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/gradapply/gradapply/core/payment"
)

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
