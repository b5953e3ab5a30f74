package storetest

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/round"
)

// RunSlipNotices is the contract of printing.Notices: the slip notice staff
// set on a round, none for a round without one or an unknown round.
func RunSlipNotices(t *testing.T, newEnv NewRounds) {
	ctx := context.Background()
	t.Run("a round's notice as staff set it", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		for _, k := range []application.RoundKey{e.Round, e.Unknown} {
			if n, ok, err := e.Notices.SlipNotice(ctx, k); err != nil || ok || n != (printing.Label{}) {
				t.Fatalf("%v without a notice: %+v %v %v", k, n, ok, err)
			}
		}
		v := roundValues(e.Major)
		v.SlipNoticeEng = ""
		k := newRound(t, e, 2029, 9, v)
		if n, ok, err := e.Notices.SlipNotice(ctx, k); err != nil || !ok || n != (printing.Label{Ko: v.SlipNoticeKor}) {
			t.Fatalf("a Korean notice only: %+v %v %v", n, ok, err)
		}
		set := func(ko, en string) {
			t.Helper()
			if err := e.Rounds.Update(ctx, k, func(_ context.Context, st *round.Settings) error {
				tx := st.Texts()
				tx.SlipNoticeKor, tx.SlipNoticeEng = ko, en
				return st.Rename(tx)
			}); err != nil {
				t.Fatal(err)
			}
		}
		set("실기 고사는 본관 201호", "Practical exam in room 201")
		if n, ok, err := e.Notices.SlipNotice(ctx, k); err != nil || !ok || n != (printing.Label{Ko: "실기 고사는 본관 201호", En: "Practical exam in room 201"}) {
			t.Fatalf("the edited notice: %+v %v %v", n, ok, err)
		}
		set("", "")
		if n, ok, err := e.Notices.SlipNotice(ctx, k); err != nil || ok || n != (printing.Label{}) {
			t.Fatalf("a removed notice: %+v %v %v", n, ok, err)
		}
	})
}
