package round

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/examno"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// Service is the back office's use cases for rounds and schools. Every
// method checks the caller against the permission table: school-bound
// staff act on their own school only, and another school's round answers
// as missing.
type Service struct {
	Store    Store
	Docs     Docs
	Ref      application.RoundReader // the round as applicants get it
	Audit    Audit
	Mailer   Mailer
	Contacts Contacts
	Closures Closures // early closes (closing.go)
	Tx       Tx
	Clock    window.Clock
	// Flush drops cached reference data after a change (nil: no cache).
	Flush func()
}

func (s *Service) flush() {
	if s.Flush != nil {
		s.Flush()
	}
}

// Target names a round in the audit log.
func Target(k application.RoundKey) string {
	return fmt.Sprintf("round:%s/%d/%d", k.SchoolCode, k.EnterYear, k.RecruitPartSeq)
}

func (s *Service) may(p permission.Principal, a permission.Action, schoolCode string) error {
	if !permission.Can(p, a, schoolCode) {
		return apperr.NotFound(CodeNotFound)
	}
	return nil
}

// List answers a page of rounds the caller may manage.
func (s *Service) List(ctx context.Context, p permission.Principal, q Query) ([]Summary, int, error) {
	scope, ok := permission.Scope(p, permission.RecruitPartManage)
	if !ok {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	if scope != "" {
		if q.SchoolCode != "" && q.SchoolCode != scope {
			return []Summary{}, 0, nil
		}
		q.SchoolCode = scope
	}
	if !slices.Contains(SortFields, q.Sort) {
		q.Sort = "id"
	}
	q.Limit = min(max(q.Limit, 1), 100)
	return s.Store.List(ctx, q)
}

// View is a round as the back office shows it: the settings, what applies
// where the round has none of its own, and the round as applicants get it.
type View struct {
	Settings
	EffectiveDocuments []DocItem
	EffectiveConsents  []school.ConsentItem
	Majors             []Major
	Round              application.Round
}

// Get answers one round.
func (s *Service) Get(ctx context.Context, p permission.Principal, k application.RoundKey) (View, error) {
	if err := s.may(p, permission.RecruitPartManage, k.SchoolCode); err != nil {
		return View{}, err
	}
	st, err := s.Store.Get(ctx, k)
	if err != nil {
		return View{}, err
	}
	v := View{Settings: st}
	if v.Round, err = application.LoadRound(ctx, s.Ref, k); err != nil {
		return View{}, err
	}
	v.EffectiveConsents = v.Round.Rules.Consents
	items, err := s.Docs.Items(ctx, k)
	if err != nil {
		return View{}, err
	}
	for _, it := range document.PickItems(items) {
		v.EffectiveDocuments = append(v.EffectiveDocuments, DocItem{ItemCode: it.Code, GrpCode: it.GroupCode,
			GrpKorName: it.GroupKorName, GrpEngName: it.GroupEngName, KorName: it.KorName, EngName: it.EngName,
			Required: it.Required, Extensions: it.Extensions, MaxSize: it.MaxSize, Seq: it.Seq})
	}
	if v.Majors, err = s.Store.Majors(ctx, k.SchoolCode); err != nil {
		return View{}, err
	}
	return v, nil
}

// Create stores a new round of a school the caller manages.
func (s *Service) Create(ctx context.Context, p permission.Principal, in Settings) error {
	if !permission.Can(p, permission.RecruitPartManage, in.SchoolCode) {
		return apperr.Forbidden("auth.forbidden")
	}
	if _, err := s.Store.School(ctx, in.SchoolCode); err != nil {
		var f apperr.Fields
		f.Add("schoolCode", CodeSchoolNotFound)
		return f.Err()
	}
	in = Normalise(in)
	majors, err := s.Store.Majors(ctx, in.SchoolCode)
	if err != nil {
		return err
	}
	now := s.Clock.Now()
	in.Consents, _ = Versioned(nil, in.Consents, func(string, string) bool { return false }, now)
	if err := Validate(in, nil, majors, nil, now); err != nil {
		return err
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.Create(ctx, in); err != nil {
			return err
		}
		return s.Audit.Record(ctx, p.UserID, "round.create", Target(in.Key()), map[string]any{"after": fields(in)})
	})
	if err == nil {
		s.flush()
	}
	return err
}

