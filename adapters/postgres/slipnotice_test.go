package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/printing"
)

func TestSlipNotice(t *testing.T) {
	t.Parallel()
	db, _ := pgtest.New(t)
	ctx := context.Background()
	k := application.RoundKey{SchoolCode: "N01", EnterYear: 2030, RecruitPartSeq: 1}
	at := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := db.InTx(ctx, func(ctx context.Context) error {
		return postgres.InsertDemoSchool(ctx, db, postgres.DemoSchool{SchoolCode: k.SchoolCode, KorName: "공지대학원", EngName: "Notice School",
			Slug: "notice", EnterYear: k.EnterYear, RoundKor: "1차", RoundEng: "Round 1", Opens: at, Closes: at.AddDate(0, 1, 0)})
	}); err != nil {
		t.Fatal(err)
	}
	s := postgres.SlipNotices{DB: db}
	if n, ok, err := s.SlipNotice(ctx, k); err != nil || ok || n != (printing.Label{}) {
		t.Fatalf("a round without a notice: %+v %v %v", n, ok, err)
	}
	if n, ok, err := s.SlipNotice(ctx, application.RoundKey{SchoolCode: "NONE", EnterYear: 2030, RecruitPartSeq: 9}); err != nil || ok {
		t.Fatalf("an unknown round: %+v %v %v", n, ok, err)
	}
	want := printing.Label{Ko: "실기 고사는 본관 201호", En: "Practical exam in room 201"}
	if _, err := db.Pool.Exec(ctx, `UPDATE recruit_part SET slip_notice_kor = $1, slip_notice_eng = $2
		WHERE school_code = $3 AND enter_year = $4 AND recruit_part_seq = $5`, want.Ko, want.En, k.SchoolCode, k.EnterYear, k.RecruitPartSeq); err != nil {
		t.Fatal(err)
	}
	if n, ok, err := s.SlipNotice(ctx, k); err != nil || !ok || n != want {
		t.Fatalf("the round's notice: %+v %v %v", n, ok, err)
	}
}
