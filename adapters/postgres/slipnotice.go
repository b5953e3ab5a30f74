package postgres

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/printing"
)

// SlipNotices reads the notice a round prints on its admission slips.
type SlipNotices struct{ DB *DB }

var _ printing.Notices = SlipNotices{}

// SlipNotice answers the round's notice; ok is false when it has none.
func (s SlipNotices) SlipNotice(ctx context.Context, k application.RoundKey) (printing.Label, bool, error) {
	var n printing.Label
	err := s.DB.queryRow(ctx, Builder.Select("slip_notice_kor", "slip_notice_eng").From("recruit_part").
		Where(sq.Eq{"school_code": k.SchoolCode, "enter_year": k.EnterYear, "recruit_part_seq": k.RecruitPartSeq})).
		Scan(&n.Ko, &n.En)
	if errors.Is(err, pgx.ErrNoRows) {
		return printing.Label{}, false, nil
	}
	if err != nil {
		return printing.Label{}, false, fmt.Errorf("postgres: slip notice: %w", err)
	}
	return n, n != (printing.Label{}), nil
}
