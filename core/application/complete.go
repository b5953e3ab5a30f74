package application

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/examno"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/port"
)

// ExamNumbers numbers completed applications.
type ExamNumbers interface {
	// Rule is the round's exam-number template (recruit_part.appl_id_rule).
	Rule(ctx context.Context, k RoundKey) (string, error)
	// Next takes the round's next sequence number in the caller's
	// transaction (a counter row upserted with ... RETURNING, whose row
	// lock it holds until the transaction ends): two completions never get
	// the same one, and a number given by a committed completion is never
	// given again (a rolled-back one was never held by anyone). It answers
	// the round's rule read under that lock, so a re-numbering (which holds
	// the same lock and may change the rule) is seen whole.
	Next(ctx context.Context, k RoundKey) (seq int, rule string, err error)
	// Assign stores the number; a duplicate within the round is a conflict.
	Assign(ctx context.Context, applNo int64, applID string, at time.Time) error
}

// Completion moves a locked application to COMPLETE with its exam number
// and the completion mail: a free round's submission (core/submission), a
// payment the provider confirmed (core/payment) and a manual payment all
// complete through it, inside the application's Update.
type Completion struct {
	Apps       Applications
	Numbers    ExamNumbers
	Recipients port.Recipients
	Mailer     port.Mailer
}

// CompleteIn completes the application locked by the caller's Update, in
// the transaction of ctx, mailing to (the caller read it); after runs with
// the exam number (the payment receipt needs it).
func (c Completion) CompleteIn(ctx context.Context, a *Application, r Round, by Actor, to port.Recipient, now time.Time,
	after func(ctx context.Context, examNumber string) error) error {
	return c.Complete(ctx, a, r, by, &to, to.Locale, now, after)
}

// Complete completes the locked application: the transition rule first (no
// number is taken for a refused one), then what it reads, and the round's
// counter lock last, so completions of one round wait on each other only
// for the writes and the commit. to nil reads the applicant's contact;
// locale "" mails in the applicant's stored locale.
func (c Completion) Complete(ctx context.Context, a *Application, r Round, by Actor, to *port.Recipient, locale string, now time.Time,
	after func(ctx context.Context, examNumber string) error) error {
	if _, err := r.Steps.Transition(a.State(), Complete, by); err != nil {
		return err
	}
	part, err := c.Apps.Part(ctx, a.ApplNo())
	if err != nil {
		return err
	}
	if to == nil {
		got, err := c.Recipients.Recipient(ctx, a.UserID())
		if err != nil {
			return err
		}
		to = &got
	}
	if locale != "ko" && locale != "en" {
		locale = to.Locale
	}
	if locale != "en" {
		locale = "ko"
	}
	n, rule, err := c.Numbers.Next(ctx, a.Round())
	if err != nil {
		return err
	}
	tpl, err := examno.Parse(rule)
	if err != nil {
		return err
	}
	k := a.Round()
	id, err := tpl.Number(examno.Values{EnterYear: k.EnterYear, RecruitPartSeq: k.RecruitPartSeq,
		MajorCode: part.MajorCode, CategoryCode: part.CategoryCode}, n)
	if err != nil {
		return err
	}
	if err := a.Complete(r.Steps, by, id, now); err != nil {
		return err
	}
	if err := c.Numbers.Assign(ctx, a.ApplNo(), id, now); err != nil {
		return err
	}
	school, round := r.SchoolKorName, r.KorName
	if locale == "en" {
		school, round = r.SchoolEngName, r.EngName
	}
	if err := c.Mailer.Queue(ctx, locale, to.Email, mailmsg.ApplicationCompleted{School: school, Round: round, ExamNumber: id}); err != nil {
		return err
	}
	if after != nil {
		return after(ctx, id)
	}
	return nil
}