// Update changes a round; consent texts applications accepted get a new
// version, and the old one stays readable for them.
func (s *Service) Update(ctx context.Context, p permission.Principal, k application.RoundKey, in Settings) error {
	if err := s.may(p, permission.RecruitPartManage, k.SchoolCode); err != nil {
		return err
	}
	in.SchoolCode, in.EnterYear, in.RecruitPartSeq = k.SchoolCode, k.EnterYear, k.RecruitPartSeq
	in = Normalise(in)
	majors, err := s.Store.Majors(ctx, k.SchoolCode)
	if err != nil {
		return err
	}
	// The consents in force before (the round's, the school's or the
	// defaults) are what an edit is compared with.
	before, err := application.LoadRound(ctx, s.Ref, k)
	if err != nil {
		return err
	}
	now := s.Clock.Now()
	err = s.Store.Update(ctx, k, func(ctx context.Context, old Settings) (Settings, []school.ConsentItem, error) {
		in.Parts = KeepPartNumbers(in.Parts, old.Parts)
		inUse, err := s.Store.PartsInUse(ctx, k)
		if err != nil {
			return old, nil, err
		}
		prev := old.Consents
		if len(prev) == 0 {
			prev = before.Rules.Consents
		}
		var lookErr error
		used := func(code, version string) bool {
			u, err := s.Store.ConsentInUse(ctx, k, code, version)
			if err != nil {
				lookErr = err
			}
			return u
		}
		var retired []school.ConsentItem
		if len(in.Consents) > 0 {
			in.Consents, retired = Versioned(prev, in.Consents, used, now)
		}
		if lookErr != nil {
			return old, nil, lookErr
		}
		if err := Validate(in, &old, majors, inUse, now); err != nil {
			return old, nil, err
		}
		changed := diff(fields(old), fields(in))
		if len(changed) == 0 {
			return in, retired, nil
		}
		return in, retired, s.Audit.Record(ctx, p.UserID, "round.update", Target(k), changed)
	})
	if err == nil {
		s.flush()
	}
	return err
}

// fields is a settings value as the audit log records it.
func fields(v any) map[string]any {
	b, _ := json.Marshal(v)
	m := map[string]any{}
	_ = json.Unmarshal(b, &m)
	return m
}

// diff answers what changed: the field names with their values before and after.
func diff(before, after map[string]any) map[string]any {
	var names []string
	b, a := map[string]any{}, map[string]any{}
	for k, v := range after {
		x, _ := json.Marshal(v)
		y, _ := json.Marshal(before[k])
		if string(x) != string(y) {
			names = append(names, k)
			b[k], a[k] = before[k], v
		}
	}
	if len(names) == 0 {
		return nil
	}
	slices.Sort(names)
	return map[string]any{"changed": names, "before": b, "after": a}
}

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
		rule = st.ApplIDRule
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
			ct, err := s.Contacts.Contact(ctx, c.UserID)
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
			map[string]any{"rule": rule, "previousRule": st.ApplIDRule, "count": out.Count, "changed": out.Changed})
	})
	if err == nil {
		s.flush()
	}
	return out, err
}

// AcceptedConsents answers the consent texts an application accepted, in
// the versions it accepted (for the applicant's own view).
func (s *Service) AcceptedConsents(ctx context.Context, k application.RoundKey, acc []school.Acceptance) ([]school.ConsentItem, error) {
	items, err := s.Store.AcceptedConsents(ctx, k, acc)
	if err != nil {
		return nil, err
	}
	// Versions not stored are the service defaults.
	for _, a := range acc {
		if slices.ContainsFunc(items, func(it school.ConsentItem) bool { return it.Code == a.Code }) {
			continue
		}
		for _, d := range school.DefaultConsents() {
			if d.Code == a.Code && d.Version == a.Version {
				items = append(items, d)
			}
		}
	}
	return items, nil
}

// ConsentVersions answers the consent items a round asks for, each with
// its earlier versions (public: applicants may read what changed before
// they accept). Only the texts of the scope in force count: the round's
// own items, else the school's, else the service defaults, which keep no
// history.
func (s *Service) ConsentVersions(ctx context.Context, k application.RoundKey) ([]ConsentVersions, error) {
	r, err := application.LoadRound(ctx, s.Ref, k)
	if err != nil {
		return nil, err
	}
	var earlier []school.ConsentItem
	switch {
	case len(r.RoundConsents) > 0:
		earlier, err = s.Store.ConsentHistory(ctx, k)
	case len(r.SchoolConsents) > 0:
		earlier, err = s.Store.ConsentHistory(ctx, application.RoundKey{SchoolCode: k.SchoolCode})
	}
	if err != nil {
		return nil, err
	}
	return HistoryOf(r.Rules.Consents, earlier), nil
}

// School answers a school's settings.
func (s *Service) School(ctx context.Context, p permission.Principal, code string) (SchoolSettings, error) {
	if !permission.Can(p, permission.RecruitPartManage, code) {
		return SchoolSettings{}, apperr.NotFound(CodeSchoolNotFound)
	}
	return s.Store.School(ctx, code)
}

// SaveSchool changes a school's settings, audited.
func (s *Service) SaveSchool(ctx context.Context, p permission.Principal, in SchoolSettings) error {
	if !permission.Can(p, permission.RecruitPartManage, in.SchoolCode) {
		return apperr.NotFound(CodeSchoolNotFound)
	}
	old, err := s.Store.School(ctx, in.SchoolCode)
	if err != nil {
		return err
	}
	in.Slug, in.Majors = old.Slug, old.Majors
	in.KorName, in.EngName = strings.TrimSpace(in.KorName), strings.TrimSpace(in.EngName)
	in.Color = strings.TrimSpace(in.Color)
	if err := ValidateSchool(in); err != nil {
		return err
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.SaveSchool(ctx, in); err != nil {
			return err
		}
		changed := diff(fields(old), fields(in))
		if changed == nil {
			return nil
		}
		return s.Audit.Record(ctx, p.UserID, "school.update", "school:"+in.SchoolCode, changed)
	})
	if err == nil {
		s.flush()
	}
	return err
}
