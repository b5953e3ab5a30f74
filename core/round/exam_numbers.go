package round

import (
	"context"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/examno"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// RuleCheck is what a rule would give: numbers for sample completions and,
// for a stored round, for its real completions in completion order.
type RuleCheck struct {
	Rule     string
	Samples  []string
	Capacity int
	Real     []RenumberRow
}

// RenumberRow is one completed application with its number now and by the rule.
type RenumberRow struct {
	ApplNo   int64
	Current  string
	New      string
	Problem  string // message code when the rule cannot number it
	Complete string // completion time, yyyy-MM-dd HH:mm Asia/Seoul
}

// CheckRule previews a rule on a round (applId/check): a refused rule is
// a field error on "rule" saying why.
func (s *Service) CheckRule(ctx context.Context, p permission.Principal, k application.RoundKey, rule string) (RuleCheck, error) {
	if err := s.may(p, permission.RecruitPartManage, k.SchoolCode); err != nil {
		return RuleCheck{}, err
	}
	r, err := application.LoadRound(ctx, s.Ref, k)
	if err != nil {
		return RuleCheck{}, err
	}
	rule = strings.TrimSpace(rule)
	tpl, err := parseRule(rule)
	if err != nil {
		return RuleCheck{}, err
	}
	out := RuleCheck{Rule: rule, Capacity: tpl.Capacity()}
	sample := examno.Values{EnterYear: k.EnterYear, RecruitPartSeq: k.RecruitPartSeq, MajorCode: "MAJOR", CategoryCode: "CAT"}
	if len(r.Parts) > 0 {
		sample.MajorCode = r.Parts[0].MajorCode
	}
	if len(r.Categories) > 0 {
		sample.CategoryCode = r.Categories[0].Code
	}
	if out.Samples, err = tpl.Preview(sample, 1, 5); err != nil {
		return RuleCheck{}, apperr.Fields{ruleField("rule", err)}.Err()
	}
	list, err := s.Store.Completions(ctx, k)
	if err != nil {
		return RuleCheck{}, err
	}
	ids, problems := numbers(tpl, k, list)
	for i, c := range list {
		out.Real = append(out.Real, RenumberRow{ApplNo: c.ApplNo, Current: c.ApplID, New: ids[c.ApplNo], Problem: problems[i],
			Complete: c.CompletedAt.In(window.Seoul).Format("2006-01-02 15:04")})
	}
	return out, nil
}

func parseRule(rule string) (examno.Template, error) {
	tpl, err := examno.Parse(rule)
	if err != nil {
		return tpl, apperr.Fields{ruleField("rule", err)}.Err()
	}
	return tpl, nil
}

// numbers renders the numbers of completions 1..n; problems[i] is the
// message code of a completion the rule cannot number ("" when fine).
func numbers(tpl examno.Template, k application.RoundKey, list []Completion) (map[int64]string, []string) {
	ids := map[int64]string{}
	problems := make([]string, len(list))
	for i, c := range list {
		id, err := tpl.Number(examno.Values{EnterYear: k.EnterYear, RecruitPartSeq: k.RecruitPartSeq,
			MajorCode: c.MajorCode, CategoryCode: c.CategoryCode}, i+1)
		if err != nil {
			e, _ := apperr.As(err)
			problems[i] = e.Code
			continue
		}
		ids[c.ApplNo] = id
	}
	return ids, problems
}

// Remade is what a re-numbering did.
type Remade struct {
	Count   int // completions numbered
	Changed int // numbers that changed (applicants mailed)
}

// RemakeApplIDs re-assigns a round's exam numbers by a rule ("" keeps the
// round's) in completion order, in one transaction that holds the round's
// number lock (completions wait), audited, each applicant whose number
// changed told by mail. Refused while payments are in flight.
func (s *Service) RemakeApplIDs(ctx context.Context, p permission.Principal, k application.RoundKey, rule string) (Remade, error) {
	if err := s.may(p, permission.Remake, k.SchoolCode); err != nil {
		return Remade{}, err
	}
	st, err := s.Store.Get(ctx, k)
	if err != nil {
		return Remade{}, err
	}
	r, err := application.LoadRound(ctx, s.Ref, k)
	if err != nil {
		return Remade{}, err
	}
	rule = strings.TrimSpace(rule)
	if rule == "" {
		rule = st.ApplIDRule()
	}
	tpl, err := parseRule(rule)
	if err != nil {
		return Remade{}, err
	}
	var out Remade
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.LockNumbers(ctx, k); err != nil {
			return err
		}
		if n, err := s.Store.InFlight(ctx, k); err != nil {
			return err
		} else if n > 0 {
			return apperr.Conflict(CodeInFlight).With("count", n)
		}
		list, err := s.Store.Completions(ctx, k)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			return apperr.Conflict(CodeNoCompletions)
		}
		ids, problems := numbers(tpl, k, list)
		for _, pr := range problems {
			if pr != "" {
				return apperr.Fields{{Field: "rule", Code: pr}}.Err()
			}
		}
		if err := s.Store.Renumber(ctx, k, ids, rule); err != nil {
			return err
		}
		out.Count = len(list)
		for _, c := range list {
			if ids[c.ApplNo] == c.ApplID {
				continue
			}
			out.Changed++
			ct, err := s.Recipients.Recipient(ctx, c.UserID)
			if err != nil || ct.Email == "" {
				continue // withdrawn: nobody to tell
			}
			sch, rnd := r.SchoolKorName, r.KorName
			if ct.Locale == "en" {
				sch, rnd = r.SchoolEngName, r.EngName
			}
			if err := s.Mailer.Queue(ctx, ct.Locale, ct.Email, mailmsg.ExamNumberChanged{School: sch, Round: rnd,
				Old: c.ApplID, New: ids[c.ApplNo]}); err != nil {
				return err
			}
		}
		return s.Audit.Record(ctx, p.UserID, "round.remake_applid", Target(k),
			map[string]any{"rule": rule, "previousRule": st.ApplIDRule(), "count": out.Count, "changed": out.Changed})
	})
	if err == nil {
		s.flush()
	}
	return out, err
}
