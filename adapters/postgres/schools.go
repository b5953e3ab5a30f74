package postgres

import (
	"context"
	"fmt"
	"time"
)

// DemoSchool is a school with one round, as the demo loader writes it.
type DemoSchool struct {
	SchoolCode, KorName, EngName, Slug, Color string
	EnterYear                                 int
	RoundKor, RoundEng                        string
	FeeKrw, FeeUsd                            int64
	Opens, Closes                             time.Time
	SlipNoticeKor, SlipNoticeEng              string // the admission slip's notice
}

// InsertDemoSchool writes a school, its first round and that round's windows.
func InsertDemoSchool(ctx context.Context, db *DB, s DemoSchool) error {
	if _, err := db.exec(ctx, Builder.Insert("school").Columns("school_code", "kor_name", "eng_name", "slug", "color").
		Values(s.SchoolCode, s.KorName, s.EngName, s.Slug, s.Color)); err != nil {
		return fmt.Errorf("postgres: insert school: %w", err)
	}
	if _, err := db.exec(ctx, Builder.Insert("recruit_part").
		Columns("school_code", "enter_year", "recruit_part_seq", "kor_name", "eng_name", "fee_krw", "fee_usd", "slip_notice_kor", "slip_notice_eng").
		Values(s.SchoolCode, s.EnterYear, 1, s.RoundKor, s.RoundEng, s.FeeKrw, s.FeeUsd, s.SlipNoticeKor, s.SlipNoticeEng)); err != nil {
		return fmt.Errorf("postgres: insert round: %w", err)
	}
	for _, w := range []string{"SUBMIT", "COMPLETE", "RECOMMEND_REQUEST", "RECOMMEND"} {
		if _, err := db.exec(ctx, Builder.Insert("recruit_window").
			Columns("school_code", "enter_year", "recruit_part_seq", "window_type", "starts_at", "ends_at").
			Values(s.SchoolCode, s.EnterYear, 1, w, s.Opens, s.Closes)); err != nil {
			return fmt.Errorf("postgres: insert window: %w", err)
		}
	}
	return nil
}
